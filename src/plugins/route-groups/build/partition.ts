import fs from 'node:fs';
import path from 'node:path';
import {GROUP_CHUNK, routeKey} from '../shared';

/**
 * Splits Docusaurus' generated route table for the browser. Every page's
 * route, its registry entries and its chunk names are otherwise in main.js,
 * which every page loads (facebook/docusaurus#7256). Here the leaf routes
 * (the pages under a docs instance) move into groups of neighbouring paths,
 * each a chunk loaded when a path in its range is visited or prefetched
 * (../client/groups.ts); main.js keeps the rest of the table and a directory
 * of the groups: where each begins, and where its leaves go.
 */

/** Leaves in a group: big enough that a group is worth a request, small enough to cost a page little. */
export const GROUP_SIZE = 48;

/** A route of the generated table, with its component as the arguments of its ComponentCreator call. */
export interface TableRoute {
  path: string;
  component: {creator: [string, string?]};
  exact?: boolean;
  routes?: TableRoute[];
  [key: string]: unknown;
}

export interface Generated {
  routes: TableRoute[];
  /** Registry entries by chunk name, each as its source text. */
  registry: Map<string, string>;
  chunkNames: Record<string, unknown>;
}

/** A leaf route moved to a group, the index of its parent in `Partition.parents`, and the chunk names it loads. */
interface Leaf {
  parent: number;
  route: TableRoute;
  chunks: string[];
}

export interface Partition {
  /** The table main.js keeps: the generated one without the grouped leaves. */
  routes: TableRoute[];
  registry: Map<string, string>;
  chunkNames: Record<string, unknown>;
  /** Positions (index paths) of the routes whose leaves were grouped, and their paths. */
  parents: {at: number[]; path: string}[];
  groups: {start: string; leaves: Leaf[]; registry: Map<string, string>; chunkNames: Record<string, unknown>}[];
}

/** A path a route matches letter for letter (no parameters or patterns), so its key can find its group. */
const STATIC_PATH = /^\/[\w\-./~%]*$/;

/** Reads Docusaurus' generated table, registry and chunk names (the format of @docusaurus/core 3.10). */
export function readGenerated(generatedDir: string): Generated {
  const routesSource = fs.readFileSync(path.join(generatedDir, 'routes.js'), 'utf8');
  const body = routesSource
    .replace(/^import .*;$/gm, '')
    .replace(/^export default /m, 'return ')
    .trim();
  const creator = (route: string, hash?: string) => ({creator: hash === undefined ? [route] : [route, hash]});
  const routes = new Function('ComponentCreator', body)(creator) as TableRoute[];

  const registry = new Map<string, string>();
  const registrySource = fs.readFileSync(path.join(generatedDir, 'registry.js'), 'utf8');
  for (const [, key, entry] of registrySource.matchAll(/^ {2}"([^"]+)": (\[.*\]),(?:\};)?$/gm))
    registry.set(key, entry);
  const lines = registrySource.split('\n').filter((line) => line.startsWith('  "')).length;
  if (registry.size !== lines) throw new Error(`route-groups: read ${registry.size} of ${lines} registry entries`);

  const chunkNames = JSON.parse(fs.readFileSync(path.join(generatedDir, 'routesChunkNames.json'), 'utf8'));
  return {routes, registry, chunkNames};
}

/** The chunk names (registry keys) a route's component loads. */
function chunksOf(route: TableRoute, chunkNames: Record<string, unknown>): string[] {
  const [routePath, hash] = route.component.creator;
  const names: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') names.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(chunkNames[`${routePath}-${hash}`]);
  return names;
}

