import {entryScripts} from '../../src/paint-first';
import {test, expect} from './fixtures';

test.describe('not-found page', () => {
  test('unknown path answers 404 with search and section links', async ({page}) => {
    const response = await page.goto('/platform/no-such-page-xyz');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Page not found');
    const search = page.getByRole('search').getByRole('searchbox');
    await expect(search).toHaveValue('no such page xyz');
    const main = page.locator('main');
    for (const name of [
      'Quick start',
      'Datasets and data maps',
      'Embeddings and retrieval',
      'Files',
      'API reference',
    ]) {
      await expect(main.getByRole('link', {name, exact: true})).toBeVisible();
    }
  });
});

test.describe('announcement bar', () => {
  test('dismissal survives a reload; a new bar id shows it again', async ({page}) => {
    await page.goto('/platform/quick-start');
    const bar = page.getByRole('banner').filter({hasText: 'parse and extract documents'});
    await expect(bar).toBeVisible();
    await bar.getByRole('button', {name: /close/i}).click();
    await expect(bar).toBeHidden();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    await expect(bar).toBeHidden();
    // The stored id stands for the bar that was dismissed; a site shipping a
    // different id must show its bar again.
    const replaced = await page.evaluate(() => {
      const keys = Object.keys(localStorage).filter((k) => k.startsWith('docusaurus.announcement.id'));
      keys.forEach((k) => localStorage.setItem(k, 'an-older-announcement'));
      return keys.length;
    });
    expect(replaced).toBe(1);
    await page.reload();
    await expect(bar).toBeVisible();
  });

  test('its link goes through the router: the page is not reloaded', async ({page, consoleErrors}) => {
    const documents: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
    await page.goto('/platform/quick-start');
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    // A marker that a full load would wipe out.
    await page.evaluate(() => ((window as unknown as {marker: string}).marker = 'still here'));
    await page.getByRole('banner').getByRole('link', {name: 'parse and extract documents'}).click();
    await expect(page).toHaveURL(/\/platform\/files\/$/);
    await expect(page.getByRole('heading', {level: 1})).not.toHaveText(/quick start/i);
    expect(await page.evaluate(() => (window as unknown as {marker?: string}).marker)).toBe('still here');
    expect(documents).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
  });
});

test('a plain in-page anchor (raw HTML) goes through the router; other links are left to the browser', async ({
  page,
}) => {
  const documents: string[] = [];
  page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
  await page.goto('/platform/quick-start');
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await page.evaluate(() => {
    (window as unknown as {marker: string}).marker = 'still here';
    // What raw HTML in a page renders: an anchor React knows nothing about.
    document
      .querySelector('article')!
      .insertAdjacentHTML('afterbegin', '<p><a id="raw" href="/platform/datasets/">Datasets</a></p>');
  });
  await page.locator('#raw').click();
  await expect(page).toHaveURL(/\/platform\/datasets\/$/);
  expect(await page.evaluate(() => (window as unknown as {marker?: string}).marker)).toBe('still here');
  expect(documents).toHaveLength(1);
  // A file of the site, not a page: the browser loads it.
  await page.goBack();
  await expect(page).toHaveURL(/\/platform\/quick-start$/);
  await page.evaluate(() =>
    document
      .querySelector('article')!
      .insertAdjacentHTML('afterbegin', '<p><a id="file" href="/llms.txt">llms.txt</a></p>'),
  );
  await page.locator('#file').click();
  await expect(page).toHaveURL(/\/llms\.txt$/);
  expect(documents).toHaveLength(2);
});

test('light mode only, with no colour-mode switch', async ({page}) => {
  await page.emulateMedia({colorScheme: 'dark'});
  await page.goto('/platform/quick-start');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('[class*="colorModeToggle"]')).toHaveCount(0);
  await expect(page.getByRole('button', {name: /dark mode|light mode|system mode/i})).toHaveCount(0);
});

test('sidebar categories start collapsed, expand on click, and the sidebar cannot be hidden', async ({page}) => {
  await page.goto('/platform/quick-start');
  const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
  const category = sidebar.getByRole('button', {name: 'Embeddings and retrieval'});
  await expect(category).toHaveAttribute('aria-expanded', 'false');
  await expect(sidebar.getByRole('link', {name: 'Text embedding'})).toBeHidden();
  await category.click();
  await expect(category).toHaveAttribute('aria-expanded', 'true');
  await expect(sidebar.getByRole('link', {name: 'Text embedding'})).toBeVisible();
  await expect(page.getByRole('button', {name: /collapse sidebar/i})).toHaveCount(0);
});

