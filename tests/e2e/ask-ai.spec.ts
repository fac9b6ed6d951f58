import {IN_OTHER_WORDS, holdModel, input, lastAnswer, openAskAi, panel, settled} from './ask-ai-panel';
import {expectAccessible} from './axe';
import {expect, tabTo, test} from './fixtures';

// Ask AI with its default provider: answers drawn from the docs in the
// browser, with no account and no request beyond the site's own files.

test('the button is on every page kind, and the panel loads only when opened', async ({page}) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  for (const path of ['/', '/platform/datasets/prepare-data-for-atlas', '/reference/api/embed-text', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('button', {name: 'Ask AI'})).toBeVisible();
  }
  expect(requested.filter((url) => /ask-ai/.test(url))).toEqual([]);
  await page.getByRole('button', {name: 'Ask AI'}).click();
  await expect(panel(page)).toBeVisible();
  expect(requested.some((url) => /ask-ai/.test(url))).toBe(true);
});

test('the panel offers the example questions and the disclaimer, with focus in the question field', async ({page}) => {
  await openAskAi(page);
  for (const question of ['What is a Dataset?', 'How do I configure my topic model?'])
    await expect(panel(page).getByRole('button', {name: question})).toBeVisible();
  await expect(panel(page)).toContainText('AI generated');
  await expect(input(page)).toBeFocused();
});

for (const [question, page_] of [
  ['What is a Dataset?', '/platform/datasets/'],
  ['How do I configure my topic model?', '/platform/datasets/data-maps/topic-modeling'],
] as const) {
  test(`"${question}" is answered from the docs, citing ${page_}`, async ({page, consoleErrors}) => {
    await openAskAi(page);
    await panel(page).getByRole('button', {name: question}).click();
    const answer = await lastAnswer(page);
    await expect(answer).toContainText('Quoted from the docs');
    const citations = answer.getByRole('link', {name: /^Source \d+/});
    await expect(citations.first()).toBeVisible();
    const hrefs = await citations.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.some((href) => href?.startsWith(page_))).toBe(true);
    // A citation goes to the section it quotes.
    const first = answer.getByRole('link', {name: /^Source 1/}).first();
    const href = await first.getAttribute('href');
    await first.click();
    await expect(panel(page)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${href!.replace(/[?]/g, '\\$&')}$`));
    expect(consoleErrors).toEqual([]);
  });
}

test('an answer quotes one section as the docs show it: its table whole, its code as code, then sections to read more', async ({
  page,
}) => {
  // By words this question quotes the section with the table of options (by meaning, another one).
  const release = await holdModel(page);
  await openAskAi(page);
  await panel(page).getByRole('button', {name: 'How do I configure my topic model?'}).click();
  const answer = await lastAnswer(page);
  release();
  await expect(answer).toContainText('Quoted from the docs');
  // The table of options, with its header row, not cells joined into a sentence.
  const table = answer.getByRole('table');
  await expect(table.getByRole('columnheader', {name: 'Option'})).toBeVisible();
  await expect(table.getByRole('row')).not.toHaveCount(1);
  // The quote names its one source, then the other sections follow with a line each.
  await expect(answer.getByRole('link', {name: /^Source 1: Topic modeling/})).toBeVisible();
  await expect(answer.getByRole('heading', {name: 'Read more'})).toBeVisible();
  const more = answer.getByRole('listitem').filter({has: page.getByRole('link', {name: /^Source [2-9]/})});
  expect(await more.count()).toBeGreaterThan(0);
  for (const text of await more.allInnerTexts()) expect(text.split('\n').filter(Boolean).length).toBe(2);
  await expect(panel(page).locator('[aria-live="polite"]')).toContainText('From Topic modeling');
});

test('code in the quoted passage is shown as code', async ({page}) => {
  await openAskAi(page);
  await input(page).fill('my map says the dataset is locked');
  await input(page).press('Enter');
  const answer = await lastAnswer(page);
  await expect(answer.locator('pre code')).toContainText('wait_for_dataset_lock');
});

test('by keyboard: Tab reaches the source and the read-more links, Enter follows one', async ({page}) => {
  await openAskAi(page);
  await input(page).fill('How do I configure my topic model?');
  await input(page).press('Enter');
  const answer = await lastAnswer(page);
  const target = answer.getByRole('link', {name: /^Source 2/});
  const href = await target.getAttribute('href');
  expect(await tabTo(page, target, 30)).toBe(true);
  await page.keyboard.press('Enter');
  await expect(panel(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/[?]/g, '\\$&')}$`));
});

