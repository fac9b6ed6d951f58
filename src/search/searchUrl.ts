/** The search input's limit, as in DocSearch. */
export const MAX_QUERY_LENGTH = 64;

/** `?q=` and `?page=` (1-based in the URL, 0-based here), clamped to sane values. */
export function parseSearchParams(search: string): {query: string; page: number} {
  const params = new URLSearchParams(search);
  const query = (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH);
  const page = Math.max(0, Math.min(999, (parseInt(params.get('page') ?? '1', 10) || 1) - 1));
  return {query, page};
}

/** The /search URL for a query and 0-based page. */
export function searchHref(query: string, page = 0): string {
  const params = new URLSearchParams({q: query});
  if (page > 0) params.set('page', String(page + 1));
  return `/search?${params.toString()}`;
}
