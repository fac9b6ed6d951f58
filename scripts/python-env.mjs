// A Python virtual environment made from a pinned requirements file: made
// again, from scratch, only when that file changes (a stamp in the environment
// holds its sha256), so it holds exactly the pinned packages. Used by the code
// samples' harness (tests/samples/session/venv.mjs) and Ask AI's build-time
// encoder (src/ask-ai/semantic/build). The packages are installed by uv, from
// PyPI like pip, into an environment `python3 -m venv` makes (so it has pip,
// which the samples run): pip took 142 s to install the samples' pinned file,
// uv 6 s, on an idle machine, with no cache for either. Should uv fail (or fail
// to install), pip installs the same file, as before.
import {spawn} from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** uv, pinned, in an environment of its own (git-ignored), shared by every environment made here. */
const UV_VERSION = '0.13.9';
const UV_DIR = path.join(ROOT, '.venv-uv');

/** Runs a command; its stdout is dropped (pip is quiet) and its errors reach stderr. */
export function run(command, args, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {stdio: ['ignore', 'ignore', 'inherit'], env});
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(command)} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/**
 * uv's executable, installed first if missing. Two environments may be made at once (.ci/run), so each
 * (even from one process) installs into a folder of its own and the first to finish moves it in place: uv
 * is one binary, which works from any folder.
 */
async function ensureUv() {
  const uv = path.join(UV_DIR, 'bin', 'uv');
  if (fs.existsSync(uv)) return uv;
  const mine = `${UV_DIR}.${crypto.randomUUID()}`;
  await run('python3', ['-m', 'venv', mine]);
  await run(path.join(mine, 'bin', 'python'), [
    '-m',
    'pip',
    'install',
    '-q',
    '--disable-pip-version-check',
    `uv==${UV_VERSION}`,
  ]);
  try {
    fs.renameSync(mine, UV_DIR);
  } catch (error) {
    if (!fs.existsSync(uv)) throw error;
  }
  fs.rmSync(mine, {recursive: true, force: true});
  return uv;
}

// uv reads settings of its own, not pip's: what the machine tells pip (an index, local wheels, a
// certificate bundle, a timeout) is passed on, and certificates come from the system's store, as pip's do.
const PIP_TO_UV = {
  PIP_INDEX_URL: 'UV_DEFAULT_INDEX',
  PIP_EXTRA_INDEX_URL: 'UV_EXTRA_INDEX_URL',
  PIP_FIND_LINKS: 'UV_FIND_LINKS',
  PIP_DEFAULT_TIMEOUT: 'UV_HTTP_TIMEOUT',
  PIP_CERT: 'SSL_CERT_FILE',
};
function uvEnv() {
  const env = {UV_SYSTEM_CERTS: '1', ...process.env};
  for (const [pip, uv] of Object.entries(PIP_TO_UV)) if (process.env[pip] && !env[uv]) env[uv] = process.env[pip];
  return env;
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
  const [uv] = await Promise.all([ensureUv().catch((error) => error), run('python3', ['-m', 'venv', dir])]);
  const flags = noDeps ? ['--no-deps'] : [];
  try {
    if (uv instanceof Error) throw uv;
    await run(uv, ['pip', 'install', '-q', '--python', python, ...flags, '-r', requirements], uvEnv());
  } catch (error) {
    console.log(`${error.message}: installing with pip instead`);
    await run(python, ['-m', 'pip', 'install', '-q', '--disable-pip-version-check', ...flags, '-r', requirements]);
  }
  fs.writeFileSync(stamp, `${wanted}\n`);
  return python;
}
