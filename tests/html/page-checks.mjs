// The checks one built page gets from its server HTML, without a browser:
// markup (html-validate), axe-core's rules that need no layout (in jsdom), and
// the facts the cross-page checks need (ids, links, inline scripts, shape).
// Runs in the worker threads of ./check-html.mjs; pure enough to unit-test.
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import {createRequire} from 'node:module';
import {HtmlValidate, StaticConfigLoader} from 'html-validate';
import {JSDOM, VirtualConsole} from 'jsdom';

const require = createRequire(import.meta.url);

/**
 * html-validate's rules, by what they protect. It reads the markup as written
 * (React's, since the build's HTML minifier keeps it: docusaurus.config.ts),
 * so it sees what a browser's parser would rebuild differently, the
 * markup that breaks hydration.
 */
export const MARKUP_RULES = {
  ids: ['no-dup-id', 'valid-id', 'no-missing-references'],
  headings: ['heading-level', 'empty-heading', 'empty-title'],
  // A stray or misnested end tag, an element the parser closes early (<div> in
  // <p>), a row it wraps in a <tbody>, content it moves out of its parent: the
  // DOM then differs from the tree React renders and hydration fails.
  hydration: [
    'close-order',
    'close-attr',
    'no-implicit-close',
    'element-permitted-content',
    'element-permitted-parent',
    'element-permitted-order',
    'element-required-ancestor',
    'element-required-content',
    'prefer-tbody',
    'void-content',
    'no-dup-attr',
    'element-name',
    'unrecognized-char-ref',
  ],
  'names and images': [
    'wcag/h37',
    'area-alt',
    'wcag/h30',
    'wcag/h32',
    'wcag/h36',
    'text-content',
    'input-missing-label',
  ],
  aria: [
    'aria-hidden-body',
    'aria-label-misuse',
    'no-abstract-role',
    'no-redundant-role',
    'hidden-focusable',
    'attribute-allowed-values',
    'attribute-misuse',
    'multiple-labeled-controls',
  ],
};

const validator = new HtmlValidate(
  new StaticConfigLoader({
    extends: [],
    // Docusaurus' code blocks draw each line as a <div> inside <code> (theme
    // CodeBlock): outside the content model, but no parser moves it.
    elements: ['html5', {code: {permittedContent: ['@phrasing', 'div']}}],
    rules: Object.fromEntries(
      Object.values(MARKUP_RULES)
        .flat()
        .map((rule) => [rule, rule === 'valid-id' ? ['error', {relaxed: true}] : 'error']),
    ),
  }),
);
const groupOf = new Map(Object.entries(MARKUP_RULES).flatMap(([group, rules]) => rules.map((r) => [r, group])));

/**
 * axe-core rules that need a real browser, and why: each reads layout or
 * stylesheets, which jsdom does not compute. The browser tests run them on the
 * sample (tests/support/sample.mjs).
 */
export const AXE_BROWSER_ONLY = {
  'color-contrast': 'the colours a reader sees come from the stylesheets and what is painted behind the text',
  'color-contrast-enhanced': 'as color-contrast',
  'link-in-text-block': 'tells a link from its text by computed colours',
  'target-size': 'measures the boxes of controls on screen',
  'scrollable-region-focusable': 'needs to know which regions overflow and scroll',
  'css-orientation-lock': "reads the stylesheets' media queries",
};
// WCAG 2.x A and AA as in the browser, and axe's best practices (landmarks, regions, one h1).
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Highlighted code as its text: Prism's thousands of token spans triple axe's
 * time and hold nothing it checks (the code theme's contrast is a unit test;
 * code blocks hold no controls). Only the copy given to axe is changed.
 */
export function withPlainCode(html) {
  return html.replace(
    /(<pre\b[^>]*>)([\s\S]*?)(<\/pre>)/g,
    (_, open, code, close) => `${open}<code>${code.replace(/<[^>]*>/g, '')}</code>${close}`,
  );
}

