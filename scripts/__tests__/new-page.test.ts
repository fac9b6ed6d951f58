import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import * as prettier from 'prettier';
import {describe, expect, it} from 'vitest';
import {
  addRoute,
  addToPlatformSidebar,
  addToReferenceSidebar,
  overviewOf,
  pageFor,
  pageSource,
  routeFolder,
} from '../new-page.mjs';
import {parsePage} from '../../tests/content/check-content.mjs';

const ROOT = path.resolve(__dirname, '../..');

const PLATFORM = `import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

const sidebars = {
  platformSidebar: [
    'quick-start',
    'release-notes',
    {
      type: 'category',
      label: 'Account',
      items: ['account/dashboard', 'account/security-and-rbac'],
    },
    {
      type: 'category',
      label: 'Datasets',
      link: {type: 'doc', id: 'datasets/index'},
      items: [
        'datasets/prepare-data-for-atlas',
        'datasets/storage',
        {
          type: 'category',
          label: 'Export guides',
          items: ['datasets/guides/export-crm-data'],
        },
      ],
    },
    {
      type: 'category',
      label: 'Files',
      link: {type: 'doc', id: 'files/index'},
      items: [
        'files/upload/overview/index',
        'files/parse/overview/index',
      ],
    },
  ],
} satisfies SidebarsConfig;

export default sidebars;
`;

const REFERENCE = `const GETTING_STARTED = [
  reference('getting-started/index', 'Introduction'),
  reference('getting-started/programmatic-tagging', 'Programmatic tagging'),
  reference('getting-started/rate-limits', 'Rate limits'),
];
const QUERY = [api('query/data-selections', 'Data selections'), api('query/vector-search', 'Vector search')];
const PYTHON = [
  reference('python-api/datasets-and-maps', 'Datasets and maps'),
  reference('python-api/map-resources', 'Map resources'),
];
`;

const ROUTES = `# Every route the site must serve.
/
/platform/quick-start
/platform/release-notes
/platform/datasets/
/platform/datasets/prepare-data-for-atlas
/platform/datasets/storage
/platform/datasets/data-maps/
/platform/datasets/data-maps/controls
/platform/datasets/guides/export-crm-data
/platform/files/
/platform/files/parse/overview/
/platform/files/upload/overview/
/reference/getting-started/
/reference/getting-started/rate-limits
/reference/api/upload
/reference/api/legacy/
# ...plus generated pages
`;

/** Doc ids of the sidebar source in order, as string items or category links. */
const ids = (source: string) =>
  [...source.matchAll(/(?<!label:\s*|type:\s*)'([\w-]+(?:\/[\w-]+)*)'/g)].map((m) => m[1]);
