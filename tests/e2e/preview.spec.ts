import {expect, test} from './fixtures';

// The Kapa build is also built as a preview deployment (NO_INDEX=true,
// tests/run-all.sh): crawlers are asked to stay away from every page.

test('a preview build disallows every crawler', async ({request}) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toBe('User-agent: *\nDisallow: /\n');
});

test('every page of a preview carries noindex', async ({page}) => {
  for (const path of ['/', '/platform/quick-start', '/reference/api/embed-text', '/no-such-page']) {
    await page.goto(path);
    await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute('content', /noindex/);
  }
});
