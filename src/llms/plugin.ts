import fs from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import {areaOf} from '../data/sections';
import {apiMarkdown, type ApiOperation} from './apiMarkdown';
import {mdxToMarkdown, type MarkdownPage} from './mdxToMarkdown';
import {llmsTxt, type TwinPage} from './llmsTxt';
import {notebookOf, samplesNomic, type Notebook} from './notebook';
// What each page tells its reader to bring, as the samples run it with (tests/samples/README.md).
import {readerSetup} from '../../tests/samples/prerequisites.mjs';
import {notebookPath, twinPath} from './twinPath';
import {absoluteLinks, llmsPointer} from './absoluteLinks';
import {escapeHtml} from '../shared/html';

type Doc = DocsContent['loadedVersions'][number]['docs'][number];
type SidebarItem = {type: string; id?: string; items?: SidebarItem[]; link?: {type: string; id?: string}};
type PagesContent = {type: 'jsx' | 'mdx'; permalink: string; source: string; title?: string; description?: string}[];

/** Doc ids in the order their sidebars show them. */
function sidebarOrder(items: SidebarItem[]): string[] {
  return items.flatMap((item) => [
    ...(item.type === 'doc' || item.type === 'ref' ? [item.id!] : []),
    ...(item.link?.type === 'doc' ? [item.link.id!] : []),
    ...sidebarOrder(item.items ?? []),
  ]);
}

function orderedDocs(instance: DocsContent): Doc[] {
  const version = instance.loadedVersions[0]!;
  const order = Object.values(version.sidebars as unknown as Record<string, SidebarItem[]>).flatMap(sidebarOrder);
  const rank = (doc: Doc) => {
    const i = order.indexOf(doc.id);
    return i === -1 ? order.length : i;
  };
  return [...version.docs].sort((a, b) => rank(a) - rank(b));
}

/** Where pages' sources are: a source's file, and the permalink of a doc linked by its file. */
type Sources = {fileOf: (source: string) => string; permalinkOf: (file: string) => string | undefined};

function sourcesOf(siteDir: string, docs: Doc[]): Sources {
  const fileOf = (source: string) => path.join(siteDir, source.replace(/^@site\//, ''));
  const permalinkByFile = new Map(docs.map((doc) => [fileOf(doc.source), doc.permalink]));
  return {fileOf, permalinkOf: (file) => permalinkByFile.get(file)};
}

/** A doc, and for a hand-written one its source, read once for both its twins (Markdown and notebook). */
type SourcedDoc = {doc: Doc; page?: MarkdownPage};

async function sourcedDocs(docs: Doc[], {fileOf, permalinkOf}: Sources): Promise<SourcedDoc[]> {
  return Promise.all(
    docs.map(async (doc) => {
      if (doc.frontMatter.api) return {doc};
      const file = fileOf(doc.source);
      const source = await fs.readFile(file, 'utf8');
      return {doc, page: {title: doc.title, description: doc.description, source, file, permalinkOf}};
    }),
  );
}

/** Every page's twin: hand-written pages from their source, API pages from their operation. */
async function twinPages(
  docs: SourcedDoc[],
  sitePages: PagesContent,
  {fileOf, permalinkOf}: Sources,
): Promise<TwinPage[]> {
  const twins: TwinPage[] = docs.map(({doc, page}) => ({
    url: doc.permalink,
    title: doc.title,
    description: doc.description,
    area: areaOf(doc.permalink),
    markdown: page ? mdxToMarkdown(page) : apiMarkdown(doc.title, doc.frontMatter.api as ApiOperation),
  }));
  // Pages of the pages plugin written in Markdown (the privacy page); the
  // home page's twin is the site's summary (llms.txt).
  for (const page of sitePages.filter((p) => p.type === 'mdx')) {
    const file = fileOf(page.source);
    const source = await fs.readFile(file, 'utf8');
    const title = page.title ?? path.basename(file).replace(/\.mdx?$/, '');
    twins.push({
      url: page.permalink,
      title,
      description: page.description ?? '',
      area: 'About these docs',
      markdown: mdxToMarkdown({title, description: page.description, source, file, permalinkOf}),
    });
  }
  return twins;
}

/** The notebook twin of every hand-written doc with Python, by the path it is served at. */
async function notebooks(siteDir: string, docs: SourcedDoc[], siteUrl: string): Promise<Map<string, Notebook>> {
  const nomic = await samplesNomic(siteDir);
  const made = new Map<string, Notebook>();
  for (const {doc, page} of docs) {
    if (!page || !(doc.frontMatter as {notebook?: boolean}).notebook) continue;
    const reader = readerSetup(doc.permalink);
    const notebook = notebookOf({...page, url: `${siteUrl}${doc.permalink}`, siteUrl, nomic, reader});
    // The page's Copy menu links to it (frontMatter.ts): a page marked must have one.
    if (!notebook) throw new Error(`${doc.source}: marked for a notebook, but it has no Python block to make one of`);
    made.set(notebookPath(doc.permalink), notebook);
  }
  return made;
}

/**
 * Markdown for readers that are programs: a twin of every page at its URL
 * plus `.md`, `/llms.txt` (llmstxt.org: a summary, then every page by
 * section) and `/llms-full.txt` (every twin in one file). Made from the
 * pages' sources and, for API pages, from their operations in the specs —
 * in postBuild only, so `npm start` and its reloads do none of this work.
 */
export default function llmsPlugin(context: LoadContext): Plugin {
  let docs: Doc[] = [];
  let sitePages: PagesContent = [];
  const siteUrl = `${context.siteConfig.url}${context.siteConfig.baseUrl}`.replace(/\/$/, '');
  return {
    name: 'llms-txt',
    // Near the top of every page's HTML, where agents converting it look first: static markup, no script.
    // Hidden from assistive technology too: it is for programs, and would be noise before the skip link.
    injectHtmlTags() {
      return {
        preBodyTags: [
          `<p class="sr-only" aria-hidden="true">${escapeHtml(llmsPointer(siteUrl).replace(/^> /, '').replace(/`/g, ''))}</p>`,
        ],
      };
    },
    async allContentLoaded({allContent}) {
      const docsInstances = Object.values(allContent['docusaurus-plugin-content-docs'] ?? {}) as DocsContent[];
      docs = docsInstances.flatMap(orderedDocs);
      sitePages = (allContent['docusaurus-plugin-content-pages']?.default ?? []) as PagesContent;
    },
    async postBuild({outDir, siteConfig}) {
      const sources = sourcesOf(context.siteDir, docs);
      const sourced = await sourcedDocs(docs, sources);
      const pages = (await twinPages(sourced, sitePages, sources)).map((page) => ({
        ...page,
        markdown: absoluteLinks(page.markdown, siteUrl, page.url),
      }));
      const ipynb = await notebooks(context.siteDir, sourced, siteUrl);
      const {index, full} = llmsTxt(siteConfig, pages);
      const write = async (url: string, text: string) => {
        const file = path.join(outDir, url);
        await fs.mkdir(path.dirname(file), {recursive: true});
        await fs.writeFile(file, text);
      };
      await Promise.all([
        ...pages.map((page) => write(twinPath(page.url), `${llmsPointer(siteUrl)}\n\n${page.markdown}`)),
        write('/index.md', index),
        write('/llms.txt', index),
        write('/llms-full.txt', full),
        ...[...ipynb].map(([url, notebook]) => write(url, `${JSON.stringify(notebook, null, 1)}\n`)),
      ]);
    },
  };
}
