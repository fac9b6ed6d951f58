// Type-checks the TypeScript and TSX blocks of the pages with the TypeScript
// compiler API, `strict: true`, against the published client installed in
// node_modules (@nomic-ai/atlas, pinned in devDependencies), React's and
// Node's types. Nothing is written to disk: the blocks live at virtual paths
// under this folder, so imports resolve from /work/main/node_modules as they
// would in a reader's project.
//
// How blocks are put together (read from the pages as a reader would paste them):
// - Every block is one ES module, in its own file. Each block on these pages
//   starts with its own imports and declares what it uses (several declare
//   `const viewer`), so they are separate programs, not one script in pieces.
// - A block whose fence names a file, ```tsx title="src/Story.tsx"```, is that
//   file in the page's folder, so another block of the page can import it
//   (`import Story from './Story'`). Other blocks are `block-<line>.ts(x)`.
// - A `tsx` block is a `.tsx` file, a `typescript` block a `.ts` file.
// - A page with a `tsx` block is a React app built by a bundler (the guides
//   use Vite's react-ts template), and so are its `typescript` blocks (a
//   stylesheet import): bundler resolution, the DOM, the automatic JSX runtime. Every other page is Node.js: native ES modules (a package with
//   "type": "module"), so top-level await works and the ESM-only client loads.
// - A block with `norun="..."` is checked the same way; only "cannot find
//   module" errors are forgiven, for a block that declares it needs a package
//   the docs site does not install. It counts as 'norun' when it compiles and
//   'failed' when any other error remains.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import ts from 'typescript';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../../..');
// Never created: the compiler host answers for files under it.
const VIRTUAL = path.join(HERE, '.blocks');

// skipLibCheck as both `tsc --init` and Vite set it: the client's own .d.ts
// files import apache-arrow 13, whose package exports declare no types.
const COMMON = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  typeRoots: [path.join(ROOT, 'node_modules/@types')],
};

/**
 * Compiler settings per kind of page, as the reader's project would have them.
 * Node: an ES module package ("type": "module") with `module: nodenext`, as
 * `tsc --init` writes it, and @types/node for `process.env`. React: the
 * tsconfig.app.json of Vite's react-ts template (create-vite 9.3.0), which the
 * data-story guide starts from and whose `npm run build` runs `tsc -b`; its
 * `vite/client` types are left out (not installed; they only declare asset imports).
 */
const SETTINGS = {
  node: {...COMMON, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', types: ['node']},
  react: {
    ...COMMON,
    target: 'es2023',
    lib: ['es2023', 'dom'],
    module: 'esnext',
    moduleResolution: 'bundler',
    types: [],
    allowArbitraryExtensions: true,
    allowImportingTsExtensions: true,
    verbatimModuleSyntax: true,
    moduleDetection: 'force',
    jsx: 'react-jsx',
    noUnusedLocals: true,
    noUnusedParameters: true,
    erasableSyntaxOnly: true,
    noFallthroughCasesInSwitch: true,
  },
};

const MISSING_MODULE = new Set([2307, 2792]);
const MAX_MESSAGES = 8;

/** The folder a page's blocks live in: its route, `/` as `__`. */
function pageFolder(route) {
  return path.join(VIRTUAL, route.replace(/^\/|\/$/g, '').replaceAll('/', '__'));
}

/** The file a block is, relative to its page's folder. */
function blockFileName(sample) {
  const title = /(?:^|\s)title="([^"]+\.(?:ts|tsx|mts))"/.exec(sample.meta ?? '')?.[1];
  return title ?? `block-${sample.line}.${sample.lang === 'tsx' ? 'tsx' : 'ts'}`;
}

function assertPinnedClient() {
  const pinned = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).devDependencies[
    '@nomic-ai/atlas'
  ];
  const installed = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'node_modules/@nomic-ai/atlas/package.json'), 'utf8'),
  ).version;
  if (installed !== pinned) throw new Error(`@nomic-ai/atlas ${installed} is installed, ${pinned} is pinned`);
}

