#!/usr/bin/env node
// Starts a hand-written page: `npm run new-page -- <route> "<title>"`.
//
//   /platform/<path>         → docs/<path>.mdx, listed in sidebars.ts
//   /reference/<path>        → reference/pages/<path>.mdx, listed in src/api/build/sidebars/referenceSidebar.ts
//   /reference/api/query/<x> → reference/api/query/<x>.mdx, listed in the same file's QUERY pages
//
// A route ending in / is a section's index page (<path>/index.mdx). The route is
// also added to tests/routes.txt. The page starts as a skeleton whose TODO
// markers make `npm run test:content` fail until a writer has replaced them.
// The rest of /reference/api/ is generated from openapi/ and cannot be added here.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import yaml from 'js-yaml';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PLATFORM_SIDEBAR = 'sidebars.ts';
export const REFERENCE_SIDEBAR = 'src/api/build/sidebars/referenceSidebar.ts';
export const ROUTES_FILE = 'tests/routes.txt';

const SEGMENT = '[a-z0-9]+(?:-[a-z0-9]+)*';
const ROUTE = new RegExp(`^/(platform|reference)((?:/${SEGMENT})+)(/?)$`);

/**
 * Where a route's page lives: its file, the sidebar that lists it and its doc id there.
 * Throws with a reader-facing message for a malformed route or one this script must not create.
 */
export function pageFor(route) {
  const match = ROUTE.exec(route);
  if (!match) {
    throw new Error(
      `"${route}" is not a page route: use /platform/… or /reference/… with lowercase kebab-case segments, ` +
        'and a trailing / only for a section index page',
    );
  }
  const [, area, rest, slash] = match;
  const rel = rest.slice(1);
  const isIndex = slash === '/';
  const docPath = isIndex ? `${rel}/index` : rel;
  if (area === 'platform') {
    return {route, isIndex, file: `docs/${docPath}.mdx`, sidebar: PLATFORM_SIDEBAR, id: docPath, instance: 'platform'};
  }
  if (rel === 'api' || rel.startsWith('api/')) {
    const query = /^api\/query\/([^/]+)$/.exec(rel);
    if (!query || isIndex) {
      throw new Error(
        `${route} is under /reference/api/, whose pages are generated from openapi/*.yaml (npm run gen:api); ` +
          'only /reference/api/query/<page> pages are hand-written',
      );
    }
    return {
      route,
      isIndex,
      file: `reference/api/query/${query[1]}.mdx`,
      sidebar: REFERENCE_SIDEBAR,
      id: `query/${query[1]}`,
      instance: 'api',
    };
  }
  return {
    route,
    isIndex,
    file: `reference/pages/${docPath}.mdx`,
    sidebar: REFERENCE_SIDEBAR,
    id: docPath,
    instance: 'reference',
  };
}

/** A single-quoted TypeScript string literal. */
export function tsString(text) {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** The folder a doc id's route sits in: `a/b/c` → `a/b`, `a/b/index` → `a`, top level → ''. */
export function routeFolder(id) {
  const parts = id.split('/');
  if (parts[parts.length - 1] === 'index') parts.pop();
  parts.pop();
  return parts.join('/');
}

/** Index of the bracket closing the one at `open`, skipping quoted strings. */
function closingBracket(source, open) {
  const pairs = {'[': ']', '{': '}', '(': ')'};
  const stack = [];
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === "'" || c === '"' || c === '`') {
      for (i++; i < source.length && source[i] !== c; i++) if (source[i] === '\\') i++;
    } else if (pairs[c]) {
      stack.push(pairs[c]);
    } else if (c === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i;
    }
  }
  throw new Error('unbalanced brackets');
}

function lineIndent(source, index) {
  const start = source.lastIndexOf('\n', index - 1) + 1;
  return /^[ \t]*/.exec(source.slice(start))[0];
}

/**
 * Puts `item` (source text) right after the list element that ends at `end`:
 * on a line of its own when that element has one, otherwise in the same line.
 */
function insertAfter(source, end, item) {
  const rest = source.slice(end);
  const ownLine = /^,?[ \t]*\n/.exec(rest);
  if (ownLine) {
    const at = end + (rest.startsWith(',') ? 1 : 0);
    const comma = rest.startsWith(',') ? '' : ',';
    return `${source.slice(0, at)}${comma}\n${lineIndent(source, end)}${item},${source.slice(at)}`;
  }
  return `${source.slice(0, end)}, ${item}${source.slice(end)}`;
}

/** Appends `item` (source text) to the array whose `[` is at `open`. */
function appendToArray(source, open, item) {
  const close = closingBracket(source, open);
  const inside = source.slice(open + 1, close);
  if (!inside.trim()) return `${source.slice(0, open + 1)}${item}${source.slice(close)}`;
  if (!inside.includes('\n')) {
    const comma = inside.trimEnd().endsWith(',') ? '' : ',';
    return `${source.slice(0, open + 1)}${inside.trimEnd()}${comma} ${item}${source.slice(close)}`;
  }
  const lineStart = source.lastIndexOf('\n', close - 1) + 1;
  const before = source.slice(0, lineStart).trimEnd();
  const comma = before.endsWith(',') || before.endsWith('[') ? '' : ',';
  const indent = `${lineIndent(source, close)}  `;
  return `${before}${comma}\n${indent}${item},\n${source.slice(lineStart)}`;
}

