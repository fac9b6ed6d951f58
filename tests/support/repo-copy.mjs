// A copy of the repository without .git: the files git knows or would add,
// and links to node_modules and Ask AI's encoder environment. Used to build as from a source archive
// (tests/support/build-without-git.mjs) and to grow a twin of the site
// (bench/scale.mjs).
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * `ownCaches`: the copy gets a node_modules of its own that links every package but starts with an empty
 * .cache, so its first build is cold (Rspack's cache, Ask AI's model and vectors) as on a fresh clone.
 */
export function copyRepository(dest, {ownCaches = false} = {}) {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {cwd: ROOT})
    .toString()
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    if (!fs.existsSync(path.join(ROOT, file))) continue;
    fs.mkdirSync(path.join(dest, path.dirname(file)), {recursive: true});
    fs.copyFileSync(path.join(ROOT, file), path.join(dest, file));
  }
  for (const shared of ownCaches ? ['.venv-ask-ai'] : ['node_modules', '.venv-ask-ai'])
    if (fs.existsSync(path.join(ROOT, shared))) fs.symlinkSync(path.join(ROOT, shared), path.join(dest, shared));
  if (!ownCaches) return;
  const modules = path.join(ROOT, 'node_modules');
  fs.mkdirSync(path.join(dest, 'node_modules/.cache'), {recursive: true});
  for (const entry of fs.readdirSync(modules))
    if (entry !== '.cache') fs.symlinkSync(path.join(modules, entry), path.join(dest, 'node_modules', entry));
}
