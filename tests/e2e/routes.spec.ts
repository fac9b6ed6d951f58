import {test, expect, specRoutes} from './fixtures';

// Every route of the spec answers 200 and renders its own h1 without console errors.
for (const route of specRoutes()) {
  test(`route ${route} renders`, async ({page, consoleErrors}) => {
    const response = await page.goto(route);
    expect(response?.status(), 'HTTP status').toBe(200);
    const h1 = page.locator('h1');
    await expect(h1.first()).toBeVisible();
    await expect(h1.first()).not.toHaveText(/page not found/i);
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    expect(consoleErrors).toEqual([]);
  });
}