test('reference sidebar lists hand-written and generated pages', async ({page}) => {
  await page.goto('/reference/getting-started/');
  const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
  await sidebar.getByRole('button', {name: 'Embeddings'}).click();
  await sidebar.getByRole('link', {name: 'Embed text'}).click();
  await expect(page).toHaveURL(/\/reference\/api\/embed-text$/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Embed text');
  // The same sidebar is shown on the generated page, with the current item active.
  await expect(
    page.getByRole('navigation', {name: 'Docs sidebar'}).getByRole('link', {name: 'Embed text'}),
  ).toHaveAttribute('aria-current', 'page');
});

test('footer has Docs, Community and More groups', async ({page}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const title of ['Docs', 'Community', 'More']) {
    await expect(footer.getByText(title, {exact: true})).toBeVisible();
  }
  await expect(footer.getByRole('link', {name: /Discord/})).toHaveAttribute('href', /discord\.gg/);
  await expect(footer.getByRole('link', {name: /Community forum/})).toBeVisible();
  await expect(footer.getByRole('link', {name: /^X/})).toHaveAttribute('href', /x\.com/);
  await expect(footer.getByRole('link', {name: /GitHub/})).toHaveAttribute('href', /github\.com/);
  await expect(footer.getByRole('link', {name: /Blog/})).toBeVisible();
});

test('navbar has both sidebars, the web app link and the search button', async ({page}) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', {name: 'Main'});
  await expect(nav.getByRole('link', {name: 'API Platform Documentation'})).toHaveAttribute(
    'href',
    '/platform/quick-start',
  );
  await expect(nav.getByRole('link', {name: 'API Reference'})).toHaveAttribute('href', '/reference/getting-started/');
  await expect(nav.getByRole('link', {name: /Atlas app/})).toHaveAttribute('href', 'https://atlas.nomic.ai');
  await expect(nav.getByRole('button', {name: /search/i})).toBeVisible();
});

test('console banner prints once per page load, not on client navigation', async ({page}) => {
  const banners: string[] = [];
  page.on('console', (msg) => {
    if (msg.text().includes('careers')) banners.push(msg.text());
  });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await page.getByRole('link', {name: 'Get started'}).click();
  await expect(page).toHaveURL(/quick-start/);
  expect(banners).toHaveLength(1);
  expect(banners[0]).toMatch(/explainable/i);
  expect(banners[0]).toMatch(/accessible/i);
  expect(banners[0]).toContain('https://www.nomic.ai/careers');
});

test.describe('paint first, then hydrate (src/paint-first)', () => {
  const ENTRY = /\/assets\/js\/(runtime~)?main\.[0-9a-f]+\.js$/;

  test('the entry scripts are requested only after a frame has been painted, then the page hydrates', async ({
    page,
  }) => {
    // Frames are held back until the test lets them run.
    await page.addInitScript(() => {
      const held: FrameRequestCallback[] = [];
      const requestFrame = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) => held.push(callback);
      Object.assign(window, {
        releaseFrames: () => {
          window.requestAnimationFrame = requestFrame;
          for (const callback of held.splice(0)) requestFrame(callback);
        },
      });
    });
    const requested: string[] = [];
    page.on('request', (request) => {
      if (ENTRY.test(request.url())) requested.push(new URL(request.url()).pathname);
    });
    await page.goto('/platform/quick-start', {waitUntil: 'load'});
    await expect(page.getByRole('heading', {level: 1})).toBeVisible();
    expect(requested).toEqual([]);
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'false');

    await page.evaluate(() => (window as unknown as {releaseFrames: () => void}).releaseFrames());
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    const html = await (await page.request.get('/platform/quick-start')).text();
    expect(requested).toEqual(entryScripts(html));
    expect(requested).toHaveLength(2);
  });

  test('a page opened in a hidden tab, which paints no frame, starts its scripts at once', async ({page}) => {
    await page.addInitScript(() => {
      Object.defineProperty(Document.prototype, 'visibilityState', {get: () => 'hidden'});
      window.requestAnimationFrame = () => 0;
    });
    await page.goto('/platform/quick-start', {waitUntil: 'load'});
    // clientEntry sets window.docusaurus when main.js runs.
    await expect.poll(() => page.evaluate(() => 'docusaurus' in window)).toBe(true);
  });
});
