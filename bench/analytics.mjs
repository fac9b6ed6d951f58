#!/usr/bin/env node
// What analytics costs a reader: the site built without analytics (the
// baseline) and with MIXPANEL_TOKEN and GTAG_ID set, in the same run. For
// each page kind: the start-up scripts the HTML names (gzip), and everything
// the page transfers until the network is idle (Mixpanel's chunk included;
// third-party hosts are answered empty, so only the site's bytes count).
// Usage: npm run bench:analytics
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {chromium} from '@playwright/test';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../tests/support/chromium.mjs';
import {transfer} from '../tests/support/transfer.mjs';
import {RESULTS, build, kb, listen, ratio} from './support.mjs';

const PAGES = [
  ['home', '/'],
  ['guide', '/platform/quick-start'],
  ['API page', '/reference/api/embed-text'],
];
const THIRD_PARTY = /mixpanel\.com|googletagmanager\.com|google-analytics\.com/;

/** Gzip bytes of the scripts a page's HTML starts with. */
function startupScripts(dir, route) {
  const html = fs.readFileSync(path.join(dir, route === '/' ? 'index.html' : `${route}/index.html`), 'utf8');
  const sources = [...html.matchAll(/<script[^>]+src=["']?([^"'\s>]+)/g)].map((m) => m[1]);
  return sources.reduce((sum, src) => sum + zlib.gzipSync(fs.readFileSync(path.join(dir, src))).length, 0);
}

/** Third-party hosts answer empty, so only the site's own bytes count. */
const loaded = (browser, url) =>
  transfer(browser, url, {prepare: (page) => page.route(THIRD_PARTY, (route) => route.fulfill({body: ''}))});

async function main() {
  fs.mkdirSync(RESULTS, {recursive: true});
  const off = path.join(RESULTS, 'build-analytics-off');
  const on = path.join(RESULTS, 'build-analytics-on');
  build(process.cwd(), off);
  build(process.cwd(), on, {MIXPANEL_TOKEN: 'bench-token', GTAG_ID: 'G-BENCH0000'});
  const servers = [await listen(off), await listen(on)];
  const origin = (server) => `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS});
  try {
    console.log('Analytics cost per page kind: without analytics (baseline) → with MIXPANEL_TOKEN and GTAG_ID');
    console.log(
      `${'page'.padEnd(10)}${'start-up scripts (gzip)'.padStart(36)}${'transferred until idle'.padStart(36)}`,
    );
    for (const [name, route] of PAGES) {
      const [a, b] = [startupScripts(off, route), startupScripts(on, route)];
      const [x, y] = [
        await loaded(browser, origin(servers[0]) + route),
        await loaded(browser, origin(servers[1]) + route),
      ];
      console.log(
        `${name.padEnd(10)}${`${kb(a)} → ${kb(b)} (+${b - a} B, ${ratio(b, a)})`.padStart(36)}${`${kb(x.bytes)} → ${kb(y.bytes)} (${ratio(y.bytes, x.bytes)})`.padStart(36)}`,
      );
    }
  } finally {
    await browser.close();
    for (const server of servers) server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
