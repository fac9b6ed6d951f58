import fs from 'node:fs/promises';
import path from 'node:path';
import type {Code, PhrasingContent, RootContent} from 'mdast';
import {plainTree, stringify, titleOf, type MarkdownPage} from './mdxToMarkdown';

/** A Jupyter notebook, nbformat 4.5 (https://nbformat.readthedocs.io/en/latest/format_description.html). */
export interface Notebook {
  nbformat: 4;
  nbformat_minor: 5;
  metadata: {
    kernelspec: {name: 'python3'; display_name: 'Python 3'; language: 'python'};
    language_info: {name: 'python'};
    /** The page this notebook is the twin of, and the nomic client its code was run against. */
    atlas_docs: {page: string; nomic: string};
  };
  cells: Cell[];
}

type Cell =
  | {id: string; cell_type: 'markdown'; metadata: object; source: string[]}
  | {
      id: string;
      cell_type: 'code';
      metadata: {tags?: string[]};
      source: string[];
      outputs: [];
      execution_count: null;
    };

export interface NotebookPage extends MarkdownPage {
  /** The page's address on the site, absolute (`https://…/platform/quick-start`). */
  url: string;
  /** The site's origin and base, to make the page's links absolute (`https://docs.nomic.ai`). */
  siteUrl: string;
  /** The nomic version the page's samples run against in CI. */
  nomic: string;
}

/** The nomic version the pages' samples run against in CI (tests/samples/requirements.txt pins it). */
export async function samplesNomic(siteDir: string): Promise<string> {
  const requirements = await fs.readFile(path.join(siteDir, 'tests/samples/requirements.txt'), 'utf8');
  const version = /^nomic==(\S+)/m.exec(requirements)?.[1];
  if (!version) throw new Error('tests/samples/requirements.txt pins no nomic version');
  return version;
}

/** Jupyter's `skip-execution` tag: nbclient leaves such a cell unrun. */
export const SKIP_TAG = 'skip-execution';

/** Text as Jupyter stores a cell's source: lines, each but the last ending in a newline. */
const lines = (text: string) => text.replace(/\n+$/, '').split(/(?<=\n)/);

/** Shell commands of a bash block, continuation lines joined. */
function commands(code: string): string[] {
  return code.replace(/\\\n\s*/g, '').split('\n');
}

/**
 * What a bash block becomes in a notebook, in its order: `pip install` lines as `%pip` cells, `export`s
 * as `%env`, `python name.py ARGS` as `!python` (the arguments the page shows), `nomic login` with
 * the key from the environment (never a key in the file), and any other lines as one `%%bash` cell.
 */
export function shellCells(code: string): string[] {
  const cells: string[] = [];
  let script: string[] = [];
  const flush = () => {
    if (script.some((line) => line.trim() && !line.trim().startsWith('#'))) cells.push(`%%bash\n${script.join('\n')}`);
    script = [];
  };
  for (const command of commands(code)) {
    const line = command.trim();
    let cell: string | undefined;
    if (/^(pip3?|python3? -m pip) install /.test(line))
      cell = line.replace(/^(pip3?|python3? -m pip) install/, '%pip install');
    else if (/^export [A-Za-z_]\w*=/.test(line))
      cell = `%env ${line.slice('export '.length).replace(/=(["']?)(.*)\1$/, '=$2')}`;
    else if (/^python3? [\w./-]+\.py(\s|$)/.test(line)) cell = `!${line}`;
    else if (/^nomic login nk-\S*$/.test(line)) cell = '!nomic login $NOMIC_API_KEY';
    if (cell === undefined) script.push(command);
    else {
      flush();
      cells.push(cell);
    }
  }
  flush();
  return cells;
}

const paragraph = (child: PhrasingContent): RootContent => ({type: 'paragraph', children: [child]});

