import {reportSearch} from '../analytics/events';
import {highlight, snippet} from './highlight';
import type {FoundHit} from './engine';
import {findLocal, resolveLocal, showHits} from './localClient';
import {MAX_RESULTS_PER_GROUP, type SearchHit} from './types';

/** The first hits of each area, as many as the modal will show (only these are fetched). */
function shownHits(hits: FoundHit[], hitsPerPage: number): FoundHit[] {
  const perArea = new Map<string, number>();
  return hits.slice(0, hitsPerPage).filter(({area}) => {
    const n = perArea.get(area) ?? 0;
    perArea.set(area, n + 1);
    return n < MAX_RESULTS_PER_GROUP;
  });
}

/** The modal shows text under a page's title and for matches in the text; a matched heading stands alone. */
const showsText = (hit: FoundHit) => hit.type === 'lvl1' || !hit.inHeading;

interface DocSearchRequest {
  query: string;
  hitsPerPage?: number;
  attributesToSnippet?: string[];
}

const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3'] as const;

function docSearchHit(hit: SearchHit, snippetWords: number) {
  const terms = hit.terms ?? [];
  const levels = (show: (text: string) => string) =>
    Object.fromEntries(
      LEVELS.filter((l) => hit.hierarchy[l]).map((l) => [l, {value: show(hit.hierarchy[l]!), matchLevel: 'full'}]),
    );
  return {
    objectID: hit.objectID,
    url: hit.url,
    // A hit whose words are only in the text shows that text, as DocSearch's content records do.
    type: hit.inHeading === false ? 'content' : hit.type,
    hierarchy: hit.hierarchy,
    content: hit.content,
    _highlightResult: {
      hierarchy: levels((text) => highlight(text, terms)),
      content: {value: highlight(hit.content, terms), matchLevel: 'full'},
    },
    _snippetResult: {
      hierarchy: levels((text) => snippet(text, terms, snippetWords)),
      content: {value: hit.snippetHtml, matchLevel: 'full'},
    },
  };
}

/**
 * A stand-in for the Algolia client inside the DocSearch modal, answering from
 * the local index. It speaks the part of the client the modal uses.
 */
export function createLocalDocSearchClient() {
  return {
    addAlgoliaAgent() {},
    async search({requests}: {requests: DocSearchRequest[]}) {
      const results = await Promise.all(
        requests.map(async ({query, hitsPerPage = 20, attributesToSnippet = []}) => {
          // DocSearch asks for snippets of 10 words, or 5 on small screens.
          const snippetWords = Number(attributesToSnippet.find((a) => a.startsWith('content:'))?.split(':')[1] ?? 10);
          const found = await findLocal(query);
          const hits = await showHits(await resolveLocal(shownHits(found, hitsPerPage)), snippetWords, showsText);
          return {
            hits: hits.map((hit) => docSearchHit(hit, snippetWords)),
            nbHits: found.length,
            page: 0,
            nbPages: Math.ceil(found.length / hitsPerPage),
            hitsPerPage,
            query,
            params: '',
            processingTimeMS: 0,
            exhaustiveNbHits: true,
          };
        }),
      );
      return {results};
    },
  };
}

type Client = {search: (request: {requests: DocSearchRequest[]}) => Promise<{results: unknown[]}>};

/** Reports a settled query to analytics: its length and how many results it found. */
function reportResults(request: {requests: DocSearchRequest[]}, response: {results: unknown[]}): void {
  const [first] = request.requests;
  const result = response.results[0] as {nbHits?: number; hits?: unknown[]} | undefined;
  if (first) reportSearch('modal', first.query, result?.nbHits ?? result?.hits?.length ?? 0);
}

/**
 * Reports whether each search succeeded (and its size to analytics), and
 * answers a failed one with no hits instead of an error. DocSearch 3.9 resets its status to idle after a
 * failed search, so its own error screen never shows and the rejection goes
 * unhandled; the search bar shows the error screen itself instead.
 */
export function reportingFailures<T extends Client>(client: T, onOutcome: (ok: boolean) => void): T {
  return {
    ...client,
    search: (request: {requests: DocSearchRequest[]}) =>
      client.search(request).then(
        (response) => {
          onOutcome(true);
          reportResults(request, response);
          return response;
        },
        () => {
          onOutcome(false);
          return {
            results: request.requests.map(() => ({hits: [], nbHits: 0, page: 0, nbPages: 0, processingTimeMS: 0})),
          };
        },
      ),
  };
}
