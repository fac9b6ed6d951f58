import fs from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import type {SearchRecord} from '../records';
import {areaOf} from '../../data/sections';
import {sectionsOf} from './sections';
import {buildIndexFiles, writeStaticFiles} from './files';
import {startSemantic} from '../../ask-ai/semantic/build';
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

async function operationRecords(next: () => number): Promise<SearchRecord[]> {
  const operations = specOperations();
  // Ask AI quotes an operation's description as its paragraphs, lists and tables.
  const blocks = await Promise.all(
    operations.map(async (op) => (await sectionsOf(op.description)).flatMap((section) => section.blocks)),
  );
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
 */
export default function searchIndexPlugin(context: LoadContext): Plugin {
  let semantic: ReturnType<typeof startSemantic> | undefined;
  return {
    name: 'search-index',
    async allContentLoaded({allContent, actions}) {
      let id = 0;
      const next = () => id++;
      const docsInstances = Object.values(allContent['docusaurus-plugin-content-docs'] ?? {}) as DocsContent[];
      const pages = docsInstances
        .flatMap((instance) => instance.loadedVersions.flatMap((version) => version.docs))
        // Generated operation pages are indexed from the specs below.
        .filter((doc) => !doc.frontMatter.api);
      const records: SearchRecord[] = [];
      for (const page of pages) records.push(...(await pageRecords(page, context.siteDir, next)));
      records.push(...(await operationRecords(next)));
      const files = buildIndexFiles(records, {baseUrl: context.baseUrl});
      await writeStaticFiles(context.siteDir, files);
      await actions.createData('search-head.json', JSON.stringify(files.head));
      // Ask AI's vectors of the same records, encoded while the site is bundled.
      semantic = startSemantic(context.siteDir, records, context.baseUrl, files.head.version);
      await actions.createData('ask-semantic.json', JSON.stringify(semantic.urls));
    },
    async postBuild({outDir}) {
      await semantic?.finish(outDir);
    },
  };
}
