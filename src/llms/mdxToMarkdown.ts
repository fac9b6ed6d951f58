import path from 'node:path';
import {unified} from 'unified';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import {parseBody, splitFrontMatter} from '../shared/mdxTree.mjs';
import type {Root, RootContent, PhrasingContent} from 'mdast';
// Node types of MDX and directives, for the switch below.
import type {} from 'mdast-util-mdx';
import type {} from 'mdast-util-directive';

declare module 'mdast' {
  interface CodeData {
    /** Why the samples do not run a block (its fence's `norun="…"`), kept for the notebook twin. */
    norun?: string;
    /** Why a shell block runs only in a terminal (`terminal="…"`: it prompts), kept for the notebook twin. */
    terminal?: string;
  }
}

type Attribute = {type: string; name?: string; value?: unknown};

function attribute(node: {attributes?: Attribute[]}, name: string): string | undefined {
  const found = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  return typeof found?.value === 'string' ? found.value : undefined;
}

const ADMONITIONS = new Set(['note', 'tip', 'info', 'warning', 'danger', 'caution', 'important']);
const strong = (text: string): PhrasingContent => ({type: 'strong', children: [{type: 'text', value: text}]});

/**
 * What a node becomes in plain Markdown: imports and expressions go, tabs
 * become labelled runs of their content, admonitions become quotes, other
 * components keep their children or their title.
 */
function plain(node: RootContent, resolveLink: (url: string) => string): RootContent[] {
  const children = (n: {children?: RootContent[]}) => (n.children ?? []).flatMap((c) => plain(c, resolveLink));
  switch (node.type) {
    case 'mdxjsEsm':
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
      return [];
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement': {
      if (node.name === 'TabItem') {
        const label = attribute(node, 'label') ?? attribute(node, 'value') ?? '';
        return [{type: 'paragraph', children: [strong(label)]}, ...children(node)];
      }
      const inner = children(node);
      if (inner.length > 0 || node.type === 'mdxJsxTextElement') return inner;
      const title = attribute(node, 'title') ?? attribute(node, 'caption');
      return title
        ? [{type: 'paragraph', children: [{type: 'emphasis', children: [{type: 'text', value: `Figure: ${title}`}]}]}]
        : [];
    }
    case 'containerDirective': {
      if (!ADMONITIONS.has(node.name)) return children(node);
      const [first, ...rest] = node.children;
      const hasLabel =
        first?.type === 'paragraph' && (first.data as {directiveLabel?: boolean} | undefined)?.directiveLabel;
      const label = hasLabel ? first.children.map((c) => ('value' in c ? c.value : '')).join('') : node.name;
      const body = (hasLabel ? rest : node.children).flatMap((c) => plain(c, resolveLink));
      const heading = `${label.charAt(0).toUpperCase()}${label.slice(1)}:`;
      return [
        {type: 'blockquote', children: [{type: 'paragraph', children: [strong(heading)]}, ...body]},
      ] as RootContent[];
    }
    case 'leafDirective':
    case 'textDirective':
      return children(node as {children?: RootContent[]});
    case 'link':
      return [{...node, url: resolveLink(node.url), children: children(node) as PhrasingContent[]}];
    case 'code': {
      // A fence's notes for the samples harness (schema, output, signature) are not for readers; its title is
      // shown. Why a block is not run stays on the node (`data.norun`) for the notebook twin to say.
      const title = /(?:^|\s)(title="[^"]*")/.exec(node.meta ?? '')?.[1];
      const norun = /(?:^|\s)norun="([^"]*)"/.exec(node.meta ?? '')?.[1];
      const terminal = /(?:^|\s)terminal="([^"]*)"/.exec(node.meta ?? '')?.[1];
      const data = {...(norun === undefined ? {} : {norun}), ...(terminal === undefined ? {} : {terminal})};
      return [{...node, meta: title ?? null, ...(Object.keys(data).length ? {data} : {})}];
    }
    default:
      return 'children' in node ? [{...node, children: children(node)} as RootContent] : [node];
  }
}

export interface MarkdownPage {
  title: string;
  description?: string;
  /** The page's source, front matter included. */
  source: string;
  /** The file it came from, to resolve links to other files. */
  file: string;
  /** Site path of a file linked by its path (`./storage.mdx`), when it is a page. */
  permalinkOf: (file: string) => string | undefined;
}

/** A hand-written page's blocks as plain Markdown nodes, in page order: what a reader sees, without MDX. */
export function plainTree({source, file, permalinkOf}: Omit<MarkdownPage, 'title' | 'description'>): RootContent[] {
  const tree = parseBody(splitFrontMatter(source).body, {mdx: file.endsWith('.mdx')});
  const resolveLink = (url: string) => {
    const match = /^(\.{0,2}\/[^#?]*\.mdx?)(#.*)?$/.exec(url);
    if (!match || /^\//.test(url)) return url;
    const target = permalinkOf(path.resolve(path.dirname(file), match[1]!));
    return target ? `${target}${match[2] ?? ''}` : url;
  };
  return tree.children.flatMap((node) => plain(node, resolveLink));
}

/** Markdown nodes as text, the way the twins write them. */
export function stringify(children: RootContent[]): string {
  return unified()
    .use(remarkGfm)
    .use(remarkStringify, {bullet: '-', fences: true, rule: '-'})
    .stringify({type: 'root', children} as Root);
}

/** The page's title (and description), unless its source starts with its own. */
export function titleOf({title, description}: MarkdownPage, children: RootContent[]): string {
  const hasTitle = children.some((n) => n.type === 'heading' && n.depth === 1);
  return hasTitle ? '' : `# ${title}\n\n${description ? `> ${description}\n\n` : ''}`;
}

/** A hand-written page as plain Markdown: what a reader sees, without MDX. */
export function mdxToMarkdown(page: MarkdownPage): string {
  const children = plainTree(page);
  return `${titleOf(page, children)}${stringify(children)}`.trimEnd() + '\n';
}
