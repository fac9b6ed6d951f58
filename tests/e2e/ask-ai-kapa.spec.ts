import type {Page} from '@playwright/test';
import {expect, openApiReference, test} from './fixtures';

// Ask AI with Kapa (the build made with KAPA_WEBSITE_ID set). Kapa's script is
// answered by a local stand-in that records what the site asks of it; every
// other Kapa host is cut off, so nothing leaves the machine.
const SCRIPT = 'https://widget.kapa.ai/kapa-widget.bundle.js';
const STAND_IN = `
  window.__kapaCalls = [];
  const queued = (window.Kapa && window.Kapa.q) || [];
  window.Kapa = Object.assign((...args) => window.__kapaCalls.push(args), {
    open: (options) => window.__kapaCalls.push(['open', options]),
  });
  queued.forEach((args) => window.__kapaCalls.push(args));
`;

async function standIn(page: Page, {failing = false} = {}) {
  await page.route(/kapa\.ai|recaptcha|hcaptcha|run\.app/, (route) =>
    route.request().url() === SCRIPT && !failing
      ? route.fulfill({contentType: 'text/javascript', body: STAND_IN})
      : route.abort('internetdisconnected'),
  );
}

test('the widget script is added once, asynchronously, after the page is idle, with the configured attributes', async ({
  page,
}) => {
  await standIn(page);
  await page.goto('/platform/quick-start');
  const script = page.locator(`script[src="${SCRIPT}"]`);
  await expect(script).toHaveCount(1);
  expect(await script.evaluate((s: HTMLScriptElement) => s.async)).toBe(true);
  await expect(script).toHaveAttribute('data-website-id', 'test-website-id');
  await expect(script).toHaveAttribute('data-project-name', 'Nomic Atlas');
  await expect(script).toHaveAttribute('data-project-color', '#0f6b5c');
  await expect(script).toHaveAttribute(
    'data-modal-example-questions',
    'What is a Dataset?,How do I configure my topic model?',
  );
  await expect(script).toHaveAttribute('data-modal-disclaimer', /AI generated/);
  // Not in the server-rendered page: only added in the browser, once.
  const html = await (await page.request.get('/platform/quick-start')).text();
  expect(html).not.toContain('kapa-widget');
  await openApiReference(page);
  await expect(page).toHaveURL(/\/reference\//);
  await expect(script).toHaveCount(1);
});

test("the site's Ask AI button opens Kapa's widget", async ({page}) => {
  await standIn(page);
  await page.goto('/platform/quick-start');
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await page.getByRole('button', {name: 'Ask AI'}).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as {__kapaCalls?: unknown[]}).__kapaCalls))
    .toEqual([['open', {mode: 'ai'}]]);
  await expect(page.getByRole('dialog', {name: 'Ask AI'})).toHaveCount(0);
});

test('if Kapa cannot load, the panel says so and Retry loads it', async ({page}) => {
  await standIn(page, {failing: true});
  await page.goto('/platform/quick-start');
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await page.getByRole('button', {name: 'Ask AI'}).click();
  const panel = page.getByRole('dialog', {name: 'Ask AI'});
  await expect(panel).toContainText('could not be loaded');
  await page.unroute(/kapa\.ai|recaptcha|hcaptcha|run\.app/);
  await standIn(page);
  await panel.getByRole('button', {name: 'Retry'}).click();
  await expect(panel).toBeHidden();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as {__kapaCalls?: unknown[][]}).__kapaCalls?.at(-1)))
    .toEqual(['open', {mode: 'ai'}]);
});

test("the security policy allows Kapa's hosts", async ({request}) => {
  const csp = (await request.get('/')).headers()['content-security-policy'];
  expect(csp).toMatch(/script-src [^;]*https:\/\/widget\.kapa\.ai/);
  expect(csp).toMatch(/connect-src [^;]*https:\/\/proxy\.kapa\.ai/);
});
