import fs from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {ROOT, test, expect} from './fixtures';

const modal = (page: Page) => page.locator('.DocSearch-Modal');
const input = (page: Page) => page.getByRole('searchbox').and(page.locator('.DocSearch-Input'));

async function openWithShortcut(page: Page) {
  await page.goto('/platform/quick-start');
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await page.keyboard.press('ControlOrMeta+k');
  await expect(modal(page)).toBeVisible();
}

test('the navbar button opens the modal; the index loads only then', async ({page, consoleErrors}) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto('/platform/quick-start');
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  expect(requests.filter((u) => /search-(index|engine|head)/.test(u))).toEqual([]);
  await page.getByRole('button', {name: /search/i}).click();
  await expect(modal(page)).toBeVisible();
  await expect(input(page)).toHaveAttribute('placeholder', 'Search docs');
  await input(page).fill('embeddings');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  expect(requests.some((u) => u.includes('search-index'))).toBe(true);
  // The hits are named from the record files of the hits shown: at most one file a hit, never every file.
  const recordFiles = requests.filter((u) => /\/search-index\/\w+\/records-\d+\.json$/.test(u));
  const allRecordFiles = fs
    .readdirSync(path.join(ROOT, 'build/search-index'), {recursive: true})
    .filter((file) => /records-\d+\.json$/.test(String(file)));
  expect(recordFiles.length).toBeGreaterThan(0);
  expect(recordFiles.length).toBeLessThanOrEqual(await page.locator('.DocSearch-Hit').count());
  expect(recordFiles.length).toBeLessThan(allRecordFiles.length);
  // Local mode never talks to Algolia.
  expect(requests.filter((u) => /algolia/i.test(u))).toEqual([]);
  await expect(page.locator('link[rel="preconnect"][href*="algolia"]')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('Ctrl+K and "/" open search; Escape closes it', async ({page}) => {
  await openWithShortcut(page);
  await page.keyboard.press('Escape');
  await expect(modal(page)).toBeHidden();
  await page.keyboard.press('/');
  await expect(modal(page)).toBeVisible();
});

test('"/" typed into a field, even inside a shadow root, stays in the field', async ({page}) => {
  await page.goto('/search');
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  const field = page.locator('#search-page-input');
  await field.click();
  await page.keyboard.type('v1/embedding/text');
  await expect(field).toHaveValue('v1/embedding/text');
  await expect(modal(page)).toBeHidden();
  // A widget that renders its input in a shadow root (as chat widgets do).
  await page.evaluate(() => {
    const host = document.createElement('div');
    host.id = 'widget';
    host.attachShadow({mode: 'open'}).innerHTML = '<input id="ask" aria-label="Ask a question">';
    document.body.append(host);
  });
  await page.locator('#widget').getByLabel('Ask a question').click();
  await page.keyboard.type('a/b');
  await expect(page.locator('#widget').getByLabel('Ask a question')).toHaveValue('a/b');
  await expect(modal(page)).toBeHidden();
});

test('typing shows hits grouped by area; Enter lands on the section', async ({page}) => {
  await openWithShortcut(page);
  await input(page).fill('duplicate detection');
  const first = page.locator('.DocSearch-Hit').first();
  await expect(first).toBeVisible();
  await expect(page.locator('.DocSearch-Hit-source').first()).toHaveText('Data maps');
  await expect(first.locator('mark').first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(modal(page)).toBeHidden();
  await expect(page).toHaveURL(/\/platform\/datasets\/data-maps\/duplicate-detection/);
  const anchor = new URL(page.url()).hash.slice(1);
  if (anchor) await expect(page.locator(`[id="${anchor}"]`)).toBeInViewport();
  else await expect(page.getByRole('heading', {level: 1})).toBeVisible();
});

test('clicking a hit goes to its page; hits hold no focusable content', async ({page}) => {
  await openWithShortcut(page);
  await input(page).fill('snowflake connector');
  const first = page.locator('.DocSearch-Hit').first();
  await expect(first).toBeVisible();
  expect(await first.locator('a, button, [tabindex]').count()).toBe(0);
  await first.click();
  await expect(modal(page)).toBeHidden();
  await expect(page).toHaveURL(/\/platform\/datasets\/integrations\/snowflake-connector/);
});

test('a chosen hit is saved as a recent search and shown next time', async ({page}) => {
  await openWithShortcut(page);
  await input(page).fill('snowflake');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(modal(page)).toBeHidden();
  await page.keyboard.press('ControlOrMeta+k');
  await expect(page.locator('.DocSearch-Hit-source').first()).toHaveText('Recent');
  await expect(page.locator('.DocSearch-Hit').first()).toContainText(/snowflake/i);
  const stored = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => /RECENT_SEARCHES/i.test(k))
      .map((k) => localStorage.getItem(k))
      .join(''),
  );
  expect(stored).toMatch(/snowflake/i);
});

test('the input stops at 64 characters', async ({page}) => {
  await openWithShortcut(page);
  await input(page).pressSequentially('x'.repeat(100));
  await expect(input(page)).toHaveValue('x'.repeat(64));
});

test('a query with HTML or script shows as text', async ({page}) => {
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs += 1;
    void d.dismiss();
  });
  await openWithShortcut(page);
  const hostile = '<img src=x onerror=alert(1)><b>qzxjvwk</b>';
  await input(page).fill(hostile);
  await expect(page.locator('.DocSearch-NoResults')).toContainText(`No results for "${hostile}"`);
  await expect(modal(page).locator('img[src="x"], b')).toHaveCount(0);
  // Markup in matched content is escaped too: only <mark> is markup.
  await input(page).fill('<uuid>');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  const html = await page.locator('.DocSearch-Hits').first().innerHTML();
  expect(html).not.toMatch(/<uuid>/);
  expect(dialogs).toBe(0);
});

