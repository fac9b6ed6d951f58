#!/usr/bin/env node
// Builds the site as from a source archive, a "Download ZIP" or a container
// context without .git, and checks what the README promises: the build
// succeeds, prints exactly one warning about it, and leaves out the
// last-updated dates. Git is pointed at an empty folder (GIT_DIR), so every
// git command the build runs finds no repository, as in an archive; the build
// runs in the checkout itself, so it reuses the Rspack cache of the build
// before it (a copy in another folder built cold in 111 s; here, after a build
// with git, it took 77 s). The
// tests build their hosted-services site this way (package.json
// build:hosted-test), so it costs no build of its own.
// Usage: node tests/support/build-without-git.mjs --out-dir <dir>  (environment passes through)
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {ROOT} from './repo-copy.mjs';

const WARNING = /Not a git checkout: the pages are built without last-updated dates/g;

const outIndex = process.argv.indexOf('--out-dir');
const outDir = path.resolve(ROOT, outIndex > 0 ? process.argv[outIndex + 1] : 'build-no-git');
const noRepository = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-docs-no-git-'));
try {
  const started = Date.now();
  const build = spawnSync('npm', ['run', '--silent', 'build', '--', '--out-dir', outDir], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {...process.env, GIT_DIR: noRepository},
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
  fs.rmSync(noRepository, {recursive: true, force: true});
}
