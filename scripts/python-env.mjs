// A Python virtual environment made from a pinned requirements file: made
// again, from scratch, only when that file changes (a stamp in the environment
// holds its sha256), so it holds exactly the pinned packages. Used by the code
// samples' harness (tests/samples/session/venv.mjs) and Ask AI's build-time
// encoder (src/ask-ai/semantic/build).
import {spawn} from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Runs a command; its stdout is dropped (pip is quiet) and its errors reach stderr. */
export function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {stdio: ['ignore', 'ignore', 'inherit']});
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(command)} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/**
 * The environment's interpreter, after making the environment if it is missing
 * or out of date. With `noDeps`, pip installs exactly the pinned packages and
 * none of what they declare (the file must then pin all that is needed).
 */
export async function ensurePythonEnv({dir, requirements, announce, noDeps = false}) {
  const python = path.join(dir, 'bin', 'python');
  const stamp = path.join(dir, '.requirements.sha256');
  const hash = crypto.createHash('sha256').update(fs.readFileSync(requirements));
  if (noDeps) hash.update('\n--no-deps');
  const wanted = hash.digest('hex');
  if (fs.existsSync(python) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8').trim() === wanted) return python;
  fs.rmSync(dir, {recursive: true, force: true});
  console.log(announce);
  await run('python3', ['-m', 'venv', dir]);
  const flags = noDeps ? ['--no-deps'] : [];
  await run(python, ['-m', 'pip', 'install', '-q', '--disable-pip-version-check', ...flags, '-r', requirements]);
  fs.writeFileSync(stamp, `${wanted}\n`);
  return python;
}
