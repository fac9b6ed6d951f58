#!/usr/bin/env node
// Serves the production build the way a generic static host does (nginx's
// `try_files $uri $uri/index.html =404`, S3, Netlify without rewrites): a path
// is its file, or its folder's index.html; anything else (unknown, malformed,
// too long for the file system, or differing only in letter case) gets the
// site's 404 page with status 404. No clean-URL rewriting: the build itself
// must answer `/x.html` and `/x/index`. Every response carries the headers of
// the build's `_headers` file (security, cache times), as Netlify and Cloudflare Pages apply them.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import compression from 'compression';
import handler from 'serve-handler';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A `_headers` file's rules: `{path, headers}`, the path a pattern where `*` stands for any text. */
export function parseHeadersFile(text) {
  const rules = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    if (!/^\s/.test(line)) rules.push({path: line.trim(), headers: []});
    else if (rules.length) {
      const colon = line.indexOf(':');
      rules.at(-1).headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
    }
  }
  return rules;
}

/** The headers of the rules whose path matches `pathname`, in the file's order. */
export function headersFor(rules, pathname) {
  const matches = (pattern) =>
    new RegExp(
      `^${pattern
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    ).test(pathname);
  return rules.filter((rule) => matches(rule.path)).flatMap((rule) => rule.headers);
}

/** The file a generic host serves for a decoded path, relative to `dir`, or undefined. */
export function resolveFile(dir, decoded) {
  if (decoded.includes('\0') || decoded.split('/').includes('..')) return undefined;
  const full = path.join(dir, decoded);
  const stat = fs.statSync(full, {throwIfNoEntry: false});
  if (stat?.isFile() && !decoded.endsWith('/')) return decoded;
  const index = path.join(full, 'index.html');
  if ((stat?.isDirectory() ?? false) && fs.existsSync(index)) return path.posix.join(decoded, 'index.html');
  return undefined;
}

/**
 * Whether an Accept header prefers Markdown: its first media range is text/markdown with a
 * q above 0 (`text/markdown`, `text/markdown, text/html;q=0.9`), as deploy/nginx.conf decides.
 */
export function prefersMarkdown(accept = '') {
  const match = /^\s*text\/markdown\s*(;\s*q=([\d.]+))?\s*(,|$)/i.exec(accept);
  return Boolean(match) && (match[2] === undefined || Number(match[2]) > 0);
}

/** The Markdown twin of a page path (src/llms/twinPath.ts), or undefined for a file's path. */
export function twinOf(pathname) {
  if (pathname.endsWith('/')) return `${pathname}index.md`;
  return /\/[^/.]+$/.test(pathname) ? `${pathname}.md` : undefined;
}

export function createServer({dir = path.join(ROOT, 'build'), compress = true, headers = true} = {}) {
  const notFound = () => fs.readFileSync(path.join(dir, '404.html'));
  const headersFile = path.join(dir, '_headers');
  const rules = headers && fs.existsSync(headersFile) ? parseHeadersFile(fs.readFileSync(headersFile, 'utf8')) : [];
  const sendNotFound = (res) => {
    res.writeHead(404, {'content-type': 'text/html; charset=utf-8'});
    res.end(notFound());
  };
  const gzip = compress ? compression() : (_req, _res, next) => next();
  return http.createServer((req, res) => {
    for (const [name, value] of headersFor(rules, (req.url ?? '/').split('?')[0])) res.setHeader(name, value);
    gzip(req, res, () => {
      const [pathname, query] = (req.url ?? '/').split('?');
      let decoded;
      try {
        decoded = decodeURIComponent(pathname);
      } catch {
        return sendNotFound(res);
      }
      if (decoded.split('/').some((segment) => Buffer.byteLength(segment) > 255)) return sendNotFound(res);
      const twin = twinOf(decoded);
      let file = resolveFile(dir, decoded);
      if (file && twin && prefersMarkdown(req.headers.accept)) file = resolveFile(dir, twin);
      if (!file) return sendNotFound(res);
      if (twin || file.endsWith('.md')) res.setHeader('Vary', 'Accept');
      if (twin && file.endsWith('.html'))
        res.setHeader('Link', `<${encodeURI(twin)}>; rel="alternate"; type="text/markdown"`);
      req.url = encodeURI(file) + (query === undefined ? '' : `?${query}`);
      handler(req, res, {public: dir, cleanUrls: false, directoryListing: false}).catch(() => sendNotFound(res));
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // node static-server.mjs [port] [directory, default build/]
  const port = Number(process.env.PORT ?? process.argv[2] ?? 3000);
  const dir = path.resolve(process.argv[3] ?? path.join(ROOT, 'build'));
  createServer({dir}).listen(port, '127.0.0.1', () => console.log(`Serving ${dir} at http://127.0.0.1:${port}`));
}
