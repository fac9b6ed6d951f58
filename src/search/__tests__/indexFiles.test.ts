import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {buildIndexFiles, memorySource, SEARCH_STATIC_DIR, writeStaticFiles} from '@site/src/search/build/files';
import {createEngine} from '@site/src/search/engine';
import {
  decodeLengths,
  decodeStarts,
  decodeTerm,
  encodeLengths,
  encodeStarts,
  encodeTerm,
  fileOf,
  kindParts,
  recordsOf,
} from '@site/src/search/indexFiles';
import type {SearchRecord} from '@site/src/search/records';

const section = (
  id: number,
  url: string,
  type: SearchRecord['type'],
  hierarchy: SearchRecord['hierarchy'],
  content: string,
  keywords?: string,
): SearchRecord => ({id, url, type, hierarchy, content, ...(keywords ? {keywords} : {})});

const docs = {lvl0: 'Data maps'};
const RECORDS: SearchRecord[] = [
  section(0, '/maps', 'lvl1', {...docs, lvl1: 'Data maps'}, 'A data map shows every point of a dataset.'),
  section(1, '/maps#build-a-map', 'lvl2', {...docs, lvl1: 'Data maps', lvl2: 'Build a map'}, 'Call map_data.'),
  section(
    2,
    '/maps#from-python',
    'lvl3',
    {...docs, lvl1: 'Data maps', lvl2: 'Build a map', lvl3: 'From Python'},
    'Install the client and build the map from a DataFrame.',
    'map_data pandas',
  ),
  // An anchor that is not its heading's slug, and a level 3 before any level 2.
  section(3, '/maps#faq', 'lvl2', {...docs, lvl1: 'Data maps', lvl2: 'Questions & answers'}, 'Maps rebuild on upload.'),
  section(
    4,
    '/embed',
    'lvl1',
    {lvl0: 'API reference', lvl1: 'Embed text'},
    'POST /v1/embedding/text.',
    'v1/embedding/text',
  ),
  section(
    5,
    '/embed#limits',
    'lvl3',
    {lvl0: 'API reference', lvl1: 'Embed text', lvl3: 'Limits'},
    'Texts per request.',
  ),
  section(6, '/dupes', 'lvl1', {lvl0: 'Data maps', lvl1: 'Duplicate detection'}, 'Near-duplicates are tagged.'),
];

/** A source that records which files the engine asked for. */
function tracked(records: SearchRecord[], shardSize?: number, fragmentSize?: number, recordSize?: number) {
  const files = buildIndexFiles(records, {shardSize, fragmentSize, recordSize});
  const source = memorySource(files);
  const asked = {records: [] as number[], shards: [] as number[], fragments: [] as number[], passages: [] as number[]};
  return {
    files,
    asked,
    source: {
      head: source.head,
      records: (n: number) => (asked.records.push(n), source.records(n)),
      shard: (n: number) => (asked.shards.push(n), source.shard(n)),
      fragment: (n: number) => (asked.fragments.push(n), source.fragment(n)),
      passage: (n: number) => (asked.passages.push(n), source.passage(n)),
    },
  };
}

describe('index files', () => {
  it('round-trips postings', () => {
    const postings = {'0': {'3': 1, '17': 2, '400': 1}, '2': {'5': 12}};
    expect(decodeTerm(encodeTerm('embedding', postings))).toEqual(['embedding', postings]);
  });

  it('round-trips file starts as gaps', () => {
    expect(encodeStarts([0, 3, 39, 40])).toBe('0,3,10,1');
    expect(decodeStarts(encodeStarts([0, 3, 39, 40]))).toEqual([0, 3, 39, 40]);
  });

  it('round-trips field lengths, each field at its own width', () => {
    const lengths = [
      [3, 0, 120, 2],
      [3, 2, 1500, 0],
      [35, 1, 0, 0],
    ];
    const columns = encodeLengths(lengths, 4);
    expect(columns.map((c) => c[0])).toEqual(['1', '1', '3', '1']);
    expect(decodeLengths(columns)).toEqual(lengths);
  });

  it('finds the file whose range holds a key', () => {
    expect(fileOf(['a', 'em', 'p'], 'b')).toBe(0);
    expect(fileOf(['a', 'em', 'p'], 'em')).toBe(1);
    expect(fileOf(['a', 'em', 'p'], 'zz')).toBe(2);
    expect(fileOf([0, 10, 20], 19)).toBe(1);
  });

  it('describes every record in record files that end at a page, anchors and parent headings included', () => {
    const {head, records} = buildIndexFiles(RECORDS, {recordSize: 10});
    expect(decodeStarts(head.records)).toEqual([0, 4, 6]);
    const back = records.flatMap((file, n) => recordsOf(file, decodeStarts(head.records)[n]!, head.areas));
    RECORDS.forEach(({content: _content, keywords: _keywords, ...record}, i) => {
      const hierarchy = Object.fromEntries(Object.entries(record.hierarchy).filter(([, v]) => v !== undefined));
      expect(back[i]).toEqual({...record, hierarchy});
    });
    // Only the anchor that is not the heading's slug is stored.
    expect(records[0]!.docs.filter((doc) => doc.length === 4)).toEqual([[0, 2, 'Questions & answers', 'faq']]);
  });

  it('keeps names out of the head: a kind per document (its area and level) and the size of its name', () => {
    const legacy = section(7, '/legacy', 'lvl1', {lvl0: 'Legacy API', lvl1: 'Old map'}, 'Deprecated.');
    const {head} = buildIndexFiles([...RECORDS, legacy]);
    expect(head.areas).toEqual(['Data maps', 'API reference', 'Legacy API']);
    expect(head.kinds).toBe('01213506');
    expect([...head.kinds].map(kindParts).at(-1)).toEqual({level: 1, area: 2});
    // Names count distinct words that are not stop words: "From Python" has one.
    expect(head.names).toBe('22122122');
    expect(JSON.stringify(head)).not.toMatch(/Duplicate detection|From Python|\/maps/);
  });

  it('names its files by a hash of their contents, below the base URL', () => {
    const {head} = buildIndexFiles(RECORDS, {baseUrl: '/docs/'});
    expect(head.base).toMatch(/^\/docs\/search-index\/[0-9a-f]{12}\/$/);
    expect(buildIndexFiles(RECORDS).head.version).toBe(head.version);
    expect(buildIndexFiles(RECORDS.slice(0, 6)).head.version).not.toBe(head.version);
  });

  it('refuses records not numbered in order', () => {
    expect(() => buildIndexFiles([RECORDS[1]!])).toThrow(/numbered 0…n-1/);
  });
});

