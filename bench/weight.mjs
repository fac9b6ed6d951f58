#!/usr/bin/env node
// Page weight, request count, Lighthouse mobile performance and build time,
// each printed against a baseline measured in the same run:
//   - pages against their stock twins: the same guides built here as a stock
//     Docusaurus 3 site (preset-classic defaults) from the same node_modules,
//   - the build against the same site built without its generated API pages.
// Usage: npm run bench:weight   (BENCH_RUNS=3 Lighthouse runs per page by default)
import fs from 'node:fs';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {chromium} from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../tests/support/chromium.mjs';
import {transfer} from '../tests/support/transfer.mjs';
import {FIRST_QUERY, RESULTS, ROOT, build, firstSearch, kb, listen, median, ratio, stockSite} from './support.mjs';

// Lighthouse's Chrome runs headless with the same flags as the browser tests.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function performance(url) {
  const scores = [];
  const tbt = [];
  const a11y = [];
  const host = [];
  for (let i = 0; i < RUNS; i++) {
    const chrome = await chromeLauncher.launch({chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS});
    try {
      const {lhr} = await lighthouse(url, {
        port: chrome.port,
        onlyCategories: ['performance', 'accessibility'],
        logLevel: 'error',
      });
      scores.push(Math.round(lhr.categories.performance.score * 100));
      a11y.push(Math.round(lhr.categories.accessibility.score * 100));
      tbt.push(Math.round(lhr.audits['total-blocking-time'].numericValue));
      host.push(Math.round(lhr.environment.benchmarkIndex));
    } finally {
      await chrome.kill();
    }
  }
  return {score: median(scores), tbt: median(tbt), accessibility: median(a11y), benchmarkIndex: median(host)};
}

