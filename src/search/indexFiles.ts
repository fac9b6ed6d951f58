/**
 * The local search index as the build writes it, split so that a first search
 * fetches little:
 *  - a head: every document's title, area and URL, and the field lengths
 *    ranking needs (loaded with the engine);
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
  pages: PageEntry[];
  docs: DocEntry[];
  /** Per document, the number of terms in each field (BM25's document length). */
  lengths: number[][];
  averageFieldLength: number[];
  /** The first term prefix of each shard, sorted. */
  shards: string[];
  /** The first document of each fragment, ascending. */
  fragments: number[];
  /** The first document of each passage file, ascending. */
  passages: number[];
}

/** Where shards and fragments are served, below the site's base URL: `<path>/<version>/<file>`. */
export const SEARCH_FILES_PATH = 'search-index';
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

/** The records the head describes, ids in order. */
export function recordsOf(head: IndexHead): IndexedRecord[] {
  let lvl2: string | undefined;
  let previousPage = -1;
  return head.docs.map(([page, level, heading, anchor], id) => {
    const [url, area, lvl1] = head.pages[page]!;
    const lvl0 = head.areas[area]!;
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
