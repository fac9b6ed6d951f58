import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {checkFile, sha256, withPlainCode} from '../page-checks.mjs';
import {cspFindings, linkFindings, redirectFindings, routeFindings} from '../site-checks.mjs';
import {builtFiles} from '../../support/pages.mjs';
import {PAGE_TYPES, componentTokens, drawSample} from '../../support/sample.mjs';

// The server-HTML checks (tests/html): each check finds the defect it is for,
// on a page that passes every other one.
const ORIGIN = 'https://docs.example.com';

function page(main: string, {head = '', route = '/guide'} = {}): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A guide</title>
<link rel="canonical" href="${ORIGIN}${route}">${head}</head>
<body><div id="__docusaurus"><nav aria-label="Main"><a href="/">Home</a></nav>
<main><h1>A guide</h1>${main}</main>
<footer><p>Footer</p></footer></div></body></html>`;
}

async function findingsOf(html: string, operation?: {method: string; path: string}, twin = '') {
  const {findings} = await checkFile({kind: 'page', html, file: 'page.html', twin}, {operation});
  return findings.map((f: {check: string; message: string}) => `${f.check}: ${f.message}`);
}

describe('checks of one page', () => {
  it('a well-formed page has no finding', async () => {
    expect(await findingsOf(page('<h2 id="setup">Set up</h2><p>Text.</p><img src="/a.png" alt="A chart">'))).toEqual(
      [],
    );
  });

  it('finds markup a parser rebuilds, which breaks hydration', async () => {
    for (const markup of [
      '<p>Text<div>block</div></p>', // <p> closed early, then a stray </p>
      '<table><tr><td>1</td></tr></table>', // a <tbody> the parser adds
      '<a href="/a">one <a href="/b">two</a></a>', // nested links
      '<ul><div>not an item</div></ul>',
    ]) {
      const found = await findingsOf(page(markup));
      expect(
        found.some((f) => f.startsWith('hydration:')),
        `${markup}: ${found}`,
      ).toBe(true);
    }
  });

  it('finds duplicate ids, skipped heading levels, images without alt and misused ARIA', async () => {
    expect(await findingsOf(page('<h2 id="a">One</h2><h2 id="a">Two</h2>'))).toContainEqual(
      expect.stringMatching(/^ids: no-dup-id/),
    );
    expect(await findingsOf(page('<h3>Too deep</h3>'))).toContainEqual(
      expect.stringMatching(/^headings: heading-level/),
    );
    expect(await findingsOf(page('<img src="/a.png">'))).toContainEqual(expect.stringMatching(/^names and images:/));
    expect(await findingsOf(page('<div aria-hidden="true"><a href="/x">focusable</a></div>'))).toContainEqual(
      expect.stringMatching(/^(aria|axe):/),
    );
  });

  it('runs axe without layout: a second banner landmark is found', async () => {
    const html = page('<p>x</p>').replace('<main>', '<header><p>Banner</p></header><main>');
    const found = await findingsOf(html.replace('<nav', '<div role="banner">Bar</div><nav'));
    expect(found).toContainEqual(expect.stringMatching(/^axe: landmark-no-duplicate-banner/));
  });

  it('checks the shape: one h1, and an API page shows its method, path and samples', async () => {
    expect(await findingsOf(page('<h1>Another</h1>'))).toContain('shape: has 2 h1 elements, not one');
    const op = {method: 'POST', path: '/v1/embedding/text'};
    const api = page(`<div class="openapi__method-endpoint"><span class="badge">post</span>/v1/embedding/text</div>
