// Every operation of the two OpenAPI specs, with the route of its generated
// page (as docusaurus-plugin-openapi-docs derives it) and the words a reader
// might search it by. CommonJS, so the search index, the content check,
// Vitest and Playwright can all load it.
const fs = require('node:fs');
const path = require('node:path');
const yaml = require('js-yaml');
const kebabCase = require('lodash/kebabCase');

const ROOT = path.resolve(__dirname, '../../..');
const SPECS = [
  {file: 'atlas-v1.yaml', base: '/reference/api/', legacy: false},
  {file: 'atlas-legacy.yaml', base: '/reference/api/legacy/', legacy: true},
];

/** Follows a local `$ref` once. */
function resolve(spec, node) {
  if (!node || !node.$ref) return node;
  return node.$ref
    .slice(2)
    .split('/')
    .reduce((o, key) => (o ? o[key] : undefined), spec);
}

function bodyProperties(spec, op) {
  const content = resolve(spec, op.requestBody)?.content ?? {};
  return Object.values(content).flatMap((media) => Object.keys(resolve(spec, media.schema)?.properties ?? {}));
}

function specOperations() {
  const operations = [];
  for (const {file, base, legacy} of SPECS) {
    const spec = yaml.load(fs.readFileSync(path.join(ROOT, 'openapi', file), 'utf8'));
    for (const [apiPath, ops] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!op || !op.operationId) continue;
        const security = op.security ?? spec.security ?? [];
        operations.push({
          method: method.toUpperCase(),
          path: apiPath,
          route: base + kebabCase(op.operationId),
          secured: security.some((requirement) => Object.keys(requirement).length > 0),
          legacy,
          operationId: op.operationId,
          summary: op.summary ?? op.operationId,
          description: op.description ?? '',
          tag: op.tags?.[0],
          parameters: (op.parameters ?? []).map((p) => resolve(spec, p)?.name).filter(Boolean),
          bodyProperties: bodyProperties(spec, op),
        });
      }
    }
  }
  return operations;
}

module.exports = {specOperations};
