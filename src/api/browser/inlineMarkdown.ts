import {escapeHtml} from '../../shared/html';

/**
 * The Markdown the API theme writes itself while rendering, such as
 * "**Possible values:** [`a`, `b`]" or "`>= 1`": bold and code spans only.
 * Descriptions from the specs never come here (they are rendered when pages
 * are generated); this keeps a Markdown parser out of the browser.
 */
export function renderInlineMarkdown(source: string): string {
  const html = source
    .split(/(`[^`]*`)/)
    .map((part, i) =>
      i % 2 === 1
        ? `<code>${escapeHtml(part.slice(1, -1))}</code>`
        : escapeHtml(part).replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>'),
    )
    .join('');
  return `<p>${html.trim()}</p>\n`;
}
