#!/usr/bin/env node
// Content checks over the hand-written pages (docs/, reference/pages/,
// reference/api/query/; the rest of reference/api/ is generated): every spec route has its page, front
// matter is complete, code blocks are tagged and valid (Python compiles, JSON
// parses), no placeholder wording, topic pages carry enough substance, overview
// pages link every child, and internal links point at routes that exist.
import fs from 'node:fs';
import path from 'node:path';
import {execFileSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import yaml from 'js-yaml';
import {classify} from '../samples/fences.mjs';
import {prerequisiteProblems} from '../samples/prerequisites.mjs';
import {codeFences, splitFrontMatter} from '../../src/shared/mdxTree.mjs';
import {
  loginAssumptionProblems,
  quotedMessageProblems,
  removedProblems,
  serverClaimProblems,
  specProse,
} from './guards.mjs';
import {curlCommands, parseCurl, pathMatches} from '../support/curl.mjs';
import specs from '../../src/api/build/specs.cjs';
import routeList from '../support/routes.cjs';
import {
  PANDAS_3_ADVICE,
  apiKeyPathProblems,
  embedTextDefaultsProblems,
  filesPageProblems,
  filesSpecProblems,
  negativeClaimProblems,
  passesDataFrameToAddData,
  pythonProblems,
  undatedClientReleases,
  wordingProblems,
  keywordProblems,
} from './corrections.mjs';

const {specOperations} = specs;
const {specRoutes} = routeList;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORD_FLOOR = 400;
// Walkthroughs (a job done end to end) carry more: export, clean, upload, map, use, troubleshoot.
const WALKTHROUGH_FLOOR = 700;

// Topic pages whose full content has landed; each must reach the word floor.
const TOPIC_PAGES = [
  '/platform/quick-start',
  '/platform/release-notes',
  '/platform/account/dashboard',
  '/platform/account/security-and-rbac',
  '/platform/datasets/prepare-data-for-atlas',
  '/platform/datasets/storage',
  '/platform/datasets/data-maps/atlas-analyst',
  '/platform/datasets/data-maps/controls',
  '/platform/datasets/data-maps/data-stories',
  '/platform/datasets/data-maps/duplicate-detection',
  '/platform/datasets/data-maps/topic-modeling',
  '/platform/datasets/data-maps/how-atlas-works/about-topics',
  '/platform/datasets/data-maps/how-atlas-works/embedding_projection',
  '/platform/datasets/data-maps/how-atlas-works/key_terms',
  '/reference/getting-started/',
  '/reference/getting-started/programmatic-map-selections',
  '/reference/getting-started/programmatic-tagging',
  '/reference/getting-started/rate-limits',
  '/reference/api/query/data-selections',
  '/reference/api/query/vector-search',
  '/reference/python-api/datasets-and-maps',
  '/reference/python-api/generate-embeddings',
  '/reference/python-api/map-resources',
  '/reference/typescript-api/overview',
];
const WALKTHROUGH_PAGES = [
  ...[
    'analyze-text-data',
    'analyze-your-gmail-inbox',
    'collaborative-tagging',
    'create-your-own-atlas-data-story',
    'data-curation',
    'mapping-github-commits-with-atlas',
    'mapping-reddit-comments-with-atlas',
    'organize-and-search-images',
    'vector-search-over-your-data',
  ].map((slug) => `/platform/datasets/data-maps/guides/${slug}`),
  ...[
    'export-crm-data',
    'export-databases',
    'export-developer-data',
    'export-spreadsheet-data',
    'export-team-collaboration-data',
  ].map((slug) => `/platform/datasets/guides/${slug}`),
  ...['external-integrations', 'huggingface-connector', 'snowflake-connector'].map(
    (slug) => `/platform/datasets/integrations/${slug}`,
  ),
  ...['dimensionality-reduction', 'generate-embeddings', 'image-embedding', 'multimodality', 'text-embedding'].map(
    (slug) => `/platform/embeddings-and-retrieval/${slug}`,
  ),
  ...[
    'building-image-classifiers-with-atlas',
    'building-rag-applications-with-atlas',
    'fast-retrieval-with-resizable-embeddings',
    'how-to-visualize-embeddings',
    'improve-ai-model-performance-with-embedding-visualization-and-evaluation',
    'pdf-rag-with-colnomic-embed-multimodal',
    'pdf-rag-with-nomic-embed-multimodal',
    'using-umap-with-atlas',
  ].map((slug) => `/platform/embeddings-and-retrieval/guides/${slug}`),
  ...[
    '',
    'extraction/overview/',
    'parse/options/',
    'parse/overview/',
    'parse/response-format/',
    'upload/overview/',
  ].map((child) => `/platform/files/${child}`),
];
const PLACEHOLDERS = /\b(TODO|TBD|FIXME|lorem ipsum|lorem|coming soon|under construction)\b/i;
const API_HOST = 'https://api-atlas.nomic.ai';
// Operations documented on hand-written pages (the query pages), from the specs too.
const HAND_WRITTEN = specs.loadSpecs().flatMap((s) => s.handWritten);
// Where each negative claim on a page was checked (see the file's header).
const NEGATIVE_CLAIMS = yaml.load(fs.readFileSync(path.join(ROOT, 'tests/content/negative-claims.yaml'), 'utf8')) ?? [];
// Where each claim about what the server does on failure was checked.
const SERVER_CLAIMS = yaml.load(fs.readFileSync(path.join(ROOT, 'tests/content/server-claims.yaml'), 'utf8')) ?? [];

/** Problems with a documented curl command that calls the Atlas API; none for other hosts. */
export function curlProblems(command, operations) {
  const request = parseCurl(command);
  if (!request.url?.startsWith(API_HOST)) return [];
  const pathname = request.url.slice(API_HOST.length).split('?')[0];
  const operation = [...operations, ...HAND_WRITTEN].find(
    (op) => op.method === request.method && pathMatches(op.path, pathname),
  );
  if (!operation) return [`curl calls ${request.method} ${pathname}, which no spec or query page documents`];
  const auth = request.headers.some((h) => /^Authorization:\s*Bearer \$NOMIC_API_KEY$/.test(h));
  return operation.secured && !auth
    ? [`curl ${request.method} ${pathname} lacks "Authorization: Bearer $NOMIC_API_KEY"`]
    : [];
}

/** Hand-written pages: route → file. A trailing-slash route is an index.mdx. */
export function pages() {
  const out = new Map();
  const walk = (dir, instanceRoot, base) => {
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full, instanceRoot, base);
      } else if (/\.mdx?$/.test(entry.name) && !entry.name.startsWith('_')) {
        const rel = path.relative(instanceRoot, full).replace(/\.mdx?$/, '');
        const route = base + (rel === 'index' ? '' : rel.endsWith('/index') ? rel.slice(0, -'index'.length) : rel);
        out.set(route, full);
      }
    }
  };
  walk(path.join(ROOT, 'docs'), path.join(ROOT, 'docs'), '/platform/');
  walk(path.join(ROOT, 'reference/pages'), path.join(ROOT, 'reference/pages'), '/reference/');
  walk(path.join(ROOT, 'reference/api/query'), path.join(ROOT, 'reference/api/query'), '/reference/api/query/');
  return out;
}