test('Enter sends, Shift+Enter breaks the line; follow-ups stay in the thread; a new conversation clears it', async ({
  page,
}) => {
  await openAskAi(page);
  await input(page).fill('how do I get an api key');
  await input(page).press('Shift+Enter');
  await input(page).pressSequentially('for the python client');
  await expect(input(page)).toHaveValue('how do I get an api key\nfor the python client');
  await input(page).press('Enter');
  await lastAnswer(page);
  await expect(input(page)).toHaveValue('');
  await input(page).fill('how do I revoke it');
  await input(page).press('Enter');
  await expect(panel(page).getByRole('region')).toHaveCount(2);
  await lastAnswer(page);
  await panel(page).getByRole('button', {name: 'New conversation'}).click();
  await expect(panel(page).getByRole('region')).toHaveCount(0);
  await expect(panel(page).getByRole('button', {name: 'What is a Dataset?'})).toBeVisible();
});

test('answers are announced and can be copied', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openAskAi(page);
  await panel(page).getByRole('button', {name: 'What is a Dataset?'}).click();
  const answer = await lastAnswer(page);
  await expect(panel(page).locator('[aria-live="polite"]')).toContainText('Answer:');
  await answer.getByRole('button', {name: 'Copy answer'}).click();
  await expect(answer.getByRole('button', {name: 'Copied'})).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\[1\] .+: \/platform\/datasets\//);
});

test('a question the docs do not answer says so and offers the closest pages and search', async ({page}) => {
  await openAskAi(page);
  await input(page).fill('Can I pay for Atlas with bitcoin?');
  await input(page).press('Enter');
  const answer = await lastAnswer(page);
  await expect(answer).toContainText('No direct answer in the docs');
  await expect(answer.getByRole('list', {name: 'Closest pages'}).getByRole('link').first()).toBeVisible();
  await expect(panel(page).locator('[aria-live="polite"]')).toContainText('No direct answer in the docs');
  await expect(answer.getByRole('link', {name: /Search the docs/})).toHaveAttribute('href', /^\/search\?q=/);
});

test('focus stays in the panel; Escape closes it and returns focus to the button', async ({page}) => {
  await openAskAi(page);
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await panel(page).evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(page.getByRole('button', {name: 'Ask AI'})).toBeFocused();
});

test('the search shortcuts stay quiet while typing in the panel', async ({page}) => {
  await openAskAi(page);
  await input(page).pressSequentially('a/b');
  await input(page).press('ControlOrMeta+k');
  await expect(input(page)).toHaveValue('a/b');
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
});

test('a failure shows an error with Retry, and never breaks the page', async ({page, consoleErrors}) => {
  await openAskAi(page);
  // The docs index cannot be fetched (offline, blocked).
  await page.route(/search-index/, (route) => route.abort('internetdisconnected'));
  await panel(page).getByRole('button', {name: 'What is a Dataset?'}).click();
  const retry = panel(page).getByRole('button', {name: 'Retry'});
  await expect(retry).toBeVisible();
  await expect(panel(page).locator('[aria-live="polite"]')).toContainText('The answer failed');
  await page.unroute(/search-index/);
  await retry.click();
  await lastAnswer(page);
  await expect(page.getByRole('heading', {level: 1})).toBeVisible();
  expect(consoleErrors.filter((e) => !/internetdisconnected|net::ERR/.test(e))).toEqual([]);
});

