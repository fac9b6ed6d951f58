import AxeBuilder from '@axe-core/playwright';
import type {Page} from '@playwright/test';
import {specOperations} from '../../src/api/build/specs.cjs';
import {expect, hydrated, specRoutes, test} from './fixtures';

// WCAG 2.x A and AA; a serious or critical finding fails the page.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

// Colours are checked at rest: with reduced motion the site has no transitions,
// so axe never samples a tab or link halfway through a colour change.
test.use({reducedMotion: 'reduce'});

/**
 * Serious and critical findings on what the page shows now, one line per element.
 * Highlighted code is left out: its thousands of token spans triple axe's time
 * on long guides, and their colours are checked once, against the code
 * background, by tests/unit/code-theme.test.ts. Code blocks hold no controls
 * (their buttons sit outside the <pre>), so nothing else goes unchecked.
 */
async function findings(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({page}).withTags(TAGS).exclude('pre.prism-code');
  const {violations} = await (within ? builder.include(within) : builder).analyze();
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary ?? ''}`));
}

async function expectAccessible(page: Page, where: string, within?: string) {
  expect(await findings(page, within), where).toEqual([]);
}

const legacy = (specOperations() as {route: string; path: string; legacy: boolean}[]).filter((op) => op.legacy);
const legacyPages = legacy.map((op) => op.route);

/** Goes to a route the way a reader's click does: React Router renders it, no page load. */
async function navigate(page: Page, route: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await expect(page).toHaveURL(new RegExp(`${route}$`));
}
const pages = [...specRoutes().filter((r) => r !== '/search'), legacyPages[0], '/no-such-page'];

test.describe('axe finds nothing serious', () => {
  // Each page on its own, so a report names every page that fails.
  for (const route of pages) {
    test(route, async ({page}) => {
      await page.goto(route);
      await hydrated(page);
      await expectAccessible(page, route);
    });
  }
  // The other legacy endpoint pages share the first one's navbar, sidebar and
  // footer (checked whole above) and differ in their content, checked here,
  // 20 to a test, reached by client-side navigation (a page load each would
  // double the time of this suite).
  const rest = legacy.slice(1);
  for (let start = 0; start < rest.length; start += 20) {
    const group = rest.slice(start, start + 20);
    test(`legacy endpoint pages ${start + 2}–${start + group.length + 1} (content)`, async ({page}) => {
      test.setTimeout(180_000);
      await page.goto(group[0].route);
      await hydrated(page);
      const found: string[] = [];
      for (const op of group) {
        if (op !== group[0]) await navigate(page, op.route);
        await expect(page.locator('main .openapi__method-endpoint')).toContainText(op.path);
        found.push(...(await findings(page, 'main')).map((f) => `${op.route}: ${f}`));
      }
      expect(found).toEqual([]);
    });
  }
});

/**
 * Panels and dialogs opened on top of a page. Each entry opens its panel the way
 * a reader would; add new panels here (Ask AI, page feedback) so axe checks them
 * open as well as closed.
 */
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
    name: 'the Copy page menu',
    route: '/platform/quick-start',
    open: async (page) => {
      await page.getByRole('button', {name: 'More ways to copy this page'}).click();
      await expect(page.getByRole('link', {name: /View as Markdown/})).toBeVisible();
    },
  },
  {
    name: 'Ask AI with an answer',
    route: '/platform/quick-start',
    open: async (page) => {
      await page.getByRole('button', {name: 'Ask AI'}).click();
      const dialog = page.getByRole('dialog', {name: 'Ask AI'});
      await dialog.getByRole('button', {name: 'What is a Dataset?'}).click();
      await expect(dialog.getByRole('button', {name: 'Copy answer'})).toBeVisible();
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