async function main() {
  fs.mkdirSync(RESULTS, {recursive: true});
  const gen = spawnSync('node', ['src/api/build/generate.mjs'], {cwd: ROOT, encoding: 'utf8'});
  if (gen.status !== 0) throw new Error(gen.stderr);

  console.log('Building: stock Docusaurus site, this site without API pages, this site …');
  const stockDir = stockSite();
  const stockBuild = build(stockDir, path.join(stockDir, 'build'));
  const noApiBuild = build(ROOT, path.join(RESULTS, 'build-without-api'), {ATLAS_WITHOUT_API_PAGES: '1'});
  const fullBuild = build(ROOT, path.join(RESULTS, 'build'));

  const site = await listen(path.join(RESULTS, 'build'));
  const noApi = await listen(path.join(RESULTS, 'build-without-api'));
  const noApiUrl = `http://127.0.0.1:${noApi.address().port}`;
  const stock = await listen(path.join(stockDir, 'build'));
  const siteUrl = `http://127.0.0.1:${site.address().port}`;
  const stockUrl = `http://127.0.0.1:${stock.address().port}`;
  // [label, path, has a stock twin]
  const pages = [
    ['guide /platform/account/dashboard', '/platform/account/dashboard', true],
    ['guide with a diagram /platform/quick-start', '/platform/quick-start', true],
    ['reference /reference/python-api/map-resources', '/reference/python-api/map-resources', true],
    ['home /', '/', false],
    ['API page /reference/api/embed-text', '/reference/api/embed-text', false],
    ['legacy API page /reference/api/legacy/create-dataset', '/reference/api/legacy/create-dataset', false],
  ];

  const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS});
  const rows = [];
  for (const [name, pagePath, hasTwin] of pages) {
    const measure = async (base) => ({
      ...(await transfer(browser, base + pagePath)),
      ...(await performance(base + pagePath)),
    });
    rows.push({
      name,
      path: pagePath,
      site: await measure(siteUrl),
      stock: hasTwin ? await measure(stockUrl) : undefined,
      // The same page when the site has no API pages: what the API pages'
      // route table (every page's share of 131 more routes) adds to it.
      withoutApiPages: hasTwin ? await transfer(browser, noApiUrl + pagePath) : undefined,
    });
  }
  const firstSearches = [];
  for (let i = 0; i < RUNS; i++) firstSearches.push(await firstSearch(browser, siteUrl));
  await browser.close();
  site.close();
  noApi.close();
  stock.close();
  fs.rmSync(stockDir, {recursive: true, force: true});

  // Pages without a stock twin are compared with the stock rendering of the plain guide.
  const stockGuide = rows[0].stock;
  console.log(
    `\nPage weight (gzip, cold cache), Lighthouse mobile performance and accessibility (median of ${RUNS}): this site / stock`,
  );
  console.log(
    'page'.padEnd(54),
    'this site'.padStart(10),
    'stock'.padStart(10),
    'ratio'.padStart(7),
    'reqs'.padStart(10),
    'prefetched'.padStart(18),
    'perf'.padStart(9),
    'TBT ms'.padStart(11),
    'a11y'.padStart(9),
  );
  for (const r of rows) {
    const base = r.stock ?? stockGuide;
    const twin = r.stock ? '' : '*';
    console.log(
      r.name.padEnd(54),
      kb(r.site.bytes).padStart(10),
      `${kb(base.bytes)}${twin}`.padStart(10),
      ratio(r.site.bytes, base.bytes).padStart(7),
      `${r.site.requests}/${base.requests}`.padStart(10),
      `${kb(r.site.prefetchBytes)}/${kb(base.prefetchBytes)}`.padStart(18),
      `${r.site.score}/${base.score}`.padStart(9),
      `${r.site.tbt}/${base.tbt}`.padStart(11),
      `${r.site.accessibility}/${base.accessibility}`.padStart(9),
    );
  }
  console.log('* no stock twin: compared with the stock rendering of the first guide page');
  for (const r of rows.filter((row) => row.withoutApiPages)) {
    console.log(
      `${r.name}: without the API pages ${kb(r.withoutApiPages.bytes)}, ${ratio(r.withoutApiPages.bytes, r.stock.bytes)} of stock`,
    );
  }
  console.log('transferred and requests exclude link prefetches, which are listed apart');

  const [plain, diagram] = rows;
  const first = {...firstSearches[0], ms: median(firstSearches.map((f) => f.ms))};
  console.log('\nTargets (issue 16), this run');
  console.log(
    `  guide with a diagram / guide without: ${ratio(diagram.site.bytes, plain.site.bytes)} (target ≤ 1.15×; stock twin ${ratio(diagram.stock.bytes, plain.stock.bytes)})`,
  );
  console.log(
    `  guide with a diagram, Lighthouse mobile performance: ${diagram.site.score} (target ≥ 90; stock twin ${diagram.stock.score})`,
  );
  // Lighthouse simulates a phone by slowing this host's CPU 4×, so a slower or busier host
  // scores lower; it warns below a benchmark index of 1000. Scores compare within one run only.
  console.log(
    `  host speed during those runs (Lighthouse benchmarkIndex, median): this site ${diagram.site.benchmarkIndex}, stock twin ${diagram.stock.benchmarkIndex}`,
  );
  console.log(
    `  first search ("${FIRST_QUERY}"): ${kb(first.bytes)} in ${first.requests} requests, first hit after ${first.ms} ms (target ≤ 100 kB)`,
  );
  console.log('\nBuild time (docusaurus build, Rspack)');
  console.log(`  stock build of the same guides ${stockBuild.toFixed(1)} s`);
  console.log(`  this site without API pages    ${noApiBuild.toFixed(1)} s (baseline)`);
  console.log(`  this site                      ${fullBuild.toFixed(1)} s  ${ratio(fullBuild, noApiBuild)}`);
  fs.writeFileSync(
    path.join(RESULTS, 'weight.json'),
    `${JSON.stringify({pages: rows, firstSearch: first, buildSeconds: {stock: stockBuild, withoutApiPages: noApiBuild, full: fullBuild}}, null, 2)}\n`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
