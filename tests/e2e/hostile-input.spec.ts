import type {Page} from '@playwright/test';
import {expect, test} from './fixtures';

// Odd and hostile input from addresses, the search page, the search modal and
// the hash: each gets the not-found page or a clear message, never an
// uncaught error or a script dialog.

/** Fails the test if any page script opens a dialog (alert, confirm, prompt). */
function forbidDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  return dialogs;
}

const SCRIPT = '<script>alert(1)</script>';
const SVG = '<svg onload=alert(1)>';

test('odd and hostile paths get the not-found page', async ({page, consoleErrors}) => {
  const dialogs = forbidDialogs(page);
  // nginx refuses a malformed address with 400 Bad Request before looking for
  // a file; deploy/nginx.conf answers it with the site's not-found page too.
  for (const [path, status] of [
    ['/%E0%A4%A', 400], // malformed escape
    ['/%2e%2e/%2e%2e/etc/passwd', 404], // encoded traversal (the browser resolves it to /etc/passwd)
    ['/..%2f..%2fetc%2fpasswd', 400],
    ['/platform/%00', 400],
    [`/${'a'.repeat(3000)}`, 404], // longer than a file name may be
    [`/platform/${'deep/'.repeat(200)}page`, 404],
    ['/platform/\u0645\u0631\u062D\u0628\u0627', 404], // right-to-left text
    ['/\u{1F680}/\u{1F525}', 404], // emoji
    [`/${encodeURIComponent(SVG)}`, 404],
    [`/${SCRIPT}`, 404],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(status);
    await expect(page.getByRole('heading', {level: 1}), path).toHaveText('Page not found');
  }
  expect(dialogs).toEqual([]);
  expect(consoleErrors.filter((e) => !/status of (400|404)/.test(e))).toEqual([]);
});

test('hostile and oversized queries on /search show as text with a clear message', async ({page, consoleErrors}) => {
  const dialogs = forbidDialogs(page);
  for (const query of [
    SCRIPT,
    SVG,
    '"><img src=x onerror=alert(1)>',
    'x'.repeat(5000),
    '\u202Eevil',
    '%%%',
    '\u{1F680}',
  ]) {
    await page.goto(`/search?q=${encodeURIComponent(query)}`);
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    const main = page.locator('main');
    await expect(main.getByRole('heading', {level: 1})).toBeVisible();
    // Either results or a "no results" message, never an empty page.
    await expect(
      main
        .locator('ol > li')
        .first()
        .or(main.getByText(/no results/i).first()),
    ).toBeVisible();
    expect(await page.locator('main img[src="x"], main svg[onload]').count()).toBe(0);
  }
  expect(dialogs).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('hostile queries in the search modal show as text', async ({page, consoleErrors}) => {
  const dialogs = forbidDialogs(page);
  await page.goto('/platform/quick-start');
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await page.keyboard.press('ControlOrMeta+k');
  const input = page.locator('.DocSearch-Input');
  for (const query of [SCRIPT, SVG, '"><img src=x onerror=alert(1)>', 'x'.repeat(500)]) {
    await input.fill(query);
    await expect(input).toHaveValue(query.slice(0, 64)); // the spec's 64-character cap
    await expect(page.locator('.DocSearch-Dropdown')).toBeVisible();
    expect(await page.locator('.DocSearch-Dropdown img[src="x"], .DocSearch-Dropdown svg[onload]').count()).toBe(0);
  }
  expect(dialogs).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('an injected hash does nothing on any page kind', async ({page, consoleErrors}) => {
  const dialogs = forbidDialogs(page);
  for (const path of ['/platform/quick-start', '/reference/api/embed-text', '/search?q=dataset', '/no-such-page']) {
    for (const hash of [`#${encodeURIComponent(SVG)}`, '#"><img src=x onerror=alert(1)>', `#${'x'.repeat(3000)}`]) {
      await page.goto(`${path}${hash}`);
      await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
      await expect(page.getByRole('heading', {level: 1}).first()).toBeVisible();
    }
  }
  expect(dialogs).toEqual([]);
  expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
});