test('a failed index request shows the error screen', async ({page}) => {
  await page.route('**/search-index/**', (route) => route.abort('internetdisconnected'));
  await openWithShortcut(page);
  await input(page).fill('embeddings');
  await expect(page.locator('.DocSearch-ErrorScreen')).toContainText('Unable to fetch results');
  await expect(page.locator('.DocSearch-ErrorScreen')).toContainText(
    'You might want to check your network connection.',
  );
});

test('a nonsense query shows the no-results screen with suggestions', async ({page}) => {
  await openWithShortcut(page);
  // DocSearch suggests the areas of the session's earlier results.
  await input(page).fill('embeddings');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  await input(page).fill('qzxjvwk');
  await expect(page.locator('.DocSearch-NoResults')).toContainText('No results for "qzxjvwk"');
  await expect(page.locator('.DocSearch-NoResults')).toContainText('Try searching for');
  await expect(page.getByText('No results found for')).toHaveCount(0);
});

test('snippets are 10 words, or 5 on small screens', async ({page}) => {
  const words = async () => {
    const texts = await page.locator('.DocSearch-Hit-path, .DocSearch-Hit-title').allTextContents();
    return Math.max(...texts.map((t) => t.replace(/…/g, '').trim().split(/\s+/).filter(Boolean).length));
  };
  await openWithShortcut(page);
  await input(page).fill('shards');
  await expect(page.locator('.DocSearch-Hit-path').first()).toBeVisible();
  expect(await words()).toBeLessThanOrEqual(10);
  expect(await words()).toBeGreaterThan(5);
  await page.setViewportSize({width: 700, height: 900});
  await page.goto('/platform/quick-start');
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await page.keyboard.press('ControlOrMeta+k');
  await input(page).fill('shards');
  await expect(page.locator('.DocSearch-Hit-path').first()).toBeVisible();
  expect(await words()).toBeLessThanOrEqual(5);
});

test('/search shows 20 results a page, with paging kept in the URL', async ({page, consoleErrors}) => {
  await page.goto('/search?q=dataset');
  const results = page.locator('main ol > li');
  await expect(results).toHaveCount(20);
  await expect(page.getByText(/results for "dataset" — page 1 of/)).toBeVisible();
  const firstPage = await results.first().textContent();
  await page.getByRole('navigation', {name: 'Search result pages'}).getByRole('link', {name: 'Next'}).click();
  await expect(page).toHaveURL(/\/search\?q=dataset&page=2$/);
  await expect(page.getByText(/page 2 of/)).toBeVisible();
  expect(await results.first().textContent()).not.toBe(firstPage);
  await page.locator('#search-page-input').fill('snowflake connector');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=snowflake\+connector$/);
  await expect(results.first()).toContainText(/snowflake/i);
  expect(consoleErrors).toEqual([]);
});

test("/search reports no results and failures in the spec's words", async ({page}) => {
  await page.goto('/search?q=qzxjvwk');
  await expect(page.getByText('No results for "qzxjvwk"')).toBeVisible();
  await expect(page.getByText('Try searching for:')).toBeVisible();
  await page.route('**/search-index/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/search?q=embeddings');
  await expect(page.getByRole('alert')).toContainText('Unable to fetch results');
  await expect(page.getByRole('alert')).toContainText('You might want to check your network connection.');
});

test('the not-found page suggests pages from search', async ({page}) => {
  await page.goto('/platform/duplicate-detecton');
  await expect(page.getByRole('heading', {name: 'Pages that may be what you were looking for'})).toBeVisible();
  await expect(page.getByRole('link', {name: 'Duplicate detection'}).first()).toBeVisible();
});

test('at most 5 hits per group, and arrow keys move through them', async ({page}) => {
  await openWithShortcut(page);
  await input(page).fill('dataset');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  const counts = await page
    .locator('.DocSearch-Hits')
    .evaluateAll((groups) => groups.map((g) => g.querySelectorAll('.DocSearch-Hit').length));
  expect(counts.length).toBeGreaterThan(1);
  expect(Math.max(...counts)).toBeLessThanOrEqual(5);
  const active = page.locator('.DocSearch-Hit[aria-selected="true"]');
  const first = await active.textContent();
  await page.keyboard.press('ArrowDown');
  await expect(active).not.toHaveText(first!);
});
