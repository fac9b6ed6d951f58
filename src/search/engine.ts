import MiniSearch, {type Options, type Query, type SearchOptions, type SearchResult} from 'minisearch';
import {
  decodeLengths,
  decodeStarts,
  decodeTerm,
  FIELDS,
  fileOf,
  kindParts,
  LEGACY_AREA,
  prefixOf,
  recordsOf,
  type Fragment,
  type IndexHead,
  type PassageFile,
  type Postings,
  type RecordFile,
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

/** How many distinct words a page's title or a section's heading has, as the head stores it (base 36, at most z). */
export function nameSize(name: string): string {
  return Math.min(
    new Set(
      tokenize(name)
        .filter((w) => !STOP_WORDS.has(w))
        .map(stem),
    ).size,
    35,
  ).toString(36);
}

// Page introductions answer broad queries better than any one section, and the
// legacy API ranks below everything else unless asked for.
function documentBoost(level: number, legacy: boolean, wantsLegacy: boolean): number {
  const type = level === 1 ? 1.4 : level === 2 ? 1.1 : 1;
  return legacy && !wantsLegacy ? type * 0.5 : type;
}

// The page or section named exactly what was asked wins ("what is a dataset" →
// Datasets; "dataset and map" → "Datasets and maps").
const NAMED_BOOST = 2.5;

/** Where the engine reads the index files from: the browser imports them, Node reads them. */
export interface IndexSource {
  head: IndexHead;
  records(n: number): Promise<RecordFile>;
  shard(n: number): Promise<Shard>;
  fragment(n: number): Promise<Fragment>;
  passage(n: number): Promise<PassageFile>;
}

export interface Engine {
  /**
   * Sections for a query, best first, as ids: what they are (title, URL,
   * headings) is fetched by `resolve`, for the hits shown only. Sections
   * with every word come first, then those with at least `minShare` of the
   * words (search: half; Ask AI looks wider, since questions carry words
   * their answer does not use).
   */
  find(query: string, limit?: number, options?: {minShare?: number}): Promise<FoundHit[]>;
  /** Found hits with their records. */
  resolve(hits: FoundHit[]): Promise<SearchHit[]>;
  /** `find` and `resolve` at once. */
  search(query: string, limit?: number, options?: {minShare?: number}): Promise<SearchHit[]>;
  /** The text of each record (for snippets and passages), fetched on demand. */
  contents(records: IndexedRecord[]): Promise<string[]>;
  /** The blocks of each record (for Ask AI), fetched on demand. */
  blocks(records: IndexedRecord[]): Promise<Block[][]>;
  /** Every page once (its first record): URL without anchor, title and area. Loads every record file. */
  pages(): Promise<{url: string; title: string; area: string}[]>;
  /** Records by id (Ask AI's vectors are in id order). */
  records(ids: number[]): Promise<IndexedRecord[]>;
}

export interface FoundHit {
  id: number;
  /** Its area of the site (lvl0) and level: what grouping needs before the record is fetched. */
  area: string;
  type: IndexedRecord['type'];
  score: number;
  /** Query words that matched, for highlighting. */
  terms: string[];
  /** Whether a word matched the title or heading (else only the text). */
  inHeading: boolean;
}

export interface SearchHit extends FoundHit {
  record: IndexedRecord;
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
  const lengths = decodeLengths(head.lengths);
  const count = lengths.length;
  const starts = {
    records: decodeStarts(head.records),
    fragments: decodeStarts(head.fragments),
    passages: decodeStarts(head.passages),
  };
  /** The item of a document in files of consecutive documents: which file, and where in it. */
  const locate = (kind: keyof typeof starts, id: number) => {
    const n = fileOf(starts[kind], id);
    return {n, at: id - starts[kind][n]!};
  };
  const kinds = [...head.kinds].map(kindParts);
  const legacyArea = head.areas.indexOf(LEGACY_AREA);
  const loadRecords = loadedOnce((n) =>
    source.records(n).then((file) => recordsOf(file, starts.records[n]!, head.areas)),
  );
  const loadShard = loadedOnce((n) => source.shard(n).then((lines) => lines.map(decodeTerm)));
  const loadFragment = loadedOnce((n) => source.fragment(n));
  const loadPassage = loadedOnce((n) => source.passage(n));
  const ids = Array.from({length: count}, (_, id) => id);
  const base = {
    documentCount: count,
    nextId: count,
    documentIds: Object.fromEntries(ids.map((id) => [id, id])),
    fieldIds: Object.fromEntries(FIELDS.map((f, i) => [f, i])),
    fieldLength: Object.fromEntries(lengths.map((fields, id) => [id, fields])),
    averageFieldLength: head.averageFieldLength,
    storedFields: {},
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
    const mini = MiniSearch.loadJS({...base, index}, INDEX_OPTIONS);
    indexes.set(key, mini);
    if (indexes.size > 8) indexes.delete(indexes.keys().next().value!);
    return mini;
  }

  /**
   * Whether a document is named exactly what was asked: every word of the
   * query matched its name (a page's title, a section's heading) and the name
   * has no other word. The head has no names, only their sizes.
   */
  function named(result: SearchResult, stems: string[], size: string): boolean {
    const id = result.id as number;
    const field = kinds[id]!.level === 1 ? 'title' : 'heading';
    return head.names[id] === size && stems.every((s) => result.match[s]?.includes(field));
  }

  const records = async (wanted: number[]) =>
    Promise.all(
      wanted.map(async (id) => {
        const {n, at} = locate('records', id);
        return (await loadRecords(n))[at]!;
      }),
    );

  const engine: Engine = {
    records,
    async pages() {
      const all = await records(ids);
      return [...new Map(all.map((r) => [r.url.split('#')[0]!, r])).entries()].map(([url, r]) => ({
        url,
        title: r.hierarchy.lvl1,
        area: r.hierarchy.lvl0,
      }));
    },
    async contents(wanted) {
      return Promise.all(
        wanted.map(async ({id}) => {
          const {n, at} = locate('fragments', id);
          return (await loadFragment(n))[at] ?? '';
        }),
      );
    },
    async blocks(wanted) {
      return Promise.all(
        wanted.map(async ({id}) => {
          const {n, at} = locate('passages', id);
          return (await loadPassage(n))[at] ?? [];
        }),
      );
    },
    async resolve(hits) {
      const resolved = await records(hits.map((hit) => hit.id));
      return hits.map((hit, i) => ({...hit, record: resolved[i]!}));
    },
    async search(query, limit, options) {
      return engine.resolve(await engine.find(query, limit, options));
    },
    async find(query, limit = 50, {minShare = 0.5} = {}) {
      const words = queryWords(query);
      if (words.length === 0) return [];
      const wantsLegacy = words.includes('legacy');
      const stems = [...new Set(words.map(stem))];
      // Counted as names are, so an identifier counts with its parts on both sides.
      const size = nameSize(words.join(' '));
      const boostDocument: SearchOptions['boostDocument'] = (id) => {
        const {level, area} = kinds[id as number]!;
        return documentBoost(level, area === legacyArea, wantsLegacy);
      };
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
      // The named boost multiplies a document's score, as MiniSearch's own document boost does.
      const ranked = (results: SearchResult[]) =>
        results
          .map((result) => (named(result, stems, size) ? {...result, score: result.score * NAMED_BOOST} : result))
          .sort((a, b) => b.score - a.score);
      // Sections with every word (or a synonym) first; then those with at least
      // `minShare` of them, so a question's one odd word does not hide its answer.
      const all = ranked(index.search({combineWith: 'AND', queries: clauses}, {boostDocument}));
      const found = new Set(all.map((r) => r.id));
      const partial = ranked(
        index
          .search({combineWith: 'OR', queries: clauses}, {boostDocument})
          .filter((r) => !found.has(r.id) && r.queryTerms.length >= words.length * minShare),
      );
      return [...all, ...partial].slice(0, limit).map((result) => ({
        id: result.id as number,
        area: head.areas[kinds[result.id as number]!.area]!,
        type: `lvl${kinds[result.id as number]!.level}` as const,
        score: result.score,
        terms: result.terms,
        inHeading: Object.values(result.match).some((fields) => fields.includes('title') || fields.includes('heading')),
      }));
    },
  };
  return engine;
}
