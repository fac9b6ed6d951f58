/**
 * The clean path for a requested path: `.html` and trailing `/index` are
 * dropped (`/a/b.html` → `/a/b`, `/a/index.html` and `/a/index` → `/a/`).
 * Returns the input unchanged when there is nothing to clean.
 */
export function cleanPath(pathname: string): string {
  const match = /^(.*?)(\/index(?:\.html)?|\.html)$/.exec(pathname);
  if (!match) return pathname;
  const [, stem, suffix] = match;
  return suffix.startsWith('/index') ? `${stem}/` : stem || '/';
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
