import fs from 'node:fs';
import path from 'node:path';
import {HtmlValidate} from 'html-validate';
import {describe, expect, it} from 'vitest';
import redirectTemplate from '@docusaurus/plugin-client-redirects/lib/templates/redirectPage.template.html.js';
import {
  SEARCH_INSIGHTS_SCRIPT,
  contentSecurityPolicy,
  headersFile,
  pagePaths,
  PAGE_CACHE,
  ASSET_CACHE,
  inlineScripts,
  nginxSnippet,
  scriptHash,
  securityHeaders,
} from '@site/src/plugins/static-host/policy';
import {REDIRECT_SCRIPT, routeAliases, withSharedRedirectScript} from '@site/src/plugins/static-host/redirects';
import {headersFor, parseHeadersFile} from '../../../../scripts/static-server.mjs';

const embedded = {provider: 'embedded' as const};
const noAnalytics = {respectDnt: true};
const local = {search: {provider: 'local' as const}, askAi: embedded, analytics: noAnalytics};
const algolia = {
  search: {provider: 'algolia' as const, appId: 'ABC123', apiKey: 'k', indexName: 'docs'},
  askAi: embedded,
  analytics: noAnalytics,
};

describe('content security policy', () => {
  it('allows only the site and the hashed inline scripts by default', () => {
    const csp = contentSecurityPolicy([scriptHash('a()'), scriptHash('a()')], local);
    expect(csp).toContain(`script-src 'self' ${scriptHash('a()')};`);
    expect(csp).not.toMatch(/https?:/);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it("allows exactly Algolia's hosts for the configured application", () => {
    const csp = contentSecurityPolicy([], algolia);
    expect(csp).toContain('https://abc123-dsn.algolia.net');
    expect(csp).toContain('https://insights.algolia.io');
    expect(csp).toContain(SEARCH_INSIGHTS_SCRIPT);
    expect(csp).not.toContain('*');
  });

  it("allows the operator's chat endpoint origin, and nothing else, for Ask AI", () => {
    const csp = contentSecurityPolicy([], {
      search: {provider: 'local'},
      askAi: {provider: 'endpoint', url: 'https://ai.example.com/v1/chat/completions'},
      analytics: noAnalytics,
    });
    expect(csp).toContain("connect-src 'self' https://ai.example.com;");
    expect(csp).toContain("frame-src 'none'");
  });

  it("allows Kapa's widget, backends, bot checks and the configured logo with Kapa", () => {
    const csp = contentSecurityPolicy([], {
      search: {provider: 'local'},
      askAi: {
        provider: 'kapa',
        websiteId: 'id',
        projectName: 'Atlas',
        projectColor: '#0f6b5c',
        projectLogo: 'https://cdn.example.com/logo.png',
      },
      analytics: noAnalytics,
    });
    expect(csp).toMatch(/script-src [^;]*https:\/\/widget\.kapa\.ai/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/proxy\.kapa\.ai/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/www\.google\.com\/recaptcha\//);
    expect(csp).toMatch(/img-src [^;]*https:\/\/cdn\.example\.com/);
  });

  it("allows Mixpanel's configured API host and the Google tag's hosts, and no recorder CDN", () => {
    const csp = contentSecurityPolicy([], {
      ...local,
      analytics: {
        mixpanel: {token: 't', debug: false, apiHost: 'https://api-eu.mixpanel.com', recordSessionsPercent: 5},
        gtag: {id: 'G-TEST'},
        respectDnt: true,
      },
    });
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api-eu\.mixpanel\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.google-analytics\.com/);
    expect(csp).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
    expect(csp).not.toContain('mxpnl');
  });

  it('names the insights script the installed DocSearch loads', () => {
    const bundle = fs.readFileSync(require.resolve('@docsearch/react/dist/esm/index.js'), 'utf8');
    const version = /search-insights@"\.concat\(([a-zA-Z]+),/.exec(bundle)?.[1];
    expect(version).toBeDefined();
    const value = new RegExp(`${version}="([\\d.]+)"`).exec(bundle)?.[1];
    expect(SEARCH_INSIGHTS_SCRIPT).toBe(
      `https://cdn.jsdelivr.net/npm/search-insights@${value}/dist/search-insights.min.js`,
    );
  });

  it('hashes the way browsers do (SHA-256, base64)', () => {
    expect(scriptHash('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  });

  it('collects executable inline scripts only', () => {
    const html =
      '<script>a()</script><script src="/x.js"></script><script type="application/ld+json">{}</script><script type="module">b()</script>';
    expect(inlineScripts(html)).toEqual(['a()', 'b()']);
  });
});

describe('header files', () => {
  const headers = securityHeaders("default-src 'self'");

  it('writes a _headers block for every path that the test server reads back, and a type for notebooks', () => {
    const rules = parseHeadersFile(headersFile(headers));
    expect(headersFor(rules, '/platform/quick-start')).toEqual(headers);
    expect(headersFor(rules, '/platform/quick-start.ipynb')).toEqual([
      ...headers,
      ['Content-Type', 'application/x-ipynb+json'],
    ]);
    expect(headersFor(rules, '/platform/quick-start.ipynb.md')).toEqual(headers);
  });

  it('gives pages, twins, notebooks and llms files a short cache, hashed assets a year, as nginx does', () => {
    const routes = [
      '/',
      '/platform/quick-start',
      '/platform/files/',
      '/reference/api/embed-text',
      '/search',
      '/404.html',
    ];
    const rules = parseHeadersFile(headersFile(headers, pagePaths(routes)));
    const cache = (p: string) => headersFor(rules, p).filter(([name]: [string, string]) => name === 'Cache-Control');
    for (const p of [
      '/',
      '/index.md',
      '/platform/quick-start',
      '/platform/quick-start.md',
      '/platform/files/',
      '/platform/quick-start.ipynb',
      '/reference/api/embed-text.md',
      '/search',
      '/llms.txt',
      '/llms-full.txt',
    ])
      expect(cache(p), p).toEqual([['Cache-Control', PAGE_CACHE]]);
    // One rule only: Cloudflare Pages joins the values of every rule that matches.
    expect(cache('/assets/js/main.0a1b2c.js')).toEqual([['Cache-Control', ASSET_CACHE]]);
    expect(cache('/img/logo.svg')).toEqual([]);
    const nginx = fs.readFileSync(path.join(__dirname, '../../../../deploy/nginx.conf'), 'utf8');
    for (const value of [PAGE_CACHE, ASSET_CACHE])
      expect(nginx).toContain(`add_header Cache-Control "${value}" always;`);
  });

  it('writes the same headers for nginx', () => {
    const snippet = nginxSnippet(headers);
    for (const [name, value] of headers) expect(snippet).toContain(`add_header ${name} "${value}" always;`);
  });
});

describe('redirect pages', () => {
  it('adds the /index spelling of each route, and none for files', () => {
    expect(routeAliases('/platform/quick-start')).toEqual(['/platform/quick-start/index']);
    expect(routeAliases('/platform/datasets/')).toEqual(['/platform/datasets/index']);
    expect(routeAliases('/')).toEqual(['/index']);
    expect(routeAliases('/404.html')).toEqual([]);
  });

  it('gives every redirect page the same script, which reads its target from the canonical link', () => {
    const page = (to: string) =>
      `<html><head><meta http-equiv="refresh" content="0; url=${to}"><link rel="canonical" href="${to}" /></head><script>window.location.href = '${to}';</script></html>`;
    const [a, b] = ['/a', '/b'].map((to) => inlineScripts(withSharedRedirectScript(page(to))));
    expect(a).toEqual([REDIRECT_SCRIPT]);
    expect(b).toEqual(a);
    expect(withSharedRedirectScript('<script>keep()</script>')).toBe('<script>keep()</script>');
  });

  it('writes valid HTML: a title, its script in the head, a link for readers without scripts', async () => {
    // The page as plugin-client-redirects writes it, from its own template.
    const written = (redirectTemplate as unknown as string)
      .replace(/<%= it\.toUrl %>/g, '/platform/quick-start')
      .replace(/<%=[^%]*%>/g, '');
    const validator = new HtmlValidate({extends: ['html-validate:standard']});
    const errors = async (html: string) =>
      (await validator.validateString(html)).results.flatMap((r) => r.messages.map((m) => m.ruleId));
    expect(await errors(written)).not.toEqual([]);
    const fixed = withSharedRedirectScript(written);
    expect(await errors(fixed)).toEqual([]);
    expect(fixed).toMatch(/<title>[^<]+<\/title>[\s\S]*<script>[\s\S]*<\/head>/);
    expect(fixed).toContain('<a href="/platform/quick-start">');
  });
});
