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

/**
 * A redirect page written by plugin-client-redirects, rewritten as valid HTML
 * (its template has no title and puts the script after `</head>`), with the
 * shared script and a link for readers without scripts or refresh.
 */
export function withSharedRedirectScript(html: string): string {
  if (!/<meta http-equiv="refresh"/.test(html)) return html;
  const target = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
  if (target === undefined) return html;
  // The plugin has already escaped the target for an attribute, so it goes back in as it is.
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <title>Moved to ${target}</title>
    <meta http-equiv="refresh" content="0; url=${target}">
    <link rel="canonical" href="${target}">
    <script>${REDIRECT_SCRIPT}</script>
  </head>
  <body>
    <p>This page has moved to <a href="${target}">${target}</a>.</p>
  </body>
</html>
`;
}
