#!/usr/bin/env node
// First-load bytes of the same pages in two builds, side by side: what a change adds to a reader's first
// visit, without the stock site and Lighthouse runs of bench:weight. Each page is loaded cold, RUNS times;
// the median is printed (prefetches apart), with the ratio of the second build to the first.
// Usage: node bench/first-load.mjs <baseline build dir> <build dir> [page path …]
import path from 'node:path';
import {chromium} from '@playwright/test';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../tests/support/chromium.mjs';
import {transfer} from '../tests/support/transfer.mjs';
import {kb, listen, median, ratio} from './support.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const [baseline, build, ...paths] = process.argv.slice(2);
if (!baseline || !build) {
  console.error('Usage: node bench/first-load.mjs <baseline build dir> <build dir> [page path …]');
  process.exit(2);
}
const pages = paths.length
  ? paths
  : ['/platform/account/dashboard', '/platform/quick-start', '/reference/api/embed-text', '/'];

const servers = [await listen(path.resolve(baseline)), await listen(path.resolve(build))];
const [before, after] = servers.map((s) => `http://127.0.0.1:${s.address().port}`);
const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS});
const measure = async (url) => {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await transfer(browser, url));
  return {bytes: median(runs.map((r) => r.bytes)), js: median(runs.map((r) => r.js))};
};
console.log(`${'page'.padEnd(32)} ${'baseline'.padStart(10)} ${'build'.padStart(10)}  ratio   (JS: baseline, build)`);
for (const page of pages) {
  const [a, b] = [await measure(before + page), await measure(after + page)];
  console.log(
    `${page.padEnd(32)} ${kb(a.bytes).padStart(10)} ${kb(b.bytes).padStart(10)}  ${ratio(b.bytes, a.bytes)}  (${kb(a.js)}, ${kb(b.js)})`,
  );
}
await browser.close();
for (const server of servers) server.close();
