// The one parser of the hand-written pages' sources: the Markdown twins and notebooks (src/llms), the
// content check's fence count (tests/content) and the samples harness (tests/samples) all read a page
// through it, so they cannot disagree about where a fence starts, what it holds or on which line it is.
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import {visit} from 'unist-util-visit';

const FRONT_MATTER = /^---\n[\s\S]*?\n---\n/;

/**
 * A page's source split at its front matter: `{frontMatter: text or '', body, offset}`, where `offset` is
 * the number of lines the front matter takes (a line in `body` is line `offset + n` of the file).
 * @param {string} source
 */
export function splitFrontMatter(source) {
  const match = FRONT_MATTER.exec(source);
  if (!match) return {frontMatter: '', body: source, offset: 0};
  return {frontMatter: match[0], body: source.slice(match[0].length), offset: match[0].split('\n').length - 1};
}

/**
 * The mdast tree of a page's body (front matter removed), as Docusaurus reads it: GFM, directives
 * (admonitions) and, for `.mdx` files, MDX.
 * @param {string} body
 * @param {{mdx?: boolean}} [options]
 * @returns {import('mdast').Root}
 */
export function parseBody(body, {mdx = true} = {}) {
  const processor = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
  if (mdx) processor.use(remarkMdx);
  return /** @type {import('mdast').Root} */ (processor.parse(body));
}

/**
 * Every fenced code block of a page's source, in page order: `{lang, meta, code, line}`, where `line` is
 * the line of the opening fence in the file (front matter counted). Indented code (four spaces) is not a
 * fence and is not listed; a fence inside a list, a quote or a component is.
 * @param {string} source
 * @param {{mdx?: boolean}} [options]
 * @returns {{lang: string, meta: string, code: string, line: number}[]}
 */
export function codeFences(source, options) {
  const {body, offset} = splitFrontMatter(source);
  const fences = [];
  visit(parseBody(body, options), 'code', (node) => {
    const opening = body.split('\n')[(node.position?.start.line ?? 1) - 1] ?? '';
    if (!/^\s*(```|~~~)/.test(opening.replace(/^(\s*([>*+-]|\d+[.)])\s+)+/, ''))) return; // indented code
    fences.push({
      lang: node.lang ?? '',
      meta: node.meta ?? '',
      code: node.value.length ? `${node.value}\n` : '',
      line: (node.position?.start.line ?? 1) + offset,
    });
  });
  return fences;
}
