import {entryScripts} from '../../src/paint-first';
import {expect, hydrated, openApiReference, test} from './fixtures';

// The default build: no analytics configured.
test('without configuration no analytics code is in the first load and nothing leaves the site', async ({
  page,
  baseURL,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/platform/quick-start');
  await hydrated(page);
  await openApiReference(page);
  await page.getByRole('button', {name: 'Yes', exact: true}).click();
  expect(requested.filter((url) => !url.startsWith(baseURL!))).toEqual([]);

  const scripts = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]'), (s) => s.src),
  );
  const html = await (await page.request.get('/platform/quick-start')).text();
  const firstLoad = entryScripts(html);
  expect(firstLoad.length).toBeGreaterThan(0);
  for (const src of new Set([...firstLoad, ...scripts.map((s) => new URL(s).pathname)])) {
    const code = await (await page.request.get(src)).text();
    expect(code, src).not.toMatch(/mixpanel|googletagmanager|gtag\/js/);
  }
});

test('feedback without analytics: Yes or No, a comment of at most 500 characters, and a pre-filled issue', async ({
  page,
}) => {
  await page.goto('/platform/quick-start');
  await hydrated(page);
  const storedBefore = await page.evaluate(() => Object.keys(localStorage).sort());
  const feedback = page.locator('section', {has: page.getByText('Was this page helpful?')});
  await expect(feedback.getByRole('group', {name: 'Was this page helpful?'})).toBeVisible();

  // Keyboard: Tab to the buttons, Enter to vote; focus lands in the comment box.
  await feedback.getByRole('button', {name: 'Yes', exact: true}).focus();
  await page.keyboard.press('Tab');
  await expect(feedback.getByRole('button', {name: 'No', exact: true})).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(feedback.getByRole('status')).toHaveText('Thanks for your feedback.');
  const comment = feedback.getByLabel('What could be better? (optional)');
  await expect(comment).toBeFocused();

  await comment.fill('x'.repeat(600));
  await expect(comment).toHaveValue('x'.repeat(500));
  await expect(feedback.getByText('500/500 characters')).toBeVisible();
  await comment.fill('Say which client version this needs.');

  const link = feedback.getByRole('link', {name: /Open an issue on GitHub/});
  await expect(link).toHaveAttribute('target', '_blank');
  const href = new URL((await link.getAttribute('href'))!);
  expect(`${href.origin}${href.pathname}`).toBe('https://github.com/nomic-ai/atlas-docs/issues/new');
  expect(href.searchParams.get('title')).toBe('Docs feedback: Quick start');
  expect(href.searchParams.get('body')).toBe(
    'Page: https://docs.nomic.ai/platform/quick-start\nHelpful: No\n\nSay which client version this needs.',
  );
  expect(await page.evaluate(() => Object.keys(localStorage).sort())).toEqual(storedBefore);
  expect(await page.context().cookies()).toEqual([]);
});

test('API pages ask for feedback too', async ({page}) => {
  await page.goto('/reference/api/embed-text');
  await expect(page.getByText('Was this page helpful?')).toBeVisible();
  await expect(page.getByRole('button', {name: 'Yes', exact: true})).toBeVisible();
});

test('the footer links to the privacy page, which says what is collected', async ({page}) => {
  await page.goto('/platform/quick-start');
  await page.getByRole('contentinfo').getByRole('link', {name: 'Privacy'}).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', {level: 1, name: 'Privacy'})).toBeVisible();
  await expect(page.getByRole('heading', {name: 'Do Not Track and Global Privacy Control'})).toBeVisible();
});
