import fs from 'node:fs/promises';
import path from 'node:path';
import {MANIFEST_PATH, type AgentsManifest} from './manifest';

/** The built site the server answers from: a build folder or the deployed site, read the same way. */
export interface Site {
  /** Where it was read from, as given. */
  source: string;
  manifest: AgentsManifest;
  /** A file of the site by its path (`/platform/quick-start.md`), or undefined when the site has none there. */
  read(pathname: string): Promise<string | undefined>;
}

/** The site cannot be read at all: a folder with no build, a URL that does not answer. */
export class SiteError extends Error {
  override name = 'SiteError';
}

function folderReader(dir: string): Site['read'] {
  const root = path.resolve(dir);
  return async (pathname) => {
    const file = path.resolve(root, `.${pathname}`);
    // A path that leaves the folder is no file of the site.
    if (file !== root && !file.startsWith(`${root}${path.sep}`)) return undefined;
    try {
      return await fs.readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR')
        return undefined;
      throw error;
    }
  };
}

function urlReader(base: URL): Site['read'] {
  return async (pathname) => {
    const url = new URL(pathname, base);
    let response: Response;
    try {
      response = await fetch(url, {headers: {accept: 'text/markdown, application/json, text/plain;q=0.9, */*;q=0.5'}});
    } catch (error) {
      throw new SiteError(`${url} did not answer: ${(error as Error).message}`);
    }
    if (response.status === 404) return undefined;
    if (!response.ok) throw new SiteError(`${url} answered HTTP ${response.status}`);
    return response.text();
  };
}

/** Opens a build folder (`build/`) or a deployed site (`https://docs.nomic.ai`), reading its /agents.json. */
export async function openSite(source: string): Promise<Site> {
  const remote = /^https?:\/\//i.test(source);
  const read = remote ? urlReader(new URL(source.endsWith('/') ? source : `${source}/`)) : folderReader(source);
  const text = await read(MANIFEST_PATH);
  if (text === undefined)
    throw new SiteError(
      remote
        ? `${source} has no ${MANIFEST_PATH}: it is not a build of these docs, or one from before the MCP server`
        : `${path.resolve(source)} has no ${MANIFEST_PATH.slice(1)}: build the site first (npm run build)`,
    );
  return {source, manifest: JSON.parse(text) as AgentsManifest, read};
}
