/**
 * The key a path is grouped and looked up by, at build and in the browser:
 * react-router matches a route with or without one trailing slash (routes
 * are not `strict`). Keys compare in code-unit order (`<`) on both sides.
 */
export function routeKey(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
}

/** The chunk name of group `n` is this and `n`: the build names the chunk, the browser prefetches it by name. */
export const GROUP_CHUNK = 'route-group-';
