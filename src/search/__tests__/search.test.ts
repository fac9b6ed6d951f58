import {describe, expect, it} from 'vitest';
import {queryWords, stem, tokenize} from '@site/src/search/engine';
import {engineOf} from '@site/src/search/build/files';
import {highlight, snippet} from '@site/src/search/highlight';
import {escapeHtml} from '@site/src/shared/html';
import {reportingFailures} from '@site/src/search/docsearchClient';
import {parseSearchParams, searchHref} from '@site/src/search/searchUrl';
import type {SearchRecord} from '@site/src/search/records';

const record = (
  id: number,
  url: string,
  lvl1: string,
  content: string,
  extra: Partial<SearchRecord> = {},
): SearchRecord => ({
  id,
  url,
  type: 'lvl1',
  hierarchy: {lvl0: 'Docs', lvl1},
  content,
  ...extra,
});

const RECORDS = [
  record(0, '/python', 'Datasets and maps', 'Build a map with create_index and upload with add_data.'),
  record(1, '/embed', 'Embed text', 'POST /v1/embedding/text returns embeddings for texts.', {
    keywords: '/v1/embedding/text',
  }),
  record(2, '/dupes', 'Duplicate detection', 'Atlas labels near-duplicates as deletion candidates.'),
  record(3, '/legacy/create', 'Create Dataset', 'Legacy endpoint that creates a dataset.', {
    hierarchy: {lvl0: 'Legacy API', lvl1: 'Create Dataset'},
  }),
  record(4, '/datasets', 'Create a dataset', 'A dataset holds your rows; create one from Python.'),
];

describe('tokenize and queryWords', () => {
  it('keeps identifiers whole and in parts, and joins paths', async () => {
    expect(tokenize('create_index')).toEqual(['create_index', 'create', 'index']);
    expect(tokenize('POST /v1/embedding/text')).toEqual(['post', 'v1', 'embedding', 'text', 'v1embeddingtext']);
  });

  it('drops stop words and common words, but keeps identifiers whole', async () => {
    expect(queryWords('how do I use create_index')).toEqual(['create_index']);
    expect(queryWords('nomic atlas datasets')).toEqual(['datasets']);
    expect(queryWords('nomic atlas')).toEqual(['nomic', 'atlas']);
  });

  it('stems plurals only', async () => {
    expect(stem('embeddings')).toBe('embedding');
    expect(stem('queries')).toBe('query');
    expect(stem('class')).toBe('class');
    expect(stem('v1')).toBe('v1');
  });
});

