// @vitest-environment jsdom
import {beforeEach, describe, expect, it, vi} from 'vitest';
import type {RouteConfig} from 'react-router-config';

// The browser's table as main.js keeps it, and a directory of four groups below /docs.
const table: RouteConfig[] = [
  {path: '/search', exact: true},
  {path: '/docs', routes: [{path: '/docs', routes: []}]},
  {path: '*'},
];
const loads: number[] = [];
let failNext = false;
const group = (paths: string[]) => [paths.map((path) => ({path, exact: true}))];

vi.mock('@generated/routes', () => ({default: table}));
vi.mock('@atlas/route-groups', () => ({
  parents: [{at: [1, 0], path: '/docs'}],
  starts: ['/docs/a', '/docs/m', '/docs/t', '/docs/t-2'],
  loaders: [['/docs/a', '/docs/b/'], ['/docs/m', '/docs/n'], ['/docs/t'], ['/docs/t-2', '/docs/z']].map(
    (paths, g) => () => {
      loads.push(g);
      if (failNext) {
        failNext = false;
        return Promise.reject(new Error('offline'));
      }
      return Promise.resolve({default: group(paths)});
    },
  ),
}));

const gca = vi.fn((name: string) => `/assets/js/${name}.abc.js`);
(globalThis as unknown as {__webpack_require__: unknown}).__webpack_require__ = {gca};

const {ensureRoutes, loadedRouteGroups, prefetchRoutes, routesLoaded, subscribeRoutes} =
  await import('@site/src/plugins/route-groups/client/groups');
const leaves = () => table[1].routes![0].routes!.map((r) => r.path);

describe('route groups in the browser', () => {
  beforeEach(() => {
    loads.length = 0;
  });

  it('loads nothing for a path outside the grouped parents', async () => {
    await ensureRoutes('/search');
    await ensureRoutes('/');
    expect(loads).toEqual([]);
    expect(routesLoaded('/search')).toBe(true);
  });

  it('loads the group whose range holds the path, once, and adds its leaves, case-sensitive, to their parent', async () => {
    const changes = vi.fn();
    subscribeRoutes(changes);
    expect(routesLoaded('/docs/n')).toBe(false);
    await Promise.all([ensureRoutes('/docs/n'), ensureRoutes('/docs/n/')]);
    await ensureRoutes('/docs/mz');
    expect(loads).toEqual([1]);
    expect(leaves()).toEqual(['/docs/m', '/docs/n']);
    expect(table[1].routes![0].routes!.every((r) => r.sensitive)).toBe(true);
    expect(routesLoaded('/docs/n')).toBe(true);
    expect(changes).toHaveBeenCalledTimes(1);
    expect(loadedRouteGroups()).toBe(1);
  });

  it('finds the group of a .html or percent-encoded spelling, and of a path below the first group', async () => {
    await ensureRoutes('/docs/b.html');
    expect(loads).toEqual([0]);
    await ensureRoutes('/docs/%7A');
    expect(loads).toEqual([0, 3]);
    expect(leaves()).toContain('/docs/z');
    // A link's query or hash does not move it to another group ('?' sorts after '-').
    loads.length = 0;
    await ensureRoutes('/docs/t?tab=curl#sample');
    expect(loads).toEqual([2]);
    loads.length = 0;
    await ensureRoutes('/docs/0-before-every-group');
    await ensureRoutes('/docs/%E0%A4%A');
    expect(loads).toEqual([]);
  });

  it('prefetches an unloaded group at the lowest priority without running it', () => {
    const before = document.head.querySelectorAll('link[rel="prefetch"]').length;
    prefetchRoutes('/docs/z');
    expect(document.head.querySelectorAll('link[rel="prefetch"]').length).toBe(before);
    expect(gca).not.toHaveBeenCalled();
  });

  it('tries a group again after its chunk failed to load', async () => {
    vi.resetModules();
    failNext = true;
    const fresh = await import('@site/src/plugins/route-groups/client/groups');
    fresh.prefetchRoutes('/docs/a');
    expect(gca).toHaveBeenCalledWith('route-group-0');
    expect(document.head.querySelector('link[rel="prefetch"]')?.getAttribute('href')).toBe(
      '/assets/js/route-group-0.abc.js',
    );
    await expect(fresh.ensureRoutes('/docs/a')).rejects.toThrow('offline');
    expect(fresh.routesLoaded('/docs/a')).toBe(false);
    await fresh.ensureRoutes('/docs/a');
    expect(fresh.routesLoaded('/docs/a')).toBe(true);
    expect(loads).toEqual([0, 0]);
  });
});