/** The lines of `after` that `before` lacks, and whether everything else is unchanged. */
function added(before: string, after: string) {
  const a = after.split('\n');
  const extra = a.filter((line, i) => line !== before.split('\n')[i - (a.length - before.split('\n').length)]);
  return {lines: a.length - before.split('\n').length, extra};
}
const routeOrder = (text: string) => text.split('\n').filter((l) => l.startsWith('/'));
async function format(source: string) {
  return prettier.format(source, {
    ...(await prettier.resolveConfig(path.join(ROOT, 'sidebars.ts'))),
    filepath: 'sidebars.ts',
  });
}
function syntaxErrors(source: string) {
  const out = ts.transpileModule(source, {reportDiagnostics: true, fileName: 'sidebars.ts'});
  return (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('pageFor', () => {
  it.each([
    ['/platform/datasets/clean-data', 'docs/datasets/clean-data.mdx', 'datasets/clean-data', 'sidebars.ts'],
    ['/platform/files/new-topic/', 'docs/files/new-topic/index.mdx', 'files/new-topic/index', 'sidebars.ts'],
    [
      '/reference/python-api/projections',
      'reference/pages/python-api/projections.mdx',
      'python-api/projections',
      'src/api/build/sidebars/referenceSidebar.ts',
    ],
    [
      '/reference/api/query/aggregations',
      'reference/api/query/aggregations.mdx',
      'query/aggregations',
      'src/api/build/sidebars/referenceSidebar.ts',
    ],
  ])('%s → %s', (route, file, id, sidebar) => {
    expect(pageFor(route)).toMatchObject({file, id, sidebar});
  });

  it.each([
    'platform/quick-start',
    '/platform/',
    '/platform',
    '/platform/Quick-Start',
    '/platform/quick_start',
    '/platform//x',
    '/platform/x.mdx',
    '/blog/post',
    '/reference/',
    '/',
  ])('refuses the malformed or foreign route %j', (route) => {
    expect(() => pageFor(route)).toThrow(/not a page route/);
  });

  it.each(['/reference/api/upload', '/reference/api/legacy/', '/reference/api/query/', '/reference/api/query/a/b'])(
    'refuses the generated route %j',
    (route) => {
      expect(() => pageFor(route)).toThrow(/generated from openapi/);
    },
  );
});

describe('routeFolder', () => {
  it.each([
    ['quick-start', ''],
    ['datasets/storage', 'datasets'],
    ['datasets/index', ''],
    ['files/parse/overview/index', 'files/parse'],
  ])('%s → %j', (id, folder) => expect(routeFolder(id)).toBe(folder));
});

describe('addToPlatformSidebar', () => {
  const add = (route: string, label = 'A title') => addToPlatformSidebar(PLATFORM, pageFor(route), label);

  it('lists a page after the last page of its folder, on its own line', () => {
    const out = add('/platform/datasets/clean-data');
    expect(ids(out)).toEqual([
      'quick-start',
      'release-notes',
      'account/dashboard',
      'account/security-and-rbac',
      'datasets/index',
      'datasets/prepare-data-for-atlas',
      'datasets/storage',
      'datasets/clean-data',
      'datasets/guides/export-crm-data',
      'files/index',
      'files/upload/overview/index',
      'files/parse/overview/index',
    ]);
    expect(out).toContain("        'datasets/storage',\n        'datasets/clean-data',\n");
    expect(added(PLATFORM, out).lines).toBe(1);
  });

  it('adds to a one-line list in place', () => {
    expect(add('/platform/account/billing')).toContain(
      "items: ['account/dashboard', 'account/security-and-rbac', 'account/billing'],",
    );
  });

  it('lists a top-level page after the top-level pages', () => {
    expect(ids(add('/platform/glossary')).slice(0, 3)).toEqual(['quick-start', 'release-notes', 'glossary']);
  });

  it('appends to the category whose index page opens the folder when the folder has no page yet', () => {
    const out = add('/platform/files/limits');
    expect(ids(out).slice(-3)).toEqual(['files/upload/overview/index', 'files/parse/overview/index', 'files/limits']);
    expect(syntaxErrors(out)).toEqual([]);
  });

  it('adds a section index page as a category linked to it, which takes the section pages', async () => {
    const section = add('/platform/datasets/cleaning/', "Cleaning: a writer's guide");
    expect(section).toContain(
      "{type: 'category', label: 'Cleaning: a writer\\'s guide', link: {type: 'doc', id: 'datasets/cleaning/index'}, items: []}",
    );
    const formatted = await format(section);
    expect(syntaxErrors(formatted)).toEqual([]);
    const child = addToPlatformSidebar(formatted, pageFor('/platform/datasets/cleaning/dedupe'), 'Dedupe');
    expect(ids(child)).toContain('datasets/cleaning/dedupe');
    expect(ids(child).indexOf('datasets/cleaning/dedupe')).toBe(ids(child).indexOf('datasets/cleaning/index') + 1);
    expect(syntaxErrors(await format(child))).toEqual([]);
  });

  it('refuses a page whose folder has no place in the sidebar', () => {
    expect(() => add('/platform/models/nomic-embed')).toThrow(/no place for \/platform\/models\//);
  });

  it('refuses a page the sidebar already lists', () => {
    expect(() => add('/platform/datasets/storage')).toThrow(/already lists datasets\/storage/);
    expect(() => add('/platform/files/')).toThrow(/already lists files\/index/);
  });

  it('keeps the real sidebars.ts valid and Prettier-clean', async () => {
    const real = fs.readFileSync(path.join(ROOT, 'sidebars.ts'), 'utf8');
    for (const route of ['/platform/embeddings-and-retrieval/guides/zz-new', '/platform/files/zz-new/']) {
      const out = await format(addToPlatformSidebar(real, pageFor(route), 'New page'));
      expect(syntaxErrors(out)).toEqual([]);
      expect(ids(out)).toContain(pageFor(route).id);
      expect(ids(out).length).toBe(ids(real).length + 1);
    }
  });
});

describe('addToReferenceSidebar', () => {
  const add = (route: string, label = 'A title') => addToReferenceSidebar(REFERENCE, pageFor(route), label);

  it('adds a page after the last page of its folder', () => {
    const out = add('/reference/getting-started/webhooks', 'Webhooks');
    expect(out).toContain(
      "  reference('getting-started/rate-limits', 'Rate limits'),\n  reference('getting-started/webhooks', 'Webhooks'),\n];",
    );
    expect(added(REFERENCE, out).lines).toBe(1);
  });

  it('adds a query page to the query pages, in the api instance', () => {
    expect(add('/reference/api/query/aggregations', 'Aggregations')).toContain(
      "api('query/vector-search', 'Vector search'), api('query/aggregations', 'Aggregations')];",
    );
  });

  it('opens a section with its index page and escapes the label', () => {
    const out = add('/reference/python-api/', "Python's client");
    expect(out).toContain(
      "const PYTHON = [\n  reference('python-api/index', 'Python\\'s client'), reference('python-api/datasets-and-maps'",
    );
  });

  it('refuses a new top-level section and a page it already lists', () => {
    expect(() => add('/reference/cli/install')).toThrow(/no section for \/reference\/cli\//);
    expect(() => add('/reference/getting-started/rate-limits')).toThrow(/already lists/);
  });

  it('keeps the real referenceSidebar.ts valid', async () => {
    const file = path.join(ROOT, 'src/api/build/sidebars/referenceSidebar.ts');
    const real = fs.readFileSync(file, 'utf8');
    const out = addToReferenceSidebar(real, pageFor('/reference/typescript-api/zz-new'), 'New page');
    const formatted = await prettier.format(out, {...(await prettier.resolveConfig(file)), filepath: file});
    expect(syntaxErrors(formatted)).toEqual([]);
    expect(formatted).toContain("reference('typescript-api/zz-new', 'New page')");
  });
});

describe('addRoute', () => {
  it('adds exactly one line and changes nothing else', () => {
    const out = addRoute(ROUTES, '/platform/datasets/clean-data');
    expect(out.split('\n').length).toBe(ROUTES.split('\n').length + 1);
    expect(out.replace('/platform/datasets/clean-data\n', '')).toBe(ROUTES);
  });

  it.each([
    // Alphabetical among the pages of its folder.
    ['/platform/datasets/clean-data', '/platform/datasets/', '/platform/datasets/prepare-data-for-atlas'],
    ['/platform/datasets/sampling', '/platform/datasets/prepare-data-for-atlas', '/platform/datasets/storage'],
    ['/platform/datasets/zz-last', '/platform/datasets/storage', '/platform/datasets/data-maps/'],
    ['/platform/glossary', '/', '/platform/quick-start'],
    ['/platform/tutorial', '/platform/release-notes', '/platform/datasets/'],
    // A section index after the sections (with their pages) that sort before it.
    [
      '/platform/datasets/embeddings/',
      '/platform/datasets/data-maps/controls',
      '/platform/datasets/guides/export-crm-data',
    ],
    // A page of a folder with no page yet: right after its overview.
    [
      '/platform/datasets/data-maps/atlas-analyst',
      '/platform/datasets/data-maps/',
      '/platform/datasets/data-maps/controls',
    ],
    ['/platform/files/limits', '/platform/files/', '/platform/files/parse/overview/'],
    // A new section in a folder with no section yet: after the folder's routes.
    ['/reference/getting-started/guides/', '/reference/getting-started/rate-limits', '/reference/api/upload'],
  ])('puts %s between %s and %s', (route, before, after) => {
    const order = routeOrder(addRoute(ROUTES, route));
    expect(order.indexOf(route)).toBe(order.indexOf(before) + 1);
    expect(order.indexOf(after)).toBe(order.indexOf(route) + 1);
  });

  it('refuses a route that is there, with or without its trailing slash', () => {
    expect(() => addRoute(ROUTES, '/platform/datasets/storage')).toThrow(/already has \/platform\/datasets\/storage/);
    expect(() => addRoute(ROUTES, '/platform/datasets/storage/')).toThrow(/already has/);
    expect(() => addRoute(ROUTES, '/platform/files')).toThrow(/already has \/platform\/files\//);
  });
});

describe('pageSource', () => {
  it('has the front matter the content check requires, no h1, and TODOs it rejects', () => {
    const {frontMatter, body, blocks} = parsePage(pageSource('Clean data: before "upload"')) as {
      frontMatter: {title?: string; description?: string};
      body: string;
      blocks: unknown[];
    };
    expect(frontMatter.title).toBe('Clean data: before "upload"');
    expect(frontMatter.description).toMatch(/\S/);
    expect(String(frontMatter.description).length).toBeLessThanOrEqual(160);
    expect(body).not.toMatch(/^# /m);
    expect(blocks).toEqual([]);
    expect(body).toMatch(/\bTODO\b/);
  });
});

describe('overviewOf', () => {
  it('finds the closest section index above a route', () => {
    const routes = routeOrder(ROUTES);
    expect(overviewOf('/platform/datasets/data-maps/new', routes)).toBe('/platform/datasets/data-maps/');
    expect(overviewOf('/platform/datasets/guides/new', routes)).toBe('/platform/datasets/');
    expect(overviewOf('/platform/glossary', routes)).toBeUndefined();
  });
});
