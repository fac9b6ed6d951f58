// Runs the pages' Python, bash (curl included) and SQL blocks, each page as one session: a
// fresh working folder holding only what the page's prerequisites state, its blocks in page
// order (`python -m pagerun`), against the fake Atlas API and the third-party fakes
// (../fakes). Four pages run at a time: much of a page's time is spent waiting on polls
// (on this 2-core machine: 262 s with two at a time, 189 s with three, 162 s with four).
// Returns one result per Python, bash and SQL block, per Atlas curl command and per output
// the pages show.
import {spawn, spawnSync} from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import {fileURLToPath} from 'node:url';
import {contents, readPrerequisites, writeFiles} from '../prerequisites.mjs';
import {commands, variablesRead} from '../../../src/llms/notebook';
import {commandResults} from './curl.mjs';
import {BIN, VENV, ensureVenv} from './venv.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FAKES = path.resolve(HERE, '../fakes');
const STAND_INS = path.join(HERE, 'bin');
const PARALLEL = 4;
// A backstop only: pages end when their process exits. The slowest pages embed and map
// a few thousand texts and run UMAP, which compiles with numba on first use.
const PAGE_LIMIT_MS = 8 * 60 * 1000;
const SERVER_START_MS = 60 * 1000;
// Nothing but the fakes is reachable: any other host goes to a closed local port.
const NO_NETWORK = 'http://127.0.0.1:9';
export const SESSION_KINDS = new Set(['python', 'bash', 'curl', 'sql']);

