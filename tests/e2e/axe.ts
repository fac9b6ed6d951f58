import AxeBuilder from '@axe-core/playwright';
import type {Page} from '@playwright/test';
import {expect} from './fixtures';

// WCAG 2.x A and AA with every rule, layout ones (contrast) included; a
// serious or critical finding fails. The server-HTML checks (tests/html) run
// the rules that need no layout on every page.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Serious and critical findings on what the page shows now, one line per element.
 * Highlighted code is left out: its thousands of token spans triple axe's time
 * on long guides, and their colours are checked once, against the code
 * background, by src/code-highlight/__tests__/theme.test.ts. Code blocks hold no controls
 * (their buttons sit outside the <pre>), so nothing else goes unchecked.
 * A page without frames is checked in axe's legacy mode, in the page itself: the default
 * mode opens a blank page to merge the results of frames, which took 1.1 s of every 2.5 s,
 * and gave the same results on pages without frames. A page with a frame gets the default.
 */
export async function findings(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({page})
    .withTags(TAGS)
    .exclude('pre.prism-code')
    .setLegacyMode(page.frames().length === 1);
  const {violations} = await (within ? builder.include(within) : builder).analyze();
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary ?? ''}`));
}

export async function expectAccessible(page: Page, where: string, within?: string): Promise<void> {
  expect(await findings(page, within), where).toEqual([]);
}
