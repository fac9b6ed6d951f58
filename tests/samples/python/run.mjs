// Runs the Python blocks of the pages against the real nomic client and a fake
// Atlas API (tests/samples/README.md). Each page runs in a fresh working folder
// with only the prerequisites its YAML file states, its blocks in order in one
// interpreter (run_page.py); two pages run at a time.
import {spawn, spawnSync} from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import {fileURLToPath} from 'node:url';
import {contents, readPrerequisites, writeFiles} from '../prerequisites.mjs';
import {BIN, ensureVenv} from './venv.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FAKES = path.join(HERE, 'fakes/server.py');
const PARALLEL = 2;
// A backstop only: pages end when their process exits. The slowest pages embed and map
// a few thousand texts and run UMAP, which compiles with numba on first use.
const PAGE_LIMIT_MS = 8 * 60 * 1000;
const SERVER_START_MS = 60 * 1000;
// Nothing but the fakes is reachable: any other host goes to a closed local port.
const NO_NETWORK = 'http://127.0.0.1:9';

/** Starts a server that prints one JSON line when ready; resolves with that line and a stop function. */
function startServer(python, args, name) {
  return new Promise((resolve, reject) => {
    const child = spawn(python, args, {
      cwd: HERE,
      env: {PATH: `${BIN}:${process.env.PATH}`, PYTHONPATH: HERE, PYTHONUNBUFFERED: '1', LANG: 'C.UTF-8'},
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

/** Runs one page; resolves with one result per Python block. */
async function runPage(page, context) {
  const {python, atlas, hosts, fakeEnv, offlineData} = context;
  const results = new Map();
  const fail = (detail) =>
    page.samples.map((s) => ({route: page.route, file: page.file, line: s.line, status: 'failed', detail}));
  let prerequisites;
  try {
    prerequisites = readPrerequisites(page.route);
  } catch (error) {
    return fail(error.message);
  }
  const folder = fs.mkdtempSync(path.join(context.root, 'page-'));
  try {
    const home = path.join(folder, 'home');
    fs.mkdirSync(home);
    writeFiles(prerequisites.files, folder, page.route);
    const token = `nk-samples-${crypto.randomBytes(12).toString('hex')}`;
    if (prerequisites.atlas) await post(`${atlas}/_fake/seed`, {token, ...atlasSeed(prerequisites.atlas, page.route)});
    const env = {
      PATH: `${BIN}:/usr/local/bin:/usr/bin:/bin`,
      HOME: home,
      TMPDIR: folder,
      LANG: 'C.UTF-8',
      PYTHONPATH: HERE,
      PYTHONUNBUFFERED: '1',
      MPLBACKEND: 'Agg',
      ATLAS_API_PATH: atlas,
      NOMIC_API_KEY: token,
      SAMPLES_HOSTS: JSON.stringify(hosts),
      HTTP_PROXY: NO_NETWORK,
      HTTPS_PROXY: NO_NETWORK,
      ALL_PROXY: NO_NETWORK,
      http_proxy: NO_NETWORK,
      https_proxy: NO_NETWORK,
      NO_PROXY: '127.0.0.1,localhost',
      no_proxy: '127.0.0.1,localhost',
      HF_HUB_OFFLINE: '1',
      HF_DATASETS_OFFLINE: '1',
      TRANSFORMERS_OFFLINE: '1',
      SCIKIT_LEARN_DATA: offlineData,
      ...fakeEnv,
      ...prerequisites.env,
    };
    if (prerequisites.login) {
      const login = spawnSync(path.join(BIN, 'nomic'), ['login', token], {cwd: folder, env, encoding: 'utf8'});
      if (login.status !== 0) return fail(`nomic login failed:\n${login.stderr || login.stdout}`);
    }
    const job = {
      blocks: page.samples.map((s) => ({
        line: s.line,
        code: s.code,
        norun: s.norun ?? null,
        title: s.title ?? null,
        args: s.args ?? null,
      })),
      fake: {url: atlas, token},
    };
    const child = spawn(python, [path.join(HERE, 'run_page.py')], {
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
    readline.createInterface({input: child.stdout}).on('line', (line) => {
      const result = JSON.parse(line);
      results.set(result.line, result);
    });
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
    fs.writeFileSync(path.join(folder, 'page-output.log'), output);
    const ending =
      `the page's process ended (${signal ?? `exit ${code}`}) before this block finished` +
      (signal === 'SIGKILL' ? ` (page time limit ${PAGE_LIMIT_MS / 60000} min)` : '') +
      `\n--- last output ---\n${output.split('\n').slice(-40).join('\n')}`;
    return page.samples.map((s) => {
      const result = results.get(s.line) ?? {status: 'failed', detail: ending};
      return {
        route: page.route,
        file: page.file,
        line: s.line,
        status: result.status,
        detail: result.detail ?? undefined,
      };
    });
  } catch (error) {
    return fail(error.stack ?? String(error));
  } finally {
    if (!process.env.SAMPLES_KEEP_TMP) fs.rmSync(folder, {recursive: true, force: true});
  }
}

/** `[{route, file, line, status, detail}]`, one per Python block of `pages`. */
export async function runPython(pages) {
  if (!pages.length) return [];
  const python = await ensureVenv();
  const servers = [];
  // One folder per run holds every page's working folder and the offline data sets.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'python-samples-run-'));
  const offlineData = path.join(root, 'offline-data');
  try {
    const made = spawnSync(python, [path.join(HERE, 'offline_data.py'), offlineData], {encoding: 'utf8'});
    if (made.status !== 0) throw new Error(`offline_data.py failed:\n${made.stderr}`);
    const fakeAtlas = await startServer(python, ['-m', 'fake_atlas'], 'the fake Atlas');
    servers.push(fakeAtlas);
    let hosts = {...fakeAtlas.hosts};
    let fakeEnv = {};
    // SAMPLES_NO_FAKES=1 skips the third-party fakes, for working on pages that need none.
    if (fs.existsSync(FAKES) && !process.env.SAMPLES_NO_FAKES) {
      const fakes = await startServer(python, [FAKES], 'fakes/server.py');
      servers.push(fakes);
      hosts = {...fakes.hosts, ...hosts};
      fakeEnv = fakes.env ?? {};
    }
    const context = {python, atlas: `http://127.0.0.1:${fakeAtlas.port}`, hosts, fakeEnv, offlineData, root};
    const queue = [...pages];
    const results = [];
    await Promise.all(
      Array.from({length: PARALLEL}, async () => {
        while (queue.length) {
          const page = queue.shift();
          results.push(...(await runPage(page, context)));
        }
      }),
    );
    if (process.env.SAMPLES_REPORT) {
      const report = await (await fetch(`${context.atlas}/_fake/report`)).json();
      fs.writeFileSync(process.env.SAMPLES_REPORT, JSON.stringify(report, null, 2));
    }
    const order = new Map(pages.flatMap((p, i) => p.samples.map((s, j) => [`${p.route}:${s.line}`, i * 1000 + j])));
    return results.sort((a, b) => order.get(`${a.route}:${a.line}`) - order.get(`${b.route}:${b.line}`));
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    if (!process.env.SAMPLES_KEEP_TMP) fs.rmSync(root, {recursive: true, force: true});
  }
}
