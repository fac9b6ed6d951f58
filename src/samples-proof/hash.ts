import {createHash} from 'node:crypto';

/**
 * A code block's key in the samples' results (/samples.json): a hash of its text as the page shows it, so an
 * edited block has a new key and loses its proof until the samples run it again. Trailing spaces and blank lines
 * at either end do not count (the twins and the page's source may differ there).
 */
export function blockHash(code: string): string {
  const text = code
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);
}
