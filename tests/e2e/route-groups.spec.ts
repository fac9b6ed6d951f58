import type {Page} from '@playwright/test';
import {expect, test} from './fixtures';

// The pages' routes are not in main.js: they load by group of neighbouring
// paths (src/plugins/route-groups). A page loads its own group before it
// hydrates; a link to a page of another group loads that group first.

const GUIDE = '/platform/account/dashboard';
const GROUP = /\/assets\/js\/route-group-\d+\.[0-9a-f]+\.js$/;

/** Route-group files the page runs (scripts) and those it only prefetches. */
function watchGroups(page: Page) {
  const seen = {scripts: [] as string[], prefetches: [] as string[], documents: [] as string[]};
  page.on('request', (request) => {
    const url = new URL(request.url()).pathname;
    if (request.resourceType() === 'document') seen.documents.push(url);
    if (!GROUP.test(url)) return;
    (request.resourceType() === 'script' ? seen.scripts : seen.prefetches).push(url);
  });
  return seen;
}

/** Opens the guide, watching route groups, and waits until it has hydrated. */
async function openGuide(page: Page) {
  const seen = watchGroups(page);
  const response = await page.goto(GUIDE);
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  return {seen, html: (await response!.text())!};
}

/** Clicks the guide's link to an API page (another group's). */
async function followApiLink(page: Page): Promise<void> {
  await page.getByRole('main').locator('a[href="/reference/api/get-api-keys"]').first().click();
  await expect(page).toHaveURL(/\/reference\/api\/get-api-keys$/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Get API keys');
}

async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as {marker: string}).marker = 'still here'));
}

async function marked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as {marker?: string}).marker === 'still here');
}

test("main.js holds no page's route; a page runs its own group and only prefetches others", async ({
  page,
  request,
  consoleErrors,
}) => {
  const {seen, html} = await openGuide(page);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Dashboard');
  expect(seen.scripts).toHaveLength(1);
  // The route's chunk-name key (path and hash) is in its group, not in main.js.
  const routeKey = /"\/platform\/account\/dashboard-[0-9a-f]{3}"/;
  const main = /\/assets\/js\/main\.[0-9a-f]+\.js/.exec(html)![0];
  expect(await (await request.get(main)).text()).not.toMatch(routeKey);
  expect(await (await request.get(seen.scripts[0])).text()).toMatch(routeKey);
  // Links in view to pages of other groups fetch those groups at the lowest priority, without running them.
  await expect.poll(() => seen.prefetches.length).toBeGreaterThan(0);
  expect(seen.prefetches).not.toContain(seen.scripts[0]);
  expect(seen.scripts).toHaveLength(1);
  expect(consoleErrors).toEqual([]);
});

test('a link to a page of another group loads that group and the page, without reloading', async ({
  page,
  consoleErrors,
}) => {
  const {seen} = await openGuide(page);
  await markWindow(page);
  await followApiLink(page);
  expect(seen.scripts.length).toBe(2);
  expect(await marked(page)).toBe(true);
  expect(seen.documents).toHaveLength(1);
  // The page is whole: its sidebar marks it, and its head links its Markdown twin.
  await expect(page.locator('.menu__link--active[href="/reference/api/get-api-keys"]')).toBeVisible();
  await expect(page.locator('link[rel="alternate"][type="text/markdown"]')).toHaveAttribute(
    'href',
    '/reference/api/get-api-keys.md',
  );
  expect(consoleErrors).toEqual([]);
});

test("a plain anchor to another group's page goes through the router once its group loads; one to no page is left to the browser", async ({
  page,
}) => {
  const {seen} = await openGuide(page);
  await markWindow(page);
  await page.evaluate(() =>
    document
      .querySelector('article')!
      .insertAdjacentHTML('afterbegin', '<p><a id="raw" href="/reference/api/embed-text">Embed</a></p>'),
  );
  await page.locator('#raw').click();
  await expect(page).toHaveURL(/\/reference\/api\/embed-text$/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Embed text');
  expect(seen.scripts.length).toBe(2);
  expect(await marked(page)).toBe(true);

  await page.goBack();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Dashboard');
  await page.evaluate(() =>
    document
      .querySelector('article')!
      .insertAdjacentHTML('afterbegin', '<p><a id="none" href="/reference/api/no-such-operation">None</a></p>'),
  );
  const notFound = page.waitForResponse((r) => r.url().endsWith('/reference/api/no-such-operation'));
  await page.locator('#none').click();
  expect((await notFound).status()).toBe(404);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Page not found');
});

test("when a group's file cannot be loaded, a link to its page loads the page from the server", async ({
  page,
  consoleErrors,
}) => {
  const {seen} = await openGuide(page);
  // No group loads until the next document is requested, which then can load its own.
  let offline = true;
  page.on('request', (request) => {
    if (request.isNavigationRequest()) offline = false;
  });
  await page.route(GROUP, (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
  await followApiLink(page);
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  expect(seen.documents).toEqual([GUIDE, '/reference/api/get-api-keys']);
  // The failed loads are reported as such; nothing is thrown uncaught.
  expect(consoleErrors.filter((e) => e.startsWith('uncaught'))).toEqual([]);
});
