// Every operation of the two OpenAPI specs, with the route of its generated
// page (as docusaurus-plugin-openapi-docs derives it). CommonJS, so the content
// check, Vitest and Playwright can all load it.
const fs = require('node:fs');
const path = require('node:path');
const yaml = require('js-yaml');
const kebabCase = require('lodash/kebabCase');

const ROOT = path.resolve(__dirname, '../..');
const SPECS = [
  ['atlas-v1.yaml', '/reference/api/'],
  ['atlas-legacy.yaml', '/reference/api/legacy/'],
];

function specOperations() {
  const operations = [];
  for (const [file, base] of SPECS) {
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
        });
      }
    }
  }
  return operations;
}

module.exports = {specOperations};
