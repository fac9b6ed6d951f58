import {distance} from 'fastest-levenshtein';
import type {Engine} from './engine';
import {loadEngine} from './localClient';
import {queryFromPath} from './queryFromPath';

/** A page worth offering: its URL, title and the area of the site it is in. */
export interface PageRef {
  url: string;
  title: string;
  area: string;
}

/** A path reduced to what a typo would not change: letters and digits, no `.html` or `/index`. */
function compact(path: string): string {
  return path
    .toLowerCase()
    .replace(/\.html?$|\/index$/, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

function lastSegment(path: string): string {
  return (
    path
      .replace(/\.html?$|\/index$|\/+$/g, '')
      .split('/')
      .at(-1) ?? ''
  );
}

/**
 * How far a requested path is from a route, 0 (the same but for case,
 * punctuation or a suffix) to 1: edits over length, for the whole path or,
 * a little worse, for its last segment alone (`/quickstart`).
 */
export function slugDistance(requested: string, route: string): number {
  const relative = (a: string, b: string) => (a || b ? distance(a, b) / Math.max(a.length, b.length) : 1);
  let decoded = requested;
  try {
    decoded = decodeURIComponent(requested);
  } catch {
    // A malformed escape: compare the raw path.
  }
  const whole = relative(compact(decoded), compact(route));
  const last = relative(compact(lastSegment(decoded)), compact(lastSegment(route)));
  return Math.min(whole, last + 0.1);
}

/** Routes close enough to the requested path to be what the reader meant, closest first. */
export function nearRoutes(requested: string, pages: PageRef[], threshold = 0.25): PageRef[] {
  return pages
    .map((page) => ({page, d: slugDistance(requested, page.url)}))
    .filter(({d}) => d <= threshold)
    .sort((a, b) => a.d - b.d)
    .map(({page}) => page);
}

/** Pages for a path nobody serves: near-matching routes first, then what search finds for its words. */
export async function suggestionsFor(pathname: string, engine: Engine, limit = 5): Promise<PageRef[]> {
  const found = (await engine.search(queryFromPath(pathname), 50)).map(({record}) => ({
    url: record.url.split('#')[0]!,
    title: record.hierarchy.lvl1,
    area: record.hierarchy.lvl0,
  }));
  const byUrl = new Map<string, PageRef>();
  for (const page of [...nearRoutes(pathname, await engine.pages()), ...found])
    if (!byUrl.has(page.url)) byUrl.set(page.url, page);
  return [...byUrl.values()].slice(0, limit);
}

/** The not-found page's suggestions, from the site's own index (whatever the search backend). */
export async function suggestPages(pathname: string, limit = 5): Promise<PageRef[]> {
  return suggestionsFor(pathname, await loadEngine(), limit);
}