describe('the engine over the sharded index', () => {
  const queries = ['map', 'build a map from python', 'map_data', 'v1/embedding/text', 'duplicat', 'limits', 'nothing'];

  it('ranks the same however the index is split into files', async () => {
    const split = createEngine(tracked(RECORDS, 10, 10).source);
    const whole = createEngine(tracked(RECORDS, 1e9, 1e9).source);
    for (const query of queries) {
      const ranked = async (engine: typeof split) =>
        (await engine.search(query)).map((h) => [h.record.url, h.score.toFixed(6)]);
      expect(await ranked(split)).toEqual(await ranked(whole));
    }
    expect((await split.search('build a map from python'))[0]!.record.url).toBe('/maps#from-python');
  });

  it('corrects typos after the first three letters, and completes the last word', async () => {
    const engine = createEngine(tracked(RECORDS, 10, 10).source);
    expect((await engine.search('duplciate'))[0]?.record.url).toBe('/dupes');
    expect((await engine.search('dupl'))[0]?.record.url).toBe('/dupes');
    expect(await engine.search('udplicate')).toEqual([]);
  });

  it("fetches only the shards of the query's words and the text asked for", async () => {
    const {source, asked, files} = tracked(RECORDS, 10, 10, 10);
    expect(files.shards.length).toBeGreaterThan(5);
    // Finding needs no record file; the hits shown fetch only their own.
    expect(await createEngine(source).find('duplicate')).toEqual([
      expect.objectContaining({id: 6, area: 'Data maps', type: 'lvl1'}),
    ]);
    expect(asked.records).toEqual([]);
    const engine = createEngine(source);
    const hits = await engine.search('duplicate');
    expect(hits[0]!.record.url).toBe('/dupes');
    expect(asked.shards.length).toBeGreaterThan(0);
    expect(asked.shards.length).toBeLessThan(files.shards.length / 2);
    expect(asked.fragments).toEqual([]);
    expect(asked.records).toEqual([2]);
    expect(await engine.contents([hits[0]!.record])).toEqual(['Near-duplicates are tagged.']);
    expect(asked.fragments).toHaveLength(1);
    // Ask AI's blocks come from their own files, never with a search.
    expect(asked.passages).toEqual([]);
    expect(await engine.blocks([hits[0]!.record])).toEqual([[{p: 'Near-duplicates are tagged.'}]]);
    expect(asked.passages).toHaveLength(1);
  });

  it('retries a shard that failed to load', async () => {
    const {source} = tracked(RECORDS);
    let fail = true;
    const engine = createEngine({
      ...source,
      shard: (n) => (fail ? Promise.reject(new Error('offline')) : source.shard(n)),
    });
    await expect(engine.search('duplicate')).rejects.toThrow('offline');
    fail = false;
    expect((await engine.search('duplicate'))[0]!.record.url).toBe('/dupes');
  });
});

describe('the static files on disk', () => {
  it('replace an earlier index only once the new one is written, so the folder is never empty', async () => {
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'search-static-'));
    const files = path.join(site, SEARCH_STATIC_DIR, 'search-index');
    fs.mkdirSync(path.join(files, 'old-version'), {recursive: true});
    fs.writeFileSync(path.join(files, 'old-version/records-0.json'), '[]');
    fs.writeFileSync(path.join(files, 'ask-model-old.bin'), '');
    // Watch the folder while the new index is written: every moment it holds files.
    let emptied = false;
    const watcher = fs.watch(files, () => {
      if (!fs.existsSync(files) || fs.readdirSync(files).length === 0) emptied = true;
    });
    const index = buildIndexFiles(RECORDS);
    await writeStaticFiles(site, index);
    watcher.close();
    expect(emptied).toBe(false);
    expect(fs.readdirSync(files)).toEqual([index.head.version]);
    expect(fs.readdirSync(path.join(files, index.head.version)).length).toBeGreaterThan(0);
    fs.rmSync(site, {recursive: true, force: true});
  });
});
