import type {Code, Root} from 'mdast';
import {visit} from 'unist-util-visit';
import {blockHash} from '../hash';
import {labelsByHash} from './proofs';

let labels: Map<string, string> | undefined;

/**
 * Adds each code block's proof to its info string (`proof="Tested in CI with nomic 3.9.0"`), which the CodeBlock
 * shows under the block: only for a block whose very text this commit's samples run passed, or one declared not
 * run (its reason). Server-rendered markup only; no data reaches the browser's bundle.
 */
export default function remarkSampleProofs() {
  return (tree: Root) => {
    // Read once per build, after the results are in (./plugin.ts waits for them before pages compile).
    const byHash = (labels ??= labelsByHash());
    visit(tree, 'code', (node: Code) => {
      const label = byHash.get(blockHash(node.value));
      if (label) node.meta = `${node.meta ?? ''} proof="${label.replace(/"/g, "'")}"`.trim();
    });
  };
}
