// The pages of a production build, read from its files: what the server-HTML
// checks (tests/html) go through and what the browser sample (./sample.mjs) is
// drawn from. A build holds three kinds of HTML file: Docusaurus pages (with
// <div id="__docusaurus">), the not-found page (404.html) and the redirect
// pages written for other spellings of a route (src/plugins/static-host).
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';

const CANONICAL = /<link\b[^>]*\brel="canonical"[^>]*\bhref="([^"]*)"/;
const REFRESH = /<meta\b[^>]*http-equiv="refresh"[^>]*content="0; url=([^"]*)"/;
export const NOT_FOUND_FILE = '404.html';

/**
 * Every HTML file of the build in `dir`, sorted by file:
 * `{file, html, kind: 'page' | 'not-found' | 'redirect', route?, origin?, target?}`.
 * A page's route and origin are those of its canonical URL (Docusaurus writes
 * `/a` and `/a/` both to `a/index.html`, so the file alone cannot tell them
 * apart; the not-found page's is `/404.html`); a redirect page's target is
 * where its refresh goes.
 */
export function builtFiles(dir) {
  return fg
    .sync('**/*.html', {cwd: dir})
    .sort()
    .map((file) => {
      const html = fs.readFileSync(path.join(dir, file), 'utf8');
      const refresh = REFRESH.exec(html);
      if (refresh && !html.includes('id="__docusaurus"')) return {file, html, kind: 'redirect', target: refresh[1]};
      const canonical = CANONICAL.exec(html);
      if (!canonical) throw new Error(`${file}: a page without a canonical link`);
      const {origin, pathname} = new URL(canonical[1]);
      return {file, html, kind: file === NOT_FOUND_FILE ? 'not-found' : 'page', route: pathname, origin};
    });
}

/** Docusaurus pages, the not-found page among them (route `/404.html`). */
export function builtPages(dir) {
  return builtFiles(dir).filter((f) => f.kind !== 'redirect');
}
