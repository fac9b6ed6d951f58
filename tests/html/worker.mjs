// A worker thread of ./check-html.mjs: checks its share of the built files.
import fs from 'node:fs';
import path from 'node:path';
import {parentPort, workerData} from 'node:worker_threads';
import {twinOf} from '../../scripts/static-server.mjs';
import {checkFile} from './page-checks.mjs';

const {dir, files, operations, factsOnly} = workerData;
for (const file of files) {
  const html = fs.readFileSync(path.join(dir, file.file), 'utf8');
  // An API page's twin (its URL plus .md), which the twin check compares with the page.
  const twinFile = operations[file.route] && path.join(dir, twinOf(file.route));
  const twin = twinFile && fs.existsSync(twinFile) ? fs.readFileSync(twinFile, 'utf8') : undefined;
  try {
    parentPort.postMessage({
      file: file.file,
      ...(await checkFile({...file, html, twin}, {operation: operations[file.route], factsOnly})),
    });
  } catch (error) {
    parentPort.postMessage({
      file: file.file,
      facts: {ids: [], links: [], scripts: []},
      findings: [{check: 'checker', message: `could not be checked: ${error.stack ?? error}`}],
    });
  }
}
