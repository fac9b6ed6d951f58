import {escapeHtml} from '../shared/html';

const WORD = /[\p{L}\p{N}_]+/gu;

function matches(word: string, terms: string[]): boolean {
  const w = word.toLowerCase();
  return terms.some((t) => t.length > 0 && (w.startsWith(t) || (t.length > 3 && t.startsWith(w) && w.length >= 3)));
}

/**
 * The text, HTML-escaped, with each word that starts with one of the terms
 * wrapped in <mark>. Only the marks are markup: everything from the content
 * or the query is escaped.
 */
export function highlight(text: string, terms: string[]): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(WORD)) {
    if (!matches(m[0], terms)) continue;
    out += `${escapeHtml(text.slice(last, m.index))}<mark>${escapeHtml(m[0])}</mark>`;
    last = m.index! + m[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

/**
 * About `words` words of the text around its first matching word, highlighted,
 * with an ellipsis where text was cut.
 */
export function snippet(text: string, terms: string[], words: number): string {
  const tokens = text.split(/\s+/).filter(Boolean);
  if (tokens.length <= words) return highlight(tokens.join(' '), terms);
  const first = Math.max(
    0,
    tokens.findIndex((token) => [...token.matchAll(WORD)].some((m) => matches(m[0], terms))),
  );
  const start = Math.max(0, Math.min(first - Math.floor(words / 3), tokens.length - words));
  const body = highlight(tokens.slice(start, start + words).join(' '), terms);
  return `${start > 0 ? '… ' : ''}${body}${start + words < tokens.length ? ' …' : ''}`;
}
