import type {Page} from '@playwright/test';
import {test, expect} from './fixtures';
import {startAlgoliaMock} from '../support/algolia-mock.mjs';

// These tests run against the build made with ALGOLIA_* set (build-hosted/,
// see tests/run-all.sh). Algolia's hosts are routed to a local mock of its
// search API: nothing leaves the machine.
type Mock = Awaited<ReturnType<typeof startAlgoliaMock>>;
let mock: Mock;

test.beforeAll(async () => {
  mock = await startAlgoliaMock();
});
test.afterAll(() => mock.close());

const algoliaHosts: string[] = [];

async function routeAlgolia(page: Page) {
  await page.route(/algolia(net)?\.(net|com|io)/, async (route) => {
    const request = route.request();
    algoliaHosts.push(new URL(request.url()).host);
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/1/indexes/')) return route.fulfill({status: 200, body: '{}'});
    const response = await fetch(`${mock.url}${url.pathname}${url.search}`, {
      method: request.method(),
      headers: {'content-type': 'application/json'},
      body: request.postData() ?? undefined,
    });
    await route.fulfill({status: response.status, contentType: 'application/json', body: await response.text()});
  });
  // The insights library DocSearch loads from a CDN when insights are on.
  await page.route(/search-insights/, (route) =>
    route.fulfill({contentType: 'text/javascript', body: 'window.aa = window.aa || function () {};'}),
  );
}

test('the modal searches Algolia with insights on and no contextual filters', async ({page}) => {
  await routeAlgolia(page);
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto('/platform/quick-start');
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await page.keyboard.press('ControlOrMeta+k');
  await page.locator('.DocSearch-Input').fill('duplicate');
  await expect(page.locator('.DocSearch-Hit').first()).toContainText('Duplicate detection');
  await expect(page.locator('.DocSearch-Logo')).toBeVisible();
  const last = mock.requests.at(-1)!.payload.requests[0];
  expect(last.indexName).toBe('atlas-docs-test');
  expect(last.clickAnalytics).toBe(true);
  expect(last.facetFilters).toBeUndefined();
  // The application id from the environment picks the hosts.
  expect(algoliaHosts.some((host) => host.startsWith('testappid'))).toBe(true);
  expect(requested.filter((u) => u.includes('search-index'))).toEqual([]);
});

test('/search pages through Algolia results', async ({page}) => {
  await routeAlgolia(page);
  await page.goto('/search?q=embeddings');
  await expect(page.locator('main ol > li')).toHaveCount(20);
  await expect(page.getByText(/44 results for "embeddings" — page 1 of 3/)).toBeVisible();
  await page.getByRole('navigation', {name: 'Search result pages'}).getByRole('link', {name: '3'}).click();
  await expect(page).toHaveURL(/\/search\?q=embeddings&page=3$/);
  await expect(page.locator('main ol > li')).toHaveCount(4);
  expect(mock.requests.at(-1)!.payload.requests[0]).toMatchObject({query: 'embeddings', page: 2, hitsPerPage: 20});
});

test('an unreachable Algolia shows the error screens', async ({page}) => {
  await page.route(/algolia(net)?\.(net|com|io)/, (route) => route.abort('internetdisconnected'));
  await page.goto('/search?q=embeddings');
  await expect(page.getByRole('alert')).toContainText('Unable to fetch results');
  await page.keyboard.press('ControlOrMeta+k');
  await page.locator('.DocSearch-Input').fill('embeddings');
  await expect(page.locator('.DocSearch-ErrorScreen')).toContainText(
    'You might want to check your network connection.',
  );
});

test('pages carry the DocSearch meta tags for the crawler', async ({page}) => {
  await page.goto('/platform/quick-start');
  await expect(page.locator('meta[name="docsearch:language"]')).toHaveAttribute('content', 'en');
  await expect(page.locator('meta[name="docsearch:docusaurus_tag"]')).toHaveCount(1);
});

test('the security policy allows Algolia and its insights script, and nothing breaks it', async ({page, request}) => {
  const csp = (await request.get('/')).headers()['content-security-policy'];
  expect(csp).toContain('https://testappid-dsn.algolia.net');
  expect(csp).toContain('https://insights.algolia.io');
  expect(csp).toMatch(/script-src [^;]*https:\/\/cdn\.jsdelivr\.net\/npm\/search-insights@/);
  const violations: string[] = [];
  page.on('console', (msg) => /Content Security Policy/i.test(msg.text()) && violations.push(msg.text()));
  await routeAlgolia(page);
  await page.goto('/platform/quick-start');
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await page.keyboard.press('ControlOrMeta+k');
  await page.locator('.DocSearch-Input').fill('duplicate');
  await expect(page.locator('.DocSearch-Hit').first()).toContainText('Duplicate detection');
  await page.goto('/search?q=embeddings');
  await expect(page.locator('main ol > li').first()).toBeVisible();
  expect(violations).toEqual([]);
});
