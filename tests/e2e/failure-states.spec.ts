import fs from 'node:fs';
import path from 'node:path';
import {test, expect, ROOT} from './fixtures';

/** The built JS chunk holding a string literal, so a test can corrupt it in transit. */
function chunkContaining(literal: string): string {
  const dir = path.join(ROOT, 'build/assets/js');
  const file = fs
    .readdirSync(dir)
    .find((f) => f.endsWith('.js') && fs.readFileSync(path.join(dir, f), 'utf8').includes(literal));
  if (!file) throw new Error(`no built chunk contains ${literal}`);
  return file;
}

test('a component that throws while rendering shows the crash page', async ({page}) => {
  // The production bundle, with one string literal of the home page swapped for
  // an expression that throws when React renders it: a real render failure,
  // with no test-only code in the build.
  const literal = '"Explore the docs"';
  const chunk = chunkContaining(literal);
  await page.route(`**/assets/js/${chunk}`, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(literal, '(()=>{throw new Error("Injected render failure")})()');
    await route.fulfill({response, body});
  });
  // The page never hydrates: wait for the crash page instead (see fixtures.ts).
  await page.goto('/', {waitUntil: 'load'});
  await expect(page.getByRole('heading', {name: /This page crashed/})).toBeVisible();
  await expect(page.getByRole('button', {name: 'Try again'})).toBeVisible();
  await expect(page.getByText('Injected render failure')).toBeVisible();
  // The layout around the failure still works: the reader can leave.
  await expect(page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'API Reference'})).toBeVisible();
  // Later requests for the chunk (prefetches) may still be in flight.
  await page.unrouteAll({behavior: 'ignoreErrors'});
});

test('a failed route preload logs a warning and reloads the page', async ({page}) => {
  await page.goto('/platform/quick-start');
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  const warnings: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'warning') warnings.push(msg.text());
  });
  await page.route('**/assets/js/**', (route) => route.abort('internetdisconnected'));
  const reloaded = page.waitForEvent('load');
  await page.getByRole('navigation', {name: 'Docs sidebar'}).getByRole('link', {name: 'Release notes'}).click();
  await reloaded;
  expect(warnings.join('\n')).toMatch(/chunk|load/i);
});
