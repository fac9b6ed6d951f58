/**
 * Where a page's Markdown twin is served: its URL plus `.md`, and
 * `index.md` inside a section's folder (`/platform/files/` → `/platform/files/index.md`).
 */
export function twinPath(pathname: string): string {
  return pathname.endsWith('/') ? `${pathname}index.md` : `${pathname}.md`;
}