/**
 * A page's front matter, body, fenced blocks (src/shared/mdxTree.mjs, the parser the twins, notebooks and
 * samples read pages with), prose without code or markup, its word count and its links to site routes.
 */
export function parsePage(source, {mdx = true} = {}) {
  const split = splitFrontMatter(source);
  const frontMatter = split.frontMatter ? (yaml.load(split.frontMatter.slice(4, -5)) ?? {}) : {};
  const body = split.body;
  const blocks = codeFences(source, {mdx});
  const prose = body
    .replace(/^([ \t]*)(```+|~~~+)[^\n]*\n[\s\S]*?^\1\2[ \t]*$/gm, ' ')
    .replace(/^(import|export) .*$/gm, ' ')
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, ' ');
  const words = prose.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  const links = [...body.matchAll(/\]\((\/[^)\s#]*)(#[^)\s]*)?\)|\bto="(\/[^"#]*)"|href="(\/[^"#]*)"/g)].map(
    (l) => l[1] ?? l[3] ?? l[4],
  );
  return {frontMatter, body, blocks, prose, words, links};
}

/** The closest ancestor route that is an index page, or undefined. */
export function parentOverview(route, routes) {
  const parts = route.replace(/\/$/, '').split('/');
  for (let i = parts.length - 1; i > 1; i--) {
    const candidate = parts.slice(0, i).join('/') + '/';
    if (routes.includes(candidate)) return candidate;
  }
  return undefined;
}

/** ast.parse every Python block in one interpreter; returns an error per failing block. */
function pythonErrors(blocks) {
  if (blocks.length === 0) return [];
  const script = `
import ast, json, sys
errors = []
for i, code in enumerate(json.load(sys.stdin)):
    try:
        ast.parse(code)
    except SyntaxError as e:
        errors.append([i, f"{e.msg} (line {e.lineno})"])
print(json.dumps(errors))
`;
  const out = execFileSync('python3', ['-c', script], {input: JSON.stringify(blocks.map((b) => b.code))});
  return JSON.parse(out.toString());
}

/** Routes of the pages plugin's files (src/pages): the home page, /search, /privacy. */
function sitePageRoutes() {
  return fs
    .readdirSync(path.join(ROOT, 'src/pages'))
    .filter((file) => /\.(tsx|md|mdx)$/.test(file))
    .map((file) => `/${file.replace(/\.\w+$/, '').replace(/^index$/, '')}`);
}

function main() {
  const routes = specRoutes();
  const sitePages = sitePageRoutes();
  const byRoute = pages();
  const operations = specOperations();
  const generated = operations.map((op) => op.route);
  const known = new Set([...routes, ...generated, ...byRoute.keys()]);
  const problems = [];
  const report = (where, message) => problems.push(`${where}: ${message}`);

  for (const route of routes) {
    if (sitePages.includes(route) || byRoute.has(route) || generated.includes(route)) continue;
    if (route === '/reference/api/legacy/') continue; // generated from the legacy spec's info
    report(route, 'no page for this route');
  }
  for (const slug of ['upload', 'parse', 'extract', 'embed-text', 'embed-image', 'get-job-status', 'cancel-task']) {
    if (!generated.includes(`/reference/api/${slug}`))
      report(`/reference/api/${slug}`, 'missing from openapi/atlas-v1.yaml');
  }

  const python = [];
  const quoting = []; // pages and spec descriptions whose quoted error messages are looked up at once, below
  let curlCount = 0;
  for (const [route, file] of byRoute) {
    const where = path.relative(ROOT, file);
    const {frontMatter, body, blocks, prose, words, links} = parsePage(fs.readFileSync(file, 'utf8'), {
      mdx: file.endsWith('.mdx'),
    });
    if (!frontMatter.title) report(where, 'front matter lacks title');
    if (!frontMatter.description) report(where, 'front matter lacks description');
    else if (String(frontMatter.description).length > 160) report(where, 'description longer than 160 characters');
    for (const problem of keywordProblems(frontMatter)) report(where, problem);
    if (/^# /m.test(body.replace(/^```[\s\S]*?^```/gm, ''))) report(where, 'body has an h1; the title is the h1');
    const placeholder = PLACEHOLDERS.exec(body);
    if (placeholder) report(where, `placeholder wording "${placeholder[0]}"`);
    for (const problem of wordingProblems(prose)) report(where, problem);
    for (const {where: at, problem} of [
      ...negativeClaimProblems(where, prose, NEGATIVE_CLAIMS),
      ...serverClaimProblems(where, prose, SERVER_CLAIMS),
    ])
      report(at, problem);
    for (const problem of removedProblems(body)) report(where, problem);
    quoting.push({where, body});
    if (route.startsWith('/platform/files/')) for (const problem of filesPageProblems(body)) report(where, problem);
    const pythonBlocks = blocks.filter((b) => b.lang === 'python');
    for (const problem of loginAssumptionProblems(prose, pythonBlocks)) report(where, problem);
    for (const block of pythonBlocks)
      for (const problem of pythonProblems(block.code)) report(`${where}:${block.line}`, problem);
    if (pythonBlocks.some((b) => passesDataFrameToAddData(b.code)) && !PANDAS_3_ADVICE.test(body))
      report(where, 'passes a DataFrame to add_data but does not say how to avoid the pandas 3 failure ("pandas<3")');
    if (route === '/platform/release-notes')
      for (const version of undatedClientReleases(body)) report(where, `Python client ${version} has no date`);
    // What the samples give the page's session is what the page tells its reader to have.
    for (const problem of prerequisiteProblems(route, body, blocks)) report(where, problem);
    // Every fence is run, checked or declared (tests/samples/fences.mjs).
    for (const block of classify(blocks)) if (block.problem) report(`${where}:${block.line}`, block.problem);
    for (const block of blocks) {
      if (block.lang === 'python') python.push({...block, where});
      if (block.lang === 'bash')
        for (const command of curlCommands(block.code)) {
          curlCount += 1;
          for (const problem of curlProblems(command, operations)) report(`${where}:${block.line}`, problem);
        }
      if (block.lang === 'json') {
        try {
          JSON.parse(block.code);
        } catch (e) {
          report(`${where}:${block.line}`, `JSON does not parse: ${e.message}`);
        }
      }
    }
    const floor = WALKTHROUGH_PAGES.includes(route) ? WALKTHROUGH_FLOOR : TOPIC_PAGES.includes(route) ? WORD_FLOOR : 0;
    if (words < floor) report(where, `${words} words of prose; this page needs ${floor}`);
    for (const link of links) {
      const target = link.replace(/\/$/, '') || '/';
      if (![...known].some((r) => r.replace(/\/$/, '') === target || (r === '/' && target === '/')))
        report(where, `internal link to unknown route ${link}`);
    }
    if (route.endsWith('/')) {
      const children = routes.filter((r) => r !== route && parentOverview(r, routes) === route);
      for (const child of children)
        if (!links.some((l) => l.replace(/\/$/, '') === child.replace(/\/$/, '')))
          report(where, `overview does not link ${child}`);
    }
  }
  for (const {name, file, spec} of specs.loadSpecs()) {
    const prose = specProse(fs.readFileSync(path.join(ROOT, file), 'utf8'));
    for (const {line, text} of prose) for (const problem of wordingProblems(text)) report(`${file}:${line}`, problem);
    for (const {where, problem} of [
      ...negativeClaimProblems(file, prose, NEGATIVE_CLAIMS),
      ...serverClaimProblems(file, prose, SERVER_CLAIMS),
    ])
      report(where, problem);
    quoting.push(...prose.map(({line, text}) => ({where: file, body: text, line})));
    if (name === 'v1')
      for (const problem of [
        ...embedTextDefaultsProblems(spec),
        ...filesSpecProblems(spec),
        ...apiKeyPathProblems(spec),
      ])
        report(file, problem);
  }

  for (const {where, problem} of quotedMessageProblems(quoting)) report(where, problem);
  for (const [i, message] of pythonErrors(python))
    report(`${python[i].where}:${python[i].line}`, `Python does not compile: ${message}`);

  const summary = `${byRoute.size} pages, ${python.length} Python blocks, ${curlCount} curl commands, ${routes.length} spec routes, ${generated.length} generated API pages`;
  if (problems.length) {
    console.error(problems.join('\n'));
    console.error(`\n${problems.length} problem(s) in ${summary}`);
    process.exit(1);
  }
  console.log(`content OK: ${summary}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