describe('engine', () => {
  const engine = engineOf(RECORDS);
  const urls = async (q: string) => (await engine.search(q)).map((h) => h.record.url);

  it('finds identifiers, pasted paths, typos and synonyms', async () => {
    expect((await urls('create_index'))[0]).toBe('/python');
    expect((await urls('v1/embedding/text'))[0]).toBe('/embed');
    expect((await urls('duplicat detection'))[0]).toBe('/dupes');
    expect((await urls('dedupe'))[0]).toBe('/dupes');
  });

  it('ranks the legacy API below current pages unless asked for', async () => {
    expect((await urls('create dataset'))[0]).toBe('/datasets');
    expect((await urls('legacy create dataset'))[0]).toBe('/legacy/create');
  });

  it('lets only the last word be unfinished, and matches synonyms whole', async () => {
    const engine2 = engineOf([
      record(0, '/projection', 'Projection options', 'Choose a projection model for the layout.'),
      record(1, '/datasets', 'Datasets', 'A dataset holds your rows and columns.'),
    ]);
    const found = async (q: string) => (await engine2.search(q)).map((h) => h.record.url);
    // "dataset" has the synonym "project", which must not prefix-match "projection".
    expect(await found('dataset')).toEqual(['/datasets']);
    expect(await found('datas')).toEqual(['/datasets']);
    // A word before the last is taken whole: "proj" matches nothing here.
    expect((await engine2.search('proj layout'))[0]!.terms).toEqual(['layout']);
  });

  it('puts the page named exactly what was asked first', async () => {
    const engine2 = engineOf([
      record(0, '/guide', 'A guide', 'A dataset, a dataset, a dataset: datasets everywhere in this dataset guide.'),
      record(1, '/datasets', 'Datasets', 'Where Atlas keeps your rows.'),
    ]);
    expect((await engine2.search('What is a dataset?'))[0]!.record.url).toBe('/datasets');
    // A section's heading names it; a heading with one more word does not.
    const sections = engineOf([
      record(0, '/maps#share-a-map-link', 'Maps', 'Share a map with a link: a shared map opens at its view.', {
        type: 'lvl2',
        hierarchy: {lvl0: 'Docs', lvl1: 'Maps', lvl2: 'Share a map link'},
      }),
      record(1, '/maps#share-map', 'Maps', 'Who can open it.', {
        type: 'lvl2',
        hierarchy: {lvl0: 'Docs', lvl1: 'Maps', lvl2: 'Share map'},
      }),
    ]);
    expect((await sections.search('share map'))[0]!.record.url).toBe('/maps#share-map');
    expect((await sections.search('share map link'))[0]!.record.url).toBe('/maps#share-a-map-link');
  });

  it("keeps sections with most of a question's words when none has them all", async () => {
    const engine2 = engineOf([
      record(0, '/cancel', 'Cancel a task', 'Cancel a parse task with DELETE /v1/task/{task_id}.'),
      record(1, '/jobs', 'Recurring jobs', 'A running job can be paused.'),
    ]);
    expect((await engine2.search('cancel a running task')).map((h) => h.record.url)).toContain('/cancel');
  });

  it('finds nothing for nonsense, even next to real words', async () => {
    expect(await urls('qzxjvwk')).toEqual([]);
    expect(await urls('<img src=x onerror=alert(1)> qzxjvwk')).toEqual([]);
  });
});

describe('highlight and snippet', () => {
  it('escapes everything but the marks', async () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(highlight('Use <b>create_index</b> now', ['create_index'])).toBe(
      'Use &lt;b&gt;<mark>create_index</mark>&lt;/b&gt; now',
    );
  });

  it('cuts the text to a window of words around the first match', async () => {
    const text = 'one two three four five six seven eight nine ten eleven twelve thirteen match fifteen';
    const five = snippet(text, ['match'], 5);
    expect(five).toMatch(/^… .*<mark>match<\/mark>/);
    expect(
      five
        .replace(/<\/?mark>|…/g, '')
        .trim()
        .split(/\s+/),
    ).toHaveLength(5);
    expect(snippet('short text', ['short'], 10)).toBe('<mark>short</mark> text');
  });
});

describe('reportingFailures', () => {
  it('answers a failed search with no hits and reports it', async () => {
    const outcomes: boolean[] = [];
    const failing = {
      search: (_request: {requests: unknown[]}): Promise<{results: unknown[]}> => Promise.reject(new Error('offline')),
    };
    const wrapped = reportingFailures(failing, (ok) => outcomes.push(ok));
    const response = await wrapped.search({requests: [{query: 'x'}]});
    expect(response.results).toEqual([expect.objectContaining({hits: [], nbHits: 0})]);
    expect(outcomes).toEqual([false]);
  });
});

describe('search page URL', () => {
  it('reads the query and 1-based page, within bounds', async () => {
    expect(parseSearchParams('?q=api%20key&page=3')).toEqual({query: 'api key', page: 2});
    expect(parseSearchParams('?q=x&page=-4')).toEqual({query: 'x', page: 0});
    expect(parseSearchParams(`?q=${'y'.repeat(100)}`).query).toHaveLength(64);
    expect(searchHref('api key', 1)).toBe('/search?q=api+key&page=2');
  });
});
