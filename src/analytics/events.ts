import type {TrackedEvent} from './types';

/**
 * Components report what readers do through this window event; the analytics
 * client (in the bundle only when a service is configured) listens. Without
 * analytics nothing listens, and no analytics code is on the page.
 */
export const TRACK_EVENT = 'atlas-docs:track';

export function track(event: TrackedEvent): void {
  if (typeof window === 'undefined') return;
  try {
    window.dispatchEvent(new CustomEvent(TRACK_EVENT, {detail: event}));
  } catch {
    // Reporting must never break the page.
  }
}

const SEARCH_SETTLE_MS = 1000;
let pendingSearch: ReturnType<typeof setTimeout> | undefined;

/**
 * Reports a search once the reader stops typing: one event per settled query,
 * not one per keystroke. Only the query's length is sent, never its words.
 */
export function reportSearch(surface: 'modal' | 'page', query: string, resultCount: number): void {
  if (typeof window === 'undefined' || !query.trim()) return;
  clearTimeout(pendingSearch);
  pendingSearch = setTimeout(() => {
    track({
      name: 'Search',
      props: {surface, query_length: query.trim().length, result_count: resultCount, no_results: resultCount === 0},
    });
  }, SEARCH_SETTLE_MS);
}
