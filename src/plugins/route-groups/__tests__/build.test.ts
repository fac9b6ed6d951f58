import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {createRequire} from 'node:module';
import {afterAll, describe, expect, it} from 'vitest';
import {
  partition,
  readGenerated,
  writePartition,
  type TableRoute,
} from '@site/src/plugins/route-groups/build/partition';
import {routeKey} from '@site/src/plugins/route-groups/shared';
import {usesDocLists, writeGlobalData} from '@site/src/plugins/route-groups/build/globalData';

const require = createRequire(import.meta.url);
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, {recursive: true, force: true})));

/** A generated folder in Docusaurus 3.10's format: routes.js, registry.js, routesChunkNames.json. */
function generatedDir(pages: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'route-groups-'));
  dirs.push(dir);
  const leaf = (page: string, i: number) => `              {
                path: '${page}',
                component: ComponentCreator('${page}', 'h${i}'),
                exact: true,
                sidebar: "docs"
              }`;
  fs.writeFileSync(
    path.join(dir, 'routes.js'),
    `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
  {
    path: '/search',
    component: ComponentCreator('/search', 'se1'),
    exact: true
  },
  {
    path: '/docs',
    component: ComponentCreator('/docs', 'v01'),
    routes: [
      {
        path: '/docs',
        component: ComponentCreator('/docs', 'r01'),
        routes: [
          {
            path: '/docs/:version/tag',
            component: ComponentCreator('/docs/:version/tag', 't01'),
            exact: true
          },
${pages.map(leaf).join(',\n')}
        ]
      }
    ]
  },
  {
    path: '*',
    component: ComponentCreator('*'),
  },
];
`,
  );
  const chunkNames: Record<string, unknown> = {
    '/search-se1': {__comp: 'search', config: 'shared-config'},
    '/docs-v01': {__comp: 'version', __props: 'props'},
    '/docs-r01': {__comp: 'root'},
    '/docs/:version/tag-t01': {__comp: 'tag'},
  };
  const entries = ['search', 'shared-config', 'version', 'props', 'root', 'tag', 'doc-item'];
  pages.forEach((page, i) => {
    chunkNames[`${page}-h${i}`] = {
      __comp: 'doc-item',
      content: `content-${i}`,
      ...(i === 0 ? {config: 'shared-config'} : {}),
    };
    entries.push(`content-${i}`);
  });
  fs.writeFileSync(path.join(dir, 'routesChunkNames.json'), JSON.stringify(chunkNames, null, 2));
  const entry = (key: string) =>
    `  "${key}": [() => import(/* webpackChunkName: "${key}" */ "@site/${key}.mdx"), "@site/${key}.mdx", require.resolveWeak("@site/${key}.mdx")]`;
  fs.writeFileSync(path.join(dir, 'registry.js'), `export default {\n${entries.map(entry).join(',\n')},};\n`);
  return dir;
}

const pages = Array.from({length: 10}, (_, i) => `/docs/page-${String(i).padStart(2, '0')}`);

/** Evaluates a module the partition wrote, with its imports given. */
function evaluate(file: string, imports: Record<string, unknown>): Record<string, unknown> {
  const names: string[] = [];
  const source = fs
    .readFileSync(file, 'utf8')
    .replace(/^import (\w+) from '([^']+)';$/gm, (_, name: string, from: string) => {
      names.push(name);
      if (!(from in imports)) throw new Error(`unexpected import ${from}`);
      return `const ${name} = imports[${JSON.stringify(from)}];`;
    })
    .replace(/^export const (\w+) = /gm, 'exports.$1 = ')
    .replace(/^export default /m, 'exports.default = ');
  const exports: Record<string, unknown> = {};
  new Function('imports', 'exports', 'require', source)(imports, exports, {resolveWeak: (m: string) => m});
  return exports;
}

const creator = (route: string, hash?: string) => ({creator: hash === undefined ? [route] : [route, hash]});

