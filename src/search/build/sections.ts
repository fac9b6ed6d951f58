import {createSlugger} from '@docusaurus/utils';
import type {Root, RootContent} from 'mdast';

export interface Section {
  /** Heading depth: 1 for the page's introduction, then 2 or 3. */
  depth: 1 | 2 | 3;
  heading?: string;
  /** The heading's anchor, as Docusaurus generates it. */
  anchor?: string;
  text: string;
  code: string;
}

const MAX_TEXT = 1500;
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
  const sections: Section[] = [{depth: 1, text: '', code: ''}];
  const current = () => sections[sections.length - 1];
  const append = (key: 'text' | 'code', value: string) => {
    const s = current();
    if (s[key].length < MAX_TEXT) s[key] = `${s[key]} ${value.replace(/\s+/g, ' ').trim()}`.trim();
  };

  const visit = (node: RootContent) => {
    switch (node.type) {
      case 'heading': {
        const heading = toString(node).trim();
        const anchor = slugger.slug(heading);
        if (node.depth === 2 || node.depth === 3)
          sections.push({depth: node.depth, heading, anchor, text: '', code: ''});
        else append('text', heading);
        return;
      }
      case 'code':
        if (!SKIPPED_CODE.has(node.lang ?? '')) append('code', node.value);
        return;
      case 'mdxjsEsm':
      case 'mdxFlowExpression':
      case 'html':
        return;
      case 'paragraph':
        append('text', toString(node));
        return;
      case 'tableRow':
        append('text', node.children.map((cell) => toString(cell)).join(' · '));
        return;
      default:
        if ('children' in node) (node.children as RootContent[]).forEach(visit);
    }
  };
  tree.children.forEach(visit);
  return sections;
}
