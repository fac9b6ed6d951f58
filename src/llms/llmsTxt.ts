import {twinPath} from './twinPath';

/** A page with its Markdown twin. */
export interface TwinPage {
  url: string;
  title: string;
  description: string;
  /** The section of the site it is listed under. */
  area: string;
  markdown: string;
}

interface Site {
  url: string;
  title: string;
  tagline: string;
}

/**
 * `/llms.txt` in the llmstxt.org format (a title, a one-line summary, notes,
 * then sections of links with descriptions) and `/llms-full.txt`, every
 * twin in one file. Sections keep the order in which pages first name them.
 */
export function llmsTxt(site: Site, pages: TwinPage[]): {index: string; full: string} {
  const absolute = (url: string) => `${site.url.replace(/\/$/, '')}${url}`;
  const sections = new Map<string, TwinPage[]>();
  for (const page of pages) sections.set(page.area, [...(sections.get(page.area) ?? []), page]);
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
  const index = [
    `# ${site.title}`,
    '',
    `> ${site.tagline}.`,
    '',
    'Documentation for Nomic Atlas: data maps of text, image and tabular data; text, image and multimodal embeddings; file upload, parsing and extraction; and the Atlas REST API with its Python and TypeScript clients.',
    '',
    `Every page below is also served as Markdown at its URL plus \`.md\` (a section's index at \`index.md\`). All pages in one file: ${absolute('/llms-full.txt')}. API requests need an API key sent as \`Authorization: Bearer <key>\`.`,
    '',
    ...[...sections].flatMap(([area, list]) => [
      `## ${area}`,
      '',
      ...list.map(
        (page) =>
          `- [${page.title}](${absolute(twinPath(page.url))})${page.description ? `: ${oneLine(page.description)}` : ''}`,
      ),
      '',
    ]),
  ].join('\n');
  const full = pages
    .map((page) => `<!-- Source: ${absolute(page.url)} -->\n\n${page.markdown.trimEnd()}\n`)
    .join('\n---\n\n');
  return {index, full: `# ${site.title}\n\n> ${site.tagline}.\n\n---\n\n${full}`};
}
