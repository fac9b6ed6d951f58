// A pre-loader on the pages' MDX: each page depends on the samples' results file, so Rspack's persistent cache
// compiles a page again (and its labels, ./remark.ts) when the results change, appear or go.
const path = require('node:path');
const fs = require('node:fs');

const RESULTS_FILE = path.resolve(__dirname, '../../../.samples-results.json');

module.exports = function dependsOnResults(source) {
  if (fs.existsSync(RESULTS_FILE)) this.addDependency(RESULTS_FILE);
  else this.addMissingDependency(RESULTS_FILE);
  return source;
};
module.exports.RESULTS_FILE = RESULTS_FILE;
