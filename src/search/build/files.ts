import {createHash} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import MiniSearch from 'minisearch';
import {createEngine, INDEX_OPTIONS, nameSize, type Engine, type IndexSource} from '../engine';
import {
  anchorOf,
  decodeStarts,
  encodeLengths,
  encodeStarts,
  encodeTerm,
  FIELDS,
  fragmentFile,
  kindOf,
  recordFile,
  type RecordFile,
  passageFile,
  type PassageFile,
  prefixOf,
  SEARCH_FILES_PATH,
  shardFile,
  type DocEntry,
  type PageEntry,
  type Fragment,
  type IndexHead,
  type Postings,
  type Shard,
} from '../indexFiles';
import type {SearchRecord} from '../records';

export interface IndexFiles {
  head: IndexHead;
  records: RecordFile[];
  shards: Shard[];
  fragments: Fragment[];
  passages: PassageFile[];
}

// Sizes (characters before compression) at which a shard or fragment file is
// closed: small enough that a query fetches little beyond its own words'
// terms and its hits' text, large enough that it needs few requests.
export const SHARD_SIZE = 2000;
export const FRAGMENT_SIZE = 1000;
export const PASSAGE_SIZE = 4000;
export const RECORD_SIZE = 3000;

/** Consecutive items in groups of at least `size` characters; returns each group's first index. */
function groupStarts(sizes: number[], size: number): number[] {
  const starts: number[] = [];
  let filled = size;
  sizes.forEach((n, i) => {
    if (filled >= size) {
      starts.push(i);
      filled = 0;
    }
    filled += n;
  });
  return starts;
}

/** A record as the record files describe it: its page, and its DocEntry without the page. */
interface Described {
  page: PageEntry;
  level: 1 | 2 | 3;
  doc: [] | [level: 2 | 3, heading: string, anchor?: string];
}

/** The areas, and each record's page and document entries (see DocEntry); recordsOf() reverses them, as a unit test checks. */
function describe(records: SearchRecord[]): {areas: string[]; entries: Described[]} {
  const areas: string[] = [];
  const entries = records.map((record): Described => {
    const {lvl0, lvl1, lvl2, lvl3} = record.hierarchy;
    const [url, anchor] = record.url.split('#') as [string, string | undefined];
    if (!areas.includes(lvl0)) areas.push(lvl0);
    const page: PageEntry = [url, areas.indexOf(lvl0), lvl1];
    if (record.type === 'lvl1') return {page, level: 1, doc: []};
    const level = record.type === 'lvl2' ? 2 : 3;
    const heading = (level === 2 ? lvl2 : lvl3) ?? '';
    return {page, level, doc: anchor === anchorOf(heading) ? [level, heading] : [level, heading, anchor ?? '']};
  });
  return {areas, entries};
}

/** Record files of consecutive documents, each ending where a page ends, of about `size` characters. */
function recordFiles(entries: Described[], size: number): {starts: number[]; files: RecordFile[]} {
  const starts: number[] = [];
  const files: RecordFile[] = [];
  let filled = size;
  entries.forEach(({page, doc}, id) => {
    const newPage = files.at(-1)?.pages.at(-1)?.[0] !== page[0];
    if (newPage && filled >= size) {
      starts.push(id);
      files.push({pages: [], docs: []});
      filled = 0;
    }
    const current = files.at(-1)!;
    if (newPage) {
      current.pages.push(page);
      filled += JSON.stringify(page).length;
    }
    const entry = [current.pages.length - 1, ...doc] as DocEntry;
    current.docs.push(entry);
    filled += JSON.stringify(entry).length;
  });
  return {starts, files};
}

/**
 * The index files for a list of records (ids 0…n-1 in order): the engine's
 * own MiniSearch index, serialised and cut into a head, record files, term
 * shards, text fragments and passages (see src/search/indexFiles.ts).
 */
