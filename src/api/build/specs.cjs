// The one module that reads openapi/atlas-v1.yaml and openapi/atlas-legacy.yaml.
// Every other reader (page generation's config, the sidebars, the search
// index, the content check, the unit and browser tests) takes the specs and
// what is derived from them from here: each operation's page id and route (as
// docusaurus-plugin-openapi-docs derives them), its tag, and the words a reader
// might search it by. CommonJS, so plain Node scripts, Docusaurus, Vitest and
// Playwright can all load it.
const fs = require('node:fs');
const path = require('node:path');
const yaml = require('js-yaml');
const kebabCase = require('lodash/kebabCase');

const ROOT = path.resolve(__dirname, '../../..');

/**
 * The specs, with where their pages go. `docPrefix` is the folder of the
 * generated pages within the `api` docs instance.
 */
const SPECS = [
  {name: 'v1', file: 'openapi/atlas-v1.yaml', base: '/reference/api/', docPrefix: '', legacy: false},
  {
    name: 'legacy',
    file: 'openapi/atlas-legacy.yaml',
    base: '/reference/api/legacy/',
    docPrefix: 'legacy/',
    legacy: true,
  },
];

// Marks an operation whose page is hand-written; its value is that page's route.
const DOCS_PAGE = 'x-docs-page';

// The order the OpenAPI plugin (and the sidebars) walk a path's operations in.
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

/** Follows a local `$ref` once. */
function resolve(spec, node) {
  if (!node || !node.$ref) return node;
  return node.$ref
    .slice(2)
    .split('/')
    .reduce((o, key) => (o ? o[key] : undefined), spec);
}

/** Local `$ref`s replaced by what they point at, as the OpenAPI plugin does before pages see them. */
function dereference(node, root, seen = []) {
  if (Array.isArray(node)) return node.map((n) => dereference(n, root, seen));
  if (!node || typeof node !== 'object') return node;
  if (node.$ref) {
    if (seen.includes(node.$ref)) return {};
    return dereference(resolve(root, node), root, [...seen, node.$ref]);
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, dereference(v, root, seen)]));
}

/** The id the OpenAPI plugin gives the page generated from a spec's info. */
function infoId(spec) {
  return kebabCase(spec.info.title.replace(' ', '-').toLowerCase());
}

function bodyProperties(spec, op) {
  const content = resolve(spec, op.requestBody)?.content ?? {};
  return Object.values(content).flatMap((media) => Object.keys(resolve(spec, media.schema)?.properties ?? {}));
}

/**
 * One spec, parsed (`spec`), with what is derived from it: the id of its info page, its tag names in order, its
 * operations (those with a generated page), and `handWritten`: the operations documented on a hand-written page
 * instead (`x-docs-page`). Pure, so a program that fetched the spec from the site (src/mcp) derives the same.
 */
function describeSpec(meta, spec) {
  const operations = [];
  const handWritten = [];
  for (const [apiPath, ops] of Object.entries(spec.paths)) {
    for (const method of HTTP_METHODS) {
      const op = ops[method];
      if (!op || !op.operationId) continue;
      // Documented on a hand-written page (`x-docs-page: <its route>`): the mock and the
      // tests read the operation from the spec, but it gets no generated page, sidebar
      // entry or search-index entry of its own (generate.mjs removes its page).
      const security = op.security ?? spec.security ?? [];
      const secured = security.some((requirement) => Object.keys(requirement).length > 0);
      if (op[DOCS_PAGE]) {
        handWritten.push({
          method: method.toUpperCase(),
          path: apiPath,
          operationId: op.operationId,
          secured,
          route: op[DOCS_PAGE],
          generatedDocId: meta.docPrefix + kebabCase(op.operationId),
        });
        continue;
      }
      const slug = kebabCase(op.operationId);
      operations.push({
        method: method.toUpperCase(),
        path: apiPath,
        route: meta.base + slug,
        // The page's doc id in the `api` docs instance.
        docId: meta.docPrefix + slug,
        secured,
        legacy: meta.legacy,
        operationId: op.operationId,
        summary: op.summary ?? op.operationId,
        description: op.description ?? '',
        tag: op.tags?.[0],
        parameters: (op.parameters ?? []).map((p) => resolve(spec, p)?.name).filter(Boolean),
        bodyProperties: bodyProperties(spec, op),
      });
    }
  }
  return {
    ...meta,
    spec,
    infoId: infoId(spec),
    tags: (spec.tags ?? []).map((t) => t.name),
    operations,
    handWritten,
  };
}

let loaded;

/** Both specs, read and described once per process (`describeSpec`). */
function loadSpecs() {
  loaded ??= SPECS.map((meta) => describeSpec(meta, yaml.load(fs.readFileSync(path.join(ROOT, meta.file), 'utf8'))));
  return loaded;
}

/** Every operation of both specs that has a generated page, v1 first. */
function specOperations() {
  return loadSpecs().flatMap((s) => s.operations);
}

/** One spec by name (`v1` or `legacy`). */
function loadSpec(name) {
  const found = loadSpecs().find((s) => s.name === name);
  if (!found) throw new Error(`No spec named ${name}`);
  return found;
}

module.exports = {SPECS, HTTP_METHODS, describeSpec, loadSpecs, loadSpec, specOperations, dereference};
