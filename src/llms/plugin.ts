import fs from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import {areaOf} from '../data/sections';
import {apiMarkdown, type ApiOperation} from './apiMarkdown';
import {mdxToMarkdown} from './mdxToMarkdown';
import {llmsTxt, type TwinPage} from './llmsTxt';
import {notebookOf, samplesNomic, type Notebook} from './notebook';
import {notebookPath, twinPath} from './twinPath';

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

/** Every page's twin: hand-written pages from their source, API pages from their operation. */
async function twinPages(siteDir: string, docs: Doc[], sitePages: PagesContent): Promise<TwinPage[]> {
  const fileOf = (source: string) => path.join(siteDir, source.replace(/^@site\//, ''));
  const permalinkByFile = new Map(docs.map((doc) => [fileOf(doc.source), doc.permalink]));
  const permalinkOf = (file: string) => permalinkByFile.get(file);

  const twins: TwinPage[] = [];
  for (const doc of docs) {
    const api = doc.frontMatter.api as ApiOperation | undefined;
    const file = fileOf(doc.source);
    const markdown = api
      ? apiMarkdown(doc.title, api)
      : mdxToMarkdown({
          title: doc.title,
          description: doc.description,
          source: await fs.readFile(file, 'utf8'),
          file,
          permalinkOf,
        });
    twins.push({
      url: doc.permalink,
      title: doc.title,
      description: doc.description,
      area: areaOf(doc.permalink),
      markdown,
    });
  }
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
async function notebooks(siteDir: string, docs: Doc[], siteUrl: string): Promise<Map<string, Notebook>> {
  const fileOf = (source: string) => path.join(siteDir, source.replace(/^@site\//, ''));
  const permalinkByFile = new Map(docs.map((doc) => [fileOf(doc.source), doc.permalink]));
  const nomic = await samplesNomic(siteDir);
  const made = new Map<string, Notebook>();
  for (const doc of docs.filter((d) => (d.frontMatter as {notebook?: boolean}).notebook)) {
    const file = fileOf(doc.source);
    const notebook = notebookOf({
      title: doc.title,
      description: doc.description,
      source: await fs.readFile(file, 'utf8'),
      file,
      permalinkOf: (linked) => permalinkByFile.get(linked),
      url: `${siteUrl}${doc.permalink}`,
      siteUrl,
      nomic,
    });
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
  return {
    name: 'llms-txt',
    async allContentLoaded({allContent}) {
      const docsInstances = Object.values(allContent['docusaurus-plugin-content-docs'] ?? {}) as DocsContent[];
      docs = docsInstances.flatMap(orderedDocs);
      sitePages = (allContent['docusaurus-plugin-content-pages']?.default ?? []) as PagesContent;
    },
    async postBuild({outDir, siteConfig}) {
      const pages = await twinPages(context.siteDir, docs, sitePages);
      const siteUrl = `${siteConfig.url}${siteConfig.baseUrl}`.replace(/\/$/, '');
      const ipynb = await notebooks(context.siteDir, docs, siteUrl);
      const {index, full} = llmsTxt(siteConfig, pages);
      const write = async (url: string, text: string) => {
        const file = path.join(outDir, url);
        await fs.mkdir(path.dirname(file), {recursive: true});
        await fs.writeFile(file, text);
      };
      await Promise.all([
        ...pages.map((page) => write(twinPath(page.url), page.markdown)),
        write('/index.md', index),
        write('/llms.txt', index),
        write('/llms-full.txt', full),
        ...[...ipynb].map(([url, notebook]) => write(url, `${JSON.stringify(notebook, null, 1)}\n`)),
      ]);
    },
  };
}
