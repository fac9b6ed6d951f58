/**
 * A section's content as Ask AI shows it: paragraphs, lists, tables and code
 * kept apart, so an answer can quote a paragraph, show a list or table whole
 * and code as code. The build writes them (src/search/build/sections.ts);
 * the browser fetches them only when Ask AI answers.
 */
export type Block =
  /** A paragraph; inline code is kept in backticks. */
  | {p: string}
  | {list: string[]; ordered?: true}
  /** Rows of cells, the header row first. */
  | {table: string[][]}
  | {code: string; lang?: string};

/** The words of a block, for matching and plain-text copies. */
export function blockText(block: Block): string {
  if ('p' in block) return block.p;
  if ('list' in block) return block.list.join(' ');
  if ('table' in block) return block.table.map((row) => row.join(' ')).join(' ');
  return block.code;
}

/** Blocks as Markdown: what a chat endpoint reads and what "Copy answer" copies. */
export function blocksMarkdown(blocks: Block[]): string {
  return blocks
    .map((block) => {
      if ('p' in block) return block.p;
      if ('list' in block)
        return block.list.map((item, i) => `${block.ordered ? `${i + 1}.` : '-'} ${item}`).join('\n');
      if ('table' in block) {
        const [head = [], ...rows] = block.table;
        const line = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
        return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
      }
      return `\`\`\`${block.lang ?? ''}\n${block.code}\n\`\`\``;
    })
    .join('\n\n');
}
