import {existsSync, readFileSync} from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {Plugin} from '@docusaurus/types';
import {buildSamples, missingLabels} from './proofs';
import {resultsReady, SAMPLES_PATH} from './samplesFile';

/** Publishes /samples.json: every code block of the hand-written pages and what this commit's samples run found. */
export default function samplesProofPlugin(): Plugin {
  return {
    name: 'samples-proof',
    // With SAMPLES_AWAIT_RESULTS=1, before any page compiles (see resultsReady).
    loadContent: () => resultsReady(),
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
      const samples = buildSamples();
      await fs.writeFile(path.join(outDir, SAMPLES_PATH), `${JSON.stringify(samples)}\n`);
      // Every label the results give must be on its page: a page compiled without them fails the build.
      const missing = missingLabels(samples, (page) => {
        const file = path.join(outDir, page, 'index.html');
        return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
      });
      if (missing.length)
        throw new Error(
          `samples-proof: pages built without the labels of this commit's samples results (${missing.length}): ${missing.slice(0, 5).join('; ')}`,
        );
    },
  };
}
