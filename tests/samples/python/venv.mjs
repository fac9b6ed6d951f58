// The Python samples' environment: /work/main/.venv (git-ignored), made with
// `python3 -m venv` and the pinned tests/samples/requirements.txt. A stamp file
// in the venv holds the requirements file's sha256, so the environment is
// rebuilt from scratch only when that file changes. Run directly
// (`node tests/samples/python/venv.mjs`) to make it as a step of its own.
import {spawn} from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const VENV = path.join(ROOT, '.venv');
export const PYTHON = path.join(VENV, 'bin', 'python');
export const BIN = path.join(VENV, 'bin');
const REQUIREMENTS = path.join(ROOT, 'tests/samples/requirements.txt');
const STAMP = path.join(VENV, '.samples-requirements.sha256');

/** Runs a command; pip's own output is quiet (-q) and its errors reach stderr. */
function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit']});
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/** Makes the venv when it is missing or the requirements changed; returns the interpreter's path. */
export async function ensureVenv() {
  const wanted = crypto.createHash('sha256').update(fs.readFileSync(REQUIREMENTS)).digest('hex');
  const stamp = fs.existsSync(STAMP) ? fs.readFileSync(STAMP, 'utf8').trim() : '';
  if (stamp === wanted && fs.existsSync(PYTHON)) return PYTHON;
  // A new environment each time, so it holds exactly the pinned packages.
  fs.rmSync(VENV, {recursive: true, force: true});
  console.log('samples: making the Python environment (.venv) from tests/samples/requirements.txt');
  await run('python3', ['-m', 'venv', VENV]);
  await run(PYTHON, ['-m', 'pip', 'install', '-q', '--disable-pip-version-check', '-r', REQUIREMENTS]);
  fs.writeFileSync(STAMP, `${wanted}\n`);
  return PYTHON;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await ensureVenv();
  console.log(`samples: Python environment ready (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
