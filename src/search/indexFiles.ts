/**
 * The local search index as the build writes it, split so that a first search
 * fetches little, and what it fetches grows slowly with the site:
 *  - a head: what ranking needs of every document, its kind (a character) and
 *    its field lengths (loaded with the engine);
 *  - records: every document's title, area, URL and headings, grouped by
 *    page, fetched only for the hits shown;
 *  - shards: the postings of every term, grouped by the term's first three
 *    letters, so a query fetches only the shards of its own words;
 *  - fragments: the sections' text, for snippets, fetched only for the hits
 *    shown;
 *  - passages: the sections' blocks (src/search/passages.ts), fetched only
 *    when Ask AI answers.
 * Encoding and decoding live together so a round trip is one unit test.
 */

import type {Block} from './passages';
import type {IndexedRecord} from './records';

/** The indexed fields, in MiniSearch's field-id order. */
export const FIELDS = ['title', 'heading', 'content', 'keywords'] as const;

/** A page: URL, area (index into `areas`), title. */
export type PageEntry = [url: string, area: number, title: string];

/**
 * A document, in page order: its page (index into `pages`); for a section,
 * also its level, heading and anchor (left out when it is `anchorOf(heading)`).
 * A level-3 section's level-2 heading is the one before it on its page.
 */
export type DocEntry = [page: number] | [page: number, level: 2 | 3, heading: string, anchor?: string];

export interface IndexHead {
  /** A hash of the shards and fragments: their folder, so a new build's files never mix with a cached old head. */
  version: string;
  /** The URL of the folder that holds them. */
  base: string;
  areas: string[];
  /** Per document, one character: its level and area (kindOf). */
  kinds: string;
  /** Per document, one character: how many distinct words its name (title or heading) has (see nameSize). */
  names: string;
  /** The first document of each record file (encodeStarts); files end at a page's end. */
  records: string;
  /**
   * Per field, every document's number of terms in it (BM25's document
   * length), in base 36 at the field's fixed width (encodeLengths).
   */
  lengths: string[];
  averageFieldLength: number[];
  /** The first term prefix of each shard, sorted. */
  shards: string[];
  /** The first document of each fragment (encodeStarts). */
  fragments: string;
  /** The first document of each passage file (encodeStarts). */
  passages: string;
}

/** The pages and documents of a record file; DocEntry's page indexes into its `pages`. */
export interface RecordFile {
  pages: PageEntry[];
  docs: DocEntry[];
}

/** The area whose pages rank below the rest unless a query asks for it. */
export const LEGACY_AREA = 'Legacy API';

// A document's kind is one base-36 character: its area's index × 3 + its level − 1.
export const MAX_AREAS = 12;

/** A document's kind character, from its level (1 for a page's introduction) and its area's index. */
export function kindOf(level: 1 | 2 | 3, area: number): string {
  if (area >= MAX_AREAS) throw new Error(`The search index holds at most ${MAX_AREAS} areas (lvl0)`);
  return (area * 3 + level - 1).toString(36);
}

/** A document's level and area index, from its kind character. */
export function kindParts(kind: string): {level: 1 | 2 | 3; area: number} {
  const n = parseInt(kind, 36);
  return {level: ((n % 3) + 1) as 1 | 2 | 3, area: Math.floor(n / 3)};
}

/** Ascending file starts as base-36 gaps: short, and they grow by a few characters a file. */
export function encodeStarts(starts: number[]): string {
  return starts.map((start, i) => (start - (starts[i - 1] ?? 0)).toString(36)).join(',');
}

export function decodeStarts(encoded: string): number[] {
  let start = 0;
  return encoded.split(',').map((gap) => (start += parseInt(gap, 36)));
}

/** Where shards and fragments are served, below the site's base URL: `<path>/<version>/<file>`. */
export const SEARCH_FILES_PATH = 'search-index';
export const recordFile = (n: number) => `records-${n}.json`;
export const shardFile = (n: number) => `shard-${n}.json`;
export const fragmentFile = (n: number) => `fragment-${n}.json`;
export const passageFile = (n: number) => `passage-${n}.json`;

