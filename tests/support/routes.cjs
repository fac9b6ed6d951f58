// The routes the site spec lists (tests/routes.txt, the project's copy).
// CommonJS, so Playwright's specs, Vitest and plain Node scripts can all load it.
const fs = require('node:fs');
const path = require('node:path');

/** Routes of tests/routes.txt, in its order. */
function specRoutes() {
  return fs
    .readFileSync(path.join(__dirname, '../routes.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
}

module.exports = {specRoutes};
