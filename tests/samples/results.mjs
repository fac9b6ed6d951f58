// What a samples run leaves for the build: each block's results, keyed by the block's text (src/samples-proof).
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {samplesNomic} from '../../src/llms/notebook';
import {blockHash} from '../../src/samples-proof/hash';
import {currentCommit, RESULTS_FILE} from '../../src/samples-proof/build/samplesFile';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What the samples ran against: the pinned nomic of the samples, the TypeScript client. */
async function versions() {
  const atlas = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/@nomic-ai/atlas/package.json'), 'utf8'));
  return {
    nomic: await samplesNomic(ROOT),
    '@nomic-ai/atlas': atlas.version,
  };
}

/** Writes RESULTS_FILE: every result that names a block of a page, with that block's hash. */
export async function saveResults(pages, results, file = RESULTS_FILE) {
  const blocks = new Map(pages.flatMap((page) => page.blocks.map((b) => [`${page.route}\n${b.line}`, b])));
  const saved = results.flatMap((r) => {
    const block = blocks.get(`${r.route}\n${r.line}`);
    if (!block) return [];
    return [{route: r.route, line: r.line, kind: r.kind, hash: blockHash(block.code), status: r.status}];
  });
  // Whole or not at all: a build may be waiting for the file to appear (src/samples-proof/build/remark.ts).
  fs.writeFileSync(
    `${file}.partial`,
    `${JSON.stringify({commit: currentCommit(), versions: await versions(), results: saved})}\n`,
  );
  fs.renameSync(`${file}.partial`, file);
}
