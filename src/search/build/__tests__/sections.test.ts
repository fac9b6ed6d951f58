import {describe, expect, it} from 'vitest';
import {sectionsOf} from '@site/src/search/build/sections';
import {blocksMarkdown, blockText} from '@site/src/search/passages';

const PAGE = `Intro with \`inline_code\` and a [link](/x).

## Limits

The client batches requests:

- 256 texts per request
- retries on 429

| Option | Default |
| --- | --- |
| \`cluster_method\` | \`"fast"\` |

\`\`\`python
embed.text(texts)
\`\`\`

\`\`\`mermaid
graph LR
\`\`\`
`;

describe('section blocks for Ask AI', () => {
  it('keeps paragraphs, lists, tables and code apart, with inline code in backticks', async () => {
    const [intro, limits] = await sectionsOf(PAGE);
    expect(intro!.blocks).toEqual([{p: 'Intro with `inline_code` and a link.'}]);
    expect(limits!.heading).toBe('Limits');
    expect(limits!.blocks).toEqual([
      {p: 'The client batches requests:'},
      {list: ['256 texts per request', 'retries on 429']},
      {
        table: [
          ['Option', 'Default'],
          ['`cluster_method`', '`"fast"`'],
        ],
      },
      {code: 'embed.text(texts)', lang: 'python'},
    ]);
    // Search's text is unchanged: table cells joined per row, list items as words.
    expect(limits!.text).toContain('Option · Default');
    expect(limits!.text).toContain('256 texts per request');
  });

  it('writes blocks back as Markdown, and as plain words for matching', async () => {
    const [, limits] = await sectionsOf(PAGE);
    const markdown = blocksMarkdown(limits!.blocks);
    expect(markdown).toContain('- 256 texts per request\n- retries on 429');
    expect(markdown).toContain('| Option | Default |\n| --- | --- |\n| `cluster_method` | `"fast"` |');
    expect(markdown).toContain('```python\nembed.text(texts)\n```');
    expect(
      blockText({
        table: [
          ['a', 'b'],
          ['c', 'd'],
        ],
      }),
    ).toBe('a b c d');
  });

  it('cuts long code, and stops adding blocks once a section is long', async () => {
    const long = `## Big\n\n\`\`\`python\n${Array.from({length: 40}, (_, i) => `line_${i}`).join('\n')}\n\`\`\`\n\n${'Words here. '.repeat(300)}\n\n${'More words. '.repeat(300)}\n\nLast paragraph.\n`;
    const [, big] = await sectionsOf(long);
    const code = big!.blocks[0] as {code: string};
    expect(code.code.split('\n')).toHaveLength(25);
    expect(code.code.endsWith('…')).toBe(true);
    expect(big!.blocks.some((b) => 'p' in b && b.p === 'Last paragraph.')).toBe(false);
  });
});