/** One line per term: `term<TAB>field:doc[.count],doc…;field:…`, documents as base-36 deltas. */
export type Shard = string[];

/** The text of consecutive documents, from the fragment's first. */
export type Fragment = string[];

/** The blocks of consecutive documents, from the file's first. */
export type PassageFile = Block[][];

/** Per field id, per document id, how often the term occurs (MiniSearch's serialised posting). */
export type Postings = Record<string, Record<string, number>>;

/** The usual anchor of a heading; the head stores only anchors that differ from it. */
export function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');
}

/** The records a record file describes, ids in order from `first`. */
export function recordsOf(file: RecordFile, first: number, areas: string[]): IndexedRecord[] {
  let lvl2: string | undefined;
  let previousPage = -1;
  return file.docs.map(([page, level, heading, anchor], i) => {
    const id = first + i;
    const [url, area, lvl1] = file.pages[page]!;
    const lvl0 = areas[area]!;
    if (page !== previousPage) lvl2 = undefined;
    previousPage = page;
    if (!level || heading === undefined) return {id, url, type: 'lvl1', hierarchy: {lvl0, lvl1}};
    if (level === 2) lvl2 = heading;
    const hash = anchor ?? anchorOf(heading);
    return {
      id,
      url: hash ? `${url}#${hash}` : url,
      type: `lvl${level}`,
      hierarchy: level === 2 ? {lvl0, lvl1, lvl2: heading} : {lvl0, lvl1, ...(lvl2 ? {lvl2} : {}), lvl3: heading},
    };
  });
}

/** Field lengths per document as one string per field: a column compresses better than rows of numbers. */
export function encodeLengths(perDocument: number[][], fields: number): string[] {
  return Array.from({length: fields}, (_, field) => {
    const column = perDocument.map((lengths) => lengths[field] ?? 0);
    const width = Math.max(...column, 1).toString(36).length;
    return `${width}${column.map((n) => n.toString(36).padStart(width, '0')).join('')}`;
  });
}

/** Every document's field lengths, back from encodeLengths. */
export function decodeLengths(columns: string[]): number[][] {
  const decoded = columns.map((column) => {
    const width = Number(column[0]);
    return Array.from({length: (column.length - 1) / width}, (_, i) =>
      parseInt(column.slice(1 + i * width, 1 + (i + 1) * width), 36),
    );
  });
  return decoded[0]!.map((_, doc) => decoded.map((column) => column[doc]!));
}

/** Terms are sharded by their first three letters: fuzzy and prefix matches stay within them. */
export function prefixOf(term: string): string {
  return term.slice(0, 3);
}

/** Which file holds a key, given each file's first key (sorted). */
export function fileOf<K extends string | number>(starts: readonly K[], key: K): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= key) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export function encodeTerm(term: string, postings: Postings): string {
  const fields = Object.entries(postings).map(([field, docs]) => {
    let previous = 0;
    const list = Object.entries(docs)
      .map(([doc, count]) => [Number(doc), count] as const)
      .sort((a, b) => a[0] - b[0])
      .map(([doc, count]) => {
        const delta = (doc - previous).toString(36);
        previous = doc;
        return count > 1 ? `${delta}.${count.toString(36)}` : delta;
      });
    return `${field}:${list.join(',')}`;
  });
  return `${term}\t${fields.join(';')}`;
}

export function decodeTerm(line: string): [string, Postings] {
  const tab = line.indexOf('\t');
  const postings: Postings = {};
  for (const field of line.slice(tab + 1).split(';')) {
    const [id, list] = field.split(':') as [string, string];
    const docs: Record<string, number> = {};
    let doc = 0;
    for (const item of list.split(',')) {
      const [delta, count] = item.split('.');
      doc += parseInt(delta!, 36);
      docs[doc] = count ? parseInt(count, 36) : 1;
    }
    postings[id] = docs;
  }
  return [line.slice(0, tab), postings];
}
