import type {SearchRecord} from './records';

export interface SearchRequest {
  query: string;
  page?: number;
  hitsPerPage?: number;
  /** Snippet length in words. */
  snippetWords?: number;
}

/** A hit of either backend, ready to show: titles and snippets are escaped HTML with <mark>s. */
export interface SearchHit extends Omit<SearchRecord, 'id'> {
  objectID: string;
  titleHtml: string;
  snippetHtml: string;
  /** Matched query words (local backend only), for highlighting the hierarchy. */
  terms?: string[];
  /** Whether the query matched a title or heading (local backend only). */
  inHeading?: boolean;
}

export interface SearchPage {
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
}

/** How the site searches: its own index, or Algolia DocSearch when configured. */
export type SearchConfig =
  {provider: 'local'} | {provider: 'algolia'; appId: string; apiKey: string; indexName: string};

/** What search says when its backend cannot answer (the spec's words), in the modal and on /search. */
export const SEARCH_FAILURE = {
  title: 'Unable to fetch results',
  help: 'You might want to check your network connection.',
} as const;

/** Hits the search modal shows per area (it groups them by `lvl0`); the local backend fetches text for those only. */
export const MAX_RESULTS_PER_GROUP = 5;
