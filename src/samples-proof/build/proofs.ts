import {pageFences} from '../../../tests/samples/fences.mjs';
import type {BlockProof, SamplesFile} from '../types';
import {currentCommit, readSavedResults, samplesFile} from './samplesFile';

let loaded: SamplesFile | undefined;

/** This build's /samples.json, worked out once per process (the pages' fences and the saved results). */
export function buildSamples(): SamplesFile {
  loaded ??= samplesFile(pageFences(), readSavedResults(), currentCommit());
  return loaded;
}

/** What a block's label says, or undefined for none: only a block this commit's samples run passed, or a declared one. */
export function labelOf(proof: BlockProof, versions: Record<string, string>): string | undefined {
  if (proof.status === 'declared') return proof.reason ? `Not run in CI: ${proof.reason}` : undefined;
  if (proof.status !== 'passed') return undefined;
  if (proof.kind === 'typescript') return `Type-checked in CI with @nomic-ai/atlas ${versions['@nomic-ai/atlas']}`;
  if (proof.kind === 'json') return 'Checked in CI against the API spec';
  if (proof.kind === 'signature') return `Checked in CI against nomic ${versions.nomic}`;
  // Run against the real client and fakes (a SQL block in its dialect's parser only: `checked`).
  return proof.how === 'ran' ? `Tested in CI with nomic ${versions.nomic}` : 'Checked in CI';
}

/** Labels by block text (blockHash): a text that appears on several pages gets one only when every copy has it. */
export function labelsByHash(samples: SamplesFile = buildSamples()): Map<string, string> {
  const labels = new Map<string, string | undefined>();
  for (const proof of samples.blocks) {
    const label = labelOf(proof, samples.versions);
    labels.set(proof.hash, labels.has(proof.hash) && labels.get(proof.hash) !== label ? undefined : label);
  }
  return new Map([...labels].filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/**
 * Pages whose built HTML shows fewer proof labels than `samples` gives their blocks, with both counts: pages
 * compiled without the results they should show (a bundler cache reused from a build that had none, say).
 * `html` reads a page's built HTML by its route.
 */
export function missingLabels(samples: SamplesFile, html: (page: string) => string | undefined): string[] {
  const labels = labelsByHash(samples);
  const expected = new Map<string, number>();
  for (const {page, hash} of samples.blocks) if (labels.has(hash)) expected.set(page, (expected.get(page) ?? 0) + 1);
  return [...expected].flatMap(([page, count]) => {
    const shown = (html(page) ?? '').split('class="code-proof"').length - 1;
    return shown < count ? [`${page}: ${shown} of ${count} labels`] : [];
  });
}
