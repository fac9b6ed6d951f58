// The Python samples' environment: /work/main/.venv (git-ignored), made with
// `python3 -m venv` and the pinned tests/samples/requirements.txt, again only
// when that file changes (scripts/python-env.mjs). Run directly
// (`node tests/samples/session/venv.mjs`) to make it as a step of its own.
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {ensurePythonEnv} from '../../../scripts/python-env.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const VENV = path.join(ROOT, '.venv');
export const PYTHON = path.join(VENV, 'bin', 'python');
export const BIN = path.join(VENV, 'bin');

/** Makes the venv when it is missing or the requirements changed; returns the interpreter's path. */
export function ensureVenv() {
  return ensurePythonEnv({
    dir: VENV,
    requirements: path.join(ROOT, 'tests/samples/requirements.txt'),
    announce: 'samples: making the Python environment (.venv) from tests/samples/requirements.txt',
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await ensureVenv();
  console.log(`samples: Python environment ready (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
