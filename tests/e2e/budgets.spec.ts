import fs from 'node:fs';
import path from 'node:path';
import {countTransfer, loadPage, transfer} from '../support/transfer.mjs';
import {ROOT, expect, test} from './fixtures';

// First-load size budgets per page type: what a reader's browser downloads
// (compressed, cold cache, link prefetches apart), checked against
// bench/budgets.json. A page may exceed its budget by at most 5 %; raise a
// budget in the same pull request as the change that needs it.
type Budget = {bytes: number; js: number};
const BUDGETS: Record<string, Budget> = JSON.parse(fs.readFileSync(path.join(ROOT, 'bench/budgets.json'), 'utf8'));
const TOLERANCE = 1.05;

const PAGES: [string, string][] = [
  ['home', '/'],
  ['guide', '/platform/datasets/prepare-data-for-atlas'],
  ['guide with a diagram', '/platform/quick-start'],
  ['API page', '/reference/api/embed-text'],
  ['legacy API page', '/reference/api/legacy/create-dataset'],
];

const measured: Record<string, Budget> = {};

test.describe.configure({mode: 'serial'});

for (const [name, url] of PAGES) {
  test(`first load of a ${name} stays within its budget`, async ({browser, baseURL}) => {
    const {bytes, js} = await transfer(browser, `${baseURL}${url}`);
    measured[name] = {bytes, js};
    expect(bytes, `${name}: ${bytes} bytes`).toBeLessThanOrEqual(BUDGETS[name].bytes * TOLERANCE);
    expect(js, `${name}: ${js} bytes of JavaScript`).toBeLessThanOrEqual(BUDGETS[name].js * TOLERANCE);
  });
}

test('the first search stays within its budget', async ({page}) => {
  await loadPage(page, '/platform/datasets/prepare-data-for-atlas');
  const counter = await countTransfer(page);
  await page.getByRole('button', {name: 'Search docs'}).click();
  await page.locator('.DocSearch-Input').fill('duplicate detection');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  await counter.settled();
  const {bytes, js} = await counter.stop();
  measured['first search'] = {bytes, js};
  expect(bytes, `first search: ${bytes} bytes`).toBeLessThanOrEqual(BUDGETS['first search'].bytes * TOLERANCE);
  expect(js).toBeLessThanOrEqual(BUDGETS['first search'].js * TOLERANCE);
});

test.afterAll(() => {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`.padStart(9);
  const rows = Object.entries(measured).map(
    ([name, {bytes, js}]) =>
      `${name.padEnd(22)} ${kb(bytes)} of ${kb(BUDGETS[name].bytes)} (${((bytes / BUDGETS[name].bytes) * 100).toFixed(0)} %)   JS ${kb(js)} of ${kb(BUDGETS[name].js)}`,
  );
  console.log(`\nFirst-load size against bench/budgets.json (fails above 105 %):\n${rows.join('\n')}`);
});
