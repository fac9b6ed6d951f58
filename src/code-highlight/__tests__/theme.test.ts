import {describe, expect, it} from 'vitest';
import theme from '@site/src/code-highlight/theme';
import {blend, contrastRatio} from '../../../tests/support/contrast.mjs';

const background = theme.plain.backgroundColor as string;
// --docusaurus-highlighted-code-line-bg in src/css/custom.css: black at 8 %.
const highlightedLine = blend('#000000', 0.08, background);

describe('code theme', () => {
  const colours = [
    ['plain', theme.plain.color as string],
    ...theme.styles.filter((s) => s.style.color).map((s) => [s.types.join(', '), s.style.color as string]),
  ];

  it.each(colours)('%s keeps 4.5:1 on the code background and on a highlighted line', (_, colour) => {
    expect(contrastRatio(colour, background)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(colour, highlightedLine)).toBeGreaterThanOrEqual(4.5);
  });

  it('uses no opacity, which would lower contrast', () => {
    expect(theme.styles.some((s) => s.style.opacity !== undefined)).toBe(false);
  });

  it('knows a failing pair when it sees one', () => {
    // prism-react-renderer's github theme: property colour on its background.
    expect(contrastRatio('#36acaa', '#f6f8fa')).toBeLessThan(3);
  });
});
