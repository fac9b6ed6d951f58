import {MAX_QUERY_LENGTH} from './searchUrl';

/**
 * Words worth searching for, taken from a path nobody serves:
 * `/platform/embed-txt.html` → `embed txt`. Section names that every path
 * shares carry no meaning and are dropped.
 */
const NOISE = new Set(['platform', 'reference', 'docs', 'index', 'html', 'api', 'v1']);

export function queryFromPath(pathname: string, maxLength = MAX_QUERY_LENGTH): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: keep the raw path.
  }
  const words = decoded
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !NOISE.has(w));
  return words.join(' ').slice(0, maxLength).trim();
}
