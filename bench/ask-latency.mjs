#!/usr/bin/env node
// Ask AI as a reader meets it: the built site in Chromium, a cold cache, the network throttled as DevTools'
// profiles do it. For each connection it opens a guide, opens Ask AI, types a question and presses Enter,
// then prints the time from Enter to the first cited answer and the bytes fetched in between, for the first
// question and for a second one. Unthrottled is the baseline of the same run.
// Usage: npm run bench:ask-latency [-- --runs=3] (builds the site first if build/ is missing)
import fs from 'node:fs';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {chromium} from '@playwright/test';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../tests/support/chromium.mjs';
import {ROOT, kb, listen, median} from './support.mjs';

const BUILD = path.join(ROOT, 'build');
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 3);
// DevTools' throttling profiles, as CDP's Network.emulateNetworkConditions takes them (bytes a second).
const PROFILES = [
  {name: 'unthrottled', latency: 0, download: -1, upload: -1},
  {name: '10 Mbit/s, 40 ms', latency: 40, download: (10e6 / 8) * 0.9, upload: (5e6 / 8) * 0.9},
  {name: 'slow 4G: 1.6 Mbit/s, 150 ms', latency: 150, download: (1.6e6 / 8) * 0.9, upload: (750e3 / 8) * 0.9},
];
const QUESTIONS = ['What is the rate limit of the embedding API?', 'How do I wait for a map to finish building?'];

/**
 * Throttles the page and counts the bytes it and its workers receive, from CDP. Throttling the page
 * throttles its dedicated workers too (measured: the model arrives at the set rate), but their requests
 * are seen only from their own targets, attached here through the page's session. Bytes are counted as
 * they arrive, so a download still under way (the model) counts for what it has taken so far.
 */
async function network(page, profile) {
  const session = await page.context().newCDPSession(page);
  const received = new Map();
  const onEvent = (target, {method, params}) => {
    const key = `${target}:${params?.requestId}`;
    if (method === 'Network.dataReceived') received.set(key, (received.get(key) ?? 0) + params.encodedDataLength);
    if (method === 'Network.loadingFinished') received.set(key, params.encodedDataLength);
  };
  for (const method of ['Network.dataReceived', 'Network.loadingFinished'])
    session.on(method, (params) => onEvent('page', {method, params}));
  await session.send('Network.enable');
  if (profile.download > 0)
    await session.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latency,
      downloadThroughput: profile.download,
      uploadThroughput: profile.upload,
    });
  let id = 0;
  const toWorker = (sessionId, method) =>
    session.send('Target.sendMessageToTarget', {sessionId, message: JSON.stringify({id: ++id, method})});
  session.on('Target.receivedMessageFromTarget', ({sessionId, message}) => onEvent(sessionId, JSON.parse(message)));
  session.on('Target.attachedToTarget', async ({sessionId}) => {
    await toWorker(sessionId, 'Network.enable');
    await toWorker(sessionId, 'Runtime.runIfWaitingForDebugger');
  });
  await session.send('Target.setAutoAttach', {autoAttach: true, waitForDebuggerOnStart: true, flatten: false});
  return {bytes: () => [...received.values()].reduce((sum, n) => sum + n, 0)};
}

async function ask(page, counter, question) {
  const input = page.getByRole('dialog', {name: 'Ask AI'}).getByRole('textbox');
  await input.fill(question);
  const before = counter.bytes();
  const answers = page.getByRole('dialog', {name: 'Ask AI'}).getByRole('region');
  const count = await answers.count();
  const started = Date.now();
  await input.press('Enter');
  await answers
    .nth(count)
    .getByRole('link', {name: /^Source 1/})
    .first()
    .waitFor({timeout: 300_000});
  return {ms: Date.now() - started, bytes: counter.bytes() - before};
}

async function trial(browser, url, profile) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const counter = await network(page, profile);
  await page.goto(`${url}/platform/quick-start`);
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  await page.getByRole('button', {name: 'Ask AI'}).first().click();
  const first = await ask(page, counter, QUESTIONS[0]);
  const second = await ask(page, counter, QUESTIONS[1]);
  await context.close();
  return {first, second};
}

if (!fs.existsSync(path.join(BUILD, 'index.html'))) {
  const built = spawnSync('npm', ['run', '--silent', 'build'], {cwd: ROOT, stdio: 'inherit'});
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const server = await listen(BUILD);
const url = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS});
try {
  const lines = [];
  for (const profile of PROFILES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await trial(browser, url, profile));
    const figure = (key) => ({
      ms: median(runs.map((r) => r[key].ms)),
      bytes: median(runs.map((r) => r[key].bytes)),
    });
    const first = figure('first');
    const second = figure('second');
    console.log(
      `${profile.name.padEnd(30)} first answer ${(first.ms / 1000).toFixed(2)} s after Enter, ${kb(first.bytes)} fetched; ` +
        `second ${(second.ms / 1000).toFixed(2)} s, ${kb(second.bytes)} (median of ${RUNS}, cold cache)`,
    );
    lines.push(`${profile.name} ${(first.ms / 1000).toFixed(2)} s`);
  }
  console.log(`\nask latency: first answer ${lines.join('; ')}`);
} finally {
  await browser.close();
  server.close();
}
