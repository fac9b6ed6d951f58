import {test as base, expect, type Locator, type Page} from '@playwright/test';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

export {specRoutes} from '../support/routes.cjs';

/** Console errors and uncaught exceptions seen by a page. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(`uncaught: ${err.message}`));
  return errors;
}

// Analytics hosts (builds with MIXPANEL_TOKEN or GTAG_ID) answer from here
// unless a test routes them itself: nothing leaves the machine, and a test of
// something else never sees an analytics request fail.
const ANALYTICS_HOSTS = /mixpanel\.com|googletagmanager\.com|google-analytics\.com/;

// Pages start their scripts after the first paint (src/paint-first), so the load
// event no longer means the page has hydrated. Docusaurus pages are settled once
// hydrated; anything else (Markdown twins, redirect pages) once loaded.
const SETTLED = 'html[data-has-hydrated="true"], html:not(:has(#__docusaurus))';
const SETTLE_TIMEOUT = 30_000;

/** Docusaurus marks <html data-has-hydrated="true"> once React has taken over the page. */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
}

/** Presses Tab, at most `presses` times, until `target` has focus; whether it got there. */
export async function tabTo(page: Page, target: Locator, presses: number): Promise<boolean> {
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return true;
  }
  return false;
}

/**
 * Follows the navbar's "API Reference" link and waits until that page has
 * rendered: a client-side navigation keeps the old page on screen while the new
 * one's chunks load, so clicking right away could hit the page being left.
 */
export async function openApiReference(page: Page): Promise<void> {
  await page.getByRole('link', {name: 'API Reference'}).first().click();
  await expect(page.getByRole('heading', {level: 1, name: 'Get started with the Atlas API'})).toBeVisible();
}

/** Unless a test picks its own `waitUntil`, navigations also wait until the page has settled. */
function settleAfterNavigation(page: Page): void {
  const settle = async <T>(navigation: Promise<T>, waitUntil: unknown): Promise<T> => {
    const response = await navigation;
    // A page that never hydrates (a test breaking its scripts) is the test's to judge.
    if (!waitUntil)
      await page
        .locator(SETTLED)
        .waitFor({state: 'attached', timeout: SETTLE_TIMEOUT})
        .catch(() => {});
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = (url, options) => settle(goto(url, options), options?.waitUntil);
  page.reload = (options) => settle(reload(options), options?.waitUntil);
}

export const test = base.extend<{consoleErrors: string[]; quietAnalytics: void}>({
  page: async ({page}, use) => {
    settleAfterNavigation(page);
    await use(page);
  },
  consoleErrors: async ({page}, use) => {
    await use(collectErrors(page));
  },
  quietAnalytics: [
    async ({page}, use) => {
      await page.route(ANALYTICS_HOSTS, (route) =>
        route.fulfill(
          route.request().resourceType() === 'script' ? {contentType: 'text/javascript', body: ''} : {body: '1'},
        ),
      );
      await use();
    },
    {auto: true},
  ],
});

export {expect};
