import MiniSearch, {type Options, type Query, type SearchOptions} from 'minisearch';
import {
  decodeTerm,
  FIELDS,
  fileOf,
  prefixOf,
  recordsOf,
  type Fragment,
  type IndexHead,
  type PassageFile,
  type Postings,
  type Shard,
} from './indexFiles';
import {SYNONYM_GROUPS} from '../data/synonyms';
import type {Block} from './passages';
import type {IndexedRecord, SearchRecord} from './records';

/**
 * The local search engine: MiniSearch over the site's section records, tuned
 * for documentation queries (typos, synonyms, API paths such as
 * `v1/embedding/text`, identifiers such as `create_index`). Pure, so the same
 * code answers in the browser and in the relevance benchmark.
 */

const STOP_WORDS = new Set(
  // Function words, and the filler of questions ("what arguments does map_data take").
  'a about an and any are as at be because before between by can could do does for from have how i in instead into is it me my need of on or our out should take tell the there this to use using want way we what when where whether which while who why with you your'.split(
    ' ',
  ),
);

// Words nearly every page contains: searched only when nothing else is asked.
const LOW_INFORMATION = new Set(['nomic', 'atlas', 'make', 'api', 'docs', 'documentation']);

const SYNONYMS = new Map<string, string[]>();
for (const group of SYNONYM_GROUPS as readonly (readonly string[])[])
  for (const word of group)
    SYNONYMS.set(
      word,
      group.filter((w) => w !== word),
    );

/**
 * Lower-cased words. Identifiers with underscores count whole and in parts
 * (`create_index`, `create`, `index`); paths and package names also count as
 * one joined word (`/v1/embedding/text` → `v1embeddingtext`), so a pasted
 * path finds its operation.
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const chunk of text.toLowerCase().match(/[\p{L}\p{N}_@./{}-]+/gu) ?? []) {
    const words = chunk.match(/[\p{L}\p{N}_]+/gu) ?? [];
    for (const w of words) tokens.push(...(w.includes('_') ? [w, ...w.split('_').filter(Boolean)] : [w]));
    if (words.length > 1 && /[/-]/.test(chunk)) tokens.push(words.join('').replace(/_/g, ''));
  }
  return tokens;
}

/** Query words: like `tokenize`, but identifiers stay whole, and common words drop out. */
export function queryWords(query: string): string[] {
  const words = [...new Set(tokenize(query))].filter((w) => !STOP_WORDS.has(w));
  const identifiers = words.filter((w) => w.includes('_'));
  const parts = new Set(identifiers.flatMap((w) => w.split('_')));
  const kept = words.filter((w) => !parts.has(w));
  const informative = kept.filter((w) => !LOW_INFORMATION.has(w));
  return informative.length > 0 ? informative : kept;
}

/** A query word and the words search accepts for it: its stem and its synonyms, stemmed. */
export function wordVariants(word: string): string[] {
  return [...new Set([word, stem(word), ...synonymsOf(word).map(stem)])];
}

function synonymsOf(word: string): string[] {
  return SYNONYMS.get(stem(word)) ?? SYNONYMS.get(word) ?? [];
}

/** A light stemmer: plural and common verb endings, enough for English docs. */
export function stem(term: string): string {
  if (term.length <= 3 || /\d/.test(term) || term.includes('_')) return term;
  if (term.endsWith('ies') && term.length > 4) return `${term.slice(0, -3)}y`;
  if (term.endsWith('sses')) return term.slice(0, -2);
  if (term.endsWith('s') && !term.endsWith('ss') && !term.endsWith('us')) return term.slice(0, -1);
  return term;
}

function processTerm(term: string): string | null {
  return STOP_WORDS.has(term) ? null : stem(term);
}

const fieldOf: Record<(typeof FIELDS)[number], (r: SearchRecord) => string | undefined> = {
  title: (r) => r.hierarchy.lvl1,
  heading: (r) => r.hierarchy.lvl3 ?? r.hierarchy.lvl2,
  content: (r) => r.content,
  keywords: (r) => r.keywords,
};

const SEARCH_OPTIONS: SearchOptions = {
  boost: {title: 6, heading: 3, keywords: 2, content: 1},
  prefix: (term) => term.length >= 3,
  fuzzy: (term) => (term.length >= 8 ? 2 : term.length >= 5 ? 1 : false),
};

