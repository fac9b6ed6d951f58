// The code samples of the hand-written pages, by kind: Python blocks, TypeScript
// blocks, and the curl commands of shell blocks that call the Atlas API. A
// block that cannot run says why in its fence: ```python norun="needs a GPU".
// A block the page has the reader save as a file names it (`title="predict.py"`,
// which Docusaurus shows above the block) and, if the page runs it with
// arguments, gives them (`args="photos/a.jpg"`).
import fs from 'node:fs';
import {pages, parsePage} from '../content/check-content.mjs';
import {curlCommands} from '../support/curl.mjs';

const ATLAS_API = /https:\/\/api-atlas\.nomic\.ai\//;

/** A `key="value"` of a fence's info string, or undefined. */
export function metaValue(meta, key) {
  const match = new RegExp(`(?:^|\\s)${key}="([^"]*)"`).exec(meta ?? '');
  return match ? match[1] : undefined;
}

/** The kind a block runs as, or undefined for blocks that are not samples. */
export function kindOf(block) {
  if (block.lang === 'python') return 'python';
  if (block.lang === 'typescript' || block.lang === 'tsx') return 'typescript';
  if ((block.lang === 'bash' || block.lang === 'shell') && curlCommands(block.code).some((c) => ATLAS_API.test(c)))
    return 'curl';
  return undefined;
}

/**
 * Every page with samples, in route order:
 * `{route, file, samples: [{kind, lang, meta, code, line, norun, title, args}]}`;
 * `line` is the fence's line in the file.
 */
export function samplePages() {
  return [...pages()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([route, file]) => {
      const {blocks} = parsePage(fs.readFileSync(file, 'utf8'));
      const samples = blocks
        .map((block) => ({
          ...block,
          kind: kindOf(block),
          norun: metaValue(block.meta, 'norun'),
          title: metaValue(block.meta, 'title'),
          args: metaValue(block.meta, 'args'),
        }))
        .filter((block) => block.kind);
      return {route, file, samples};
    })
    .filter((page) => page.samples.length);
}