test('if the panel itself cannot load, a small message offers Retry', async ({page}) => {
  await page.goto('/platform/quick-start');
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await page.route(/ask-ai/, (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', {name: 'Ask AI'}).click();
  const failed = page.getByRole('alertdialog', {name: 'Ask AI'});
  await expect(failed).toContainText('could not be loaded');
  await page.unroute(/ask-ai/);
  await failed.getByRole('button', {name: 'Retry'}).click();
  await expect(panel(page)).toBeVisible();
});

const VIEW_HASH = '/platform/datasets/data-maps/controls#share-a-map-view';
const MODEL = /\/search-index\/(ask-model-\w+\.bin|\w+\/ask-vectors\.bin)$/;

test('the model loads while the reader types; once loaded, a question in other words is answered by meaning', async ({
  page,
  consoleErrors,
}) => {
  const fetched: string[] = [];
  page.on('requestfinished', (r) => fetched.push(new URL(r.url()).pathname));
  await openAskAi(page);
  // A first question: answered, then its sections to read more ranked by meaning once the model is in.
  await input(page).fill('How do I configure my topic model?');
  await input(page).press('Enter');
  await settled(page);
  expect(fetched.filter((path) => MODEL.test(path))).toHaveLength(2);
  await input(page).fill(IN_OTHER_WORDS);
  await input(page).press('Enter');
  await expect(panel(page).getByRole('region')).toHaveCount(2);
  const answer = await settled(page);
  await expect(answer).toContainText('view hash');
  await expect(answer.getByRole('link', {name: /^Source 1/}).first()).toHaveAttribute('href', VIEW_HASH);
  expect(consoleErrors).toEqual([]);
});

test('the first answer does not wait for the model; meaning then ranks Read more again and the quote stays put', async ({
  page,
  consoleErrors,
}) => {
  // The model is held back until the first answer is on screen.
  const release = await holdModel(page);
  await openAskAi(page);
  await input(page).fill(IN_OTHER_WORDS);
  await input(page).press('Enter');
  const answer = await lastAnswer(page);
  const quote = await answer.locator('[class*="quoted"]').first().innerText();
  const first = await answer
    .getByRole('link', {name: /^Source 1/})
    .first()
    .getAttribute('href');
  expect(first).not.toBe(VIEW_HASH);
  await expect(answer.locator('ul[aria-busy="true"]')).toHaveCount(1);
  release();
  await settled(page);
  await expect(
    answer.getByRole('link', {name: /^Source [2-9]/}).and(page.locator(`[href="${VIEW_HASH}"]`)),
  ).toHaveCount(1);
  await expect(answer.getByRole('link', {name: /^Source 1/}).first()).toHaveAttribute('href', first!);
  expect(await answer.locator('[class*="quoted"]').first().innerText()).toBe(quote);
  expect(consoleErrors).toEqual([]);
});

test('on a connection that saves data the model is never fetched: answers use words alone', async ({page}) => {
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'connection', {get: () => ({saveData: true, effectiveType: '4g'})}),
  );
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await openAskAi(page);
  await panel(page).getByRole('button', {name: 'What is a Dataset?'}).click();
  const answer = await settled(page);
  await expect(answer).toContainText('Quoted from the docs');
  await input(page).fill(IN_OTHER_WORDS);
  await input(page).press('Enter');
  await expect(panel(page).getByRole('region')).toHaveCount(2);
  await settled(page);
  expect(requested.filter((path) => /ask-(model|vectors)/.test(path))).toEqual([]);
});

test('when the encoder cannot be fetched, answers come by words alone, and the next question tries again', async ({
  page,
  consoleErrors,
}) => {
  await page.route(/ask-model-/, (route) => route.abort('blockedbyclient'));
  await openAskAi(page);
  await input(page).fill(IN_OTHER_WORDS);
  await input(page).press('Enter');
  const byWords = await settled(page);
  await expect(byWords.getByRole('link', {name: /^Source 1/}).first()).not.toHaveAttribute('href', VIEW_HASH);
  await page.unroute(/ask-model-/);
  await input(page).fill(IN_OTHER_WORDS);
  await input(page).press('Enter');
  await expect(panel(page).getByRole('region')).toHaveCount(2);
  const again = await settled(page);
  await expect(again.locator(`[href="${VIEW_HASH}"]`)).toHaveCount(1);
  expect(consoleErrors.filter((e) => !/net::ERR/.test(e))).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({isMobile: true, hasTouch: true});
  for (const width of [360, 390, 430])
    test(`at ${width} px Ask AI is one tap away, in the header beside search`, async ({page}) => {
      await page.setViewportSize({width, height: 800});
      await page.goto('/platform/quick-start');
      await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
      const button = page.getByRole('navigation', {name: 'Main'}).getByRole('button', {name: 'Ask AI'});
      await expect(button).toBeInViewport({ratio: 1});
      await expectAccessible(page, `the header at ${width} px`, '.navbar');
      await button.tap();
      await expect(panel(page)).toBeVisible();
      await expect(input(page)).toBeFocused();
      await expectAccessible(page, `the Ask AI panel at ${width} px`, '[role="dialog"]');
    });
});

test('in the header, Ask AI overlaps neither the site name nor search at any width the menu is folded', async ({
  page,
}) => {
  const box = async (name: string) =>
    (await page.getByRole('navigation', {name: 'Main'}).getByRole('button', {name}).boundingBox())!;
  for (const width of [360, 430, 768, 769, 996]) {
    await page.setViewportSize({width, height: 800});
    await page.goto('/platform/quick-start');
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    const ask = await box('Ask AI');
    const search = await box('Search');
    const brand = (await page.getByRole('navigation', {name: 'Main'}).locator('.navbar__brand').boundingBox())!;
    expect(ask.x + ask.width, `Ask AI ends before search at ${width} px`).toBeLessThanOrEqual(search.x);
    expect(ask.x, `Ask AI starts after the site name at ${width} px`).toBeGreaterThanOrEqual(brand.x + brand.width);
    expect(ask.height).toBeGreaterThanOrEqual(24);
  }
  // The phone menu does not repeat it.
  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  await expect(page.locator('.navbar-sidebar')).toBeVisible();
  await expect(page.locator('.navbar-sidebar').getByRole('button', {name: 'Ask AI'})).toHaveCount(0);
});