/** How records are indexed: the build indexes with these, the browser searches with them. */
export const INDEX_OPTIONS: Options<SearchRecord> = {
  fields: [...FIELDS],
  // MiniSearch also asks for the `id` field.
  extractField: (record, field) =>
    field === 'id' ? record.id : (fieldOf[field as (typeof FIELDS)[number]](record) ?? ''),
  tokenize,
  processTerm,
  searchOptions: SEARCH_OPTIONS,
};

/** The indexed terms of a query word (or synonym), as the index stores them. */
function indexTerms(text: string): string[] {
  return tokenize(text).flatMap((t) => processTerm(t) ?? []);
}

/** The stemmed words of a text, sorted, as one key: "Datasets" and "dataset" agree. */
function wordKey(words: string[]): string {
  return [...new Set(words.map(stem))].sort().join(' ');
}

// Page introductions answer broad queries better than any one section, and the
// page or section named exactly what was asked wins ("what is a dataset" →
// Datasets; "dataset and map" → "Datasets and maps");
// the legacy API ranks below everything else unless asked for.
function documentBoost(stored: Record<string, unknown> | undefined, wantsLegacy: boolean, queryKey: string): number {
  const intro = stored?.type === 'lvl1';
  const name = String((intro ? stored?.title : stored?.heading) ?? '');
  const named = wordKey(tokenize(name).filter((w) => !STOP_WORDS.has(w))) === queryKey;
  const type = (intro ? 1.4 : stored?.type === 'lvl2' ? 1.1 : 1) * (named ? 2.5 : 1);
  return stored?.area === 'Legacy API' && !wantsLegacy ? type * 0.5 : type;
}

/** Where the engine reads the index files from: the browser imports them, Node reads them. */
export interface IndexSource {
  head: IndexHead;
  shard(n: number): Promise<Shard>;
  fragment(n: number): Promise<Fragment>;
  passage(n: number): Promise<PassageFile>;
}

export interface Engine {
  /**
   * Sections for a query, best first. Sections with every word come first,
   * then those with at least `minShare` of the words (search: half; Ask AI
   * looks wider, since questions carry words their answer does not use).
   */
  search(query: string, limit?: number, options?: {minShare?: number}): Promise<SearchHit[]>;
  /** The text of each record (for snippets and passages), fetched on demand. */
  contents(records: IndexedRecord[]): Promise<string[]>;
  /** The blocks of each record (for Ask AI), fetched on demand. */
  blocks(records: IndexedRecord[]): Promise<Block[][]>;
  /** Every page once (its first record): URL without anchor, title and area. */
  pages(): {url: string; title: string; area: string}[];
  /** A record by its id (Ask AI's vectors are in id order). */
  record(id: number): IndexedRecord | undefined;
}

export interface SearchHit {
  record: IndexedRecord;
  score: number;
  /** Query words that matched, for highlighting. */
  terms: string[];
  /** Whether a word matched the title or heading (else only the text). */
  inHeading: boolean;
}

/** Loads each file once; a failed load is forgotten, so the next query retries it. */
function loadedOnce<T>(load: (n: number) => Promise<T>): (n: number) => Promise<T> {
  const loads = new Map<number, Promise<T>>();
  return (n) => {
    let loading = loads.get(n);
    if (!loading) {
      loading = load(n);
      loading.catch(() => loads.delete(n));
      loads.set(n, loading);
    }
    return loading;
  };
}

/**
 * The search engine over the sharded index. Each query loads the shards of
 * its words (and their synonyms) and searches a MiniSearch index made of just
 * those terms; BM25 still sees the whole site's document counts and lengths,
 * so a term scores as it would in the full index.
 */
