import type {Page} from '@playwright/test';
import {expect, test} from './fixtures';

// The build served as a generic static host serves it (scripts/static-server.mjs):
// files as they are, `_headers` applied, 404.html with status 404 for anything else.

/** CSP violations the page reports, collected from the start of every document it loads. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) fromConsole.push(msg.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as {cspViolations: string[]}).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [
    ...fromConsole,
    ...(await page.evaluate(() => (window as unknown as {cspViolations?: string[]}).cspViolations ?? [])),
  ];
}

test.describe('other spellings of a route reach it', () => {
  const cases: [string, string][] = [
    ['/platform/quick-start.html', '/platform/quick-start'],
    ['/platform/quick-start/index', '/platform/quick-start'],
    ['/platform/quick-start/index.html', '/platform/quick-start'],
    ['/platform/datasets.html', '/platform/datasets/'],
    ['/platform/datasets/index', '/platform/datasets/'],
    ['/platform/datasets/index.html', '/platform/datasets/'],
    ['/reference/api/embed-text.html', '/reference/api/embed-text'],
    ['/index.html', '/'],
    ['/index', '/'],
  ];
  for (const [from, to] of cases) {
    test(`${from} → ${to}`, async ({page, consoleErrors}) => {
      const statuses: number[] = [];
      page.on('response', (r) => r.request().resourceType() === 'document' && statuses.push(r.status()));
      await page.goto(from);
      await expect(page).toHaveURL(new RegExp(`${to.replace(/[.?]/g, '\\$&')}$`));
      await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
      await expect(page.getByRole('heading', {level: 1})).not.toHaveText(/page not found/i);
      expect(
        statuses.every((s) => s === 200),
        `document statuses ${statuses}`,
      ).toBe(true);
      expect(consoleErrors).toEqual([]);
    });
  }
});

test('a path differing from a route only in letter case is not found, with status 404 and no hydration error', async ({
  page,
  consoleErrors,
}) => {
  for (const path of ['/PLATFORM/QUICK-START', '/platform/Quick-Start', '/Search']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Page not found');
  }
  // The 404 response itself is the only error the console may show.
  expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
});

test.describe('security headers', () => {
  test('every response carries the policy from the build', async ({request}) => {
    for (const path of ['/', '/platform/quick-start', '/no-such-page', '/img/logo.svg']) {
      const response = await request.get(path);
      const headers = response.headers();
      const csp = headers['content-security-policy'] ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+(;|$)/);
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy']).toContain('camera=()');
    }
  });

  test('with no hosted service configured, the policy names no other host', async ({request}) => {
    const csp = (await request.get('/')).headers()['content-security-policy'];
    expect(csp).not.toMatch(/https?:\/\//);
  });

  // The server-HTML checks prove every inline script of every page is hashed in
  // the policy; here the browser enforces it on each page kind, as it runs.
  for (const path of [
    '/',
    '/platform/datasets/prepare-data-for-atlas',
    '/platform/quick-start', // a diagram
    '/platform/embeddings-and-retrieval/text-embedding', // a chart
    '/reference/api/embed-text',
    '/reference/api/legacy/create-dataset',
    '/platform/quick-start.html', // a redirect page
    '/no-such-page',
    '/search?q=embedding',
  ]) {
    test(`${path} runs under the policy with no violation`, async ({page, consoleErrors}) => {
      const violations = await watchCsp(page);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
      expect(await violations(), path).toEqual([]);
      expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    });
  }

  test('a search in the modal runs under the policy with no violation', async ({page, consoleErrors}) => {
    const violations = await watchCsp(page);
    await page.goto('/platform/quick-start');
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    await page.keyboard.press('ControlOrMeta+k');
    await page.locator('.DocSearch-Input').fill('topic model');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
