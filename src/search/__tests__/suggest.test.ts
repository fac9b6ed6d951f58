import {describe, expect, it} from 'vitest';
import {engineOf} from '@site/src/search/build/files';
import type {SearchRecord} from '@site/src/search/records';
import {nearRoutes, slugDistance, suggestionsFor} from '@site/src/search/suggest';

const page = (id: number, url: string, title: string, content = ''): SearchRecord => ({
  id,
  url,
  type: 'lvl1',
  hierarchy: {lvl0: url.startsWith('/reference') ? 'API reference' : 'Platform', lvl1: title},
  content,
});

const records = [
  page(0, '/platform/quick-start', 'Quick start', 'Create an account and build a first map.'),
  page(1, '/reference/api/embed-text', 'Embed text', 'Embeddings for a list of texts.'),
  page(2, '/reference/api/embed-image', 'Embed image', 'Embeddings for images.'),
  page(3, '/platform/datasets/data-maps/topic-modeling', 'Topic modeling', 'Topics of a data map.'),
  page(4, '/platform/embeddings-and-retrieval/generate-embeddings', 'Generate embeddings', 'Embed text with the API.'),
  {...page(5, '/platform/quick-start#get-a-key', 'Quick start', 'An API key.'), type: 'lvl2' as const},
];
const engine = engineOf(records);

describe('slug distance', () => {
  it('ignores case, punctuation and .html', async () => {
    expect(slugDistance('/platform/quickstart', '/platform/quick-start')).toBe(0);
    expect(slugDistance('/Platform/Quick_Start.html', '/platform/quick-start')).toBe(0);
  });

  it('counts edits relative to length, and a lone last segment nearly as well', async () => {
    expect(slugDistance('/reference/api/embed-texts', '/reference/api/embed-text')).toBeLessThan(0.1);
    expect(slugDistance('/quickstart', '/platform/quick-start')).toBeCloseTo(0.1);
    expect(slugDistance('/pricing', '/platform/quick-start')).toBeGreaterThan(0.5);
  });

  it('survives malformed escapes', async () => {
    expect(() => slugDistance('/%E0%A4%A', '/platform/quick-start')).not.toThrow();
  });
});

describe('not-found suggestions', () => {
  it('lists each page once', async () => {
    expect((await engine.pages()).map((p) => p.url)).toEqual([
      '/platform/quick-start',
      '/reference/api/embed-text',
      '/reference/api/embed-image',
      '/platform/datasets/data-maps/topic-modeling',
      '/platform/embeddings-and-retrieval/generate-embeddings',
    ]);
  });

  it('puts the near-matching route first', async () => {
    expect((await suggestionsFor('/platform/quickstart', engine))[0]!.url).toBe('/platform/quick-start');
    expect((await suggestionsFor('/reference/api/embed-texts', engine))[0]!.url).toBe('/reference/api/embed-text');
    expect((await suggestionsFor('/platform/datasets/data-maps/topic-modelling', engine))[0]!.title).toBe(
      'Topic modeling',
    );
  });

  it('falls back to search for paths no route is near', async () => {
    expect(nearRoutes('/platform/how-to-embed-images', await engine.pages())).toEqual([]);
    expect((await suggestionsFor('/platform/how-to-embed-images', engine)).map((p) => p.url)).toContain(
      '/reference/api/embed-image',
    );
  });
});
