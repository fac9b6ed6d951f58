/**
 * Redirects to a route from its `/index` spelling: `/a/b/index` and `/a/index`
 * reach `/a/b` and `/a/`. (The `.html` spellings come from the plugin's
 * `fromExtensions`; `/a/b/index.html` is the page's own file.)
 */
export function routeAliases(route: string): string[] {
  if (route.endsWith('.html')) return []; // a file already, such as /404.html
  return [`${route.replace(/\/$/, '')}/index`];
}

/**
 * One script for every redirect page: it reads the target from the page's
 * canonical link, so its text, and its CSP hash, is the same on all of them.
 * plugin-client-redirects writes the target into each script instead.
 */
export const REDIRECT_SCRIPT =
  "location.replace(document.querySelector('link[rel=canonical]').getAttribute('href')+location.search+location.hash)";

/** A redirect page written by plugin-client-redirects, with the shared script. */
export function withSharedRedirectScript(html: string): string {
  if (!/<meta http-equiv="refresh"/.test(html)) return html;
  return html.replace(/<script>[\s\S]*?<\/script>/, `<script>${REDIRECT_SCRIPT}</script>`);
}
