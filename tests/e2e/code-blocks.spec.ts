import type {Page} from '@playwright/test';
import {expect, openApiReference, test} from './fixtures';

// Code is highlighted by the server; browsers load the highlighter (Prism)
// only for code the server did not render. See src/theme/CodeBlock/Content.
const HIGHLIGHTER = /\/code-highlighter\.[0-9a-f]+\.js$/;

function scriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
}

test('code arrives highlighted and stays so after hydration, without the highlighter', async ({
  page,
  request,
  consoleErrors,
}) => {
  const html = await (await request.get('/reference/getting-started/')).text();
  expect(html).toMatch(/<span class="token function"[^>]*>curl<\/span>/);

  const scripts = scriptRequests(page);
  await page.goto('/reference/getting-started/');
  const python = page.getByRole('tabpanel').filter({hasText: 'from nomic import embed'}).first();
  await expect(python.locator('.token.keyword').first()).toHaveText('import');
  // Hydrated: the tabs respond, and the other panel's code is highlighted too.
  await page.getByRole('tab', {name: 'curl'}).first().click();
  const curl = page.getByRole('tabpanel').filter({hasText: 'curl -X'}).first();
  await expect(curl).toBeVisible();
  await expect(curl.locator('.token.function', {hasText: 'curl'}).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => HIGHLIGHTER.test(url))).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('code first drawn in the browser is highlighted once the highlighter loads', async ({page, consoleErrors}) => {
  const scripts = scriptRequests(page);
  await page.goto('/reference/api/embed-text');
  const samples = page.getByRole('region', {name: 'Request samples'});
  await expect(samples.locator('.token.keyword').first()).toHaveText('import');
  // Only the selected tab is server-rendered: curl is drawn here.
  await samples.getByRole('tab', {name: 'curl'}).click();
  await expect(samples.locator('.token.function', {hasText: 'curl'})).toBeVisible();
  await expect(samples.locator('.token.string').first()).toBeVisible();
  expect(scripts.filter((url) => HIGHLIGHTER.test(url))).toHaveLength(1);
  expect(consoleErrors).toEqual([]);
});

test('a page reached by client navigation shows highlighted code', async ({page, consoleErrors}) => {
  await page.goto('/platform/quick-start');
  await openApiReference(page);
  await expect(page.locator('pre code .token.keyword').first()).toHaveText('import');
  expect(consoleErrors).toEqual([]);
});

test('without the highlighter (chunk unreachable) code stays readable as plain text', async ({page}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(error.message));
  await page.route(HIGHLIGHTER, (route) => route.abort());
  await page.goto('/reference/api/embed-text');
  const samples = page.getByRole('region', {name: 'Request samples'});
  await samples.getByRole('tab', {name: 'curl'}).click();
  const code = samples.getByRole('tabpanel').locator('code');
  await expect(code).toContainText("curl --request POST 'https://api-atlas.nomic.ai/v1/embedding/text'");
  await expect.poll(() => warnings.some((w) => w.startsWith('Code highlighting is unavailable'))).toBe(true);
  await expect(code.locator('.token.function')).toHaveCount(0);
  expect(uncaught).toEqual([]);
});

test.describe('buttons of server-rendered code blocks', () => {
  test.use({permissions: ['clipboard-read', 'clipboard-write']});

  test('copy the code and toggle word wrap', async ({page}) => {
    await page.goto('/reference/getting-started/');
    const block = page.locator('.theme-code-block').filter({hasText: 'from nomic import embed'}).first();
    await block.hover();
    await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
    // The clipboard is written asynchronously after the click.
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toMatch(/^import os\n\nimport nomic\nfrom nomic import embed\n/);
    await block.getByRole('button', {name: 'Toggle word wrap'}).click();
    await expect(block.locator('code')).toHaveCSS('white-space', 'pre-wrap');
  });
});