export function createEngine(source: IndexSource): Engine {
  const {head} = source;
  const records = recordsOf(head);
  const loadShard = loadedOnce((n) => source.shard(n).then((lines) => lines.map(decodeTerm)));
  const loadFragment = loadedOnce((n) => source.fragment(n));
  const loadPassage = loadedOnce((n) => source.passage(n));
  const base = {
    documentCount: records.length,
    nextId: records.length,
    documentIds: Object.fromEntries(records.map((r) => [r.id, r.id])),
    fieldIds: Object.fromEntries(FIELDS.map((f, i) => [f, i])),
    fieldLength: Object.fromEntries(head.lengths.map((lengths, id) => [id, lengths])),
    averageFieldLength: head.averageFieldLength,
    storedFields: Object.fromEntries(
      records.map((r) => [
        r.id,
        {type: r.type, area: r.hierarchy.lvl0, title: r.hierarchy.lvl1, heading: r.hierarchy.lvl3 ?? r.hierarchy.lvl2},
      ]),
    ),
    dirtCount: 0,
    serializationVersion: 2,
  };

  /** A MiniSearch index of every term that starts as one of the prefixes does. */
  // Successive keystrokes mostly need the same prefixes: the last few indexes are kept.
  const indexes = new Map<string, MiniSearch>();
  async function indexFor(prefixes: Set<string>): Promise<MiniSearch> {
    const key = [...prefixes].sort().join(' ');
    const cached = indexes.get(key);
    if (cached) return cached;
    const files = [...new Set([...prefixes].map((p) => fileOf(head.shards, p)))];
    const loaded = await Promise.all(files.map(loadShard));
    const index: [string, Postings][] = [];
    for (const terms of loaded) for (const entry of terms) if (prefixes.has(prefixOf(entry[0]))) index.push(entry);
    const mini = MiniSearch.loadJS(
      {...base, index},
      {...INDEX_OPTIONS, storeFields: ['type', 'area', 'title', 'heading']},
    );
    indexes.set(key, mini);
    if (indexes.size > 8) indexes.delete(indexes.keys().next().value!);
    return mini;
  }

  const pages = [...new Map(records.map((r) => [r.url.split('#')[0]!, r])).entries()].map(([url, r]) => ({
    url,
    title: r.hierarchy.lvl1,
    area: r.hierarchy.lvl0,
  }));

  return {
    pages: () => pages,
    record: (id) => records[id],
    async contents(wanted) {
      return Promise.all(
        wanted.map(async ({id}) => {
          const n = fileOf(head.fragments, id);
          return (await loadFragment(n))[id - head.fragments[n]!] ?? '';
        }),
      );
    },
    async blocks(wanted) {
      return Promise.all(
        wanted.map(async ({id}) => {
          const n = fileOf(head.passages, id);
          return (await loadPassage(n))[id - head.passages[n]!] ?? [];
        }),
      );
    },
    async search(query, limit = 50, {minShare = 0.5} = {}) {
      const words = queryWords(query);
      if (words.length === 0) return [];
      const wantsLegacy = words.includes('legacy');
      const queryKey = wordKey(words);
      const boostDocument: SearchOptions['boostDocument'] = (_id, _term, stored) =>
        documentBoost(stored, wantsLegacy, queryKey);
      // Every word must match (itself or a synonym); when that finds nothing,
      // any word may.
      const clauses = words.map((word, i): Query => ({
        combineWith: 'OR',
        // Only the last word may be unfinished (typed as the reader goes);
        // prefixes of whole words would match unrelated ones ("project" → "projection").
        prefix: i === words.length - 1 && word.length >= 3,
        queries: [
          word,
          // A synonym counts for half as much as the word itself, and only whole.
          ...synonymsOf(word).map((s): Query => ({
            queries: [s],
            prefix: false,
            fuzzy: false,
            boost: {title: 3, heading: 1.5, keywords: 1, content: 0.5},
          })),
        ],
      }));
      const index = await indexFor(
        new Set(words.flatMap((word) => [word, ...synonymsOf(word)].flatMap(indexTerms).map(prefixOf))),
      );
      // Sections with every word (or a synonym) first; then those with at least
      // `minShare` of them, so a question's one odd word does not hide its answer.
      const all = index.search({combineWith: 'AND', queries: clauses}, {boostDocument});
      const found = new Set(all.map((r) => r.id));
      const partial = index
        .search({combineWith: 'OR', queries: clauses}, {boostDocument})
        .filter((r) => !found.has(r.id) && r.queryTerms.length >= words.length * minShare);
      const results = [...all, ...partial];
      return results.slice(0, limit).map((result) => ({
        record: records[result.id as number]!,
        score: result.score,
        terms: result.terms,
        inHeading: Object.values(result.match).some((fields) => fields.includes('title') || fields.includes('heading')),
      }));
    },
  };
}
