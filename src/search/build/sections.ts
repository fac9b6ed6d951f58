import {createSlugger} from '@docusaurus/utils';
import type {List, PhrasingContent, Root, RootContent, Table} from 'mdast';
import type {Block} from '../passages';

export interface Section {
  /** Heading depth: 1 for the page's introduction, then 2 or 3. */
  depth: 1 | 2 | 3;
  heading?: string;
  /** The heading's anchor, as Docusaurus generates it. */
  anchor?: string;
  text: string;
  code: string;
  /** The section as Ask AI quotes it (see src/search/passages.ts). */
  blocks: Block[];
}

const MAX_TEXT = 1500;
// Ask AI shows a section's opening: blocks stop after this many characters,
// code after this many lines.
const MAX_BLOCKS_TEXT = 2400;
const MAX_CODE_LINES = 24;
// Diagrams and shell output carry no words a reader searches for.
const SKIPPED_CODE = new Set(['mermaid', 'text']);

type Unified = typeof import('unified');

/**
 * Splits a page's Markdown/MDX into its introduction and h2/h3 sections, with
 * the text of each. Anchors come from the same slugger Docusaurus uses, fed
 * every heading in order, so they match the built page.
 */
export async function sectionsOf(markdown: string): Promise<Section[]> {
  const [
    {unified},
    {default: remarkParse},
    {default: remarkMdx},
    {default: remarkGfm},
    {default: remarkDirective},
    {toString},
  ] = await Promise.all([
    import('unified') as Promise<Unified>,
    import('remark-parse'),
    import('remark-mdx'),
    import('remark-gfm'),
    import('remark-directive'),
    import('mdast-util-to-string'),
  ]);
  const tree = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkDirective).parse(markdown) as Root;
  const slugger = createSlugger();
  const sections: Section[] = [{depth: 1, text: '', code: '', blocks: []}];
  const current = () => sections[sections.length - 1]!;
  const append = (key: 'text' | 'code', value: string) => {
    const s = current();
    if (s[key].length < MAX_TEXT) s[key] = `${s[key]} ${value.replace(/\s+/g, ' ').trim()}`.trim();
  };
  // Inside a list, whose items are one block.
  let quoting = 0;
  // Characters of blocks the current section holds (reset by each heading that starts a section).
  let blocksSize = 0;
  const addBlock = (block: Block, size: number) => {
    if (quoting > 0 || blocksSize >= MAX_BLOCKS_TEXT) return;
    current().blocks.push(block);
    blocksSize += size;
  };
  // Inline Markdown as plain words, with inline code in backticks.
  const inline = (nodes: PhrasingContent[]): string =>
    nodes
      .map((n) =>
        n.type === 'inlineCode'
          ? `\`${n.value}\``
          : n.type === 'text'
            ? n.value
            : n.type === 'break'
              ? ' '
              : n.type === 'image'
                ? (n.alt ?? '')
                : 'children' in n
                  ? inline(n.children as PhrasingContent[])
                  : '',
      )
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
  const flowText = (nodes: RootContent[]): string =>
    nodes
      .map((n) =>
        n.type === 'paragraph'
          ? inline(n.children)
          : n.type === 'list'
            ? listItems(n).join('; ')
            : 'children' in n
              ? flowText(n.children as RootContent[])
              : '',
      )
      .filter(Boolean)
      .join(' ');
  const listItems = (list: List) => list.children.map((item) => flowText(item.children));
  const tableRows = (table: Table) => table.children.map((row) => row.children.map((cell) => inline(cell.children)));

  const visit = (node: RootContent) => {
    switch (node.type) {
      case 'heading': {
        const heading = toString(node).trim();
        const anchor = slugger.slug(heading);
        if (node.depth === 2 || node.depth === 3) {
          sections.push({depth: node.depth, heading, anchor, text: '', code: '', blocks: []});
          blocksSize = 0;
        } else append('text', heading);
        return;
      }
      case 'code': {
        if (SKIPPED_CODE.has(node.lang ?? '')) return;
        append('code', node.value);
        const lines = node.value.split('\n');
        const code = lines.length > MAX_CODE_LINES ? [...lines.slice(0, MAX_CODE_LINES), '…'].join('\n') : node.value;
        addBlock(node.lang ? {code, lang: node.lang} : {code}, code.length);
        return;
      }
      case 'mdxjsEsm':
      case 'mdxFlowExpression':
      case 'html':
        return;
      case 'paragraph': {
        append('text', toString(node));
        const p = inline(node.children);
        if (p) addBlock({p}, p.length);
        return;
      }
      case 'list': {
        const items = listItems(node);
        addBlock(node.ordered ? {list: items, ordered: true} : {list: items}, items.join(' ').length);
        // Its paragraphs and code still count for search, as before.
        quoting++;
        node.children.forEach(visit);
        quoting--;
        return;
      }
      case 'table': {
        for (const row of node.children) append('text', row.children.map((cell) => toString(cell)).join(' · '));
        const rows = tableRows(node);
        addBlock({table: rows}, rows.flat().join(' ').length);
        return;
      }
      default:
        if ('children' in node) (node.children as RootContent[]).forEach(visit);
    }
  };
  tree.children.forEach(visit);
  return sections;
}
