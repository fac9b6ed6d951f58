import fs from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import type {SearchRecord} from '../records';
import type {Block} from '../passages';
import {areaOf} from '../../data/sections';
import {sectionsOf} from './sections';
import {buildIndexFiles, writeStaticFiles} from './files';
import {CompileActivity} from './compileActivity';
import type {IndexHead} from '../indexFiles';
import {semanticUrls, startSemantic} from '../../ask-ai/semantic/build';
import specs from '../../api/build/specs.cjs';

const {specOperations} = specs;

function stripMarkdown(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_>#]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const FRONT_MATTER = /^---\n[\s\S]*?\n---\n/;

interface Page {
  permalink: string;
  title: string;
  description: string;
  source: string;
  frontMatter: {keywords?: string[]};
}

async function pageRecords(page: Page, siteDir: string, next: () => number): Promise<SearchRecord[]> {
  const file = path.join(siteDir, page.source.replace(/^@site\//, ''));
  const markdown = (await fs.readFile(file, 'utf8')).replace(FRONT_MATTER, '');
  const lvl0 = areaOf(page.permalink);
  let lvl2: string | undefined;
  return (await sectionsOf(markdown)).map((section) => {
    if (section.depth === 2) lvl2 = section.heading;
    const hierarchy =
      section.depth === 1
        ? {lvl0, lvl1: page.title}
        : section.depth === 2
          ? {lvl0, lvl1: page.title, lvl2: section.heading}
          : {lvl0, lvl1: page.title, lvl2, lvl3: section.heading};
    return {
      id: next(),
      url: section.anchor ? `${page.permalink}#${section.anchor}` : page.permalink,
      type: `lvl${section.depth}` as const,
      hierarchy,
      // A page's introduction falls back to its description, and carries its
      // front-matter keywords.
      content: section.depth === 1 ? section.text || page.description : section.text,
      blocks: section.depth === 1 && section.blocks.length === 0 ? [{p: page.description}] : section.blocks,
      keywords:
        [section.depth === 1 ? page.frontMatter.keywords?.join(' ') : undefined, section.code]
          .filter(Boolean)
          .join(' ') || undefined,
    };
  });
}

/** Awaited before each page and operation is read: `npm start` pauses indexing while the dev server compiles. */
type Pause = () => Promise<void>;

async function operationRecords(next: () => number, pause: Pause): Promise<SearchRecord[]> {
  const operations = specOperations();
  // Ask AI quotes an operation's description as its paragraphs, lists and tables.
  const blocks: Block[][] = [];
  for (const op of operations) {
    await pause();
    blocks.push((await sectionsOf(op.description)).flatMap((section) => section.blocks));
  }
  return operations.map((op, i) => ({
    id: next(),
    url: op.route,
    type: 'lvl1',
    hierarchy: {lvl0: op.legacy ? 'Legacy API' : 'API reference', lvl1: op.summary},
    content: `${op.method} ${op.path}. ${stripMarkdown(op.description)}`,
    keywords: [op.path, op.operationId, op.tag, ...op.parameters, ...op.bodyProperties].filter(Boolean).join(' '),
    blocks: [{p: `${op.method} \`${op.path}\``}, ...blocks[i]!],
  }));
}

/**
 * Builds the local search index from the site's own content, at `start` and
 * `build` alike: every platform and reference page, split into sections with
 * their anchors, and every operation of the OpenAPI specs (the generated API
 * pages render their content in the browser, so the specs are the better
 * source). It is written as a head (bundled, loaded with the engine), term
 * shards and text fragments (static files), which the client fetches as a
 * search needs them: src/search/indexFiles.ts, src/search/localClient.ts.
 *
 * `npm start` does not wait for it (it is most of the dev server's start at
 * 10x the pages, bench/scale.mjs): the head of an empty index is written
 * first, so search finds nothing for those seconds, and the real one replaces
 * it when ready, which the dev server picks up as a changed module. Indexing
 * runs on the thread the bundler's loaders and hooks run on, so it starts after
 * the first compile and pauses, between pages, while the dev server compiles
 * (the code of the first page a browser opens, above all).
 */
export default function searchIndexPlugin(context: LoadContext): Plugin {
  let semantic: ReturnType<typeof startSemantic> | undefined;
  // Each load of the content starts an index; only the latest may write its head.
  let latest = 0;
  // npm start: whether the dev server is compiling.
  const activity = new CompileActivity();
  return {
    name: 'search-index',
    configureWebpack(config, isServer) {
      if (isServer || config.mode !== 'development') return {};
      return {plugins: [activity]};
    },
    async allContentLoaded({allContent, actions}) {
      const docsInstances = Object.values(allContent['docusaurus-plugin-content-docs'] ?? {}) as DocsContent[];
      const pages = docsInstances
        .flatMap((instance) => instance.loadedVersions.flatMap((version) => version.docs))
        // Generated operation pages are indexed from the specs below.
        .filter((doc) => !doc.frontMatter.api);
      // Undefined when a newer load of the content started meanwhile (npm start).
      const index = async ({
        current = () => true,
        pause = async () => {},
      }: {current?: () => boolean; pause?: Pause} = {}): Promise<IndexHead | undefined> => {
        let id = 0;
        const next = () => id++;
        const records: SearchRecord[] = [];
        for (const page of pages) {
          await pause();
          records.push(...(await pageRecords(page, context.siteDir, next)));
        }
        records.push(...(await operationRecords(next, pause)));
        const files = buildIndexFiles(records, {baseUrl: context.baseUrl});
        if (!current()) return undefined;
        await writeStaticFiles(context.siteDir, files);
        // Ask AI's vectors of the same records, encoded while the site is bundled.
        semantic = startSemantic(context.siteDir, records, context.baseUrl, files.head.version);
        return files.head;
      };
      // The two data modules the browser imports: the head, and where Ask AI finds the same version's vectors.
      const dataOf = (head: IndexHead) => [
        JSON.stringify(head),
        JSON.stringify(semanticUrls(context.baseUrl, head.version)),
      ];
      const write = async (head: IndexHead) => {
        const [headData, semanticData] = dataOf(head);
        return Promise.all([
          actions.createData('search-head.json', headData!),
          actions.createData('ask-semantic.json', semanticData!),
        ]);
      };
      if (process.env.NODE_ENV !== 'development') {
        await write((await index())!);
        return;
      }
      const run = ++latest;
      const started = performance.now();
      // The dev server watches the files createData wrote: the real index replaces them in place.
      const files = await write(buildIndexFiles([], {baseUrl: context.baseUrl}).head);
      void index({current: () => run === latest, pause: () => activity.quiet()}).then(
        async (head) => {
          if (!head || run !== latest) return;
          await Promise.all(dataOf(head).map((data, i) => fs.writeFile(files[i]!, data)));
          console.log(
            `[search] index ready: ${pages.length} pages in ${((performance.now() - started) / 1000).toFixed(1)} s`,
          );
        },
        (error: unknown) => console.error('[search] the index could not be built; search finds nothing:', error),
      );
    },
    async postBuild({outDir}) {
      await semantic?.finish(outDir);
    },
  };
}