/**
 * sidebars.ts with a new doc listed next to its siblings (the docs of the same folder): after
 * the last of them, or, with none yet, at the end of the category whose index page is the
 * folder's. An index page comes in as a category linked to it, ready for its own pages.
 */
export function addToPlatformSidebar(source, {id, isIndex}, label) {
  const items = [...source.matchAll(/(?<!:\s*)'([\w-]+(?:\/[\w-]+)*)'/g)].map((m) => ({
    id: m[1],
    end: m.index + m[0].length,
  }));
  const links = [...source.matchAll(/link:\s*\{\s*type:\s*'doc',\s*id:\s*'([^']+)'\s*\}/g)].map((m) => ({
    id: m[1],
    end: m.index + m[0].length,
  }));
  if ([...items, ...links].some((i) => i.id === id)) throw new Error(`${PLATFORM_SIDEBAR} already lists ${id}`);
  const item = isIndex
    ? `{type: 'category', label: ${tsString(label)}, link: {type: 'doc', id: ${tsString(id)}}, items: []}`
    : tsString(id);
  const folder = routeFolder(id);
  const siblings = items.filter((i) => routeFolder(i.id) === folder);
  if (siblings.length) return insertAfter(source, siblings[siblings.length - 1].end, item);
  // No sibling yet: the end of the folder's category (the one its index page opens), or of the sidebar.
  let key = -1;
  if (!folder) key = source.indexOf('platformSidebar:');
  else {
    const parent = links.find((l) => l.id === `${folder}/index`);
    if (parent) key = source.indexOf('items:', parent.end);
  }
  const open = key === -1 ? -1 : source.indexOf('[', key);
  if (open !== -1) return appendToArray(source, open, item);
  throw new Error(
    `${PLATFORM_SIDEBAR} has no place for /platform/${folder}/ pages yet: ` +
      `create the section's index page first (npm run new-page -- /platform/${folder}/ "<title>")`,
  );
}

/**
 * src/api/build/sidebars/referenceSidebar.ts with a new page added to the list of pages of its section
 * (GETTING_STARTED, PYTHON, … are lists of reference('<id>', '<label>') calls; the query pages
 * are api('query/<id>', '<label>') calls): after the last page of the same folder, an index
 * page first. A new top-level section needs a category written by hand.
 */
export function addToReferenceSidebar(source, {id, isIndex, instance}, label) {
  const fn = instance === 'api' ? 'api' : 'reference';
  const calls = [...source.matchAll(/\b(reference|api)\(\s*'([^']+)'\s*,\s*'(?:[^'\\]|\\.)*'\s*\)/g)].map((m) => ({
    fn: m[1],
    id: m[2],
    start: m.index,
    end: m.index + m[0].length,
  }));
  if (calls.some((c) => c.id === id)) throw new Error(`${REFERENCE_SIDEBAR} already lists ${id}`);
  const section = id.split('/')[0];
  const same = calls.filter((c) => c.fn === fn && c.id.split('/')[0] === section);
  if (!same.length) {
    throw new Error(
      `${REFERENCE_SIDEBAR} has no section for /reference/${section}/: a new section is a new category in ` +
        'referenceSidebar(), written by hand (tests/unit/sidebars.test.ts lists the categories)',
    );
  }
  const item = `${fn}(${tsString(id)}, ${tsString(label)})`;
  if (isIndex) {
    // An index page opens the list of its folder's pages, or follows its section's pages.
    const folder = id.replace(/\/index$/, '');
    const first = same.find((c) => c.id.startsWith(`${folder}/`));
    if (first) return `${source.slice(0, first.start)}${item}, ${source.slice(first.start)}`;
    return insertAfter(source, same.at(-1).end, item);
  }
  const folder = routeFolder(id);
  const siblings = same.filter((c) => routeFolder(c.id) === folder);
  return insertAfter(source, (siblings.length ? siblings : same).at(-1).end, item);
}

/** The folder a route sits in, with slashes: `/a/b/c` and `/a/b/c/` → `/a/b/`. */
function parentRoute(route) {
  return route.replace(/\/$/, '').replace(/[^/]+$/, '');
}

/**
 * tests/routes.txt with `route` added where its neighbours are: in alphabetical order among
 * the routes of the same folder and kind (pages, or section index pages with their pages);
 * with none, a page right after its section's index, a section after its parent's routes.
 */
