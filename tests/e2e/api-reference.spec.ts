import {test, expect} from './fixtures';

// Every operation page's method, path, samples and Responses are checked in its
// server HTML by tests/html/check-html.mjs, and after hydration on the sampled
// ones by pages.spec.ts; this file covers what the API pages do.

test('schemas and examples of request and response are rendered', async ({page}) => {
  await page.goto('/reference/api/embed-text');
  const main = page.locator('main');
  await expect(page.getByRole('heading', {name: /^Request/})).toBeVisible();
  await expect(main.getByText('texts', {exact: true}).first()).toBeVisible();
  await expect(main.getByText('task_type', {exact: true}).first()).toBeVisible();
  // The spec's named request examples are tabs of their own.
  await page.getByRole('tab', {name: 'searchQueryReduced'}).click();
  await expect(main.locator('pre:visible', {hasText: '"dimensionality"'})).toBeVisible();
  // Responses: the 200 response first, with its named example.
  await expect(page.getByRole('tab', {name: '200'})).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', {name: 'twoTexts'}).click();
  await expect(main.locator('pre:visible', {hasText: '"embeddings"'})).toBeVisible();
  // Error responses carry their schemas too.
  await page.getByRole('tab', {name: '422'}).click();
  await expect(main.getByText('detail', {exact: true}).filter({visible: true}).first()).toBeVisible();
  await expect(main.getByText(/points at one problem/).filter({visible: true})).toBeVisible();
});

test('bodies without an example in the spec show one made from their schema', async ({page}) => {
  await page.goto('/reference/api/legacy/create-dataset');
  await page.getByRole('tab', {name: 'Example (auto)'}).first().click();
  const example = page.locator('.openapi-code__code-samples-container pre:visible');
  await expect(example).toContainText('"organization_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6"');
  await expect(example).toContainText('"is_public": false');
});

test('request samples are in the server-rendered HTML, not drawn after load', async ({request}) => {
  const html = await (await request.get('/reference/api/embed-text')).text();
  expect(html).toContain('aria-label="Request samples"');
  expect(html).toMatch(/import<\/span>.*requests/);
  expect(html).toContain('https://api-atlas.nomic.ai/v1/embedding/text');
  expect(html).not.toContain('openapi-skeleton');
});

test('the code language choice persists across API pages and guides', async ({page}) => {
  await page.goto('/reference/api/embed-text');
  const samples = page.getByRole('region', {name: 'Request samples'});
  await samples.getByRole('tab', {name: 'curl'}).click();
  await expect(samples.getByRole('tabpanel').locator('code')).toContainText('curl --request POST');
  await page.goto('/reference/api/parse');
  await expect(page.getByRole('region', {name: 'Request samples'}).getByRole('tab', {name: 'curl'})).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // A guide with tabs of the same group opens on curl too.
  await page.goto('/platform/embeddings-and-retrieval/text-embedding');
  await expect(page.getByRole('tab', {name: 'curl'}).first()).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', {name: 'Python'}).first().click();
  await page.goto('/reference/api/upload');
  await expect(page.getByRole('region', {name: 'Request samples'}).getByRole('tab', {name: 'Python'})).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test('each spec can be downloaded from its introduction', async ({page, request}) => {
  for (const [route, file] of [
    ['/reference/api/nomic-atlas-api', '/atlas-v1.yaml'],
    ['/reference/api/legacy/', '/atlas-legacy.yaml'],
  ]) {
    await page.goto(route);
    await page.getByRole('button', {name: 'Export'}).hover();
    await expect(page.locator(`a[href="${file}"]`).first()).toBeVisible();
    const response = await request.get(file);
    expect(response.status()).toBe(200);
    expect(await response.text()).toMatch(/^openapi: 3\.1\.0/m);
  }
});

test('the legacy API has its own sidebar, starting at its introduction', async ({page}) => {
  await page.goto('/reference/api/legacy/');
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Legacy Atlas API');
  const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
  await expect(sidebar.getByRole('link', {name: 'Introduction'})).toHaveAttribute('aria-current', 'page');
  await expect(sidebar.getByRole('button', {name: 'Datasets'})).toBeVisible();
  await expect(sidebar.getByRole('button', {name: 'Embeddings'})).toBeVisible();
  await expect(sidebar.getByRole('link', {name: 'Getting started'})).toHaveCount(0);
});

test('API pages load the API theme stylesheet; guides do not', async ({page}) => {
  const stylesheets = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('link[rel="stylesheet"]')).map((l) => l.getAttribute('href')),
    );
  await page.goto('/platform/account/dashboard');
  expect((await stylesheets()).some((href) => href?.includes('api-theme'))).toBe(false);
  await page.goto('/reference/api/upload');
  const href = (await stylesheets()).find((h) => h?.includes('api-theme'));
  expect(href).toBeTruthy();
  // Pruned to what API pages render: schema rules stay, the request form's go.
  const css = await (await page.request.get(href!)).text();
  expect(css).toContain('.openapi-schema__property');
  expect(css).toContain('.openapi-tabs__response-code-item');
  expect(css).not.toContain('.openapi-explorer__request-form');
  // And it styles what it should: the schema's required badge is coloured.
  const required = page.locator('.openapi-schema__required').first();
  await expect(required).not.toHaveCSS(
    'color',
    await page
      .locator('main p')
      .first()
      .evaluate((p) => getComputedStyle(p).color),
  );
});
