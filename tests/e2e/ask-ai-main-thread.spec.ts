import {IN_OTHER_WORDS, input, openAskAi, panel, settled} from './ask-ai-panel';
import {expect, test} from './fixtures';

// Ask AI answers in a Web Worker: the page's main thread only shows what it sends. Chromium's long-task
// entries say whether answering ever held the page. This runs in the 'alone' project (playwright.config.ts),
// after every other test, so no other browser shares the machine (alone: `npx playwright test -c
// tests/e2e/playwright.config.ts --project=alone --no-deps`).

test('answering blocks no main-thread task over 50 ms, from Enter to the answer ranked by meaning', async ({page}) => {
  await page.addInitScript(() => {
    const tasks: {start: number; duration: number}[] = [];
    (window as unknown as {longTasks: typeof tasks}).longTasks = tasks;
    new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => tasks.push({start: e.startTime, duration: e.duration})),
    ).observe({type: 'longtask', buffered: true});
  });
  await openAskAi(page);
  await input(page).fill('How do I configure my topic model?');
  const enter = await page.evaluate(() => performance.now());
  await input(page).press('Enter');
  await settled(page);
  await input(page).fill(IN_OTHER_WORDS);
  await input(page).press('Enter');
  await expect(panel(page).getByRole('region')).toHaveCount(2);
  await settled(page);
  const tasks = await page.evaluate(
    () => (window as unknown as {longTasks: {start: number; duration: number}[]}).longTasks,
  );
  expect(tasks.filter((task) => task.start >= enter)).toEqual([]);
});
