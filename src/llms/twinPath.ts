/**
 * Where a page's Markdown twin is served: its URL plus `.md`, and
 * `index.md` inside a section's folder (`/platform/files/` → `/platform/files/index.md`).
 */
export function twinPath(pathname: string): string {
  return pathname.endsWith('/') ? `${pathname}index.md` : `${pathname}.md`;
}

/** Where a page's notebook twin is served: as its Markdown twin, with `.ipynb` for `.md`. */
export function notebookPath(pathname: string): string {
  return twinPath(pathname).replace(/\.md$/, '.ipynb');
}
