/**
 * Search relevance and cost, side by side on the same site:
 *  - this site's local backend (src/search, over the index the build writes),
 *  - the docs' MCP server's search_docs tool (src/mcp) over the same build, as an agent gets it,
 *  - @easyops-cn/docusaurus-search-local, a widely used local-search plugin,
 *    built into the same site for comparison (its own /search page is queried
 *    in Chromium, exactly as a reader would).
 * Queries and the pages that should come first: tests/search-queries.json.
 * Prints MRR@5 and hit@1 of both; for this site, the bytes a first search
 * fetches (opening the modal, typing, until the first hits show and the
 * network is idle) and the time from typing to the first hit (median of cold
 * loads); and the local engine's median / p95 time per query.
 * Usage: npm run bench:search
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {chromium, type Browser} from '@playwright/test';
import {Docs} from '../src/mcp/docs';
import {openSite} from '../src/mcp/site';
import {createEngine} from '../src/search/engine';
import {memorySource, readIndexFiles} from '../src/search/build/files';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../tests/support/chromium.mjs';
import {createServer} from '../scripts/static-server.mjs';
import {judgedQueries, rankedPages, ROOT, score} from './relevance';
import {FIRST_QUERY, firstSearch, median, ratio, run} from './support.mjs';

const RESULTS = path.join(ROOT, 'bench/results');
const docusaurus = path.join(ROOT, 'node_modules/.bin/docusaurus');

/** The site's config plus the peer plugin; the peer's /search page replaces ours. */
function writePeerConfig(): string {
  const file = path.join(RESULTS, 'peer.config.ts');
  fs.writeFileSync(
    file,
    `import config from '../../docusaurus.config';
const [[preset, options]] = config.presets as [[string, Record<string, unknown>]];
export default {
  ...config,
  presets: [[preset, {...options, pages: {exclude: ['**/search.tsx']}}]],
  themes: [
    ...(config.themes ?? []),
    ['@easyops-cn/docusaurus-search-local', {hashed: true, indexBlog: false, indexPages: false, docsRouteBasePath: ['platform', 'reference'], searchResultLimits: 20}],
  ],
};
`,
  );
  return file;
}

function listen(dir: string): Promise<{url: string; close: () => void}> {
  return new Promise((resolve) => {
    const server = createServer({dir}).listen(0, '127.0.0.1', () => {
      const {port} = server.address() as {port: number};
      resolve({url: `http://127.0.0.1:${port}`, close: () => server.close()});
    });
  });
}

/** Gzipped size of the peer's index files (its web worker fetches them, out of the page's sight). */
function peerIndexBytes(dir: string): number {
  return fs
    .readdirSync(dir)
    .filter((f) => /^search-index.*\.json$/.test(f))
    .reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(dir, f))).length, 0);
}

async function peerRankings(browser: Browser, url: string, queries: string[]): Promise<string[][]> {
  const page = await browser.newPage();
  const rankings: string[][] = [];
  for (const query of queries) {
    await page.goto(`${url}/search?q=${encodeURIComponent(query)}`, {waitUntil: 'networkidle'});
    // Results render once the index has loaded; a query may also have none.
    await page
      .locator('article h2 a')
      .first()
      .waitFor({timeout: 3000})
      .catch(() => {});
    const links = await page
      .locator('article h2 a')
      .evaluateAll((as) =>
        as.map((a) => new URL((a as HTMLAnchorElement).href).pathname + new URL((a as HTMLAnchorElement).href).hash),
      );
    rankings.push(rankedPages(links));
  }
  await page.close();
  return rankings;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  fs.mkdirSync(RESULTS, {recursive: true});
  const judged = judgedQueries();
  console.log(`${judged.length} judged queries (tests/search-queries.json)`);

  console.log('Building this site, then the same site with the peer plugin …');
  run('node', ['src/api/build/generate.mjs']);
  const siteBuild = path.join(RESULTS, 'build-search');
  run(docusaurus, ['build', '--out-dir', siteBuild]);
  const files = readIndexFiles(ROOT);
  const peerBuild = path.join(RESULTS, 'build-peer');
  run(docusaurus, ['build', '--config', writePeerConfig(), '--out-dir', peerBuild]);

  // Local backend: the engine the browser runs, over the index the build wrote.
  const engine = createEngine(memorySource(files));
  const rankings: string[][] = [];
  for (const {query} of judged) rankings.push(rankedPages((await engine.search(query)).map((h) => h.record.url)));
  const local = score(judged, rankings);
  // search_docs: the same engine behind the MCP tool, at most two passages a page, absolute URLs.
  const docs = new Docs(await openSite(siteBuild));
  const mcpRankings: string[][] = [];
  for (const {query} of judged) {
    const passages = await docs.search(query, 10);
    mcpRankings.push(
      rankedPages(
        passages.map(({url}) => {
          const {pathname, hash} = new URL(url);
          return pathname + hash;
        }),
      ),
    );
  }
  const mcp = score(judged, mcpRankings);
  // Shards are loaded by the first round; the rest time the search itself.
  const times: number[] = [];
  for (let round = 0; round < 20; round++)
    for (const {query} of judged) {
      const start = performance.now();
      await engine.search(query);
      if (round > 0) times.push(performance.now() - start);
    }

  const site = await listen(siteBuild);
  const peerSite = await listen(peerBuild);
  const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS});
  const firsts = [];
  for (let i = 0; i < 3; i++) firsts.push(await firstSearch(browser, site.url));
  const first = {...firsts[0]!, ms: median(firsts.map((f) => f.ms))};
  const peerRanked = await peerRankings(
    browser,
    peerSite.url,
    judged.map((j) => j.query),
  );
  const peerBytes = peerIndexBytes(peerBuild);
  await browser.close();
  site.close();
  peerSite.close();
  const peerScore = score(judged, peerRanked);

  const row = (name: string, s: {mrr5: number; hit1: number}, extra: string) =>
    console.log(name.padEnd(36), s.mrr5.toFixed(3).padStart(7), s.hit1.toFixed(3).padStart(7), extra);
  console.log(`\n${'backend'.padEnd(36)} ${'MRR@5'.padStart(7)} ${'hit@1'.padStart(7)}  first search`);
  row(
    'this site (local index)',
    local,
    `${(first.bytes / 1024).toFixed(1)} kB in ${first.requests} requests on a first search ("${FIRST_QUERY}"), first hit after ${first.ms} ms`,
  );
  row('MCP search_docs (same build)', mcp, `${ratio(mcp.mrr5, local.mrr5)} of the site's MRR@5`);
  row('@easyops-cn/docusaurus-search-local', peerScore, `${(peerBytes / 1024).toFixed(0)} kB of index (gzip)`);
  console.log(
    `\nLocal query time over ${times.length} queries: median ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms`,
  );
  console.log(`MRR@5 ratio (this site / peer): ${(local.mrr5 / Math.max(peerScore.mrr5, 1e-9)).toFixed(2)}×`);
  if (local.misses.length) console.log(`\nLocal misses at rank 1:\n  ${local.misses.join('\n  ')}`);
  fs.writeFileSync(
    path.join(RESULTS, 'search.json'),
    `${JSON.stringify({local, mcp, peer: peerScore, firstSearch: first, peerIndexBytes: peerBytes, medianMs: percentile(times, 50), p95Ms: percentile(times, 95)}, null, 2)}\n`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
