import type {Page} from '@playwright/test';
import {expect} from './fixtures';

// The Ask AI panel as its browser tests drive it (ask-ai.spec.ts, ask-ai-main-thread.spec.ts).

export const panel = (page: Page) => page.getByRole('dialog', {name: 'Ask AI'});
export const input = (page: Page) => panel(page).getByRole('textbox');

// A question from the tuning split that the words of its answer do not match
// (the docs call them "view hashes"); by words alone another page comes first.
export const IN_OTHER_WORDS = 'what are the 4 characters after the # in a shared map link?';

export async function openAskAi(page: Page, path = '/platform/quick-start') {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await page.getByRole('button', {name: 'Ask AI'}).click();
  await expect(panel(page)).toBeVisible();
}

/**
 * Holds the encoder model back until `release()`, so the first answer comes from the words of the
 * question whatever the machine's speed: which section a first answer quotes depends on whether the
 * model has arrived, and a test that reads the quote must not depend on that race.
 */
export async function holdModel(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/ask-model-/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The last answer, once shown. */
export async function lastAnswer(page: Page) {
  const answer = panel(page).getByRole('region').last();
  await expect(answer.getByRole('button', {name: 'Copy answer'})).toBeVisible();
  return answer;
}

/** The last answer, once meaning has had its say on its sections to read more (none is busy). */
export async function settled(page: Page) {
  const answer = await lastAnswer(page);
  await expect(answer.locator('[aria-busy="true"]')).toHaveCount(0);
  return answer;
}
