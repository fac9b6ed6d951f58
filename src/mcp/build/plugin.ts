import fs from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {HEAD_FILE} from '../../search/build/files';
import {MANIFEST_PATH, type AgentsManifest} from '../manifest';
import {SPECS} from '../../api/build/specs.cjs';
import {SAMPLES_PATH} from '../../samples-proof/build/samplesFile';

/**
 * Writes `/agents.json`, which the docs' MCP server (src/mcp) reads from a build folder or the deployed site: the
 * site's URL, the search index's head (the browser has it in a bundled chunk; a program needs it as a file), and
 * where the specs and the samples' results are. Browsers never fetch it.
 */
export default function agentsManifestPlugin(context: LoadContext): Plugin {
  return {
    name: 'agents-manifest',
    async postBuild({outDir, siteConfig}) {
      const manifest: AgentsManifest = {
        siteUrl: `${siteConfig.url}${siteConfig.baseUrl}`.replace(/\/$/, ''),
        title: siteConfig.title,
        search: JSON.parse(await fs.readFile(path.join(context.siteDir, HEAD_FILE), 'utf8')),
        specs: SPECS.map(({name, file, base, docPrefix, legacy}) => ({
          name,
          path: `${context.baseUrl}${path.basename(file)}`,
          base,
          docPrefix,
          legacy,
        })),
        samples: `${context.baseUrl}${SAMPLES_PATH.replace(/^\//, '')}`,
      };
      await fs.writeFile(path.join(outDir, MANIFEST_PATH), `${JSON.stringify(manifest)}\n`);
    },
  };
}
