import {expect, test} from './fixtures';

// ```mermaid blocks are drawn when the site is built (src/diagrams).
test('a guide with a diagram has it as named SVG in its HTML and loads no diagram code', async ({page, request}) => {
  const html = await (await request.get('/platform/datasets/storage')).text();
  expect(html).toMatch(
    /<figure class=["']?diagram["']?><svg id=["']?diagram-[0-9a-f]+["']? class=["']?diagram__svg["']? role=["']?img/,
  );

  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(await response.text());
  });
  await page.goto('/platform/datasets/storage');
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  const diagram = page.getByRole('img', {name: 'How add_data uploads data in shards'});
  await expect(diagram).toBeVisible();
  await expect(diagram.locator('desc')).toHaveText(/.{20,}/);
  expect(scripts.length).toBeGreaterThan(0);
  // Mermaid's runtime (its API object) is in no script the page loads.
  expect(scripts.filter((code) => code.includes('mermaidAPI'))).toEqual([]);
});
