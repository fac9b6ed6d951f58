// What the benchmarks share: building the site with some environment, and
// serving a build the way the tests do (gzip, the generated headers).
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {createServer} from '../scripts/static-server.mjs';
import {countTransfer, loadPage} from '../tests/support/transfer.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RESULTS = path.join(ROOT, 'bench/results');
const docusaurus = path.join(ROOT, 'node_modules/.bin/docusaurus');

/** Builds `siteDir` into `outDir` with extra environment variables; returns the seconds it took. */
export function build(siteDir, outDir, env = {}) {
  const started = process.hrtime.bigint();
  const result = spawnSync(docusaurus, ['build', '--out-dir', outDir], {
    cwd: siteDir,
    env: {...process.env, ...env},
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`build of ${siteDir} failed:\n${result.stdout}\n${result.stderr}`);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** Serves a build on a free port. */
export function listen(dir) {
  return new Promise((resolve) => {
    const server = createServer({dir}).listen(0, '127.0.0.1', () => resolve(server));
  });
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
export const ratio = (value, base) => `${(value / base).toFixed(2)}×`;
/** Median of the finite values (a Lighthouse run that could not compute a metric reports NaN). */
export const median = (values) => {
  const finite = values.filter(Number.isFinite).sort((a, b) => a - b);
  return finite[Math.floor(finite.length / 2)];
};

/** The query the first-search figures use. */
export const FIRST_QUERY = 'embeddings';

/**
 * A first search on a freshly loaded guide: bytes transferred from opening the
 * modal until its hits show and what they asked for has arrived, the requests made, and
 * the milliseconds from typing the query to the first hit.
 */
export async function firstSearch(browser, url, query = FIRST_QUERY) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loadPage(page, `${url}/platform/quick-start`);
  const counter = await countTransfer(page);
  await page.keyboard.press('Control+k');
  const input = page.locator('.DocSearch-Input');
  await input.waitFor();
  const start = Date.now();
  await input.fill(query);
  await page.locator('.DocSearch-Hit').first().waitFor();
  const ms = Date.now() - start;
  await counter.settled();
  const {bytes, requests} = await counter.stop();
  await context.close();
  return {bytes, requests, ms};
}
