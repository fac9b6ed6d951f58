import fs from 'node:fs/promises';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {Plugin} from '@docusaurus/types';
import {buildSamples} from './proofs';
import {SAMPLES_PATH} from './samplesFile';

/** Publishes /samples.json: every code block of the hand-written pages and what this commit's samples run found. */
export default function samplesProofPlugin(): Plugin {
  return {
    name: 'samples-proof',
    // The labels depend on the results file, which no page imports: a pre-loader tells the bundler so.
    configureWebpack() {
      return {
        module: {
          rules: [
            {
              test: (file: string) => /\.mdx?$/.test(file),
              enforce: 'pre' as const,
              use: [path.join(path.dirname(fileURLToPath(import.meta.url)), 'dependsOnResults.cjs')],
            },
          ],
        },
      };
    },
    async postBuild({outDir}) {
      await fs.writeFile(path.join(outDir, SAMPLES_PATH), `${JSON.stringify(buildSamples())}\n`);
    },
  };
}
