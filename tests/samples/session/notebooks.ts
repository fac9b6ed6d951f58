// The notebook twin of a page as the build makes it (src/llms/notebook.ts), for the samples to run:
// made from the page's source here, so the samples need no build first.
import fs from 'node:fs';
import path from 'node:path';
import {hasNotebook} from '../../../src/llms/frontMatter';
import {notebookOf, samplesNomic, type Notebook} from '../../../src/llms/notebook';
import {parsePage} from '../../content/check-content.mjs';
import {readerSetup} from '../prerequisites.mjs';

const ROOT = path.resolve(__dirname, '../../..');
// Links in the prose do not change what the cells run.
const SITE = 'https://docs.nomic.ai';

/** `notebookFor(page)`: a page's notebook twin, or undefined for a page without one. */
export async function notebookMaker(): Promise<(page: {route: string; file: string}) => Notebook | undefined> {
  const nomic = await samplesNomic(ROOT);
  return ({route, file}) => {
    const source = fs.readFileSync(file, 'utf8');
    const {frontMatter, body} = parsePage(source) as unknown as {frontMatter: Record<string, unknown>; body: string};
    if (!hasNotebook(body, frontMatter)) return undefined;
    return notebookOf({
      title: String(frontMatter.title ?? route),
      description: typeof frontMatter.description === 'string' ? frontMatter.description : undefined,
      source,
      file,
      permalinkOf: () => undefined,
      url: `${SITE}${route}`,
      siteUrl: SITE,
      nomic,
      reader: readerSetup(route),
    });
  };
}
