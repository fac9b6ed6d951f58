import type {Page} from '@playwright/test';
import {expect, openApiReference, test} from './fixtures';

// The build made with GTAG_ID set (build-kapa/, see tests/run-all.sh). gtag.js
// is answered by a stand-in; the data layer shows what the site asked of it.
const GTAG = /www\.googletagmanager\.com\/gtag\/js/;

async function standIns(page: Page, {blocked = false} = {}): Promise<string[]> {
  const loads: string[] = [];
  await page.route(GTAG, (route) => {
    loads.push(route.request().url());
    return blocked ? route.abort('blockedbyclient') : route.fulfill({contentType: 'text/javascript', body: ''});
  });
  // This build also has Kapa configured; its widget is not under test here.
  await page.route(/kapa\.ai|recaptcha|hcaptcha|run\.app/, (route) =>
    route.fulfill({contentType: 'text/javascript', body: ''}),
  );
  return loads;
}

/** What the site pushed to the data layer, as arrays. */
function commands(page: Page): Promise<unknown[][]> {
  return page.evaluate(() =>
    ((window as unknown as {dataLayer?: IArguments[]}).dataLayer ?? []).map((entry) =>
      JSON.parse(JSON.stringify(Array.from(entry))),
    ),
  );
}

const pageViews = async (page: Page) =>
  (await commands(page)).filter(([command, name]) => command === 'event' && name === 'page_view');

test('gtag.js loads once with the configured id, and each navigation is one page view', async ({page, baseURL}) => {
  const loads = await standIns(page);
  await page.goto('/platform/quick-start');
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await expect.poll(async () => (await pageViews(page)).length).toBe(1);
  await openApiReference(page);
  await expect(page).toHaveURL(/\/reference\/getting-started\/$/);
  // The URL changes before the new route renders; a reader goes back from a page they saw.
  await expect.poll(async () => (await pageViews(page)).length).toBe(2);
  await page.goBack();
  await expect.poll(async () => (await pageViews(page)).length).toBe(3);
  const locations = (await pageViews(page)).map(([, , params]) => (params as {page_location: string}).page_location);
  expect(locations).toEqual([
    `${baseURL}/platform/quick-start`,
    `${baseURL}/reference/getting-started/`,
    `${baseURL}/platform/quick-start`,
  ]);
  expect(loads).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST0000']);
  // gtag's own automatic page view is off, so none is counted twice.
  expect((await commands(page)).find(([command]) => command === 'config')).toEqual([
    'config',
    'G-TEST0000',
    {send_page_view: false},
  ]);
});

test('a blocked Google tag causes no error and the page works', async ({page}) => {
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(error.message));
  await standIns(page, {blocked: true});
  await page.goto('/platform/quick-start');
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await openApiReference(page);
  await page.getByRole('button', {name: 'No', exact: true}).click();
  await expect(page.getByLabel('What could be better? (optional)')).toBeFocused();
  expect(uncaught).toEqual([]);
});
