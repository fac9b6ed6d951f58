import fs from 'node:fs';
import path from 'node:path';
import type {Code, Root} from 'mdast';
import {visit} from 'unist-util-visit';
import {blockHash} from '../hash';
import {labelsByHash} from './proofs';
import {RESULTS_FILE} from './samplesFile';

let labels: Promise<Map<string, string>> | undefined;

/**
 * With SAMPLES_AWAIT_RESULTS=1 (tests/run-all.sh, whose build starts beside the samples run), the pages wait for
 * that run's results: the file appears, renamed into place whole, when the run ends. The rest of the build (its
 * content, the search index, Ask AI's vectors) goes on meanwhile.
 */
function resultsReady(): Promise<void> {
  if (process.env.SAMPLES_AWAIT_RESULTS !== '1' || fs.existsSync(RESULTS_FILE)) return Promise.resolve();
  return new Promise((resolve) => {
    const watcher = fs.watch(path.dirname(RESULTS_FILE), () => {
      if (!fs.existsSync(RESULTS_FILE)) return;
      watcher.close();
      resolve();
    });
    // Written between the check above and the watch starting.
    if (fs.existsSync(RESULTS_FILE)) {
      watcher.close();
      resolve();
    }
  });
}

/**
 * Adds each code block's proof to its info string (`proof="Tested in CI with nomic 3.9.0"`), which the CodeBlock
 * shows under the block: only for a block whose very text this commit's samples run passed, or one declared not
 * run (its reason). Server-rendered markup only; no data reaches the browser's bundle.
 */
export default function remarkSampleProofs() {
  return async (tree: Root) => {
    labels ??= resultsReady().then(() => labelsByHash());
    const byHash = await labels;
    visit(tree, 'code', (node: Code) => {
      const label = byHash.get(blockHash(node.value));
      if (label) node.meta = `${node.meta ?? ''} proof="${label.replace(/"/g, "'")}"`.trim();
    });
  };
}
