import type {Page} from '@playwright/test';
import {expect, test} from './fixtures';

// The build served by Debian's nginx with the shipped configuration
// (deploy/nginx.conf, started by tests/support/nginx.mjs): files as they are,
// the build's security-headers snippet on every response, 404.html with status
// 404 for anything else.

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

/** The page's main.js and its stylesheet, from its HTML. */
function assetsOf(html: string): [string, string] {
  return [/\/assets\/js\/main\.[0-9a-f]+\.js/.exec(html)![0], /\/assets\/css\/[^"]+\.css/.exec(html)![0]];
}

test('it is nginx that serves the build, with gzip', async ({request}) => {
  const page = await request.get('/platform/quick-start', {headers: {'accept-encoding': 'gzip'}});
  expect(page.headers().server).toMatch(/^nginx/);
  expect(page.headers()['content-encoding']).toBe('gzip');
  expect(page.headers()['content-type']).toBe('text/html; charset=utf-8');
  for (const asset of assetsOf(await page.text())) {
    const response = await request.get(asset, {headers: {'accept-encoding': 'gzip'}});
    expect(response.headers()['content-encoding']).toBe('gzip');
  }
  const twin = await request.get('/platform/quick-start.md');
  expect(twin.headers()['content-type']).toBe('text/markdown; charset=utf-8');
});

test('robots.txt welcomes crawlers and names the sitemap by its absolute URL', async ({request}) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toBe('User-agent: *\nAllow: /\n\nSitemap: https://docs.nomic.ai/sitemap.xml\n');
  expect((await request.get('/sitemap.xml')).status()).toBe(200);
});

test.describe('security headers', () => {
  test('every response carries the policy from the build: HTML, JS, CSS, images, twins and the 404 page', async ({
    request,
  }) => {
    const [js, css] = assetsOf(await (await request.get('/platform/quick-start')).text());
    const paths: [string, number][] = [
      ['/', 200],
      ['/platform/quick-start', 200],
      [js, 200],
      [css, 200],
      ['/img/logo.svg', 200],
      ['/platform/quick-start.md', 200],
      ['/no-such-page', 404],
      ['/%E0%A4%A', 400],
    ];
    for (const [path, status] of paths) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(status);
      const headers = response.headers();
      const csp = headers['content-security-policy'] ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+(;|$)/);
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(headers['strict-transport-security'], path).toMatch(/max-age=\d+/);
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy'], path).toContain('camera=()');
      expect(headers['cross-origin-opener-policy'], path).toBe('same-origin');
    }
    // The assets' own cache header did not cost them the security headers (nginx drops inherited add_header lines).
    expect((await request.get(js)).headers()['cache-control']).toContain('immutable');
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
    '/reference/python-api/datasets-and-maps', // a reference page
    '/privacy',
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

test.describe('Markdown for agents, discovery and cache headers (deploy/nginx.conf)', () => {
  const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
  const SHORT = 'public, max-age=300, must-revalidate';
  const pages: [string, string][] = [
    ['/platform/quick-start', '/platform/quick-start.md'],
    ['/platform/datasets/', '/platform/datasets/index.md'],
    ['/', '/index.md'],
  ];

  for (const [path, twin] of pages) {
    test(`${path}: Markdown when Accept prefers it, HTML with a Link to ${twin} otherwise`, async ({request}) => {
      const twinText = await (await request.get(twin)).text();
      for (const accept of ['text/markdown', 'text/markdown, text/html;q=0.9']) {
        const md = await request.get(path, {headers: {accept}});
        expect(md.status(), accept).toBe(200);
        expect(md.headers()['content-type'], accept).toBe('text/markdown; charset=utf-8');
        expect(md.headers().vary, accept).toMatch(/\bAccept\b/);
        expect(md.headers()['cache-control'], accept).toBe(SHORT);
        expect(await md.text(), accept).toBe(twinText);
      }
      const html = await request.get(path, {headers: {accept: BROWSER}});
      expect(html.headers()['content-type']).toBe('text/html; charset=utf-8');
      expect(html.headers().link).toBe(`<${twin}>; rel="alternate"; type="text/markdown"`);
      expect(html.headers().vary).toMatch(/\bAccept\b/);
      expect(html.headers()['cache-control']).toBe(SHORT);
      expect(html.headers()['x-frame-options']).toBe('DENY');
      expect(html.headers()['content-security-policy']).toContain("default-src 'self'");
    });
  }

  test('twins, llms.txt, llms-full.txt and notebooks revalidate within minutes; assets stay immutable', async ({
    request,
  }) => {
    for (const path of ['/platform/quick-start.md', '/llms.txt', '/llms-full.txt']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['cache-control'], path).toBe(SHORT);
      expect(response.headers()['x-content-type-options'], path).toBe('nosniff');
    }
    const [js] = assetsOf(await (await request.get('/platform/quick-start')).text());
    expect((await request.get(js)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('a path with no page is still the 404 page, whatever Accept says', async ({request}) => {
    for (const accept of ['text/markdown', BROWSER]) {
      const response = await request.get('/no/such/page/', {headers: {accept}});
      expect(response.status(), accept).toBe(404);
      expect(response.headers()['content-type'], accept).toBe('text/html; charset=utf-8');
      expect(await response.text(), accept).toMatch(/page not found/i);
      expect(response.headers().link, accept).toBeUndefined();
    }
  });

  test('/mcp answers 503 with a short JSON body when no MCP server runs, with the security headers', async ({
    request,
  }) => {
    const response = await request.post('/mcp', {
      headers: {accept: 'application/json, text/event-stream', 'content-type': 'application/json'},
      data: {jsonrpc: '2.0', id: 1, method: 'initialize', params: {}},
    });
    expect(response.status()).toBe(503);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({error: expect.stringMatching(/MCP server is not running/)});
    expect(response.headers()['x-frame-options']).toBe('DENY');
    expect(response.headers()['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