/** Whether a shell block runs a saved file: `python name.py …`, `python3 -u ./name.py`. */
export function runsFile(code: string, file: string): boolean {
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[\\s;&|(])python3?\\s+(-\\S+\\s+)*(\\./)?${escaped}(?=\\s|$|;)`, 'm').test(code);
}

/** Links to the site made absolute; a picture kept only as a link to the page it is shown on. */
function absolute(node: RootContent, page: NotebookPage): RootContent {
  if (node.type === 'image')
    return {type: 'link', url: page.url, children: [{type: 'text', value: `Figure: ${node.alt || 'see the page'}`}]};
  if ((node.type === 'link' || node.type === 'definition') && node.url.startsWith('/'))
    node = {...node, url: `${page.siteUrl}${node.url}`};
  return 'children' in node
    ? ({...node, children: node.children.map((child) => absolute(child as RootContent, page))} as RootContent)
    : node;
}

/**
 * The notebook twin of a hand-written page with Python: its prose as Markdown cells and its Python
 * blocks as code cells, in page order. A block the page has the reader save (`title="name"`, Python,
 * bash or SQL) becomes `%%writefile name`, after `!mkdir -p` for a file in a folder, and a saved Python
 * script that no later command runs is run where it stands (`!python name`), as the samples do. Bash
 * blocks become the cells `shellCells` makes, except calls to the API with curl and blocks the samples
 * do not run; every other fence stays in the prose. A Python block the samples do not run (`norun`) is
 * tagged to be skipped, after a note saying why. Undefined for a page with no Python.
 */
export function notebookOf(page: NotebookPage): Notebook | undefined {
  const children = plainTree(page);
  if (!children.some((node) => node.type === 'code' && node.lang === 'python')) return undefined;
  const cells: Cell[] = [];
  let prose: RootContent[] = [];
  const id = () => `cell-${cells.length + 1}`;
  const markdown = (text: string) => {
    if (text.trim()) cells.push({id: id(), cell_type: 'markdown', metadata: {}, source: lines(text)});
  };
  const flush = () => {
    markdown(stringify(prose));
    prose = [];
  };
  const code = (source: string, skip = false) =>
    cells.push({
      id: id(),
      cell_type: 'code',
      metadata: skip ? {tags: [SKIP_TAG]} : {},
      source: lines(source),
      outputs: [],
      execution_count: null,
    });

  markdown(
    `${titleOf(page, children)}This notebook is the code of [${page.title}](${page.url}), in the page's order. ` +
      `Its cells ran top to bottom in the docs' checks with nomic ${page.nomic}.`,
  );
  const blocks = children.filter((node): node is Code => node.type === 'code');
  for (const node of children) {
    if (node.type !== 'code') {
      prose.push(absolute(node, page));
      continue;
    }
    const norun = node.data?.norun;
    const isCurl = /(^|\s)curl\s/.test(node.value);
    const file = /title="([^"]+)"/.exec(node.meta ?? '')?.[1];
    const runnable = node.lang === 'python' || ((node.lang === 'bash' || node.lang === 'sql') && !isCurl);
    if (node.lang === 'mermaid') {
      prose.push(
        paragraph({type: 'link', url: page.url, children: [{type: 'text', value: 'See the diagram on the page.'}]}),
      );
      continue;
    }
    if (!runnable || (norun !== undefined && node.lang !== 'python')) {
      prose.push(node);
      continue;
    }
    if (norun !== undefined)
      prose.push(
        paragraph({type: 'emphasis', children: [{type: 'text', value: `Not run in the docs' checks: ${norun}.`}]}),
      );
    flush();
    if (file) {
      // A file the page has the reader save, in its folder; a script no later command runs, run as it stands.
      if (file.includes('/')) code(`!mkdir -p ${file.slice(0, file.lastIndexOf('/'))}`);
      code(`%%writefile ${file}\n${node.value}`, norun !== undefined);
      const later = blocks
        .slice(blocks.indexOf(node) + 1)
        .filter((b) => b.lang === 'bash' && b.data?.norun === undefined);
      if (node.lang === 'python' && norun === undefined && !later.some((b) => runsFile(b.value, file)))
        code(`!python ${file}`);
      if (node.lang !== 'bash') continue;
    } else if (node.lang === 'python') {
      code(node.value, norun !== undefined);
      continue;
    }
    if (node.lang === 'bash') for (const cell of shellCells(node.value)) code(cell);
    else prose.push(node);
  }
  flush();
  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {
      kernelspec: {name: 'python3', display_name: 'Python 3', language: 'python'},
      language_info: {name: 'python'},
      atlas_docs: {page: page.url, nomic: page.nomic},
    },
    cells,
  };
}
