import type {Page} from '@playwright/test';
import {expect, hydrated, specRoutes, tabTo, test} from './fixtures';
import specs from '../../src/api/build/specs.cjs';

// Markdown twins, llms.txt, "Copy page", edit links, metadata and the
// not-found suggestions, against the default build.
const SITE = 'https://docs.nomic.ai';
const twinOf = (route: string) => (route.endsWith('/') ? `${route}index.md` : `${route}.md`);
const apiRoutes = (specs.specOperations() as {route: string}[]).map((op) => op.route);
const SAMPLES = [
  '/platform/quick-start',
  '/platform/files/',
  '/reference/getting-started/rate-limits',
  '/reference/api/embed-text',
];

test.describe('Markdown twins', () => {
  for (const route of SAMPLES) {
    test(`${route} has a twin with its content, linked from the page`, async ({page, request}) => {
      await page.goto(route);
      await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
      const html = await (await request.get(route)).text();
      expect(html).toMatch(
        new RegExp(
          `<link[^>]+rel=["']?alternate["']?[^>]+type=["']?text/markdown["']?[^>]+href=["']?${twinOf(route).replace(/[/.]/g, '\\$&')}`,
        ),
      );

      const response = await request.get(twinOf(route));
      expect(response.status()).toBe(200);
      const twin = await response.text();
      const title = (await page.getByRole('heading', {level: 1}).first().textContent())!.trim();
      // A pointer to the index first, then the page; links absolute, so they work wherever the twin is read.
      const [pointer, ...rest] = twin.split('\n\n');
      expect(pointer).toMatch(new RegExp(`^> For AI agents: .*${SITE}/llms\\.txt`));
      expect(rest.join('\n\n').startsWith(`# ${title}\n`)).toBe(true);
      expect(twin).not.toMatch(/\]\((?:\/(?!\/)|#)/);
      // The same pointer in the page, before the app's markup: what an agent converting the HTML reads first.
      const pointerAt = html.search(new RegExp(`<p[^>]*>For AI agents: [^<]*${SITE}/llms\\.txt`));
      expect(pointerAt).toBeGreaterThan(html.indexOf('<body'));
      expect(pointerAt).toBeLessThan(html.indexOf('<div id="__docusaurus">'));
      if (route.startsWith('/reference/api/')) {
        // Method and path as the page shows them, then each status code.
        const method = (await page.locator('.theme-api-markdown .badge').first().textContent())!.trim().toUpperCase();
        expect(twin).toContain(`\`${method} https://api-atlas.nomic.ai/v1/embedding/text\``);
        for (const status of ['200', '422', '429']) expect(twin).toContain(`### ${status}`);
        expect(twin).toContain('- `texts` `string[]` required');
        expect(twin).toMatch(/```python\n[\s\S]*requests\.post/);
      } else {
        // Every section heading of the page, and the code the page shows.
        const headings = await page.locator('article .markdown h2').allTextContents();
        expect(headings.length).toBeGreaterThan(1);
        for (const heading of headings) expect(twin).toContain(`## ${heading.replace(/\u200b/g, '').trim()}`);
        const line = await page.locator('article pre code .token-line').first().textContent();
        if (line) expect(twin).toContain(line.trim());
      }
    });
  }

  test('llms.txt lists every route with its twin; llms-full.txt holds every page', async ({request}) => {
    const index = await (await request.get('/llms.txt')).text();
    expect(index.startsWith('# Nomic Atlas Docs\n\n> ')).toBe(true);
    // The home page's twin is llms.txt itself; /search is a tool, not a text.
    const routes = [...specRoutes(), ...apiRoutes].filter((r) => r !== '/' && r !== '/search');
    for (const route of routes) expect(index, route).toContain(`](${SITE}${twinOf(route)})`);
    expect(index).toMatch(/## API reference\n\n- \[/);
    const full = await (await request.get('/llms-full.txt')).text();
    expect(full).toContain('# Quick start\n');
    expect(full).toContain('# Embed text\n');
    expect((await request.get('/index.md')).status()).toBe(200);
  });
});

test.describe('content first in the HTML', () => {
  for (const route of ['/platform/quick-start', '/reference/api/embed-text']) {
    test(`${route}: the content precedes the sidebar in the document (and so in keyboard order), which is still drawn on its left`, async ({
      page,
    }) => {
      await page.setViewportSize({width: 1280, height: 800});
      await page.goto(route);
      const main = page.locator('main');
      const sidebar = page.locator('aside.theme-doc-sidebar-container');
      // DOCUMENT_POSITION_FOLLOWING: the sidebar comes after <main> in the document.
      expect(await main.evaluate((m, s) => m.compareDocumentPosition(s!) & 4, await sidebar.elementHandle())).toBe(4);
      const [m, s] = [await main.boundingBox(), await sidebar.boundingBox()];
      expect(s!.x + s!.width).toBeLessThanOrEqual(m!.x + 1);
      expect(s!.width).toBeGreaterThan(200);
    });
  }
});

/** Opens quick-start's Copy page menu from its button by keyboard; the button. */
async function openMenuByKeyboard(page: Page) {
  await page.goto('/platform/quick-start');
  await hydrated(page);
  const toggle = page.getByRole('button', {name: 'More ways to copy this page'});
  await toggle.focus();
  await page.keyboard.press('Enter');
  return toggle;
}

test.describe('Copy page', () => {
  test.use({permissions: ['clipboard-read', 'clipboard-write']});

  test('copies the twin; the menu opens it and copies the section in view', async ({page, request}) => {
    await page.goto('/platform/quick-start');
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    const twin = await (await request.get('/platform/quick-start.md')).text();

    await page.getByRole('button', {name: 'Copy page', exact: true}).click();
    await expect(page.getByRole('status').filter({hasText: 'Page copied as Markdown'})).toBeAttached();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(twin);

    const heading = page.getByRole('heading', {level: 2, name: 'Create an API key'});
    await heading.evaluate((h) => h.scrollIntoView({block: 'start'}));
    const toggle = page.getByRole('button', {name: 'More ways to copy this page'});
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', {name: /View as Markdown/})).toHaveAttribute(
      'href',
      '/platform/quick-start.md',
    );
    await page.getByRole('button', {name: 'Copy section “Create an API key”'}).click();
    // The clipboard is written asynchronously; until then it holds the whole page.
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
    await expect.poll(clipboard).toMatch(/^## Create an API key\n/);
    const section = await clipboard();
    expect(twin).toContain(section.trimEnd());
    expect(section).not.toContain('## Install the Python client');

    await toggle.click();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });

  test('opens the twin in ChatGPT or Claude by a link naming its absolute URL', async ({page}) => {
    await page.goto('/reference/api/embed-text');
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    await page.getByRole('button', {name: 'More ways to copy this page'}).click();
    for (const [name, origin] of [
      ['Open in ChatGPT', 'https://chatgpt.com/'],
      ['Open in Claude', 'https://claude.ai/new'],
    ] as const) {
      const link = page.getByRole('link', {name: new RegExp(name)});
      const href = new URL((await link.getAttribute('href'))!);
      expect(`${href.origin}${href.pathname}`).toBe(origin);
      expect(href.searchParams.get('q')).toContain(`${SITE}/reference/api/embed-text.md`);
      await expect(link).toHaveAttribute('target', '_blank');
    }
  });

  test('connects an editor in a dialog: by keyboard, each step copyable, Escape returns focus', async ({page}) => {
    const toggle = await openMenuByKeyboard(page);
    expect(await tabTo(page, page.getByRole('button', {name: 'Connect to your editor'}), 10)).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', {name: 'Connect to your editor'});
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // Its own stylesheet, loaded with its code when it first opened (1.25rem of padding).
    expect(await dialog.evaluate((d) => getComputedStyle(d).paddingLeft)).toBe('20px');
    await expect(dialog).toContainText(`claude mcp add --transport http atlas-docs ${SITE}/mcp`);
    await expect(dialog).toContainText('claude mcp add atlas-docs -- npx --prefix /path/to/atlas-docs atlas-docs-mcp');
    await expect(dialog.getByRole('link', {name: 'Add to Cursor'}).first()).toHaveAttribute('href', /^cursor:\/\//);

    await dialog.getByRole('button', {name: 'Copy command for Claude Code'}).first().click();
    await expect(dialog.getByRole('status')).toHaveText('Claude Code step copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `claude mcp add --transport http atlas-docs ${SITE}/mcp`,
    );

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('API pages have it too', async ({page}) => {
    await page.goto('/reference/api/embed-text');
    await expect(page.getByRole('button', {name: 'Copy page', exact: true})).toBeVisible();
  });

  test('a page with Python offers its notebook, by keyboard; a page without offers none', async ({page}) => {
    await openMenuByKeyboard(page);
    const download = page.getByRole('link', {name: 'Download notebook (Jupyter, .ipynb)'});
    await expect(download).toHaveAttribute('href', '/platform/quick-start.ipynb');
    await expect(download).toHaveAttribute('download', '');
    expect(await tabTo(page, download, 6)).toBe(true);
    const saved = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    expect((await saved).suggestedFilename()).toBe('quick-start.ipynb');

    for (const path of ['/platform/datasets/data-maps/atlas-analyst', '/reference/api/embed-text']) {
      await page.goto(path);
      await page.getByRole('button', {name: 'More ways to copy this page'}).click();
      await expect(page.getByRole('link', {name: /View as Markdown/})).toBeVisible();
      await expect(page.getByRole('link', {name: /Download notebook/})).toHaveCount(0);
    }
  });
});

test.describe('notebook twins', () => {
  test('are Jupyter notebooks of the page, served with their type, and listed nowhere for crawlers', async ({
    request,
  }) => {
    const response = await request.get('/platform/quick-start.ipynb');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/x-ipynb\+json/);
    const notebook = await response.json();
    expect(notebook).toMatchObject({nbformat: 4, metadata: {atlas_docs: {page: `${SITE}/platform/quick-start`}}});
    expect(notebook.cells.some((cell: {cell_type: string}) => cell.cell_type === 'code')).toBe(true);
    expect((await request.get('/platform/datasets/data-maps/atlas-analyst.ipynb')).status()).toBe(404);
    expect(await (await request.get('/llms.txt')).text()).not.toContain('.ipynb');
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain('.ipynb');
  });
});

test.describe('page metadata', () => {
  test('hand-written pages link their file and show when they changed; generated pages do not', async ({page}) => {
    await page.goto('/platform/quick-start');
    await expect(page.getByRole('link', {name: 'Edit this page'})).toHaveAttribute(
      'href',
      'https://github.com/nomic-ai/atlas-docs/edit/main/docs/quick-start.mdx',
    );
    await expect(page.getByText(/Last updated on/)).toBeVisible();
    await page.goto('/reference/getting-started/rate-limits');
    await expect(page.getByRole('link', {name: 'Edit this page'})).toHaveAttribute(
      'href',
      /\/edit\/main\/reference\/pages\//,
    );
    await page.goto('/reference/api/embed-text');
    await expect(page.getByRole('link', {name: 'Edit this page'})).toHaveCount(0);
    await expect(page.getByText(/Last updated on/)).toHaveCount(0);
  });

  test('the sitemap lists every route', async ({request}) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const route of [...specRoutes(), ...apiRoutes].filter((r) => r !== '/search'))
      expect(sitemap, route).toContain(`<loc>${SITE}${route}</loc>`);
  });

  test("each section's pages are shared with its own image", async ({request}) => {
    for (const [route, image] of [
      ['/', 'home'],
      ['/platform/datasets/storage', 'datasets'],
      ['/platform/files/', 'files'],
      ['/reference/api/embed-text', 'reference'],
    ]) {
      const html = await (await request.get(route)).text();
      expect(html, route).toMatch(
        new RegExp(`property=["']?og:image["']? content=["']?${SITE}/img/social/${image}\\.png`),
      );
      expect(html, route).toMatch(/name=["']?twitter:card["']? content=["']?summary_large_image/);
      const png = await request.get(`/img/social/${image}.png`);
      expect(png.headers()['content-type']).toBe('image/png');
    }
  });
});

test.describe('not-found suggestions', () => {
  for (const [path, title] of [
    ['/platform/quickstart', 'Quick start'],
    ['/reference/api/embed-texts', 'Embed text'],
    ['/platform/datasets/data-maps/topic-modelling', 'Topic modeling'],
  ]) {
    test(`${path} suggests “${title}” first`, async ({page}) => {
      await page.goto(path);
      const list = page
        .getByRole('heading', {name: 'Pages that may be what you were looking for'})
        .locator('xpath=following-sibling::ul[1]');
      await expect(list.getByRole('link').first()).toHaveText(title);
    });
  }
});
