import fs from 'node:fs/promises';
import path from 'node:path';
import type {Code, PhrasingContent, RootContent} from 'mdast';
import {plainTree, stringify, titleOf, type MarkdownPage} from './mdxToMarkdown';
import {splitFrontMatter} from '../shared/mdxTree.mjs';
import {importedModules, PYTHON_DISTRIBUTIONS} from './pythonPackages';

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
      /** `atlas_docs.line`: the line of the page's file where the block this cell comes from starts. */
      metadata: {tags?: string[]; atlas_docs?: {line: number}};
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
  /**
   * What the page tells the reader to have that no cell makes (tests/samples/prerequisites): files in the
   * notebook's folder, and environment variables, which the notebook asks for.
   */
  reader?: {files: string[]; env: string[]};
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
export function commands(code: string): string[] {
  return code.replace(/\\\n\s*/g, '').split('\n');
}

/**
 * What a bash block becomes in a notebook, in its order: `pip install` lines as `%pip` cells, `export`s
 * as `%env` (never a variable the notebook asks for, `asked`: a key typed into the file is a key shared
 * with the file), `python name.py ARGS` as `%run name.py ARGS` (the kernel's own interpreter, and an
 * error shows in the cell), `nomic login` not at all (the notebook's key cell logs in), and any other
 * lines as one `%%bash` cell, which stops at the first command that fails (`set -e`), as the page's
 * terminal session does.
 */
