import type {Page} from '@playwright/test';
import {expect, hydrated, openApiReference, test} from './fixtures';
import {mixpanelEvents} from '../support/mixpanel.mjs';

// The build made with MIXPANEL_TOKEN set (build-hosted/, see tests/run-all.sh).
// Mixpanel's API host is answered here and every request is recorded.
type Sent = {url: URL; events: {event: string; properties: Record<string, unknown>}[]};

async function recordMixpanel(page: Page, {blocked = false} = {}): Promise<Sent[]> {
  const sent: Sent[] = [];
  await page.route(/mixpanel\.com/, async (route) => {
    const request = route.request();
    if (blocked) return route.abort('blockedbyclient');
    const url = new URL(request.url());
    if (url.pathname.startsWith('/track')) sent.push({url, events: mixpanelEvents(request.postData() ?? '')});
    return route.fulfill({contentType: 'application/json', body: '{"status":1}'});
  });
  return sent;
}

const named = (sent: Sent[], name: string) => sent.flatMap((s) => s.events).filter((e) => e.event === name);

test('one page view per navigation, with the full URL, sent in batches', async ({page, baseURL}) => {
  const sent = await recordMixpanel(page);
  await page.goto('/platform/quick-start?ref=docs');
  await hydrated(page);
  await openApiReference(page);
  await expect(page).toHaveURL(/\/reference\/getting-started\/$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/platform\/quick-start\?ref=docs$/);

  const expected = [
    `${baseURL}/platform/quick-start?ref=docs`,
    `${baseURL}/reference/getting-started/`,
    `${baseURL}/platform/quick-start?ref=docs`,
  ];
  // Batches go out every 5 seconds.
  await expect
    .poll(() => named(sent, '$mp_web_page_view').map((e) => e.properties.$current_url), {timeout: 30_000})
    .toEqual(expected);
  // Several events share a request, and no request carries more than 50.
  const views = named(sent, '$mp_web_page_view');
  expect(sent.length).toBeLessThan(views.length);
  expect(Math.max(...sent.map((s) => s.events.length))).toBeLessThanOrEqual(50);
  // The token from the environment; no location derived from the IP address.
  expect(views[0]!.properties.token).toBe('test-mixpanel-token');
  expect(sent.every((s) => s.url.searchParams.get('ip') === '0')).toBe(true);
  // A later batch, with an event sent after the page views, brings no extra page view.
  await page.getByRole('button', {name: 'Yes', exact: true}).click();
  await expect.poll(() => named(sent, 'Page feedback').length, {timeout: 30_000}).toBe(1);
  expect(named(sent, '$mp_web_page_view')).toHaveLength(3);
});

test('feedback, code copies and links out are events, with no page text in them', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const sent = await recordMixpanel(page);
  await page.goto('/platform/quick-start');
  await hydrated(page);

  await page.locator('.theme-code-block').first().hover();
  await page.getByRole('button', {name: 'Copy code to clipboard'}).first().click();

  // A link out, kept from leaving so the test stays offline.
  await page.evaluate(() =>
    window.addEventListener('click', (event) => event.preventDefault(), {capture: true, once: true}),
  );
  await page.getByRole('contentinfo').getByRole('link', {name: 'Discord'}).click();

  await page.getByRole('button', {name: 'No', exact: true}).click();
  await page.getByLabel('What could be better? (optional)').fill('The pandas note should come first.');
  await page.getByRole('button', {name: 'Send comment'}).click();
  await expect(page.getByRole('status').filter({hasText: 'your comment was sent'})).toBeVisible();

  await expect.poll(() => named(sent, 'Page feedback comment').length, {timeout: 30_000}).toBe(1);
  expect(named(sent, 'Page feedback')[0]!.properties).toMatchObject({page: '/platform/quick-start', vote: 'no'});
  expect(named(sent, 'Page feedback comment')[0]!.properties).toMatchObject({
    page: '/platform/quick-start',
    vote: 'no',
    comment: 'The pandas note should come first.',
  });
  expect(named(sent, 'Code copied')[0]!.properties.language).toMatch(/^(bash|python|text)$/);
  expect(named(sent, 'External link click')[0]!.properties.url).toMatch(/^https:\/\/discord\.gg\//);
});

for (const [signal, define] of [
  ['Do Not Track', () => Object.defineProperty(Navigator.prototype, 'doNotTrack', {get: () => '1'})],
  [
    'Global Privacy Control',
    () => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', {get: () => true}),
  ],
] as const) {
  test(`with ${signal} on, nothing is loaded or sent and feedback offers an issue instead`, async ({page}) => {
    await page.addInitScript(define);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
    });
    const sent = await recordMixpanel(page);
    await page.goto('/platform/quick-start');
    await hydrated(page);
    await openApiReference(page);
    await page.getByRole('button', {name: 'Yes', exact: true}).click();
    await expect(page.getByRole('link', {name: /Open an issue on GitHub/})).toBeVisible();
    // Where analytics is allowed, its client asks for Mixpanel's library while
    // the page starts, before it hydrates; here no script fetched holds it, so
    // nothing can be sent later either.
    for (const body of await Promise.all(scripts)) expect(body).not.toContain('$mp_web_page_view');
    expect(sent).toEqual([]);
    expect(requested.filter((url) => /mixpanel|googletagmanager/.test(url))).toEqual([]);
    expect((await page.context().cookies()).filter((c) => c.name.startsWith('mp_'))).toEqual([]);
  });
}

test('a blocked Mixpanel host causes no error and the page works', async ({page}) => {
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(error.message));
  let failed = 0;
  page.on('requestfailed', (request) => {
    if (/mixpanel\.com\/track/.test(request.url())) failed += 1;
  });
  await recordMixpanel(page, {blocked: true});
  await page.goto('/platform/quick-start');
  await hydrated(page);
  await openApiReference(page);
  // The page views' batch fails...
  await expect.poll(() => failed).toBeGreaterThanOrEqual(1);
  // ...and after it the page and Mixpanel keep working: the feedback's events go
  // out in a later batch (blocked too), and nothing was thrown on the way.
  await page.getByRole('button', {name: 'Yes', exact: true}).click();
  await page.getByLabel('What could be better? (optional)').fill('Fine.');
  await page.getByRole('button', {name: 'Send comment'}).click();
  await expect(page.getByRole('status').filter({hasText: 'your comment was sent'})).toBeVisible();
  await expect.poll(() => failed).toBeGreaterThanOrEqual(2);
  expect(uncaught).toEqual([]);
});
