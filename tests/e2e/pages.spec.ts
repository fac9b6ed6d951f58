import path from 'node:path';
import {specOperations} from '../../src/api/build/specs.cjs';
import {browserSample} from '../support/sample.mjs';
import {expectAccessible} from './axe';
import {ROOT, expect, hydrated, test} from './fixtures';

// The browser's share of the per-page checks, on the sample of
// tests/support/sample.mjs: each page type, pages that together render every
// component, and a seeded few. Every page's server HTML is checked without a
// browser by tests/html/check-html.mjs; test-results/coverage.md says which
// check covered which pages.
type Operation = {method: string; path: string; route: string};
const operations = new Map((specOperations() as Operation[]).map((op) => [op.route, op]));
const NOT_FOUND = '/404.html';

// Colours are checked at rest: with reduced motion the site has no transitions,
// so axe never samples a tab or link halfway through a colour change.
test.use({reducedMotion: 'reduce'});

for (const {route, why} of browserSample(path.join(ROOT, 'build'))) {
  test(`${route} (${why}) renders, hydrates cleanly and passes axe`, async ({page, consoleErrors}) => {
    const notFound = route === NOT_FOUND;
    const response = await page.goto(notFound ? '/no-such-page' : route);
    expect(response?.status(), 'HTTP status').toBe(notFound ? 404 : 200);
    await hydrated(page);
    const h1 = page.getByRole('heading', {level: 1});
    await expect(h1).toBeVisible();
    if (notFound) await expect(h1).toHaveText('Page not found');
    else await expect(h1).not.toHaveText(/page not found/i);

    const operation = operations.get(route);
    if (operation) {
      const endpoint = page.locator('.openapi__method-endpoint');
      await expect(endpoint.locator('.badge')).toHaveText(operation.method, {ignoreCase: true});
      await expect(endpoint).toContainText(operation.path);
      const samples = page.getByRole('region', {name: 'Request samples'});
      await expect(samples.getByRole('tab')).toHaveText(['Python', 'curl']);
      await expect(samples.getByRole('tab', {name: 'Python'})).toHaveAttribute('aria-selected', 'true');
      await expect(samples.getByRole('tabpanel').locator('code')).toContainText('import requests');
      await expect(page.getByRole('button', {name: /send/i})).toHaveCount(0);
      await expect(page.getByRole('heading', {name: 'Responses'})).toBeVisible();
    }

    await expectAccessible(page, route);
    // The not-found page's own 404 response is the one error its console may show.
    expect(consoleErrors.filter((e) => !(notFound && /status of 404/.test(e)))).toEqual([]);
  });
}