describe('route groups: partition', () => {
  const generated = readGenerated(generatedDir(pages));
  const part = partition(generated, 4);

  it('reads every route, registry entry and chunk name of the generated files', () => {
    expect(generated.routes.map((r) => r.path)).toEqual(['/search', '/docs', '*']);
    expect(generated.routes[2].component.creator).toEqual(['*']);
    expect(generated.registry.size).toBe(17);
    expect(generated.registry.get('content-9')).toMatch(/^\[\(\) => import\(.*"@site\/content-9\.mdx"\)\]$/);
  });

  it('moves the pages below the top level into groups of neighbouring paths, keeping the rest', () => {
    expect(part.groups.map((g) => g.leaves.map((l) => l.route.path))).toEqual([
      pages.slice(0, 4),
      pages.slice(4, 8),
      pages.slice(8),
    ]);
    expect(part.groups.map((g) => g.start)).toEqual(['/docs/page-00', '/docs/page-04', '/docs/page-08']);
    // Top-level pages and routes with parameters stay in main.js.
    expect(part.routes[0].path).toBe('/search');
    expect(part.routes[1].routes![0].routes!.map((r) => r.path)).toEqual(['/docs/:version/tag']);
    expect(part.parents).toEqual([{at: [1, 0], path: '/docs'}]);
  });

  it("moves a page's own chunks with it and keeps what other routes share", () => {
    expect([...part.groups[0].registry.keys()]).toEqual(['content-0', 'content-1', 'content-2', 'content-3']);
    expect(part.registry.has('content-0')).toBe(false);
    // The page component and a config the search page also loads stay.
    expect(part.registry.has('doc-item')).toBe(true);
    expect(part.registry.has('shared-config')).toBe(true);
    expect(Object.keys(part.groups[1].chunkNames)).toEqual(pages.slice(4, 8).map((p, i) => `${p}-h${i + 4}`));
    expect(part.chunkNames).not.toHaveProperty('/docs/page-04-h4');
  });

  it('keeps paths that differ only by a trailing slash in one group', () => {
    const withSlash = [...pages.slice(0, 3), '/docs/page-02/', ...pages.slice(3)];
    const groups = partition(readGenerated(generatedDir(withSlash)), 3).groups;
    const holding = groups.filter((g) => g.leaves.some((l) => routeKey(l.route.path) === '/docs/page-02'));
    expect(holding).toHaveLength(1);
    expect(holding[0].leaves.map((l) => l.route.path)).toEqual([
      '/docs/page-00',
      '/docs/page-01',
      '/docs/page-02',
      '/docs/page-02/',
    ]);
  });

  it('fails when the registry is not in the format it reads', () => {
    const dir = generatedDir(pages);
    fs.appendFileSync(path.join(dir, 'registry.js'), '  "odd": require("x")\n');
    expect(() => readGenerated(dir)).toThrow(/registry entries/);
  });

  it('writes modules that put the whole table, registry and chunk names back together', () => {
    const dir = writePartition(generatedDir(pages), part);
    const registry = evaluate(path.join(dir, 'registry.js'), {}).default as Record<string, unknown>;
    const chunkNames = evaluate(path.join(dir, 'chunkNames.js'), {}).default as Record<string, unknown>;
    const table = evaluate(path.join(dir, 'routes.js'), {'@docusaurus/ComponentCreator': creator})
      .default as TableRoute[];
    const directory = evaluate(path.join(dir, 'groups.js'), {});
    expect(directory.starts).toEqual(part.groups.map((g) => g.start));
    expect(fs.readFileSync(path.join(dir, 'groups.js'), 'utf8')).toContain(
      `import(/* webpackChunkName: "route-group-2" */ './group-2.js')`,
    );
    part.groups.forEach((_, g) => {
      const byParent = evaluate(path.join(dir, `group-${g}.js`), {
        '@docusaurus/ComponentCreator': creator,
        '@generated/registry': registry,
        '@generated/routesChunkNames': chunkNames,
      }).default as TableRoute[][];
      (directory.parents as {at: number[]}[]).forEach(({at}, p) => {
        let children = table;
        for (const i of at) children = children[i].routes!;
        children.push(...byParent[p]);
      });
    });
    const sorted = (routes: TableRoute[]): TableRoute[] =>
      routes.map((r) => (r.routes ? {...r, routes: sorted(r.routes)} : r)).sort((a, b) => (a.path < b.path ? -1 : 1));
    expect(sorted(table)).toEqual(sorted(generated.routes));
    expect(chunkNames).toEqual(generated.chunkNames);
    expect(Object.keys(registry).sort()).toEqual([...generated.registry.keys()].sort());
  });
});

describe("route groups: main.js's global data", () => {
  it("leaves out each docs version's list of docs, and nothing else", () => {
    const dir = generatedDir(pages);
    const version = {name: 'current', path: '/docs', mainDocId: 'intro', draftIds: [], sidebars: {docs: {}}};
    const data = {
      'docusaurus-plugin-content-docs': {default: {path: '/docs', versions: [{...version, docs: [{id: 'intro'}]}]}},
      'lazy-stylesheets': {default: {a: '/a.css'}},
    };
    fs.writeFileSync(path.join(dir, 'globalData.json'), JSON.stringify(data));
    const written = JSON.parse(fs.readFileSync(writeGlobalData(dir, dir), 'utf8'));
    expect(written).toEqual({
      'docusaurus-plugin-content-docs': {default: {path: '/docs', versions: [{...version, docs: []}]}},
      'lazy-stylesheets': {default: {a: '/a.css'}},
    });
  });

  it('keeps them for a navbar with a docs item, in a dropdown too', () => {
    expect(usesDocLists([{type: 'search'}, {items: [{type: 'default'}]}])).toBe(false);
    expect(usesDocLists([{type: 'search'}, {type: 'dropdown', items: [{type: 'doc'}]}])).toBe(true);
    expect(usesDocLists([{type: 'docSidebar'}])).toBe(true);
  });
});

describe('route groups: the Docusaurus modules they wrap', () => {
  // ./client/preload.ts and ./client/docusaurus.ts wrap these; a new version must be re-read.
  const upstream: Record<string, string> = {
    'preload.js': '8c1e3de18d307e2f',
    'docusaurus.js': 'b0d1dbdc1e3a706f',
  };
  it.each(Object.keys(upstream))('@docusaurus/core/lib/client/%s is the one the wrapper was written for', (file) => {
    const source = fs.readFileSync(require.resolve(`@docusaurus/core/lib/client/${file}`), 'utf8');
    expect(crypto.createHash('sha256').update(source).digest('hex').slice(0, 16)).toBe(upstream[file]);
  });

  it('the version the generated files are read in the format of', () => {
    expect(require('@docusaurus/core/package.json').version).toBe('3.10.2');
  });
});