/** Partitions the generated table: leaves with static paths, below the top level, go into groups. */
export function partition({routes, registry, chunkNames}: Generated, groupSize = GROUP_SIZE): Partition {
  const leaves: Leaf[] = [];
  const parents: Partition['parents'] = [];
  // `at` is a route's position in the table main.js keeps, where the browser puts the leaves back.
  const keep = (table: TableRoute[], at: number[], parentPath = ''): TableRoute[] => {
    const kept: TableRoute[] = [];
    let parent: number | undefined;
    for (const route of table) {
      if (at.length > 0 && route.exact && !route.routes && STATIC_PATH.test(route.path)) {
        parent ??= parents.push({at, path: parentPath}) - 1;
        leaves.push({parent, route, chunks: chunksOf(route, chunkNames)});
      } else {
        const here = [...at, kept.length];
        kept.push(route.routes ? {...route, routes: keep(route.routes, here, route.path)} : route);
      }
    }
    return kept;
  };
  const kept = keep(routes, []);

  leaves.sort((a, b) => compare(routeKey(a.route.path), routeKey(b.route.path)));
  const groups: Partition['groups'] = [];
  for (const leaf of leaves) {
    const key = routeKey(leaf.route.path);
    const last = groups.at(-1);
    // Leaves with the same key stay together: a lookup finds one group for a key.
    const sameKey = last && routeKey(last.leaves.at(-1)!.route.path) === key;
    if (last && (last.leaves.length < groupSize || sameKey)) last.leaves.push(leaf);
    else groups.push({start: key, leaves: [leaf], registry: new Map(), chunkNames: {}});
  }

  // A chunk name moves with a group only if no route outside that group loads it (a page's own content does; the doc page component does not).
  const users = new Map<string, Set<number>>();
  const use = (name: string, group: number) => users.set(name, (users.get(name) ?? new Set()).add(group));
  const walkKept = (table: TableRoute[]) =>
    table.forEach((route) => {
      chunksOf(route, chunkNames).forEach((name) => use(name, -1));
      if (route.routes) walkKept(route.routes);
    });
  walkKept(kept);
  groups.forEach((group, g) => group.leaves.forEach(({chunks}) => chunks.forEach((n) => use(n, g))));

  const mainRegistry = new Map(registry);
  const mainChunkNames = {...chunkNames};
  groups.forEach((group, g) => {
    for (const {route, chunks} of group.leaves) {
      const id = `${route.component.creator[0]}-${route.component.creator[1]}`;
      group.chunkNames[id] = chunkNames[id];
      delete mainChunkNames[id];
      for (const name of chunks) {
        const owners = users.get(name)!;
        if (owners.size !== 1 || !owners.has(g) || !registry.has(name)) continue;
        group.registry.set(name, registry.get(name)!);
        mainRegistry.delete(name);
      }
    }
  });
  return {routes: kept, registry: mainRegistry, chunkNames: mainChunkNames, parents, groups};
}

/** Plain code-unit order, which the browser's `<` on strings also uses. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A route table as the source of a module (the form of Docusaurus' routes.js). */
export function tableSource(table: TableRoute[]): string {
  return `[${table.map(routeSource).join(',\n')}]`;
}

function routeSource(route: TableRoute): string {
  const fields = Object.entries(route).map(([key, value]) => {
    if (key === 'component') {
      return `component: ComponentCreator(${route.component.creator.map((a) => JSON.stringify(a)).join(', ')})`;
    }
    if (key === 'routes') return `routes: ${tableSource(value as TableRoute[])}`;
    return `${JSON.stringify(key)}: ${JSON.stringify(value)}`;
  });
  return `{${fields.join(', ')}}`;
}

function registrySource(registry: Map<string, string>): string {
  return `{\n${[...registry].map(([key, entry]) => `  ${JSON.stringify(key)}: ${entry}`).join(',\n')}\n}`;
}

/**
 * Writes the browser's modules into `<generatedDir>/route-groups/`: the
 * trimmed routes, registry and chunk names, the directory (`groups.js`) and
 * one module per group, which adds its registry entries and chunk names to
 * the shared ones and exports its leaves by parent.
 */
export function writePartition(generatedDir: string, part: Partition): string {
  const dir = path.join(generatedDir, 'route-groups');
  fs.rmSync(dir, {recursive: true, force: true});
  fs.mkdirSync(dir, {recursive: true});
  const creator = "import ComponentCreator from '@docusaurus/ComponentCreator';\n";
  fs.writeFileSync(path.join(dir, 'routes.js'), `${creator}\nexport default ${tableSource(part.routes)};\n`);
  fs.writeFileSync(path.join(dir, 'registry.js'), `export default ${registrySource(part.registry)};\n`);
  fs.writeFileSync(path.join(dir, 'chunkNames.js'), `export default ${JSON.stringify(part.chunkNames)};\n`);
  part.groups.forEach((group, g) => {
    const byParent = part.parents.map((_, p) =>
      group.leaves.filter((leaf) => leaf.parent === p).map((leaf) => leaf.route),
    );
    fs.writeFileSync(
      path.join(dir, `group-${g}.js`),
      [
        creator,
        "import registry from '@generated/registry';",
        "import chunkNames from '@generated/routesChunkNames';",
        `Object.assign(registry, ${registrySource(group.registry)});`,
        `Object.assign(chunkNames, ${JSON.stringify(group.chunkNames)});`,
        `export default [${byParent.map(tableSource).join(',\n')}];`,
        '',
      ].join('\n'),
    );
  });
  const loaders = part.groups.map(
    (_, g) => `() => import(/* webpackChunkName: "${GROUP_CHUNK}${g}" */ './group-${g}.js')`,
  );
  fs.writeFileSync(
    path.join(dir, 'groups.js'),
    [
      `export const parents = ${JSON.stringify(part.parents)};`,
      `export const starts = ${JSON.stringify(part.groups.map((group) => group.start))};`,
      `export const loaders = [${loaders.join(',\n')}];`,
      '',
    ].join('\n'),
  );
  return dir;
}
