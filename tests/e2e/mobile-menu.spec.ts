import {test, expect} from './fixtures';

test.use({viewport: {width: 412, height: 823}, isMobile: true, hasTouch: true});

test('the phone menu is drawn when first opened, then works as a menu', async ({page, consoleErrors}) => {
  await page.goto('/reference/api/legacy/create-dataset');
  await page.waitForLoadState('networkidle');
  // Closed, the menu and its sidebar links are not in the page, so nothing of theirs is prefetched.
  await expect(page.locator('.navbar-sidebar')).toHaveCount(0);
  // Links in view (logo, breadcrumbs) are prefetched: a few dozen tags at most,
  // where the drawn menu's sidebar links used to add about two hundred.
  const prefetches = await page.locator('link[rel="prefetch"]').count();

  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  const menu = page.locator('.navbar-sidebar');
  await expect(menu).toBeVisible();
  // On an API page the menu opens on the page's own sidebar, its category expanded.
  await expect(menu.getByRole('link', {name: 'Create Dataset'})).toHaveAttribute('aria-current', 'page');
  await menu.getByRole('link', {name: 'Delete Dataset'}).click();
  await expect(page).toHaveURL(/\/reference\/api\/legacy\/delete-dataset$/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Delete Dataset');
  await expect(menu).toBeHidden();

  // Opened again after a navigation, it still shows the sidebar.
  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  await expect(menu.getByRole('link', {name: 'Delete Dataset'})).toHaveAttribute('aria-current', 'page');
  expect(prefetches).toBeLessThan(40);
  expect(consoleErrors).toEqual([]);
});