/** Compiles one program over the given virtual files (path → text); returns their diagnostics. */
function check(files, settings) {
  const {options, errors} = ts.convertCompilerOptionsFromJson(settings, ROOT);
  if (errors.length) throw new Error(ts.formatDiagnostics(errors, formatHost));
  const host = ts.createCompilerHost(options);
  const directories = new Set([...files.keys()].flatMap((file) => ancestors(path.dirname(file))));
  const original = {...host};
  Object.assign(host, {
    fileExists: (file) => files.has(file) || original.fileExists(file),
    readFile: (file) => files.get(file) ?? original.readFile(file),
    directoryExists: (dir) => directories.has(dir) || (original.directoryExists?.(dir) ?? ts.sys.directoryExists(dir)),
    getSourceFile: (file, language, onError) =>
      files.has(file)
        ? ts.createSourceFile(file, files.get(file), language)
        : original.getSourceFile(file, language, onError),
  });
  const roots = [...files.keys()].filter((file) => /\.tsx?$/.test(file));
  const program = ts.createProgram(roots, options, host);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  const stray = diagnostics.filter((d) => !d.file || !files.has(d.file.fileName));
  if (stray.length)
    throw new Error(`the TypeScript check itself is broken:\n${ts.formatDiagnostics(stray, formatHost)}`);
  return diagnostics;
}

function ancestors(dir) {
  const out = [];
  for (let d = dir; d.startsWith(VIRTUAL); d = path.dirname(d)) out.push(d);
  return out;
}

const formatHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => ROOT,
  getNewLine: () => '\n',
};

/** A compiler message as the reader would want it: block line, page line, code, text, the offending line. */
function describe(diagnostic, sample, file) {
  const {line, character} = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
  const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n    ');
  const source = sample.code.split('\n')[line] ?? '';
  return (
    `block line ${line + 1}, col ${character + 1} (${path.relative(ROOT, file)}:${sample.line + line + 1}) ` +
    `TS${diagnostic.code}: ${text}\n    > ${source.trim()}`
  );
}

/**
 * Type-checks every TypeScript block of `pages` (samplePages() filtered to
 * kind 'typescript'); one result per block:
 * `{route, file, line, status: 'ran' | 'norun' | 'failed', detail}`.
 */
export async function checkTypeScript(pages) {
  assertPinnedClient();
  const blocks = pages.flatMap((page) => {
    const kind = page.samples.some((s) => s.lang === 'tsx') ? 'react' : 'node';
    return page.samples.map((sample) => ({
      page,
      sample,
      kind,
      path: path.join(pageFolder(page.route), blockFileName(sample)),
    }));
  });
  const results = new Map();
  for (const kind of Object.keys(SETTINGS)) {
    const mine = blocks.filter((b) => b.kind === kind);
    if (!mine.length) continue;
    const files = new Map();
    for (const b of mine) {
      if (files.has(b.path)) throw new Error(`${b.page.file}:${b.sample.line}: another block is ${b.path} too`);
      files.set(b.path, b.sample.code);
    }
    // Node reads "type": "module" from the nearest package.json, as in a reader's ESM project.
    if (kind === 'node') files.set(path.join(VIRTUAL, 'package.json'), '{"type": "module"}');
    const diagnostics = check(files, SETTINGS[kind]);
    for (const b of mine) {
      const own = diagnostics.filter((d) => d.file.fileName === b.path);
      const forgiven = b.sample.norun === undefined ? [] : own.filter((d) => MISSING_MODULE.has(d.code));
      const errors = own.filter((d) => !forgiven.includes(d));
      const status = errors.length ? 'failed' : b.sample.norun !== undefined ? 'norun' : 'ran';
      const detail = [
        ...(b.sample.norun !== undefined ? [`norun: ${b.sample.norun}`] : []),
        // A parse error cascades into dozens of messages; the first ones locate it.
        ...errors.slice(0, MAX_MESSAGES).map((d) => describe(d, b.sample, b.page.file)),
        ...(errors.length > MAX_MESSAGES ? [`… and ${errors.length - MAX_MESSAGES} more errors`] : []),
        ...forgiven.map((d) => `forgiven (norun): ${describe(d, b.sample, b.page.file)}`),
      ].join('\n');
      results.set(b, {
        route: b.page.route,
        file: b.page.file,
        line: b.sample.line,
        status,
        ...(detail ? {detail} : {}),
      });
    }
  }
  return blocks.map((b) => results.get(b));
}