export function sha256(text) {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

// The script types a browser runs (HTML's JavaScript MIME types, and modules);
// any other type (JSON-LD, say) is a data block the CSP does not govern.
const RUNS =
  /^$|^module$|^(text|application)\/(x-)?(java|ecma)script$|^text\/(javascript1\.[0-5]|jscript|livescript)$/i;

let shared;
/**
 * One jsdom window per thread, with axe loaded once: a window costs more to
 * make than a page to check. No script of a page ever runs in it.
 */
function sharedWindow() {
  if (!shared) {
    const {window} = new JSDOM('<!doctype html><title></title>', {
      runScripts: 'outside-only',
      virtualConsole: new VirtualConsole(),
    });
    window.eval(axeSource);
    shared = {window, parser: new window.DOMParser()};
  }
  return shared;
}

/** `html` parsed as a browser parses it, scripts off. */
function parse(html) {
  return sharedWindow().parser.parseFromString(html, 'text/html');
}

/** What the cross-page checks need of a document. */
function factsOf(document) {
  const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
  for (const el of document.querySelectorAll('a[name]')) ids.push(el.getAttribute('name'));
  const links = [];
  for (const el of document.querySelectorAll('a[href], area[href], link[href]'))
    if (el.localName !== 'link' || /\b(alternate|canonical|stylesheet|icon|preload|manifest)\b/.test(el.rel))
      links.push(el.getAttribute('href'));
  for (const el of document.querySelectorAll('img[src], script[src], source[src]')) links.push(el.getAttribute('src'));
  const scripts = [...document.querySelectorAll('script:not([src])')]
    .filter((s) => RUNS.test(s.getAttribute('type')?.trim() ?? ''))
    .map((s) => sha256(s.textContent ?? ''));
  return {ids, links, scripts};
}

/** The shape every page and every API operation page must have in its server HTML. */
function shapeProblems(document, operation) {
  const problems = [];
  const h1 = document.querySelectorAll('h1');
  if (h1.length !== 1) problems.push(`has ${h1.length} h1 elements, not one`);
  if (!document.title.trim()) problems.push('has no <title>');
  if (!document.documentElement.lang) problems.push('has no lang on <html>');
  if (!operation) return problems;
  const endpoint = document.querySelector('.openapi__method-endpoint');
  const method = endpoint?.querySelector('.badge')?.textContent?.trim().toLowerCase();
  if (method !== operation.method.toLowerCase()) problems.push(`shows method ${method}, not ${operation.method}`);
  if (!endpoint?.textContent?.includes(operation.path)) problems.push(`does not show the path ${operation.path}`);
  const samples = document.querySelector('[aria-label="Request samples"]');
  const tabs = [...(samples?.querySelectorAll('[role="tab"]') ?? [])].map((t) => t.textContent?.trim());
  if (tabs.join() !== 'Python,curl') problems.push(`request sample tabs are [${tabs}], not [Python,curl]`);
  if (document.querySelector('.openapi-explorer__request-btn')) problems.push('has a Send button');
  const headings = [...document.querySelectorAll('h2, h3')].map((h) => h.textContent?.replace(/\u200b/g, '').trim());
  if (!headings.includes('Responses')) problems.push('has no Responses heading');
  return problems;
}

/** Text as both sides compare it: code and tag marks dropped, whitespace collapsed, lower case. */
const comparable = (text) =>
  text
    .replace(/[`<>\u200b]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * An API page's field and parameter rows ("tag_id string required") each as
 * its twin writes them, so an agent reading the twin gets what the page says
 * and a screen reader hears separate words: a row whose parts run together
 * ("tag_idstringrequired") or that the twin words differently is a finding.
 */
function twinProblems(document, twin) {
  if (twin === undefined) return ['has no Markdown twin'];
  const text = comparable(twin);
  const rows = [...document.querySelectorAll('article .openapi-schema__container')].map((row) =>
    comparable(row.textContent ?? ''),
  );
  return [...new Set(rows)].filter((row) => !text.includes(row)).map((row) => `its twin lacks the row "${row}"`);
}

/** axe-core over `document`, shown in the shared window; every violation, at any impact, is a finding. */
async function axeFindings(document) {
  const {window} = sharedWindow();
  window.document.replaceChild(window.document.adoptNode(document.documentElement), window.document.documentElement);
  const {violations} = await window.axe.run(window.document, {
    runOnly: {type: 'tag', values: AXE_TAGS},
    rules: Object.fromEntries(Object.keys(AXE_BROWSER_ONLY).map((id) => [id, {enabled: false}])),
    resultTypes: ['violations'],
  });
  return violations.flatMap((v) =>
    v.nodes.map((n) => ({
      check: 'axe',
      message: `${v.id} (${v.impact}): ${n.target.join(' ')} ${n.html.slice(0, 120)}`,
    })),
  );
}

/** html-validate over `html`, each finding named by its rule's group. */
export async function markupFindings(html, name = 'page.html') {
  const report = await validator.validateString(html, name);
  return report.results.flatMap((r) =>
    r.messages.map((m) => ({
      check: groupOf.get(m.ruleId) ?? 'markup',
      message: `${m.ruleId}: ${m.message} (line ${m.line}, ${m.selector ?? ''})`,
    })),
  );
}

/**
 * Checks one built file: a page or the not-found page gets every check; a
 * redirect page, or any file when `factsOnly`, only has its facts read.
 * `operation` is the API operation the page documents, if any.
 * @param {{kind: string, html: string, file: string, twin?: string}} file  `twin`: the page's Markdown twin
 * @param {{operation?: {method: string, path: string}, factsOnly?: boolean}} [options]
 */
export async function checkFile({kind, html, file, twin}, {operation, factsOnly = false} = {}) {
  if (factsOnly || kind === 'redirect') return {facts: factsOf(parse(html)), findings: []};
  const document = parse(withPlainCode(html));
  return {
    facts: factsOf(document),
    findings: [
      ...shapeProblems(document, operation).map((message) => ({check: 'shape', message})),
      ...(operation ? twinProblems(document, twin).map((message) => ({check: 'twin', message})) : []),
      ...(await markupFindings(html, file)),
      ...(await axeFindings(document)),
    ],
  };
}