export function buildIndexFiles(
  records: SearchRecord[],
  {
    baseUrl = '/',
    shardSize = SHARD_SIZE,
    fragmentSize = FRAGMENT_SIZE,
    passageSize = PASSAGE_SIZE,
    recordSize = RECORD_SIZE,
  } = {},
): IndexFiles {
  records.forEach((record, i) => {
    if (record.id !== i)
      throw new Error(`Search records must be numbered 0…n-1 in order (record ${i} is ${record.id})`);
  });
  const mini = new MiniSearch<SearchRecord>(INDEX_OPTIONS);
  mini.addAll(records);
  const {index, fieldLength, averageFieldLength} = mini.toJSON() as unknown as {
    index: [string, Postings][];
    fieldLength: Record<string, number[]>;
    averageFieldLength: number[];
  };

  const byPrefix = new Map<string, string[]>();
  for (const [term, postings] of index) {
    const prefix = prefixOf(term);
    if (!byPrefix.has(prefix)) byPrefix.set(prefix, []);
    byPrefix.get(prefix)!.push(encodeTerm(term, postings));
  }
  const prefixes = [...byPrefix.keys()].sort();
  const shardStarts = groupStarts(
    prefixes.map((p) => byPrefix.get(p)!.join('\n').length),
    shardSize,
  );
  const shards = shardStarts.map((start, i) =>
    prefixes.slice(start, shardStarts[i + 1] ?? prefixes.length).flatMap((p) => byPrefix.get(p)!),
  );

  const fragmentStarts = groupStarts(
    records.map((r) => r.content.length),
    fragmentSize,
  );
  const fragments = fragmentStarts.map((start, i) =>
    records.slice(start, fragmentStarts[i + 1] ?? records.length).map((r) => r.content),
  );

  const blocks = records.map((r) => r.blocks ?? [{p: r.content}]);
  const passageStarts = groupStarts(
    blocks.map((b) => JSON.stringify(b).length),
    passageSize,
  );
  const passages = passageStarts.map((start, i) => blocks.slice(start, passageStarts[i + 1] ?? records.length));

  const {areas, entries} = describe(records);
  const described = recordFiles(entries, recordSize);

  const version = createHash('sha256')
    .update(JSON.stringify([described.files, shards, fragments, passages]))
    .digest('hex')
    .slice(0, 12);
  return {
    head: {
      version,
      base: `${baseUrl}${SEARCH_FILES_PATH}/${version}/`,
      areas,
      kinds: entries.map(({page, level}) => kindOf(level, page[1])).join(''),
      // A document's name: its heading, or its page's title for a page's introduction.
      names: entries.map(({page, doc}) => nameSize(doc[1] ?? page[2])).join(''),
      records: encodeStarts(described.starts),
      lengths: encodeLengths(
        records.map((r) => fieldLength[r.id]!),
        FIELDS.length,
      ),
      averageFieldLength,
      shards: shardStarts.map((start) => prefixes[start]!),
      fragments: encodeStarts(fragmentStarts),
      passages: encodeStarts(passageStarts),
    },
    records: described.files,
    shards,
    fragments,
    passages,
  };
}

/** An engine source over files already in memory (the benchmarks and unit tests). */
export function memorySource({head, records, shards, fragments, passages}: IndexFiles): IndexSource {
  return {
    head,
    records: async (n) => records[n]!,
    shard: async (n) => shards[n]!,
    fragment: async (n) => fragments[n]!,
    passage: async (n) => passages[n]!,
  };
}

/** The engine over a list of records, indexed in memory (unit tests). */
export function engineOf(records: SearchRecord[]): Engine {
  return createEngine(memorySource(buildIndexFiles(records)));
}

/**
 * Record files, shards and fragments are static files, fetched by URL: as bundled chunks,
 * each would add an entry to the chunk map every page loads. This folder is
 * one of the site's static directories (docusaurus.config.ts), so `start` and
 * `build` both serve it, at `/search-index/<version>/` (SEARCH_FILES_PATH).
 */
export const SEARCH_STATIC_DIR = '.docusaurus/search-static';

function versionDir(siteDir: string, version: string): string {
  return path.join(siteDir, SEARCH_STATIC_DIR, SEARCH_FILES_PATH, version);
}

/**
 * Writes the record files, shards and fragments, then removes those of any earlier index (and the
 * files Ask AI wrote beside them, which it writes again). The folder is never empty meanwhile: the dev
 * server copies it on every compile and fails a compile that finds nothing there.
 */
export async function writeStaticFiles(
  siteDir: string,
  {head, records, shards, fragments, passages}: IndexFiles,
): Promise<void> {
  const dir = versionDir(siteDir, head.version);
  await fs.promises.mkdir(dir, {recursive: true});
  await Promise.all([
    ...records.map((file, n) => fs.promises.writeFile(path.join(dir, recordFile(n)), JSON.stringify(file))),
    ...shards.map((shard, n) => fs.promises.writeFile(path.join(dir, shardFile(n)), JSON.stringify(shard))),
    ...fragments.map((fragment, n) => fs.promises.writeFile(path.join(dir, fragmentFile(n)), JSON.stringify(fragment))),
    ...passages.map((passage, n) => fs.promises.writeFile(path.join(dir, passageFile(n)), JSON.stringify(passage))),
  ]);
  const files = path.dirname(dir);
  for (const entry of await fs.promises.readdir(files))
    if (entry !== head.version) await fs.promises.rm(path.join(files, entry), {recursive: true, force: true});
}

/** Where the plugin's `createData` puts the head (the browser imports it from there). */
export const HEAD_FILE = '.docusaurus/search-index/default/search-head.json';

/** The index the last build or start wrote (the benchmarks search what the site ships). */
export function readIndexFiles(siteDir: string): IndexFiles {
  const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));
  const head = read(path.join(siteDir, HEAD_FILE)) as IndexHead;
  const dir = versionDir(siteDir, head.version);
  return {
    head,
    records: decodeStarts(head.records).map((_, n) => read(path.join(dir, recordFile(n))) as RecordFile),
    shards: head.shards.map((_, n) => read(path.join(dir, shardFile(n))) as Shard),
    fragments: decodeStarts(head.fragments).map((_, n) => read(path.join(dir, fragmentFile(n))) as Fragment),
    passages: decodeStarts(head.passages).map((_, n) => read(path.join(dir, passageFile(n))) as PassageFile),
  };
}
