#!/usr/bin/env node
// Serves the production build the way a static host would: clean URLs (so
// `/page.html` and `/page/index` redirect to `/page`), gzip, and the site's
// 404 page, with status 404, for any path it cannot serve (unknown, malformed,
// or too long for the file system).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import compression from 'compression';
import handler from 'serve-handler';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function createServer({dir = path.join(ROOT, 'build'), compress = true} = {}) {
  const notFound = () => fs.readFileSync(path.join(dir, '404.html'));
  const sendNotFound = (res) => {
    res.writeHead(404, {'content-type': 'text/html; charset=utf-8'});
    res.end(notFound());
  };
  const gzip = compress ? compression() : (_req, _res, next) => next();
  return http.createServer((req, res) => {
    gzip(req, res, () => {
      const pathname = (req.url ?? '/').split('?')[0];
      let decoded;
      try {
        decoded = decodeURIComponent(pathname);
      } catch {
        return sendNotFound(res);
      }
      if (decoded.split('/').some((segment) => Buffer.byteLength(segment) > 255)) return sendNotFound(res);
      handler(req, res, {public: dir, cleanUrls: true, directoryListing: false}).catch(() => sendNotFound(res));
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // node static-server.mjs [port] [directory, default build/]
  const port = Number(process.env.PORT ?? process.argv[2] ?? 3000);
  const dir = path.resolve(process.argv[3] ?? path.join(ROOT, 'build'));
  createServer({dir}).listen(port, '127.0.0.1', () => console.log(`Serving ${dir} at http://127.0.0.1:${port}`));
}
