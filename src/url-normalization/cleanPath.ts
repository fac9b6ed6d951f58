/**
 * The clean path for a requested path: `.html` and trailing `/index` are
 * dropped (`/a/b.html` → `/a/b`, `/a/index.html` and `/a/index` → `/a/`, or
 * `/a` when `isRoute` says that is a route). Returns the input unchanged when
 * there is nothing to clean.
 */
export function cleanPath(pathname: string, isRoute: (path: string) => boolean = () => false): string {
  const match = /^(.*?)(\/index(?:\.html)?|\.html)$/.exec(pathname);
  if (!match) return pathname;
  const [, stem, suffix] = match;
  if (!suffix.startsWith('/index')) return stem || '/';
  // `/a/index.html` is the file of both `/a` and `/a/`: prefer the route that exists.
  return stem && isRoute(stem) ? stem : `${stem}/`;
}

/**
 * A path the router can decode. A malformed escape (`/%E0%A4%A`) would make
 * `decodeURI` throw during start-up and leave the page without JavaScript; its
 * percent signs are escaped instead, so the not-found page shows them as typed.
 */
export function decodablePath(pathname: string): string {
  try {
    decodeURI(pathname);
    return pathname;
  } catch {
    return pathname.replace(/%/g, '%25');
  }
}
