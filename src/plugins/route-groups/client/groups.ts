import type {RouteConfig} from 'react-router-config';
import routes from '@generated/routes';
import {loaders, parents, starts} from '@atlas/route-groups';
import {caseSensitive} from '../../exact-routes/caseSensitive';
import {GROUP_CHUNK, routeKey} from '../shared';

// The pages' routes that main.js leaves out, loaded by group (../build/partition.ts).
const loading: (Promise<void> | undefined)[] = [];
const loaded = new Set<number>();
const listeners = new Set<() => void>();

/**
 * The paths that may stand for a route: as given (without a query or hash, which a
 * prefetched link may carry), decoded, and without `.html` (as Docusaurus' normalizeLocation reads it).
 */
function keysOf(target: string): string[] {
  const pathname = target.replace(/[?#].*$/, '');
  const paths = [pathname, pathname.replace(/(?:\/index)?\.html$/, '') || '/'];
  try {
    paths.push(decodeURI(pathname));
  } catch {
    // A malformed escape matches no route.
  }
  return [...new Set(paths.map(routeKey))];
}

// The keys of the routes whose leaves were grouped: a path below none of them has no group.
const prefixes = parents.map(({path}) => routeKey(path));

/** The group whose range holds a key, if the key is below a parent whose leaves were grouped. */
function groupOf(key: string): number | undefined {
  const below = prefixes.some((prefix) => prefix === '/' || key === prefix || key.startsWith(`${prefix}/`));
  if (!below || starts.length === 0 || key < starts[0]) return undefined;
  let [low, high] = [0, starts.length - 1];
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (starts[mid] <= key) low = mid;
    else high = mid - 1;
  }
  return low;
}

function groupsOf(pathname: string): number[] {
  return [...new Set(keysOf(pathname).map(groupOf))].filter((g): g is number => g !== undefined);
}

function childrenAt(at: number[]): RouteConfig[] {
  let table: RouteConfig[] = routes;
  for (const i of at) table = table[i].routes!;
  return table;
}

function load(group: number): Promise<void> {
  loading[group] ??= loaders[group]().then(
    (module) => {
      module.default.forEach((leaves, p) => childrenAt(parents[p].at).push(...caseSensitive(leaves)));
      loaded.add(group);
      listeners.forEach((listener) => listener());
    },
    (error: unknown) => {
      // A later visit may succeed (the network came back).
      loading[group] = undefined;
      throw error;
    },
  );
  return loading[group];
}

/** Loads the routes a path may need, so that matching it against the route table finds its page. */
export function ensureRoutes(pathname: string): Promise<void> {
  return Promise.all(groupsOf(pathname).map(load)).then(() => undefined);
}

// Docusaurus' runtime function from a chunk's name to its URL (its ChunkAssetPlugin).
declare const __webpack_require__: {gca(chunkName: string): string};
const prefetched = new Set<number>();

/** Asks the browser to fetch a path's groups at its lowest priority, without running them. */
export function prefetchRoutes(pathname: string): void {
  for (const group of groupsOf(pathname)) {
    if (loading[group] || prefetched.has(group)) continue;
    prefetched.add(group);
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = __webpack_require__.gca(`${GROUP_CHUNK}${group}`);
    document.head.appendChild(link);
  }
}

/** Whether matching a path against the route table now gives the answer it will always give. */
export function routesLoaded(pathname: string): boolean {
  return groupsOf(pathname).every((group) => loaded.has(group));
}

/** For useSyncExternalStore: the number of groups loaded changes when the table grows. */
export function subscribeRoutes(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function loadedRouteGroups(): number {
  return loaded.size;
}