export function addRoute(text, route) {
  const lines = text.split('\n');
  const routes = lines.map((line, index) => ({line: line.trim(), index})).filter(({line}) => line.startsWith('/'));
  const twin = route.endsWith('/') ? route.slice(0, -1) : `${route}/`;
  const existing = routes.find(({line}) => line === route || line === twin);
  if (existing) throw new Error(`${ROUTES_FILE} already has ${existing.line}`);
  const isIndex = route.endsWith('/');
  const parent = parentRoute(route);
  // The last line of a route's block: the route itself, or a section index with every route under it.
  const blockEnd = (at) => {
    const {line, index} = routes[at];
    if (!line.endsWith('/')) return index;
    let end = at;
    while (end + 1 < routes.length && routes[end + 1].line.startsWith(line)) end++;
    return routes[end].index;
  };
  const insertAt = (index) => [...lines.slice(0, index), route, ...lines.slice(index)].join('\n');

  const siblings = routes
    .map((r, at) => ({...r, at}))
    .filter(({line}) => line !== '/' && parentRoute(line) === parent && line.endsWith('/') === isIndex);
  if (siblings.length) {
    const before = siblings.filter(({line}) => line < route);
    return before.length ? insertAt(blockEnd(before.at(-1).at) + 1) : insertAt(siblings[0].index);
  }
  if (!isIndex) {
    const overview = routes.findIndex(({line}) => line === parent);
    if (overview !== -1) return insertAt(routes[overview].index + 1);
  }
  for (let folder = parent; folder.length > 1; folder = parentRoute(folder)) {
    const under = routes.filter(({line}) => line.startsWith(folder));
    if (under.length) return insertAt(under.at(-1).index + 1);
  }
  return insertAt(routes.length ? routes.at(-1).index + 1 : lines.length);
}

/** The new page: complete front matter, and a skeleton whose TODOs say what to write. */
export function pageSource(title) {
  const frontMatter = yaml.dump(
    {
      title,
      description: 'TODO: one sentence, at most 160 characters, that says what the reader gets from this page.',
    },
    {lineWidth: -1},
  );
  return `---
${frontMatter}---

TODO: Replace every TODO on this page, and the description above, before you commit: npm run test:content fails
while one is left. CONTRIBUTING.md explains front matter, tabs, diagrams, code samples and sources.

TODO: Two or three sentences: what this page helps the reader do, and what they need before they start.

## TODO: the first task, named as a reader would search for it

TODO: Steps, code samples tagged with their language, and facts taken from a published source.
`;
}

/** The closest section index page above a route, if routes.txt has one. */
export function overviewOf(route, routes) {
  const parts = route.replace(/\/$/, '').split('/');
  for (let i = parts.length - 1; i > 1; i--) {
    const candidate = `${parts.slice(0, i).join('/')}/`;
    if (routes.includes(candidate)) return candidate;
  }
  return undefined;
}

async function formatTypeScript(source, file) {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(source, {...options, filepath: file});
}

async function main(args) {
  if (args.length !== 2 || !args[1].trim()) {
    console.error('Usage: npm run new-page -- <route> "<title>"');
    console.error('  e.g. npm run new-page -- /platform/datasets/clean-data "Clean data before upload"');
    console.error('  A route ending in / is a section index page: /platform/datasets/new-section/');
    process.exit(1);
  }
  const [route, rawTitle] = args;
  const title = rawTitle.trim().replace(/\s+/g, ' ');
  const at = (file) => path.join(ROOT, file);
  const page = pageFor(route);
  if (fs.existsSync(at(page.file))) throw new Error(`${page.file} already exists`);
  const twinFile = page.isIndex
    ? page.file.replace(/\/index\.mdx$/, '.mdx')
    : page.file.replace(/\.mdx$/, '/index.mdx');
  if (fs.existsSync(at(twinFile))) throw new Error(`${twinFile} already serves ${route.replace(/\/$/, '')}`);

  const routesText = fs.readFileSync(at(ROUTES_FILE), 'utf8');
  const newRoutes = addRoute(routesText, route);
  const sidebarText = fs.readFileSync(at(page.sidebar), 'utf8');
  const added =
    page.sidebar === PLATFORM_SIDEBAR
      ? addToPlatformSidebar(sidebarText, page, title)
      : addToReferenceSidebar(sidebarText, page, title);
  const newSidebar = await formatTypeScript(added, at(page.sidebar));

  fs.mkdirSync(path.dirname(at(page.file)), {recursive: true});
  fs.writeFileSync(at(page.file), pageSource(title), {flag: 'wx'});
  fs.writeFileSync(at(page.sidebar), newSidebar);
  fs.writeFileSync(at(ROUTES_FILE), newRoutes);

  const allRoutes = newRoutes.split('\n').filter((l) => l.startsWith('/'));
  const overview = overviewOf(route, allRoutes);
  console.log(`Created ${page.file} for ${route}`);
  console.log(`Listed it in ${page.sidebar} and ${ROUTES_FILE}`);
  console.log('\nBefore you commit:');
  console.log(
    '- Write the page and its description: the skeleton has TODO markers, which npm run test:content rejects.',
  );
  if (overview) console.log(`- Link it from its section's overview page, ${overview} (the content check requires it).`);
  console.log('- Check the sidebar position and label in the diff, then run npm run spellcheck, npm run lint:md and');
  console.log('  npm run test:content. Preview with npm start.');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(`new-page: ${error.message}`);
    process.exit(1);
  });
}
