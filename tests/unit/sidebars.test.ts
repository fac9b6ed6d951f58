import {describe, expect, it} from 'vitest';
import platform from '@site/sidebars';
import reference from '@site/src/api/build/sidebars/reference';
import api from '@site/src/api/build/sidebars/api';

type Item = {type?: string; id?: string; href?: string; label?: string; items?: Item[]; link?: {id?: string}} | string;

function flatten(items: Item[]): Item[] {
  return items.flatMap((item) => (typeof item === 'object' && item.items ? [item, ...flatten(item.items)] : [item]));
}

const leaves = (items: Item[]) => flatten(items).filter((i) => typeof i === 'string' || i.type !== 'category');

describe('platform sidebar', () => {
  it('starts every category collapsed by leaving the instance default alone', () => {
    const categories = flatten(platform.platformSidebar as Item[]).filter(
      (i) => typeof i === 'object' && i.type === 'category',
    );
    expect(categories.length).toBeGreaterThan(5);
    for (const c of categories) expect(c).not.toHaveProperty('collapsed');
  });
});

describe('reference sidebar', () => {
  it('is the same tree in both instances, docs in one and links in the other', () => {
    const asReference = leaves(reference.referenceSidebar as Item[]);
    const asApi = leaves(api.referenceSidebar as Item[]);
    expect(asReference.length).toBe(asApi.length);
    const labels = (xs: Item[]) => xs.map((x) => (typeof x === 'string' ? x : x.label));
    expect(labels(asReference)).toEqual(labels(asApi));
    const upload = (xs: Item[]) =>
      xs.find((x) => typeof x === 'object' && x.label === 'Upload') as Exclude<Item, string>;
    expect(upload(asReference)).toMatchObject({type: 'link', href: '/reference/api/upload'});
    expect(upload(asApi)).toMatchObject({type: 'doc', id: 'upload'});
  });

  it('groups the v1 operations by tag, in the spec order', () => {
    const categories = (reference.referenceSidebar as Exclude<Item, string>[]).map((c) => c.label);
    expect(categories).toEqual([
      'Getting started',
      'Embeddings',
      'Files',
      'Tasks',
      'Tags',
      'API Keys',
      'Query',
      'Python API',
      'TypeScript API',
      'Legacy API',
    ]);
  });

  it('gives the legacy API its own sidebar starting at the introduction', () => {
    const legacy = api.legacySidebar as Exclude<Item, string>[];
    expect(legacy[0]).toMatchObject({type: 'doc', id: expect.stringMatching(/^legacy\//), label: 'Introduction'});
    expect(leaves(legacy).length).toBeGreaterThan(40);
  });
});