export function shellCells(code: string, asked: ReadonlySet<string> = new Set()): string[] {
  const cells: string[] = [];
  let script: string[] = [];
  const flush = () => {
    const commands = script.filter((line) => line.trim() && !line.trim().startsWith('#'));
    if (commands.length) cells.push(`%%bash\n${commands.length > 1 ? 'set -e\n' : ''}${script.join('\n').trim()}`);
    script = [];
  };
  for (const command of commands(code)) {
    const line = command.trim();
    let cell: string | null | undefined;
    const exported = /^export ([A-Za-z_]\w*)=(["']?)(.*)\2$/.exec(line);
    if (/^(pip3?|python3? -m pip) install /.test(line))
      cell = line.replace(/^(pip3?|python3? -m pip) install/, '%pip install');
    else if (exported) cell = asked.has(exported[1]!) ? null : `%env ${exported[1]}=${exported[3]}`;
    else if (/^python3? [\w./-]+\.py(\s|$)/.test(line)) cell = line.replace(/^python3? /, '%run ');
    else if (/^nomic login(\s|$)/.test(line)) cell = null;
    if (cell === undefined) script.push(command);
    else {
      flush();
      if (cell !== null) cells.push(cell);
    }
  }
  flush();
  return cells;
}

/** Environment variables a piece of code reads and needs: `os.environ["X"]`, `os.getenv("X")` with no default. */
export function variablesRead(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(
    /os\.(?:environ\s*\[\s*(["'])(\w+)\1\s*\](?!\s*=[^=])|(?:environ\.get|getenv)\(\s*(["'])(\w+)\3\s*\))/g,
  ))
    found.add(match[2] ?? match[4]!);
  return [...found];
}

/** The requirements an inline `pip install …` names: plain names with extras and versions, not URLs or paths. */
function requirementsOf(command: string): string[] {
  const match = /^pip3? install\s+(.*)$/.exec(command.trim());
  if (!match) return [];
  return match[1]!
    .split(/\s+/)
    .map((word) => word.replace(/^["']|["']$/g, ''))
    .filter((word) => /^[A-Za-z0-9][\w.-]*(\[[\w,.-]+\])?([<>=!~][^\s]*)?$/.test(word));
}

/** A requirement's distribution name, normalised as PyPI does (`Scikit_Learn` → `scikit-learn`). */
const distribution = (requirement: string) =>
  /^[A-Za-z0-9][\w.-]*/
    .exec(requirement)![0]
    .toLowerCase()
    .replace(/[-_.]+/g, '-');

/** A requirement as a shell word: quoted when it holds a character the shell reads (`"pandas<3"`). */
const shellWord = (requirement: string) => (/^[\w.=-]+$/.test(requirement) ? requirement : `"${requirement}"`);

/**
 * What the notebook's first code cell installs: the distribution of every third-party module its cells
 * import (./pythonPackages.ts), and what the page's "What you need" names (`pip install nomic openpyxl`),
 * with `nomic` pinned to the version the checks ran (extras kept) and, with it, `pandas<3`
 * (the 3.9 client's `add_data` fails with pandas 3, FACTS.md).
 */
export function installs(modules: string[], named: string[], nomic: string): string[] {
  const wanted = new Map<string, string>();
  for (const module of modules) {
    const dist = PYTHON_DISTRIBUTIONS[module];
    if (dist && !wanted.has(distribution(dist))) wanted.set(distribution(dist), dist);
  }
  for (const requirement of named) {
    const name = distribution(requirement);
    const known = wanted.get(name);
    // The page's own words win where they say more (an extra, a version).
    if (!known || requirement.length > known.length) wanted.set(name, requirement);
  }
  const nomicRequirement = wanted.get('nomic');
  if (nomicRequirement !== undefined) {
    const extras = /\[[^\]]*\]/.exec(nomicRequirement)?.[0] ?? '';
    wanted.set('nomic', `nomic${extras}==${nomic}`);
    const pandas = wanted.get('pandas');
    if (!pandas || !/[<>=]/.test(pandas)) wanted.set('pandas', 'pandas<3');
  }
  const order = (name: string) => (name === 'nomic' ? 0 : name === 'pandas' && nomicRequirement ? 1 : 2);
  return [...wanted]
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([, requirement]) => requirement);
}

/** Whether a variable's value is a secret: typed without echo, and never shown. */
const secret = (name: string) => /KEY|TOKEN|SECRET|PASSWORD|SALT|_URI$|_URL$/.test(name);

/** The cell that asks for the variables the notebook needs and keeps them in the kernel, never in the file. */
function askCell(names: string[], login: boolean): string {
  const lines = [
    '# Your keys and settings: asked for here and kept in this kernel only, never saved in the notebook.',
    '# On Colab, save them under Secrets (the key icon) to skip the prompts.',
    'import os',
    'from getpass import getpass',
    '',
    '',
    'def ask(name, hidden):',
    '    try:',
    '        from google.colab import userdata  # Colab only',
    '',
    '        return userdata.get(name)',
    '    except Exception:  # not on Colab, or no such secret',
    '        return (getpass if hidden else input)(f"{name}: ")',
    '',
    '',
    ...names.map(
      (name) =>
        `os.environ["${name}"] = os.environ.get("${name}") or ask("${name}", ${secret(name) ? 'True' : 'False'})`,
    ),
  ];
  if (login)
    lines.push(
      '',
      'import nomic',
      '',
      'if not os.environ["NOMIC_API_KEY"].startswith("nk-"):',
      '    raise ValueError("NOMIC_API_KEY must be an Atlas API key (nk-...): create one under API Keys at https://atlas.nomic.ai/data")',
      'nomic.login(os.environ["NOMIC_API_KEY"])',
    );
  return lines.join('\n');
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

/** The requirements that inline code under the page's "What you need" (or "Before you start") names. */
function namedRequirements(children: RootContent[]): string[] {
  const found: string[] = [];
  let depth = 0;
  for (const node of children) {
    if (node.type === 'heading') {
      const title = stringify([node])
        .replace(/^#+\s*/, '')
        .trim();
      if (/^(what you need|before you (start|begin)|prerequisites)$/i.test(title)) depth = node.depth;
      else if (node.depth <= depth) depth = 0;
      continue;
    }
    if (!depth) continue;
    const visit = (n: RootContent) => {
      if (n.type === 'inlineCode') found.push(...requirementsOf(n.value));
      if ('children' in n) (n.children as RootContent[]).forEach(visit);
    };
    visit(node);
  }
  return found;
}

/** The section heading a file is first named under in the page's prose, to say where the page explains it. */
function sectionNaming(children: RootContent[], file: string): string | undefined {
  let heading: string | undefined;
  for (const node of children) {
    if (node.type === 'heading')
      heading = stringify([node])
        .replace(/^#+\s*/, '')
        .trim();
    else if (node.type !== 'code' && stringify([node]).includes(file.split('/')[0]!)) return heading;
  }
  return undefined;
}

/**
 * The notebook twin of a hand-written page with Python: its prose as Markdown cells and its Python
 * blocks as code cells, in page order, after the cells a new kernel needs first, whatever the page's
 * prose says: one that installs what the cells import (`installs`), and one that asks for the keys and
 * variables they read (`askCell`, never storing them in the file) and logs in to Atlas. The opening cell
 * names the files the reader brings and says what the docs' checks ran it against. A block the page has
 * the reader save (`title="name"`, of any language) becomes `%%writefile name`, after `!mkdir -p` for a
 * file in a folder, and a saved Python script that no later command runs is run where it stands
 * (`%run name`), as the samples do. Bash blocks become the cells `shellCells` makes, except calls to the
 * API with curl (a download with curl is kept) and blocks the samples do not run; a block that prompts
 * (`terminal="why"`) is shown but skipped, with why; every other fence stays in the prose. A Python block
 * the samples do not run (`norun`) is tagged to be skipped, after a note saying why. Undefined for a
 * page with no Python.
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
  const offset = splitFrontMatter(page.source).offset;
  let from: number | undefined; // the page line of the block the next cells come from
  const code = (source: string, skip = false) =>
    cells.push({
      id: id(),
      cell_type: 'code',
      metadata: {...(skip ? {tags: [SKIP_TAG]} : {}), ...(from === undefined ? {} : {atlas_docs: {line: from}})},
      source: lines(source),
      outputs: [],
      execution_count: null,
    });

  const blocks = children.filter((node): node is Code => node.type === 'code');
  // A block that calls the API with curl, or a URL the API handed out ("$UPLOAD_URL"), is the REST tab of what a
  // Python block does; the download of a file at a fixed address is a step of its own.
  const isCurl = (node: Code) =>
    /(^|\s)curl\s/.test(node.value) &&
    (node.value.includes('https://api-atlas.nomic.ai') || /curl\s[^\n]*["\s]\$/.test(node.value));
  // What the notebook runs: Python blocks, and the bash and SQL blocks that are not calls to the API.
  const runs = blocks.filter(
    (node) =>
      node.data?.norun === undefined &&
      (node.lang === 'python' || ((node.lang === 'bash' || node.lang === 'sql') && !isCurl(node))),
  );
  const python = runs.filter((node) => node.lang === 'python').map((node) => node.value);
  const shell = runs.filter((node) => node.lang === 'bash').map((node) => node.value);
  const usesNomic =
    python.some((code) => importedModules(code).includes('nomic')) || shell.some((code) => /(^|\s)nomic\s/m.test(code));
  const asked = new Set([
    ...(usesNomic || [...python, ...shell].some((code) => code.includes('NOMIC_API_KEY')) ? ['NOMIC_API_KEY'] : []),
    ...python.flatMap(variablesRead),
    ...(page.reader?.env ?? []),
  ]);
  const requirements = installs(python.flatMap(importedModules), namedRequirements(children), page.nomic);

  const files = page.reader?.files ?? [];
  const bring = files.length
    ? `\n\nBefore you run it, put these files in the notebook's folder; the page says how to get each one:\n\n${files
        .map((file) => {
          const section = sectionNaming(children, file);
          return `- \`${file}\`${section ? ` (under *${section}*)` : ''}`;
        })
        .join('\n')}`
    : '';
  markdown(
    `${titleOf(page, children)}This notebook is the code of [${page.title}](${page.url}), in the page's order. ` +
      `Its first cells install what it needs${asked.size ? ' and ask for your keys' : ''}; run it top to bottom in ` +
      `Jupyter or Colab.${bring}\n\nThe docs' checks ran it that way: from a fresh kernel, with nomic ${page.nomic}, ` +
      `against a stand-in for the Atlas API${[...asked].some((name) => name !== 'NOMIC_API_KEY') ? ' and for the other services its cells call' : ''}` +
      `${files.length ? ', with test copies of the files above' : ''}. ` +
      `Your output will show your own data.`,
  );
  if (requirements.length) code(`%pip install ${requirements.map(shellWord).join(' ')}`);
  if (asked.size) code(askCell([...asked], usesNomic));
  for (const node of children) {
    if (node.type !== 'code') {
      prose.push(absolute(node, page));
      continue;
    }
    const norun = node.data?.norun;
    from = node.position ? node.position.start.line + offset : undefined;
    const file = /title="([^"]+)"/.exec(node.meta ?? '')?.[1];
    const runnable = node.lang === 'python' || ((node.lang === 'bash' || node.lang === 'sql') && !isCurl(node));
    if (node.lang === 'mermaid') {
      prose.push(
        paragraph({type: 'link', url: page.url, children: [{type: 'text', value: 'See the diagram on the page.'}]}),
      );
      continue;
    }
    if (!runnable && file && norun === undefined && node.lang !== 'mermaid') {
      // A file the page has the reader save (a JSON Schema): written, so the cells after it can read it.
      flush();
      code(`%%writefile ${file}\n${node.value}`);
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
        code(`%run ${file}`);
      if (node.lang !== 'bash') continue;
    } else if (node.lang === 'python') {
      code(node.value, norun !== undefined);
      continue;
    }
    if (node.lang === 'bash' && node.data?.terminal !== undefined) {
      // It prompts (a password), which a notebook cell cannot answer: shown, and left to a terminal.
      markdown(`*Run this in a terminal: ${node.data.terminal}.*`);
      for (const cell of shellCells(node.value, asked)) code(cell, true);
    } else if (node.lang === 'bash') for (const cell of shellCells(node.value, asked)) code(cell);
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
