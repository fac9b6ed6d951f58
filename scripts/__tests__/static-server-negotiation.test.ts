import fs from 'node:fs';
import type {AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {headersFile, pagePaths} from '../../src/plugins/static-host/policy';
import {createServer, prefersMarkdown, twinOf} from '../static-server.mjs';

// A small build: a home page, a section, their twins, an asset, llms.txt and the 404 page.
const files: Record<string, string> = {
  'index.html': '<p>home</p>',
  'index.md': '# Home',
  'platform/files/index.html': '<p>files</p>',
  'platform/files/index.md': '# Files',
  'llms.txt': '# llms',
  'assets/js/main.abc.js': 'x',
  '404.html': '<p>not found</p>',
  // As the build writes it for these pages.
  _headers: headersFile([['X-Frame-Options', 'DENY']], pagePaths(['/', '/platform/files/'])),
};

let dir: string;
let origin: string;
let server: ReturnType<typeof createServer>;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-neg-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), {recursive: true});
    fs.writeFileSync(path.join(dir, name), text);
  }
  server = createServer({dir, compress: false});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  fs.rmSync(dir, {recursive: true, force: true});
});

const get = (p: string, accept?: string) => fetch(origin + p, {headers: accept ? {accept} : {}});
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('static server: Markdown by content negotiation', () => {
  it('decides as nginx does', () => {
    expect(prefersMarkdown('text/markdown')).toBe(true);
    expect(prefersMarkdown('text/markdown, text/html;q=0.9')).toBe(true);
    expect(prefersMarkdown('text/markdown;q=0')).toBe(false);
    expect(prefersMarkdown(BROWSER)).toBe(false);
    expect(prefersMarkdown(undefined)).toBe(false);
    expect(twinOf('/')).toBe('/index.md');
    expect(twinOf('/platform/files/')).toBe('/platform/files/index.md');
    expect(twinOf('/platform/files')).toBe('/platform/files.md');
    expect(twinOf('/llms.txt')).toBeUndefined();
  });

  it.each(['text/markdown', 'text/markdown, text/html;q=0.9'])('answers %s with the twin', async (accept) => {
    const res = await get('/platform/files/', accept);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('vary')).toMatch(/\bAccept\b/);
    expect(res.headers.get('link')).toBeNull();
    expect(await res.text()).toBe('# Files');
  });

  it('answers a browser with HTML, a Link to the twin, Vary and a short cache', async () => {
    for (const [p, twin] of [
      ['/platform/files/', '/platform/files/index.md'],
      ['/', '/index.md'],
    ]) {
      const res = await get(p, BROWSER);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('link')).toBe(`<${twin}>; rel="alternate"; type="text/markdown"`);
      expect(res.headers.get('vary')).toMatch(/\bAccept\b/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('caches twins and llms.txt briefly, hashed assets for a year', async () => {
    for (const p of ['/platform/files/index.md', '/llms.txt']) {
      expect((await get(p)).headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
    }
    expect((await get('/platform/files/index.md')).headers.get('vary')).toMatch(/\bAccept\b/);
    const asset = await get('/assets/js/main.abc.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('x-frame-options')).toBe('DENY');
  });

  it('still answers a path with no page with the 404 page, whatever Accept says', async () => {
    for (const accept of ['text/markdown', BROWSER]) {
      const res = await get('/no/such/page/', accept);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toBe('<p>not found</p>');
    }
  });
});
