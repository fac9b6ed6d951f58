#!/usr/bin/env node
// Builds the site from a copy of the repository without .git, as from a
// source archive, a "Download ZIP" or a container context, and checks what
// the README promises: the build succeeds, prints exactly one warning about
// it, and leaves out the last-updated dates. The tests build their
// hosted-services site this way (package.json build:hosted-test), so it
// costs no build of its own.
// Usage: node tests/support/build-without-git.mjs --out-dir <dir>  (environment passes through)
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {copyRepository, ROOT} from './repo-copy.mjs';

const WARNING = /Not a git checkout: the pages are built without last-updated dates/g;

const outIndex = process.argv.indexOf('--out-dir');
const outDir = path.resolve(ROOT, outIndex > 0 ? process.argv[outIndex + 1] : 'build-no-git');
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-docs-no-git-'));
try {
  copyRepository(copy);
  const started = Date.now();
  const build = spawnSync('npm', ['run', '--silent', 'build', '--', '--out-dir', outDir], {
    cwd: copy,
    encoding: 'utf8',
    env: process.env,
  });
  const log = `${build.stdout}${build.stderr}`;
  const warnings = log.match(WARNING)?.length ?? 0;
  const problems = [
    build.status !== 0 && `the build failed (exit ${build.status})`,
    warnings !== 1 && `expected one warning about the missing .git, saw ${warnings}`,
    fs.existsSync(path.join(outDir, 'platform/quick-start/index.html')) &&
      /theme-last-updated/.test(fs.readFileSync(path.join(outDir, 'platform/quick-start/index.html'), 'utf8')) &&
      'a page shows a last-updated date',
  ].filter(Boolean);
  if (problems.length > 0) {
    process.stderr.write(log);
    console.error(`Build without .git: ${problems.join('; ')}`);
    process.exit(1);
  }
  console.log(
    `Built without .git in ${((Date.now() - started) / 1000).toFixed(0)} s (${path.relative(ROOT, outDir)}): one warning, no last-updated dates.`,
  );
} finally {
  fs.rmSync(copy, {recursive: true, force: true});
}
