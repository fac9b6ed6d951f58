import fs from 'node:fs/promises';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {buildSamples} from './proofs';
import {SAMPLES_PATH} from './samplesFile';

/** Publishes /samples.json: every code block of the hand-written pages and what this commit's samples run found. */
export default function samplesProofPlugin(): Plugin {
  return {
    name: 'samples-proof',
    async postBuild({outDir}) {
      await fs.writeFile(path.join(outDir, SAMPLES_PATH), `${JSON.stringify(buildSamples())}\n`);
    },
  };
}
