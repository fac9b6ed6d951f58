import {Marked} from 'marked';
import {escapeHtml} from '../../shared/html';
import {SCHEMA_EXAMPLE} from '../shared/types';

// Raw HTML in a description is shown as text, never interpreted.
const markdown = new Marked({gfm: true, async: false, renderer: {html: ({text}) => escapeHtml(text)}});

/** GitHub-flavoured Markdown to HTML. Runs when pages are generated, never in the browser. */
export function renderMarkdown(source: string): string {
  return markdown.parse(source) as string;
}

// Example values are data, not prose: a `description` inside one is not rendered.
const DATA_KEYS = new Set(['example', 'value', SCHEMA_EXAMPLE, 'default', 'enum', 'const']);

/**
 * Every description and summary in an operation, rendered to HTML. Pages carry
 * this map (../theme/ApiItem hands it to ../theme/Markdown), so browsers
 * render descriptions without a Markdown parser.
 */
export function collectMarkdownHtml(node: unknown, out: Record<string, string> = {}): Record<string, string> {
  if (Array.isArray(node)) {
    for (const item of node) collectMarkdownHtml(item, out);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if ((key === 'description' || key === 'summary') && typeof value === 'string') out[value] = renderMarkdown(value);
      else if (!DATA_KEYS.has(key)) collectMarkdownHtml(value, out);
    }
  }
  return out;
}
