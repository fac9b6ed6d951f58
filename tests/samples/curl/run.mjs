// Runs the curl commands of the pages against contract mocks of our specs
// (./mocks.mjs: Prism `--errors`, one mock per spec, behind a local proxy).
//
// The blocks run as a reader runs them: with the real curl and bash, in order,
// one page at a time in a fresh folder, the shell variables a block sets
// (TASK_ID=$(jq ...)) kept for the page's later blocks as in one terminal.
// A stand-in `curl` first on the PATH (./bin/curl) changes only the scheme and
// host of each URL, so the Atlas API is the mocks and nothing reaches the
// network; method, path, headers and body are the reader's.
//
// One result per curl command of a block that calls https://api-atlas.nomic.ai:
// accepted ('ran') when every request it made was answered 2xx, 'failed' with
// the mock's status, the spec violations Prism reports and its body otherwise,
// or when it made no request. A block with `norun="..."` is not run.
// SAMPLES_SHOW_OUTPUT=1 prints what each block printed.
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import yaml from 'js-yaml';
import {curlCommands, parseCurl} from '../../support/curl.mjs';
import {readPrerequisites, writeFiles} from '../prerequisites.mjs';
import {startMocks} from './mocks.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ATLAS = 'https://api-atlas.nomic.ai';
const API_KEY = 'nk-samples-test-key-0000000000000000';
const BLOCK_TIMEOUT_MS = 120_000;
const OUTPUT_LIMIT = 3000;

/** The real curl binary, or undefined when none is installed. */
function realCurl() {
  const found = spawnSync('sh', ['-c', 'command -v curl'], {encoding: 'utf8'});
  return found.status === 0 ? found.stdout.trim() : undefined;
}

/** The page's prerequisites: the shared file (../prerequisites/), then what ./prerequisites.yaml adds. */
function prerequisites(route) {
  const base = readPrerequisites(route);
  const extra = yaml.load(fs.readFileSync(path.join(HERE, 'prerequisites.yaml'), 'utf8'))?.[route] ?? {};
  return {
    files: {...extra.files, ...base.files},
    env: {...extra.env, ...base.env},
  };
}

/**
 * Runs one block in the page's folder with bash, after the variables the
 * page's earlier blocks set (state.sh), and saves the variables it sets for the
 * next block, also when it ends with `exit`.
 */
const SHELL = `
__baseline=$(compgen -v)
[ -f "$SAMPLES_STATE" ] && source "$SAMPLES_STATE"
__save() {
  local __v
  for __v in $(compgen -v); do
    case "$__v" in __* | BASH* | FUNCNAME | PIPESTATUS | OLDPWD | PWD | SHLVL | _ | COLUMNS | LINES) continue ;; esac
    grep -qxF "$__v" <<<"$__baseline" || declare -p "$__v"
  done >"$SAMPLES_STATE" 2>/dev/null
}
trap __save EXIT
source "$1"
`;

function runBlock(dir, script, env) {
  const file = path.join(dir, '.samples', `block-${script.line}.sh`);
  fs.writeFileSync(file, script.code);
  return new Promise((resolve) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-c', SHELL, 'bash', file], {
      cwd: dir,
      env,
      detached: true, // its own process group, so a timeout ends the whole block
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    const timer = setTimeout(() => {
      output += `\n[the block ran longer than ${BLOCK_TIMEOUT_MS / 1000} s and was stopped]`;
      process.kill(-child.pid, 'SIGKILL');
    }, BLOCK_TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({code, signal, output: output.slice(-OUTPUT_LIMIT)});
    });
  });
}

/** The Atlas curl commands of a block, each with its line in the page file. */
function atlasCommands(sample) {
  const commands = curlCommands(sample.code).filter((c) => c.includes(ATLAS));
  // Where each command starts: the first line of a (backslash-continued) logical line that has it.
  const starts = [];
  const lines = sample.code.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const first = i;
    let logical = lines[i];
    while (/\\$/.test(lines[i]) && i + 1 < lines.length) logical += `\n${lines[++i]}`;
    if (/^\s*#/.test(logical)) continue;
    const count = curlCommands(logical).filter((c) => c.includes(ATLAS)).length;
    for (let k = 0; k < count; k++) starts.push(first);
  }
  return commands.map((command, i) => ({
    command,
    request: parseCurl(command),
    // The fence is at sample.line; its code starts on the next line.
    line: sample.line + 1 + (starts[i] ?? -1),
  }));
}

