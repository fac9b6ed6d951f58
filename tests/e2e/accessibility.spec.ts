import type {Page} from '@playwright/test';
import {holdModel, settled} from './ask-ai-panel';
import {expectAccessible} from './axe';
import {expect, hydrated, test} from './fixtures';

// Axe on what only a browser shows: panels and dialogs opened, and the
// keyboard. Each page type's own axe check is in pages.spec.ts; every page's
// server HTML gets axe's rules that need no layout from tests/html.

// Colours are checked at rest: with reduced motion the site has no transitions,
// so axe never samples a tab or link halfway through a colour change.
test.use({reducedMotion: 'reduce'});

/**
 * Panels and dialogs opened on top of a page. Each entry opens its panel the way
 * a reader would; add new panels here (Ask AI, page feedback) so axe checks them
 * open as well as closed.
 */
/** Opens Ask AI and asks a question by typing it, as a reader would; returns the dialog. */
async function askAi(page: Page, question: string) {
  await page.getByRole('button', {name: 'Ask AI'}).click();
  const dialog = page.getByRole('dialog', {name: 'Ask AI'});
  await dialog.getByRole('textbox').fill(question);
  await dialog.getByRole('textbox').press('Enter');
  return dialog;
}

const PANELS: {name: string; route: string; open: (page: Page) => Promise<void>}[] = [
  {
    name: 'search results page',
    route: '/search?q=embedding',
    open: async (page) => {
      await expect(page.locator('main').getByRole('link').first()).toBeVisible();
    },
  },
  {
    name: 'search modal with results',
    route: '/platform/quick-start',
    open: async (page) => {
      await page
        .getByRole('button', {name: /search/i})
        .first()
        .click();
      await page.getByRole('searchbox').fill('dataset');
      await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    },
  },
  {
    name: 'page feedback with its comment box',
    route: '/platform/quick-start',
    open: async (page) => {
      await page.getByRole('button', {name: 'No', exact: true}).click();
      await expect(page.getByLabel('What could be better? (optional)')).toBeFocused();
    },
  },
  {
    name: 'the Copy page menu, with its notebook',
    route: '/platform/quick-start',
    open: async (page) => {
      await page.getByRole('button', {name: 'More ways to copy this page'}).click();
      await expect(page.getByRole('link', {name: /View as Markdown/})).toBeVisible();
      await expect(page.getByRole('link', {name: /Download notebook/})).toBeVisible();
      await expect(page.getByRole('link', {name: /Open in ChatGPT/})).toBeVisible();
    },
  },
  {
    name: "the Copy page menu's editor dialog",
    route: '/reference/api/embed-text',
    open: async (page) => {
      await page.getByRole('button', {name: 'More ways to copy this page'}).click();
      await page.getByRole('button', {name: 'Connect to your editor'}).click();
      await expect(page.getByRole('dialog', {name: 'Connect to your editor'})).toBeVisible();
    },
  },
  {
    name: 'Ask AI with an answer',
    route: '/platform/quick-start',
    open: async (page) => {
      const dialog = await askAi(page, 'What is a Dataset?');
      await expect(dialog.getByRole('button', {name: 'Copy answer'})).toBeVisible();
    },
  },
  {
    name: 'Ask AI with a quoted table, code and the read-more list',
    route: '/platform/quick-start',
    open: async (page) => {
      // By words this question quotes a table (ask-ai.spec.ts); the model is held back so the first
      // answer is by words whatever the machine's speed, then let in so the read-more list settles.
      const release = await holdModel(page);
      const dialog = await askAi(page, 'How do I configure my topic model?');
      await expect(dialog.getByRole('button', {name: 'Copy answer'})).toBeVisible();
      release();
      const answer = await settled(page);
      await expect(answer.getByRole('heading', {name: 'Read more'})).toBeVisible();
      await expect(answer.getByRole('table')).toBeVisible();
    },
  },
  {
    name: 'Ask AI with no direct answer',
    route: '/platform/quick-start',
    open: async (page) => {
      // A question with near matches, so the list of closest pages is checked too.
      const dialog = await askAi(page, 'Can I pay for Atlas with bitcoin?');
      await expect(dialog.getByText('No direct answer in the docs', {exact: true})).toBeVisible();
      await expect(dialog.getByRole('list', {name: 'Closest pages'})).toBeVisible();
    },
  },
  {
    name: 'phone menu',
    route: '/platform/quick-start',
    open: async (page) => {
      await page.setViewportSize({width: 390, height: 800});
      await page.getByRole('button', {name: /toggle navigation bar/i}).click();
      await expect(page.locator('.navbar-sidebar')).toBeVisible();
    },
  },
];

test.describe('axe finds nothing serious with a panel open', () => {
  for (const panel of PANELS) {
    test(panel.name, async ({page}) => {
      await page.goto(panel.route);
      await hydrated(page);
      await panel.open(page);
      await expectAccessible(page, panel.name);
    });
  }
});

test.describe('keyboard', () => {
  test('the first Tab reaches a visible skip link that moves focus to the content', async ({page}) => {
    await page.goto('/platform/quick-start');
    await hydrated(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', {name: /skip to main content/i});
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    const inMain = await page.evaluate(() => Boolean(document.activeElement?.closest('main')));
    expect(inMain).toBe(true);
  });

  test('Tab reaches every navbar control, each with a visible focus indicator', async ({page}) => {
    await page.goto('/platform/quick-start');
    await hydrated(page);
    const reached = new Set<string>();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el) return null;
        const style = getComputedStyle(el);
        return {
          name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
          inNavbar: Boolean(el.closest('.navbar')),
          indicator:
            (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none',
        };
      });
      expect(focus, `focus stop ${i + 1}`).not.toBeNull();
      expect(focus!.indicator, `"${focus!.name}" shows no focus indicator`).toBe(true);
      if (focus!.inNavbar) reached.add(focus!.name);
    }
    for (const control of ['Nomic Atlas', 'API Platform Documentation', 'API Reference', 'Atlas app', 'Search docs'])
      expect(
        [...reached].some((name) => name.includes(control)),
        control,
      ).toBe(true);
  });

  test('on a phone the menu opens from the keyboard', async ({page}) => {
    await page.setViewportSize({width: 390, height: 800});
    await page.goto('/platform/quick-start');
    await hydrated(page);
    await page.getByRole('button', {name: /toggle navigation bar/i}).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('.navbar-sidebar')).toBeVisible();
  });
});
