import type {IndexHead} from '../search/indexFiles';
import type {SpecFile} from '../api/build/specs.cjs';

/** Where a program finds what the build made for it (written by ./build/plugin.ts). */
export const MANIFEST_PATH = '/agents.json';

/** `/agents.json`: the site's address, its search index's head, its API specs and its samples' results. */
export interface AgentsManifest {
  siteUrl: string;
  title: string;
  /** The search index's head; its `base` is where the index's other files are. */
  search: IndexHead;
  /** The OpenAPI specs as the site serves them. */
  specs: (Omit<SpecFile, 'file'> & {path: string})[];
  /** /samples.json: every code block's proof. */
  samples: string;
}
