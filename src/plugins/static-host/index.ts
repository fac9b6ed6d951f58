import fs from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import clientRedirects from '@docusaurus/plugin-client-redirects';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {
  contentSecurityPolicy,
  headersFile,
  pagePaths,
  inlineScripts,
  nginxSnippet,
  scriptHash,
  securityHeaders,
  type HostedServices,
} from './policy';
import {routeAliases, withSharedRedirectScript} from './redirects';
import {robotsTxt} from './robots';
import {MOVED_PAGES} from '../../data/moved-pages';

/** Files written next to the built pages. */
export const HEADERS_FILE = '_headers';
export const NGINX_FILE = 'security-headers.nginx.conf';
export const ROBOTS_FILE = 'robots.txt';

/**
 * What a generic static host needs beyond the pages, written after the build:
 * 1. redirect pages for `/x.html` and `/x/index` (plugin-client-redirects), so
 *    those addresses reach `/x` instead of the 404 page, and for moved pages
 *    (src/data/moved-pages.ts);
 * 2. security headers: `_headers` (Netlify, Cloudflare Pages) and an nginx
 *    snippet with the same policy. The CSP hashes the inline scripts of every
 *    built page and allows the hosts of the hosted services configured in
 *    docusaurus.config.ts, and nothing else;
 * 3. robots.txt, with the sitemap's absolute URL (or `Disallow: /` for a
 *    NO_INDEX preview).
 * One plugin, because the headers must hash the redirect pages once written.
 */
export default function staticHostPlugin(
  context: LoadContext,
  {withoutApiPages, ...services}: HostedServices & {withoutApiPages?: boolean},
): Plugin {
  // A build without the API pages (bench:weight's baseline) has nowhere to send pages that moved there.
  const moved = Object.entries(MOVED_PAGES).filter(([, to]) => !(withoutApiPages && to.startsWith('/reference/api/')));
  const redirects = clientRedirects(context, {
    id: 'default',
    fromExtensions: ['html'],
    toExtensions: [],
    redirects: moved.map(([from, to]) => ({from, to})),
    createRedirects: routeAliases,
  });
  return {
    name: 'static-host',
    async postBuild(props) {
      await redirects?.postBuild?.({...props, content: undefined});
      const pages = await fg('**/*.html', {cwd: props.outDir, absolute: true});
      const hashes = new Set<string>();
      for (const page of pages) {
        const original = await fs.readFile(page, 'utf8');
        const html = withSharedRedirectScript(original);
        if (html !== original) await fs.writeFile(page, html);
        for (const script of inlineScripts(html)) hashes.add(scriptHash(script));
      }
      const headers = securityHeaders(contentSecurityPolicy([...hashes], services));
      await fs.writeFile(path.join(props.outDir, HEADERS_FILE), headersFile(headers, pagePaths(props.routesPaths)));
      await fs.writeFile(path.join(props.outDir, NGINX_FILE), nginxSnippet(headers));
      const {url, baseUrl, noIndex} = context.siteConfig;
      await fs.writeFile(path.join(props.outDir, ROBOTS_FILE), robotsTxt({url, baseUrl, noIndex}));
    },
  };
}
