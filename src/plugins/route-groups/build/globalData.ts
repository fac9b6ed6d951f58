import fs from 'node:fs';
import path from 'node:path';

/** Navbar items that read a docs instance's list of docs in the browser (theme-classic 3.10: useLayoutDoc, useActiveDocContext). */
const DOC_ITEMS = new Set(['doc', 'docSidebar', 'docsVersion', 'docsVersionDropdown']);

interface NavbarItem {
  type?: string;
  items?: NavbarItem[];
}

/** Whether a navbar item, or one in its dropdown, is of a docs type. */
export function usesDocLists(items: NavbarItem[] = []): boolean {
  return items.some((item) => DOC_ITEMS.has(item.type ?? '') || usesDocLists(item.items));
}

/**
 * Docusaurus' global data, which main.js carries, without each docs
 * version's list of docs (an id, path and sidebar per page). Only the docs
 * navbar items read that list in the browser; this site has none (the
 * caller keeps the lists when it does). Written beside the route groups;
 * returns the file's path.
 */
export function writeGlobalData(generatedDir: string, outDir: string): string {
  const data = JSON.parse(fs.readFileSync(path.join(generatedDir, 'globalData.json'), 'utf8'));
  for (const instance of Object.values<{versions: {docs: unknown[]}[]}>(data['docusaurus-plugin-content-docs'] ?? {}))
    for (const version of instance.versions) version.docs = [];
  const file = path.join(outDir, 'globalData.json');
  fs.writeFileSync(file, JSON.stringify(data));
  return file;
}