/** Starts a server that prints one JSON line when ready; resolves with that line and a stop function. */
function startServer(python, args, name) {
  return new Promise((resolve, reject) => {
    const child = spawn(python, args, {
      cwd: FAKES,
      env: {PATH: `${BIN}:${process.env.PATH}`, PYTHONPATH: FAKES, PYTHONUNBUFFERED: '1', LANG: 'C.UTF-8'},
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (stderr.length > 200_000) stderr = stderr.slice(-100_000);
    });
    const timer = setTimeout(
      () => stop() && reject(new Error(`${name} did not start within 60 s:\n${stderr}`)),
      SERVER_START_MS,
    );
    const stop = () => {
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
      return true;
    };
    const exited = new Promise((done) => child.on('exit', done));
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited before it was ready (${signal ?? code}):\n${stderr}`));
    });
    readline.createInterface({input: child.stdout}).once('line', (line) => {
      clearTimeout(timer);
      try {
        resolve({...JSON.parse(line), stop: async () => stop() && (await exited), log: () => stderr});
      } catch (error) {
        stop();
        reject(new Error(`${name} printed ${line}: ${error.message}`));
      }
    });
  });
}

async function post(url, body) {
  const response = await fetch(url, {method: 'POST', body: JSON.stringify(body)});
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text}`);
  return JSON.parse(text);
}

/** Resolves `{copy: path}` in seeded rows to the file's text. */
function atlasSeed(atlas, route) {
  return {
    ...atlas,
    datasets: (atlas.datasets ?? []).map((dataset, i) => ({
      ...dataset,
      ...(dataset.rows === undefined
        ? {}
        : {rows: String(contents(dataset.rows, `${route} atlas.datasets[${i}].rows`))}),
    })),
  };
}

/** The text a reader replaces before running a block: the page's placeholders, and an API key's. */
function substitute(code, placeholders) {
  let out = code;
  for (const [from, to] of Object.entries(placeholders).sort(([a], [b]) => b.length - a.length))
    out = out.split(from).join(to);
  return out;
}

/** Every result of one page: its blocks, its Atlas curl commands and its shown outputs. */
function pageResults(page, byLine, placeholders = {}) {
  const results = [];
  const result = (kind, line, status, detail) => ({kind, route: page.route, file: page.file, line, status, detail});
  for (const block of page.blocks.filter((b) => SESSION_KINDS.has(b.kind))) {
    const run = byLine.get(block.line);
    if (block.kind === 'curl') {
      // The URLs a command requested are the ones the reader typed, placeholders replaced.
      const typed = {...block, code: substitute(block.code, placeholders)};
      for (const c of commandResults(typed, run ?? {status: 'failed', detail: 'the block did not run'}))
        results.push(result('curl', c.line, c.status, c.detail));
    } else {
      results.push(
        run
          ? result(block.kind, block.line, run.status, run.detail ?? undefined)
          : result(block.kind, block.line, 'failed', 'the block did not run'),
      );
    }
    if (block.output) {
      const compared = run?.output;
      results.push(
        compared
          ? result('output', block.output.line, compared.status, compared.detail ?? undefined)
          : result('output', block.output.line, 'failed', 'the block did not run'),
      );
    }
  }
  return results;
}

/**
 * A reader's setting for one page: a fresh working folder with the files its prerequisites give,
 * a HOME logged in if they say so, the environment (stand-ins first on PATH, the fakes, no other
 * network) and what the reader types in place of the page's placeholders. Calls
 * `work({folder, env, token, placeholders})`; `failAll(detail)` answers when the setting cannot be made.
 */
async function inSandbox(page, context, work, failAll, {notebook = false} = {}) {
  const {atlas, hosts, fakeEnv, offlineData} = context;
  let prerequisites;
  try {
    prerequisites = readPrerequisites(page.route);
  } catch (error) {
    return failAll(error.message);
  }
  const folder = fs.mkdtempSync(path.join(context.root, 'page-'));
  try {
    const home = path.join(folder, 'home');
    fs.mkdirSync(home);
    writeFiles(prerequisites.files, folder, page.route);
    const token = `nk-samples-${crypto.randomBytes(12).toString('hex')}`;
    if (prerequisites.atlas) await post(`${atlas}/_fake/seed`, {token, ...atlasSeed(prerequisites.atlas, page.route)});
    const env = {
      // The stand-ins first (curl, pip, npm, gh), for the blocks and for the programs they start.
      PATH: `${STAND_INS}:${BIN}:/usr/local/bin:/usr/bin:/bin`,
      HOME: home,
      TMPDIR: folder,
      LANG: 'C.UTF-8',
      PYTHONPATH: HERE,
      PYTHONUNBUFFERED: '1',
      PYTHONDONTWRITEBYTECODE: '1',
      MPLBACKEND: 'Agg',
      // Waits take a tenth of their time (sitecustomize.py, bin/sleep); the fakes' clocks do not.
      SAMPLES_TIME_SCALE: '0.1',
      ATLAS_API_PATH: atlas,
      NOMIC_API_KEY: token,
      SAMPLES_HOSTS: JSON.stringify(hosts),
      HTTP_PROXY: NO_NETWORK,
      HTTPS_PROXY: NO_NETWORK,
      ALL_PROXY: NO_NETWORK,
      http_proxy: NO_NETWORK,
      https_proxy: NO_NETWORK,
      NO_PROXY: '127.0.0.1,localhost,.localhost',
      no_proxy: '127.0.0.1,localhost,.localhost',
      HF_HUB_OFFLINE: '1',
      HF_DATASETS_OFFLINE: '1',
      TRANSFORMERS_OFFLINE: '1',
      SCIKIT_LEARN_DATA: offlineData,
      PSQLRC: path.join(HERE, 'psqlrc'),
      // `git clone https://github.com/nomic-ai/<repo>.git` reads the fixture repository of that name.
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: `url.file://${path.resolve(HERE, '../fixtures/git')}/.insteadOf`,
      GIT_CONFIG_VALUE_0: 'https://github.com/nomic-ai/',
      GIT_TERMINAL_PROMPT: '0',
      ...fakeEnv,
      ...prerequisites.env,
    };
    // A notebook logs in itself, with the key its reader types (src/llms/notebook.ts).
    if (prerequisites.login && !notebook) {
      const login = spawnSync(path.join(BIN, 'nomic'), ['login', token], {cwd: folder, env, encoding: 'utf8'});
      if (login.status !== 0) return failAll(`nomic login failed:\n${login.stderr || login.stdout}`);
    }
    // What the reader types in place of the page's placeholders: their API key, and what the prerequisites give.
    const placeholders = {'nk-your-api-key': token, 'nk-...': token, ...prerequisites.placeholders};
    return await work({folder, env, token, placeholders, prerequisites});
  } catch (error) {
    return failAll(error.stack ?? String(error));
  } finally {
    if (!process.env.SAMPLES_KEEP_TMP) fs.rmSync(folder, {recursive: true, force: true});
  }
}

/**
 * Runs `python -m <module>` in a sandbox's folder with a JSON job on stdin; calls `onLine` with each
 * JSON line it prints and resolves with how it ended and the tail of its stderr.
 */
async function runModule(context, module, {folder, env}, job, onLine) {
  const child = spawn(context.python, ['-m', module], {
    cwd: folder,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stderr.on('data', (chunk) => {
    output += chunk;
    if (output.length > 400_000) output = output.slice(-200_000);
  });
  readline.createInterface({input: child.stdout}).on('line', (line) => onLine(JSON.parse(line)));
  child.stdin.end(JSON.stringify(job));
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }, PAGE_LIMIT_MS);
  const [code, signal] = await new Promise((done) => child.on('close', (...args) => done(args)));
  clearTimeout(timer);
  // Kept with the working folder when SAMPLES_KEEP_TMP is set.
  fs.writeFileSync(path.join(folder, `${module}-output.log`), output);
  return (
    `the page's process ended (${signal ?? `exit ${code}`}) before this finished` +
    (signal === 'SIGKILL' ? ` (page time limit ${PAGE_LIMIT_MS / 60000} min)` : '') +
    `\n--- last output ---\n${output.split('\n').slice(-40).join('\n')}`
  );
}

/** Runs `page`'s session blocks in `sandbox` (python -m pagerun); resolves with their results. */
async function sessionResults(page, context, sandbox) {
  const byLine = new Map();
  const job = {
    file: page.rel,
    venv: VENV,
    fake: {url: context.atlas, token: sandbox.token},
    // What the reader types when a command prompts (a password `mysql -p` asks for), line by line.
    typed: sandbox.prerequisites.typed ?? [],
    // A fence of another kind that the page has the reader save (a JSON Schema, `title="…"`) is written
    // where it stands, so the page's own text is what its code reads.
    blocks: page.blocks
      .filter((b) => SESSION_KINDS.has(b.kind) || (b.title && b.norun === undefined))
      .map((b) => ({
        line: b.line,
        kind: b.kind === 'curl' ? 'bash' : SESSION_KINDS.has(b.kind) ? b.kind : 'file',
        code: substitute(b.code, sandbox.placeholders),
        norun: b.norun ?? null,
        title: b.title ?? null,
        dialect: b.dialect ?? null,
        runs_later: Boolean(b.runsLater),
        output: b.output ?? null,
      })),
  };
  const ending = await runModule(context, 'pagerun', sandbox, job, (result) => byLine.set(result.line, result));
  for (const block of job.blocks)
    if (!byLine.has(block.line)) byLine.set(block.line, {status: 'failed', detail: ending});
  return pageResults(page, byLine, sandbox.placeholders);
}

/** Runs one page; resolves with its results. */
function runPage(page, context) {
  const failAll = (detail) =>
    pageResults(page, new Map(page.blocks.map((block) => [block.line, {status: 'failed', detail}])));
  return inSandbox(page, context, (sandbox) => sessionResults(page, context, sandbox), failAll);
}

/**
 * Runs one page's notebook twin (`notebook`, from src/llms/notebook.ts) top to bottom with nbclient
 * (`python -m nbrun`), in a sandbox of its own like the page's but as a new kernel has it: no page
 * variables in the environment (the notebook asks for them, and the run types what the prerequisites
 * give, the API key included), no packages until a cell installs them (freshenv.py), nobody logged in,
 * and in the working folder only the files the reader brings. One result, kind `notebook`.
 */
async function runNotebook(page, notebook, context) {
  const result = (status, detail, counts = {}) => [
    {kind: 'notebook', route: page.route, file: page.file, line: 1, status, detail, ...counts},
  ];
  return inSandbox(
    page,
    context,
    async (sandbox) => {
      const cells = notebook.cells.map((cell) =>
        cell.cell_type === 'code'
          ? {...cell, source: cell.source.map((line) => substitute(line, sandbox.placeholders))}
          : cell,
      );
      const answers = {NOMIC_API_KEY: sandbox.token, ...sandbox.prerequisites.env};
      const env = Object.fromEntries(Object.entries(sandbox.env).filter(([name]) => !(name in answers)));
      const fresh = fs.mkdtempSync(path.join(context.root, 'fresh-'));
      fs.copyFileSync(path.join(context.freshBase, 'installed.json'), path.join(fresh, 'installed.json'));
      Object.assign(env, {SAMPLES_FRESH: fresh, SAMPLES_FRESH_MODULES: path.join(context.freshBase, 'modules.json')});
      // The page blocks this notebook proves (`notebookProves`), each reported from its cells.
      const proved = notebookProves(page);
      const provedPage = {...page, blocks: page.blocks.filter((b) => proved.has(b.line))};
      let ran;
      const ending = await runModule(
        context,
        'nbrun',
        sandbox,
        {
          file: page.rel,
          notebook: {...notebook, cells},
          env,
          answers,
          fresh,
          fake: {url: context.atlas, token: sandbox.token},
          blocks: provedPage.blocks.map((b) => ({line: b.line, output: b.output ?? null})),
        },
        (r) => (ran = r),
      );
      // The page's other session blocks (its key and curl blocks) then run in this sandbox, against what its
      // Python made, as in the page's session.
      const rest = afterNotebook(page, proved);
      const after = rest.length ? await sessionResults({...page, blocks: rest}, context, sandbox) : [];
      if (!ran) return [...result('failed', ending), ...pageResults(provedPage, new Map()), ...after];
      const byLine = new Map(Object.entries(ran.blocks ?? {}).map(([line, run]) => [Number(line), run]));
      return [
        ...result(ran.status, ran.detail ?? undefined, {cells: ran.ran, skipped: ran.skipped}),
        ...pageResults(provedPage, byLine),
        ...after,
      ];
    },
    (detail) => result('failed', detail),
    {notebook: true},
  );
}

/**
 * Starts the fake Atlas and the third-party fakes once, then runs `runOne(page, context)` for each
 * page, four at a time; resolves with every result, in page order.
 */
async function withFakes(pages, runOne) {
  if (!pages.length) return [];
  const python = await ensureVenv();
  const servers = [];
  // One folder per run holds every page's working folder and the offline data sets.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'samples-run-'));
  const offlineData = path.join(root, 'offline-data');
  try {
    const made = spawnSync(python, [path.join(HERE, 'offline_data.py'), offlineData], {encoding: 'utf8'});
    if (made.status !== 0) throw new Error(`offline_data.py failed:\n${made.stderr}`);
    // What a new kernel has installed, and which distribution each module is of (freshenv.py).
    const freshBase = path.join(root, 'fresh-base');
    const fresh = spawnSync(python, [path.join(HERE, 'freshenv.py'), freshBase], {encoding: 'utf8'});
    if (fresh.status !== 0) throw new Error(`freshenv.py failed:\n${fresh.stderr}`);
    const fakeAtlas = await startServer(python, ['-m', 'atlas'], 'the fake Atlas');
    servers.push(fakeAtlas);
    let hosts = {...fakeAtlas.hosts};
    let fakeEnv = {};
    // SAMPLES_NO_FAKES=1 skips the third-party fakes, for working on pages that need none.
    if (!process.env.SAMPLES_NO_FAKES) {
      const fakes = await startServer(python, [path.join(FAKES, 'services/server.py')], 'the third-party fakes');
      servers.push(fakes);
      hosts = {...fakes.hosts, ...hosts};
      fakeEnv = fakes.env ?? {};
    }
    const context = {python, atlas: `http://127.0.0.1:${fakeAtlas.port}`, hosts, fakeEnv, offlineData, root, freshBase};
    const queue = [...pages];
    const results = [];
    await Promise.all(
      Array.from({length: PARALLEL}, async () => {
        while (queue.length) {
          const page = queue.shift();
          results.push(...(await runOne(page, context)));
        }
      }),
    );
    if (process.env.SAMPLES_REPORT) {
      const report = await (await fetch(`${context.atlas}/_fake/report`)).json();
      fs.writeFileSync(process.env.SAMPLES_REPORT, JSON.stringify(report, null, 2));
    }
    const order = new Map(pages.map((p, i) => [p.route, i]));
    return results.sort((a, b) => order.get(a.route) - order.get(b.route) || a.line - b.line);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    if (!process.env.SAMPLES_KEEP_TMP) fs.rmSync(root, {recursive: true, force: true});
  }
}

/** Shell lines a notebook cell runs as a terminal does: installs, scripts, comments. */
const NOTEBOOK_SHELL = /^\s*(#.*|pip3? install .*|python3? -m pip install .*|python3? [\w./-]+\.py(\s.*)?|)$/;
/** Shell lines a notebook replaces with its key cell (the key exported, logging in): the page's session runs them. */
const KEY_SHELL = /^\s*(#.*|pip3? install .*|python3? -m pip install .*|export \w+=.*|nomic login.*|)$/;

// A block's commands as the notebook splits them into cells.
const shellLines = (block) =>
  block.kind === 'bash' && block.norun === undefined && !/(?:^|\s)terminal="/.test(block.meta ?? '')
    ? commands(block.code)
    : undefined;

/**
 * The lines of the page blocks its notebook proves (nbrun reports each from its cells, and the page's session
 * does not run them), for a page whose session blocks are Python that runs, shell blocks of lines a notebook
 * cell runs as a terminal does (an `export` of a variable the Python reads counts: the key cell asks for it by
 * that name), key blocks (`KEY_SHELL`) and curl blocks, which run after the notebook (`afterNotebook`). Empty
 * for any other page: one with SQL, other shell commands (a terminal's state carries from block to block, a
 * notebook cell's does not), a norun Python block (checked in the session) or a command the reader answers at a
 * prompt keeps its session.
 */
export function notebookProves(page) {
  if (!page.notebook || readPrerequisites(page.route).typed) return new Set();
  const withCells = new Set(page.notebook.cells.map((cell) => cell.metadata?.atlas_docs?.line));
  const read = new Set(page.blocks.filter((b) => b.kind === 'python').flatMap((b) => variablesRead(b.code)));
  const inCell = (line) => NOTEBOOK_SHELL.test(line) || read.has(/^\s*export (\w+)=/.exec(line)?.[1]);
  const proved = new Set();
  for (const block of page.blocks.filter((b) => SESSION_KINDS.has(b.kind))) {
    if (block.kind === 'curl') continue; // afterNotebook
    const lines = shellLines(block);
    const runs = (block.kind === 'python' && block.norun === undefined) || lines?.every(inCell);
    if (runs && withCells.has(block.line)) proved.add(block.line);
    else if (!lines?.every((line) => KEY_SHELL.test(line))) return new Set();
  }
  return proved;
}

/**
 * The session blocks a notebook that proves a page's Python (`notebookProves`) leaves: its key and curl blocks.
 * They run once the notebook has ended, in its sandbox (its folder, its key, what it made in the fake Atlas), as
 * the page's session runs them after the Python above them (should one need what a later block makes, it
 * fails, loudly); the page then has no session of its own.
 */
export function afterNotebook(page, proved = notebookProves(page)) {
  return proved.size ? page.blocks.filter((b) => SESSION_KINDS.has(b.kind) && !proved.has(b.line)) : [];
}

/**
 * Results of every page's session blocks: `[{kind, route, file, line, status, detail}]`, in page order. With
 * `notebooksToo`, a page whose notebook proves its Python (`notebookProves`) is left to the notebook run, which
 * runs its other session blocks after the notebook (`afterNotebook`).
 */
export function runSessions(pages, {notebooksToo = false} = {}) {
  const left = notebooksToo ? pages.filter((page) => !notebookProves(page).size) : pages;
  return withFakes(
    left.filter((page) => page.blocks.some((b) => SESSION_KINDS.has(b.kind))),
    runPage,
  );
}

/**
 * Runs the notebook twin of every page that has one (`page.notebook`, undefined for a page without
 * Python): one result per notebook, kind `notebook`, with the code cells it ran and skipped, and for a
 * page it proves blocks of (`notebookProves`) the results of those blocks.
 */
export function runNotebooks(pages) {
  return withFakes(
    pages.filter((page) => page.notebook),
    (page, context) => runNotebook(page, page.notebook, context),
  );
}
