// The checks across the files of a build, from the facts each file's own
// checks read (./page-checks.mjs): links and fragments, the CSP's script
// hashes and redirect pages. `files` are tests/support/pages.mjs entries;
// `facts` maps a file to its facts. Each returns findings `{file, check, message}`.
import fs from 'node:fs';
import path from 'node:path';
import {resolveFile} from '../../scripts/static-server.mjs';

/** The `script-src` hashes of a build's `_headers`. */
export function allowedScripts(dir) {
  const headers = fs.readFileSync(path.join(dir, '_headers'), 'utf8');
  const csp = /Content-Security-Policy:\s*(.*)/.exec(headers)?.[1] ?? '';
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  return new Set(scriptSrc.match(/'sha256-[^']+'/g) ?? []);
}

/** Inline scripts whose hash the policy the build ships does not allow. */
export function cspFindings(dir, files, facts) {
  const allowed = allowedScripts(dir);
  return files.flatMap((file) =>
    facts
      .get(file.file)
      .scripts.filter((hash) => !allowed.has(hash))
      .map((hash) => ({file, check: 'csp', message: `an inline script (${hash}) is not in the policy of _headers`})),
  );
}

function decoded(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * Every internal URL a page names (links, twins, stylesheets, images,
 * scripts) reaches a file as a static host serves it (scripts/static-server.mjs),
 * and its #fragment is an id of the page it reaches.
 */
export function linkFindings(dir, files, facts) {
  const pages = files.filter((f) => f.kind !== 'redirect');
  const idsOf = new Map(pages.map((f) => [f.file, new Set(facts.get(f.file).ids)]));
  const fileOf = new Map();
  const findings = [];
  for (const page of pages) {
    const base = new URL(page.route, page.origin);
    for (const href of new Set(facts.get(page.file).links)) {
      const url = URL.parse(href, base);
      if (!url) {
        findings.push({file: page, check: 'links', message: `malformed URL ${href}`});
        continue;
      }
      if (url.origin !== page.origin) continue;
      if (!fileOf.has(url.pathname)) {
        const pathname = decoded(url.pathname);
        // resolveFile answers with the path as requested, from the root: '/a/index.html'.
        const file = pathname === undefined ? undefined : resolveFile(dir, pathname);
        fileOf.set(url.pathname, file?.replace(/^\//, ''));
      }
      const target = fileOf.get(url.pathname);
      if (!target) {
        findings.push({file: page, check: 'links', message: `${href} reaches no file`});
        continue;
      }
      const fragment = decoded(url.hash.slice(1));
      const ids = idsOf.get(target);
      if (fragment && ids && !ids.has(fragment))
        findings.push({file: page, check: 'fragments', message: `${href}: ${target} has no id "${fragment}"`});
    }
  }
  return findings;
}

/** Redirect pages go to a route that is a page of the build. */
export function redirectFindings(files) {
  const routes = new Set(files.filter((f) => f.kind === 'page').map((f) => f.route));
  return files
    .filter((f) => f.kind === 'redirect' && !routes.has(f.target))
    .map((file) => ({file, check: 'redirects', message: `redirects to ${file.target}, which is not a page`}));
}

/** Each of `routes` (the spec's, and every API operation's) is a page of the build. */
export function routeFindings(files, routes) {
  const built = new Set(files.filter((f) => f.kind === 'page').map((f) => f.route));
  return routes
    .filter((route) => !built.has(route))
    .map((route) => ({file: {file: route}, check: 'routes', message: `${route} is not a page of the build`}));
}
