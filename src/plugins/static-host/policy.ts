import {createHash} from 'node:crypto';
import type {AnalyticsConfig} from '../../analytics/types';
import type {AskAiConfig} from '../../ask-ai/types';
import type {SearchConfig} from '../../search/types';

/** The hosted services the site is configured with (docusaurus.config.ts). */
export interface HostedServices {
  search: SearchConfig;
  askAi: AskAiConfig;
  analytics: AnalyticsConfig;
}

type Directive =
  | 'default-src'
  | 'script-src'
  | 'style-src'
  | 'img-src'
  | 'font-src'
  | 'connect-src'
  | 'frame-src'
  | 'worker-src'
  | 'manifest-src'
  | 'object-src'
  | 'base-uri'
  | 'form-action'
  | 'frame-ancestors';

// DocSearch 3.9 loads Algolia's insights library from this address when
// insights are on (its SEARCH_INSIGHTS_URL; ./__tests__/static-host.test.ts
// checks the installed DocSearch still names it).
export const SEARCH_INSIGHTS_SCRIPT = 'https://cdn.jsdelivr.net/npm/search-insights@2.15.0/dist/search-insights.min.js';

type Sources = Partial<Record<Directive, string[]>>;

function algoliaSources(search: SearchConfig): Sources {
  if (search.provider !== 'algolia') return {};
  const app = search.appId.toLowerCase();
  return {
    'script-src': [SEARCH_INSIGHTS_SCRIPT],
    'connect-src': [
      `https://${app}-dsn.algolia.net`,
      `https://${app}-1.algolianet.com`,
      `https://${app}-2.algolianet.com`,
      `https://${app}-3.algolianet.com`,
      'https://insights.algolia.io',
      'https://insights.us.algolia.io',
      'https://insights.de.algolia.io',
    ],
  };
}

// Kapa's widget, its backends and the bot checks it runs (Kapa's CSP guide).
const KAPA: Sources = {
  'script-src': ['https://widget.kapa.ai', 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  'connect-src': [
    'https://proxy.kapa.ai',
    'https://kapa-widget-proxy-la7dkmplpq-uc.a.run.app',
    'https://metrics.kapa.ai',
  ],
  'frame-src': ['https://www.google.com/recaptcha/', 'https://hcaptcha.com', 'https://*.hcaptcha.com'],
  'img-src': ['https://widget.kapa.ai'],
};

function askAiSources(askAi: AskAiConfig): Sources {
  if (askAi.provider === 'endpoint') return {'connect-src': [new URL(askAi.url).origin]};
  if (askAi.provider !== 'kapa') return {};
  const logo = askAi.projectLogo ? [new URL(askAi.projectLogo).origin] : [];
  return {...KAPA, 'img-src': [...KAPA['img-src']!, ...logo]};
}

// gtag.js and where it sends page views (Google's CSP guidance for Google Analytics 4).
const GTAG: Sources = {
  'script-src': ['https://www.googletagmanager.com'],
  'connect-src': [
    'https://www.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ],
  'img-src': ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
};

function analyticsSources({mixpanel, gtag}: AnalyticsConfig): Sources[] {
  // Mixpanel's session recorder is served by the site itself, so only its API host is added.
  return [mixpanel ? {'connect-src': [new URL(mixpanel.apiHost).origin]} : {}, gtag ? GTAG : {}];
}

/** Origins each configured hosted service needs, by directive; none for the embedded defaults. */
export function serviceSources({search, askAi, analytics}: HostedServices): Sources {
  const merged: Sources = {};
  for (const sources of [algoliaSources(search), askAiSources(askAi), ...analyticsSources(analytics)])
    for (const [directive, origins] of Object.entries(sources) as [Directive, string[]][])
      merged[directive] = [...new Set([...(merged[directive] ?? []), ...origins])];
  return merged;
}

/** CSP source for an inline script's exact text. */
export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/** The text of every inline script a browser would run (not JSON-LD and other data blocks). */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const [, attributes = '', body] of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && !['text/javascript', 'module', 'application/javascript'].includes(type)) continue;
    scripts.push(body);
  }
  return scripts;
}

/**
 * The Content-Security-Policy: the site's own files, the inline scripts the
 * build wrote (by hash, so no 'unsafe-inline' for scripts), and exactly the
 * hosts of the configured services. Inline styles stay allowed: Docusaurus
 * and DocSearch set style attributes, which cannot be hashed.
 */
export function contentSecurityPolicy(scriptHashes: string[], services: HostedServices): string {
  const extra = serviceSources(services);
  const policy: Record<Directive, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...[...new Set(scriptHashes)].sort(), ...(extra['script-src'] ?? [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...(extra['img-src'] ?? [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(extra['connect-src'] ?? [])],
    'frame-src': extra['frame-src'] ?? ["'none'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(policy)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');
}

/** Every response header the site ships with, CSP included. */
export function securityHeaders(csp: string): [string, string][] {
  return [
    ['Content-Security-Policy', csp],
    ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
}

/**
 * Types the site serves that a host may not know (Netlify's and Cloudflare's tables lack notebooks);
 * deploy/nginx.conf lists the same in its `types` block.
 */
export const CONTENT_TYPES: [string, string][] = [['ipynb', 'application/x-ipynb+json']];

/**
 * How long readers keep a copy. Pages, twins, llms files and notebooks: 5 minutes, then they ask again
 * (cheap with ETag), so a deploy reaches everyone well inside an hour. Hashed assets never change.
 * deploy/nginx.conf and `npm run serve` send the same (./__tests__/static-host.test.ts).
 */
export const PAGE_CACHE = 'public, max-age=300, must-revalidate';
export const ASSET_CACHE = 'public, max-age=31536000, immutable';

/**
 * The `_headers` paths that cover every page, with its twin and notebook, and the llms files: one per
 * top-level folder of routes, so the file stays short (Cloudflare Pages reads 100 rules), and none
 * that covers /assets/, whose rule would otherwise be joined with theirs.
 */
export function pagePaths(routes: string[]): string[] {
  const paths = new Set(['/', '/index.md', '/llms.txt', '/llms-full.txt']);
  for (const route of routes) {
    const [first, ...rest] = route.split('/').filter(Boolean);
    if (!first || first.endsWith('.html')) continue;
    if (rest.length || route.endsWith('/')) paths.add(`/${first}/*`);
    else paths.add(`/${first}`).add(`/${first}.md`);
  }
  return [...paths];
}

/**
 * Netlify / Cloudflare Pages `_headers`: every path gets the headers; `pages` (pagePaths) their cache
 * time and /assets/ its year; files of a type in CONTENT_TYPES get their type.
 */
export function headersFile(headers: [string, string][], pages: string[] = []): string {
  const block = (path: string, pairs: [string, string][]) =>
    `${path}\n${pairs.map(([name, value]) => `  ${name}: ${value}`).join('\n')}\n`;
  return [
    block('/*', headers),
    ...pages.map((page) => block(page, [['Cache-Control', PAGE_CACHE]])),
    block('/assets/*', [['Cache-Control', ASSET_CACHE]]),
    ...CONTENT_TYPES.map(([extension, type]) => block(`/*.${extension}`, [['Content-Type', type]])),
  ].join('');
}

/** The same headers as nginx directives, for an `include` in a server block. */
export function nginxSnippet(headers: [string, string][]): string {
  return `${headers.map(([name, value]) => `add_header ${name} "${value}" always;`).join('\n')}\n`;
}
