import type {Engine} from './engine';
import {highlight, snippet} from './highlight';
import type {SearchPage, SearchRequest} from './types';

/** The local index could not be loaded (offline, or the request was blocked). */
export class SearchUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The search index could not be loaded', {cause});
    this.name = 'SearchUnavailableError';
  }
}

let engine: Promise<Engine> | undefined;

/**
 * The engine and the site's index, fetched on first use only: none of it is
 * part of a page's initial load. A failed load is retried on the next search.
 */
export function loadEngine(): Promise<Engine> {
  engine ??= Promise.all([
    import(/* webpackChunkName: "search-engine" */ './engine'),
    import(/* webpackChunkName: "search-index" */ '@generated/search-index/default/search-index.json'),
  ])
    .then(([{createEngine}, index]) => createEngine(index.default.records))
    .catch((error: unknown) => {
      engine = undefined;
      throw new SearchUnavailableError(error);
    });
  return engine;
}

/** Searches the local index; results are shaped like the Algolia backend's. */
export async function searchLocal({
  query,
  page = 0,
  hitsPerPage = 20,
  snippetWords = 10,
}: SearchRequest): Promise<SearchPage> {
  const hits = (await loadEngine()).search(query, 1000);
  const pageHits = hits.slice(page * hitsPerPage, (page + 1) * hitsPerPage);
  return {
    nbHits: hits.length,
    page,
    nbPages: Math.ceil(hits.length / hitsPerPage),
    hits: pageHits.map(({record, terms, inHeading}) => ({
      ...record,
      objectID: String(record.id),
      titleHtml: highlight(record.hierarchy.lvl3 ?? record.hierarchy.lvl2 ?? record.hierarchy.lvl1, terms),
      snippetHtml: snippet(record.content, terms, snippetWords),
      terms,
      inHeading,
    })),
  };
}