/** A pattern for the URLs a command's URL can expand to: each $VAR, ${VAR} or $(...) matches one path segment or more. */
function urlPattern(url) {
  const parts = url.split(/(\$\{\w+\}|\$\w+|\$\([^)]*\))/);
  const source = parts.map((p, i) => (i % 2 ? '[^?#]*' : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${source}$`);
}

/** The curl calls of one block from the stand-in's log: `[{id, url, exit}]`, in order. */
function loggedCalls(logFile) {
  const calls = new Map();
  if (!fs.existsSync(logFile)) return [];
  for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) {
    const [id, kind, value] = line.split('\t');
    if (!id) continue;
    if (!calls.has(id)) calls.set(id, {id, urls: []});
    if (kind === 'url') calls.get(id).urls.push(value);
    else if (kind === 'exit') calls.get(id).exit = Number(value);
  }
  return [...calls.values()];
}

function describeCall(record, call) {
  if (!record) return `curl made no request to the mock (curl exit ${call.exit ?? '?'})`;
  const lines = [`${record.method} ${record.url} → ${record.status} from the ${record.spec} mock`];
  for (const v of record.violations) lines.push(`  spec violation: ${v.message}`);
  // For an error, Prism sends the spec's example for that status: the violations above are what went wrong.
  if (record.body) lines.push(`  mock's body: ${record.body}`);
  if (record.note) lines.push(`  note: ${record.note}`);
  return lines.join('\n');
}

/** Runs one page's curl blocks in order; returns one result per Atlas curl command. */
async function runPage(page, mocks, curl, scratch) {
  const dir = fs.mkdtempSync(path.join(scratch, 'page-'));
  fs.mkdirSync(path.join(dir, '.samples'));
  fs.mkdirSync(path.join(dir, 'home'));
  const {files, env: pageEnv} = prerequisites(page.route);
  writeFiles(files, dir, page.route);
  const results = [];
  for (const sample of page.samples) {
    const commands = atlasCommands(sample);
    const result = (c, status, detail) => ({route: page.route, file: page.file, line: c.line, status, detail});
    if (sample.norun) {
      results.push(...commands.map((c) => result(c, 'norun', sample.norun)));
      continue;
    }
    const log = path.join(dir, '.samples', `calls-${sample.line}.tsv`);
    const run = await runBlock(dir, sample, {
      PATH: `${path.join(HERE, 'bin')}:${process.env.PATH}`,
      HOME: path.join(dir, 'home'),
      LANG: 'C.UTF-8',
      TERM: 'dumb',
      NOMIC_API_KEY: API_KEY,
      ...pageEnv,
      SAMPLES_REAL_CURL: curl,
      SAMPLES_PROXY_PORT: String(mocks.port),
      SAMPLES_CURL_LOG: log,
      SAMPLES_STATE: path.join(dir, '.samples', 'state.sh'),
    });
    if (process.env.SAMPLES_SHOW_OUTPUT) console.log(`--- ${page.file}:${sample.line}\n${run.output}`);
    // Each Atlas call of the block, given to the first command whose method and URL it fits.
    const made = new Map(commands.map((c) => [c, []]));
    for (const call of loggedCalls(log)) {
      const url = call.urls.find((u) => u.startsWith(ATLAS));
      if (!url) continue;
      const record = mocks.calls.get(call.id);
      const command = commands.find(
        (c) => urlPattern(c.request.url ?? '').test(url) && (!record || record.method === c.request.method),
      );
      if (command) made.get(command).push({call, record});
    }
    for (const command of commands) {
      const calls = made.get(command);
      const bad = calls.filter(({record}) => !record || record.status < 200 || record.status > 299);
      if (calls.length && !bad.length) {
        const notes = calls.map(({record}) => record.note).filter(Boolean);
        results.push(result(command, 'ran', notes.length ? notes[0] : undefined));
        continue;
      }
      const why = calls.length
        ? bad.map(({call, record}) => describeCall(record, call)).join('\n')
        : `the command made no request to the Atlas API (block exit ${run.signal ?? run.code})`;
      results.push(result(command, 'failed', `${command.command}\n${why}\n--- block output ---\n${run.output}`));
    }
  }
  return results;
}

/** `async (pages) => [{route, file, line, status, detail}]`, one per Atlas curl command. */
export async function runCurl(pages) {
  const all = pages.flatMap((page) =>
    page.samples.flatMap((sample) => atlasCommands(sample).map((c) => ({page, line: c.line}))),
  );
  if (!all.length) return [];
  const failAll = (detail) =>
    all.map(({page, line}) => ({route: page.route, file: page.file, line, status: 'failed', detail}));
  const curl = realCurl();
  if (!curl) return failAll('curl is not installed here; the curl samples run the real curl binary (nothing was run)');
  const started = performance.now();
  let mocks;
  try {
    mocks = await startMocks();
  } catch (e) {
    return failAll(`the contract mocks did not start, so nothing was run: ${e.message}`);
  }
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'curl-samples-'));
  const results = [];
  try {
    for (const page of pages) {
      try {
        results.push(...(await runPage(page, mocks, curl, scratch)));
      } catch (e) {
        const detail = `the page's curl blocks could not be set up: ${e.message}`;
        for (const sample of page.samples)
          for (const {line} of atlasCommands(sample))
            results.push({route: page.route, file: page.file, line, status: 'failed', detail});
      }
    }
  } finally {
    await mocks.stop();
    fs.rmSync(scratch, {recursive: true, force: true});
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`curl: ${results.length} commands against the Prism mocks of both specs in ${seconds} s`);
  return results;
}
