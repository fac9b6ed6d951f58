import {liteClient} from 'algoliasearch/lite';
import {escapeHtml} from '../shared/html';
import {SearchUnavailableError} from './localClient';
import type {SearchConfig, SearchHit, SearchPage, SearchRequest} from './types';

type AlgoliaConfig = Extract<SearchConfig, {provider: 'algolia'}>;
type Highlighted = {value?: string};
interface AlgoliaHit extends Omit<SearchHit, 'titleHtml' | 'snippetHtml'> {
  _highlightResult?: {hierarchy?: Record<string, Highlighted>};
  _snippetResult?: {content?: Highlighted};
}

/** The /search page's queries against Algolia DocSearch, in the local backend's result shape. */
export async function searchAlgolia(
  config: AlgoliaConfig,
  {query, page = 0, hitsPerPage = 20, snippetWords = 10}: SearchRequest,
): Promise<SearchPage> {
  const client = liteClient(config.appId, config.apiKey);
  let response;
  try {
    response = await client.search<AlgoliaHit>({
      requests: [
        {
          indexName: config.indexName,
          query,
          page,
          hitsPerPage,
          attributesToRetrieve: ['hierarchy', 'content', 'type', 'url'],
          attributesToHighlight: ['hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3'],
          attributesToSnippet: [`content:${snippetWords}`],
          snippetEllipsisText: '…',
          highlightPreTag: '<mark>',
          highlightPostTag: '</mark>',
        },
      ],
    });
  } catch (error) {
    throw new SearchUnavailableError(error);
  }
  const result = response.results[0] as {hits: AlgoliaHit[]; nbHits?: number; page?: number; nbPages?: number};
  return {
    nbHits: result.nbHits ?? 0,
    page: result.page ?? page,
    nbPages: result.nbPages ?? 0,
    hits: result.hits.map((hit) => {
      const level = hit.hierarchy.lvl3 ? 'lvl3' : hit.hierarchy.lvl2 ? 'lvl2' : 'lvl1';
      return {
        ...hit,
        // Algolia escapes the text around its highlight tags.
        titleHtml: hit._highlightResult?.hierarchy?.[level]?.value ?? escapeHtml(hit.hierarchy[level] ?? ''),
        snippetHtml: hit._snippetResult?.content?.value ?? escapeHtml(hit.content ?? ''),
      };
    }),
  };
}
