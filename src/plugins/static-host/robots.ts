/**
 * The site's robots.txt: crawlers are welcome and pointed at the sitemap,
 * unless the build is a preview (NO_INDEX=true), which asks every crawler to
 * stay away (the pages also carry a noindex meta tag then).
 */
export function robotsTxt({url, baseUrl, noIndex}: {url: string; baseUrl: string; noIndex: boolean}): string {
  if (noIndex) return 'User-agent: *\nDisallow: /\n';
  return `User-agent: *\nAllow: /\n\nSitemap: ${url.replace(/\/$/, '')}${baseUrl}sitemap.xml\n`;
}