<section aria-label="Request samples"><ul role="tablist"><li role="tab">Python</li><li role="tab">curl</li></ul></section>
<h2 id="responses">Responses<a href="#responses" aria-label="Direct link to Responses">\u200b</a></h2>`);
    expect(await findingsOf(api, op)).toEqual([]);
    expect(await findingsOf(api.replace('<li role="tab">curl</li>', ''), op)).toContain(
      'shape: request sample tabs are [Python], not [Python,curl]',
    );
    expect(await findingsOf(api, {...op, method: 'GET'})).toContain('shape: shows method post, not GET');
  });

  it("checks an API page's field rows against its twin: a missing or run-together row is found", async () => {
    const op = {method: 'POST', path: '/v1/embedding/text'};
    const row = (parts: string) => `<article><div class="openapi-schema__container">${parts}</div></article>`;
    const spaced = row('<strong>texts</strong><span> string[]</span><span> required</span>');
    const twin = '- `texts` `string[]` required: The strings to embed.';
    const twinFindings = async (html: string, text?: string) =>
      (await findingsOf(page(html), op, text)).filter((f) => f.startsWith('twin:'));
    expect(await twinFindings(spaced, twin)).toEqual([]);
    expect(await twinFindings(row('<strong>texts</strong><span>string[]</span><span>required</span>'), twin)).toEqual([
      'twin: its twin lacks the row "textsstring[]required"',
    ]);
    expect(await twinFindings(spaced, '- `texts` (array of string, required)')).toHaveLength(1);
    const {findings} = await checkFile({kind: 'page', html: page(spaced), file: 'page.html'}, {operation: op});
    expect(findings).toContainEqual({check: 'twin', message: 'has no Markdown twin'});
  });

  it('collects ids, links and the hashes of the scripts a browser runs (not data blocks)', async () => {
    const html = page('<h2 id="x">X</h2><a href="/other#y">Other</a><script>run()</script>', {
      head: '<script type="application/ld+json">{"a":1}</script><script src="/main.js"></script>',
    });
    const {facts} = await checkFile({kind: 'page', html, file: 'page.html'});
    expect(facts.ids).toContain('x');
    expect(facts.links).toEqual(expect.arrayContaining(['/other#y', '/main.js', `${ORIGIN}/guide`]));
    expect(facts.scripts).toEqual([sha256('run()')]);
  });

  it('gives axe highlighted code as plain text', () => {
    expect(withPlainCode('<pre class="prism"><code><span class="token">a</span> &lt;b&gt;</code></pre>')).toBe(
      '<pre class="prism"><code>a &lt;b&gt;</code></pre>',
    );
  });
});

describe('checks across a build', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'html-checks-'));
  afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    fs.writeFileSync(path.join(dir, file), text);
  };
  write('index.html', page('<p>Home</p>', {route: '/'}));
  write('guide/index.html', page('<h2 id="setup">Set up</h2><a href="/guide#setup">here</a>'));
  write(
    'other/index.html',
    page('<a href="/guide#missing">a</a><a href="/gone">b</a><script>x()</script>', {route: '/other'}),
  );
  write('404.html', page('<p>Not found</p>', {route: '/404.html'}));
  write('guide.html/index.html', '<meta http-equiv="refresh" content="0; url=/guide"><script>r()</script>');
  write('old.html/index.html', '<meta http-equiv="refresh" content="0; url=/nowhere">');
  write('_headers', `/*\n  Content-Security-Policy: default-src 'self'; script-src 'self' ${sha256('r()')}\n`);

  it('reads pages, the not-found page and redirect pages from the files', () => {
    const files = builtFiles(dir).map(({file, kind, route, target}) => ({file, kind, route, target}));
    expect(files).toEqual([
      {file: '404.html', kind: 'not-found', route: '/404.html', target: undefined},
      {file: 'guide.html/index.html', kind: 'redirect', route: undefined, target: '/guide'},
      {file: 'guide/index.html', kind: 'page', route: '/guide', target: undefined},
      {file: 'index.html', kind: 'page', route: '/', target: undefined},
      {file: 'old.html/index.html', kind: 'redirect', route: undefined, target: '/nowhere'},
      {file: 'other/index.html', kind: 'page', route: '/other', target: undefined},
    ]);
  });

  it('finds broken links and fragments, unhashed scripts, lost redirects and missing routes', async () => {
    const files = builtFiles(dir);
    const facts = new Map();
    for (const file of files) facts.set(file.file, (await checkFile(file, {factsOnly: true})).facts);
    const describe = (found: {file: {file: string}; check: string; message: string}[]) =>
      found.map((f) => `${f.file.file} ${f.check}: ${f.message}`);
    expect(describe(linkFindings(dir, files, facts))).toEqual([
      'other/index.html fragments: /guide#missing: guide/index.html has no id "missing"',
      'other/index.html links: /gone reaches no file',
    ]);
    expect(describe(cspFindings(dir, files, facts))).toEqual([
      `other/index.html csp: an inline script (${sha256('x()')}) is not in the policy of _headers`,
    ]);
    expect(describe(redirectFindings(files))).toEqual([
      'old.html/index.html redirects: redirects to /nowhere, which is not a page',
    ]);
    expect(describe(routeFindings(files, ['/guide', '/missing']))).toEqual([
      '/missing routes: /missing is not a page of the build',
    ]);
  });
});

describe('the browser sample', () => {
  const html = (tokens: string) => `<div id="__docusaurus">${tokens}</div>`;
  const typePages = Object.values(PAGE_TYPES).map((route) => ({route, html: html('<main class="doc"><p></p></main>')}));
  const rest = Array.from({length: 40}, (_, i) => ({
    route: `/page-${i}`,
    html: html(i === 7 ? '<table class="wide"></table>' : i === 30 ? '<details class="note"></details>' : '<p></p>'),
  }));

  it('takes every page type, then pages until every component is covered, then seeded extras', () => {
    const sample = drawSample([...typePages, ...rest], {seed: 1, random: 3});
    expect(sample.slice(0, typePages.length).map((s) => s.route)).toEqual(Object.values(PAGE_TYPES));
    const cover = sample.filter((s) => s.why === 'components').map((s) => s.route);
    expect(cover.sort()).toEqual(['/page-30', '/page-7']);
    expect(sample.filter((s) => s.why === 'seeded')).toHaveLength(3);
    expect(new Set(sample.map((s) => s.route)).size).toBe(sample.length);
  });

  it('draws the same pages for the same seed, and others for another', () => {
    const draw = (seed: number) =>
      drawSample([...typePages, ...rest], {seed, random: 5})
        .filter((s) => s.why === 'seeded')
        .map((s) => s.route);
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it('fails when a page type is missing from the build', () => {
    expect(() => drawSample(rest)).toThrow(/page type "home"/);
  });

  it('names components by their elements and classes', () => {
    // Only inside the app root: the head's elements are no component.
    expect([...componentTokens('<head><link class="x"></head><div id="__docusaurus"><p class="a b">')]).toEqual([
      'p',
      '.a',
      '.b',
    ]);
  });
});
