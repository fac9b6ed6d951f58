import type {Engine, FoundHit, SearchHit as EngineHit} from './engine';
import {engineOf} from './fetchIndex';
import {highlight, snippet} from './highlight';
import type {SearchHit, SearchPage, SearchRequest} from './types';

/** The local index could not be loaded (offline, or the request was blocked). */
export class SearchUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The search index could not be loaded', {cause});
    this.name = 'SearchUnavailableError';
  }
}

let engine: Promise<Engine> | undefined;

/**
 * The engine and the index's head, fetched on first use only: none of it is
 * part of a page's initial load. Shards, records and fragments follow as
 * queries need them. A failed load is retried on the next search (see createEngine).
 */
export function loadEngine(): Promise<Engine> {
  engine ??= Promise.all([
    import(/* webpackChunkName: "search-engine" */ './engine'),
    import(/* webpackChunkName: "search-head" */ '@generated/search-index/default/search-head.json'),
  ])
    .then(([{createEngine}, {default: head}]) => engineOf(createEngine, head))
    .catch((error: unknown) => {
      engine = undefined;
      throw new SearchUnavailableError(error);
    });
  return engine;
}

/** Every hit of a query, best first, as ids (see Engine.find). */
export async function findLocal(query: string): Promise<FoundHit[]> {
  return (await loadEngine()).find(query, 1000);
}

/** Found hits with their titles, URLs and headings. */
export async function resolveLocal(hits: FoundHit[]): Promise<EngineHit[]> {
  return (await loadEngine()).resolve(hits);
}

/**
 * Hits ready to show, shaped like the Algolia backend's. Only the hits that
 * show text fetch it (`withText`); the others get an empty snippet.
 */
export async function showHits(
  hits: EngineHit[],
  snippetWords: number,
  withText: (hit: EngineHit) => boolean = () => true,
): Promise<SearchHit[]> {
  const texts = await (await loadEngine()).contents(hits.filter(withText).map((hit) => hit.record));
  let next = 0;
  return hits.map((hit) => {
    const {record, terms, inHeading} = hit;
    const content = withText(hit) ? texts[next++]! : '';
    return {
      ...record,
      content,
      objectID: String(record.id),
      titleHtml: highlight(record.hierarchy.lvl3 ?? record.hierarchy.lvl2 ?? record.hierarchy.lvl1, terms),
      snippetHtml: snippet(content, terms, snippetWords),
      terms,
      inHeading,
    };
  });
}

/** Searches the local index, a page of hits at a time. */
export async function searchLocal({
  query,
  page = 0,
  hitsPerPage = 20,
  snippetWords = 10,
}: SearchRequest): Promise<SearchPage> {
  const hits = await findLocal(query);
  return {
    nbHits: hits.length,
    page,
    nbPages: Math.ceil(hits.length / hitsPerPage),
    hits: await showHits(await resolveLocal(hits.slice(page * hitsPerPage, (page + 1) * hitsPerPage)), snippetWords),
  };
}
