import type {Page} from '@playwright/test';
import {CHAT_MOCK_URL, startChatMock} from '../support/chat-mock.mjs';
import {expect, test} from './fixtures';

// Ask AI through the operator's chat endpoint (the build made with
// ASK_AI_ENDPOINT set), answered by a local mock that streams server-sent
// events: nothing leaves the machine.
// One worker for this file: the mock listens on the port the build was made with.
test.describe.configure({mode: 'serial'});

type Mock = Awaited<ReturnType<typeof startChatMock>>;
let mock: Mock;

test.beforeAll(async () => {
  mock = await startChatMock();
});
test.afterAll(() => mock.close());

const panel = (page: Page) => page.getByRole('dialog', {name: 'Ask AI'});

async function ask(page: Page, question: string) {
  await page.goto('/platform/quick-start');
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await page.getByRole('button', {name: 'Ask AI'}).click();
  await panel(page).getByRole('textbox').fill(question);
  await panel(page).getByRole('textbox').press('Enter');
}

test('the answer streams in, cites the passages it was given, and no key leaves the browser', async ({page}) => {
  await ask(page, 'What is a dataset, in short?');
  // Part of the answer shows before the stream ends.
  await expect(panel(page)).toContainText('A dataset holds');
  await expect(panel(page).getByRole('button', {name: 'Copy answer'})).toHaveCount(0);
  await expect(panel(page).getByRole('button', {name: 'Copy answer'})).toBeVisible();
  await expect(panel(page)).toContainText('AI generated from the docs');
  await expect(
    panel(page)
      .getByRole('link', {name: /^Source 1:/})
      .first(),
  ).toBeVisible();
  const {headers, payload} = mock.requests.at(-1)!;
  expect(payload.stream).toBe(true);
  expect(payload.messages[0].content).toMatch(/\[1\] .+\(\/platform\//);
  expect(payload.messages.at(-1)).toEqual({role: 'user', content: 'What is a dataset, in short?'});
  expect(headers.authorization).toBeUndefined();
});

test('a follow-up sends the conversation so far', async ({page}) => {
  await ask(page, 'What is a dataset?');
  await expect(panel(page).getByRole('button', {name: 'Copy answer'})).toBeVisible();
  await panel(page).getByRole('textbox').fill('And a map?');
  await panel(page).getByRole('textbox').press('Enter');
  await expect(panel(page).getByRole('button', {name: 'Copy answer'})).toHaveCount(2);
  const messages = mock.requests.at(-1)!.payload.messages;
  expect(messages.slice(1).map((m: {role: string}) => m.role)).toEqual(['user', 'assistant', 'user']);
});

test('a stream cut off midway shows an error, and Retry asks again', async ({page, consoleErrors}) => {
  await ask(page, 'Will this get cut off?');
  const retry = panel(page).getByRole('button', {name: 'Retry'});
  await expect(retry).toBeVisible();
  await expect(panel(page)).toContainText(/stopped before it was complete|network/i);
  await retry.click();
  await expect(panel(page).getByRole('button', {name: 'Copy answer'})).toBeVisible();
  await expect(page.getByRole('heading', {level: 1})).toBeVisible();
  expect(consoleErrors.filter((e) => !/ERR_|net::|Failed to load/.test(e))).toEqual([]);
});

test('an endpoint that answers with an error shows it with Retry', async ({page}) => {
  await ask(page, 'This endpoint is broken');
  await expect(panel(page)).toContainText('HTTP 500');
  await expect(panel(page).getByRole('button', {name: 'Retry'})).toBeVisible();
});

test('the security policy allows the endpoint, and only its origin', async ({request}) => {
  const csp = (await request.get('/')).headers()['content-security-policy'];
  expect(csp).toMatch(new RegExp(`connect-src [^;]*${new URL(CHAT_MOCK_URL).origin}`));
  expect(csp).not.toContain('/v1/chat/completions');
});
