// Every fenced block of the hand-written pages, and what the harness does with it. Each one is
// run, checked, or declared with a reason (`norun="…"` in its info string); a fence of any
// other kind fails the content check (tests/content/check-content.mjs).
//
// | fence                 | how                                                                        |
// | --------------------- | -------------------------------------------------------------------------- |
// | python                | run in the page's session (session/), or norun: imports and nomic calls checked |
// | bash                  | run in the page's session; a block with `curl` is counted per curl command |
// | sql                   | run with psql against the local PostgreSQL; dialect="mysql" with mysql against |
// |                       | a local MariaDB; dialect="snowflake" parsed in its dialect (sqlglot)         |
// | typescript, tsx       | type-checked against the published client (typescript/)                    |
// | json                  | validated against the spec operation its `schema="…"` names (json/)         |
// | text output           | compared with what the block before it printed                              |
// | text signature="…"    | compared with the installed nomic's signature of that callable (json/)      |
// | yaml                  | parsed; a GitHub workflow's `python x.py` steps must name a file the page saves |
// | mermaid               | drawn at build (src/diagrams), which fails on a diagram it cannot draw       |
// | text title="x.jsonl"  | a file the reader saves: written in the page's session where it stands       |
//
// A block the page has the reader save as a file names it with `title="name.py"` (Docusaurus
// shows it above the block); a later bash block that runs it (`python name.py ARGS`) runs it
// with the arguments the reader sees.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {pages, parsePage} from '../content/check-content.mjs';
import {curlCommands} from '../support/curl.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNNABLE = new Set(['python', 'bash', 'sql']);
const LANGUAGE_KIND = {
  python: 'python',
  bash: 'bash',
  sql: 'sql',
  typescript: 'typescript',
  tsx: 'typescript',
  json: 'json',
  yaml: 'yaml',
  mermaid: 'mermaid',
};

// What may keep a block of code from running here: a limit the harness cannot stand in for. A `norun` reason
// on code names one; anything else the harness runs, checks or fakes.
const REAL_LIMITS = [
  /\bGPU\b|\bCUDA\b/, // the hardware
  /\bbrowser\b/, // runs in a web page
  /\b(endpoint|account)\b/, // a service of the reader's the fakes do not stand in for
  /\bdownloads?\b/, // gigabytes or a template from the network
  /\bserver\b|\breader's app\b/, // starts a long-running server, or runs inside an app the page does not make
  /^the content of /, // data to save, not code
];

/** A `key="value"` of a fence's info string, or undefined. */
export function metaValue(meta, key) {
  const match = new RegExp(`(?:^|\\s)${key}="([^"]*)"`).exec(meta ?? '');
  return match ? match[1] : undefined;
}

/** Whether a fence's info string has a bare flag such as `output`. */
function metaFlag(meta, flag) {
  return new RegExp(`(?:^|\\s)${flag}(?:\\s|$)`).test(meta ?? '');
}

/** The file a saved block is run as by a later shell command (`python name.py`, `psql -f name.sql`), if any. */
export function runsSaved(code, title) {
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `(?:^|[\\s;&|(])(?:python3?\\s+(?:-\\S+\\s+)*|-f\\s+|--file[=\\s])(?:\\./)?${escaped}(?=\\s|$|;)`,
    'm',
  ).test(code);
}

/**
 * What the harness does with each block of one page, in page order:
 * `{lang, meta, code, line, kind, norun, title, output?, problem?}`. `kind` is one of python, bash,
 * curl, sql, typescript, json, output, signature, file (a `text` fence the page has the reader save,
 * written in the session where it stands), text, yaml, mermaid; `problem` says why a block is
 * neither run, checked nor declared.
 */
export function classify(blocks) {
  const out = blocks.map((block) => {
    const norun = metaValue(block.meta, 'norun');
    const title = metaValue(block.meta, 'title');
    let kind = LANGUAGE_KIND[block.lang];
    let problem;
    if (block.lang === 'bash' && curlCommands(block.code).length) kind = 'curl';
    if (block.lang === 'text') {
      if (metaFlag(block.meta, 'output')) kind = 'output';
      else if (metaValue(block.meta, 'signature')) kind = 'signature';
      else if (title && norun === undefined)
        kind = 'file'; // a file the reader saves (data a later block reads)
      else {
        kind = 'text';
        if (norun === undefined)
          problem =
            'a text fence is the output of the block before it (```text output), a signature (```text signature="nomic.X.y"), or declares norun="why"';
      }
    }
    if (!kind) {
      kind = block.lang || 'none';
      if (norun === undefined)
        problem = `${block.lang ? `"${block.lang}" blocks` : 'blocks without a language'} are neither run nor checked here; declare norun="why"`;
    }
    if (kind === 'json' && norun === undefined && !metaValue(block.meta, 'schema'))
      problem = 'a json block names what it shows (schema="POST /v1/query/topk response") or declares norun="why"';
    if (norun !== undefined && kind !== 'text' && !REAL_LIMITS.some((limit) => limit.test(norun)))
      problem = `norun="${norun}" names no limit the harness cannot stand in for (a GPU, a browser, a service account or endpoint, a download, a server or the reader's own app, the content of a file): run it, or say which`;
    if (metaValue(block.meta, 'args') !== undefined)
      problem =
        'args="…" is gone: show the command that runs the file in a bash block after it, as the reader types it';
    const dialect = kind === 'sql' ? (metaValue(block.meta, 'dialect') ?? 'postgres') : undefined;
    if (dialect && !['postgres', 'mysql', 'snowflake'].includes(dialect))
      problem = `dialect="${dialect}": SQL runs as postgres (the default) or mysql, or is parsed as snowflake`;
    return {...block, kind, norun, title, dialect, problem};
  });
  out.forEach((block, i) => {
    if (block.kind !== 'output') return;
    const before = out[i - 1];
    if (!before || !RUNNABLE.has(before.lang) || before.norun !== undefined)
      block.problem = 'an output fence follows the block whose output it shows, and that block runs';
    else before.output = {line: block.line, text: block.code};
  });
  out.forEach((block, i) => {
    if (!block.title || !RUNNABLE.has(block.lang)) return;
    block.runsLater = out.slice(i + 1).some((later) => later.lang === 'bash' && runsSaved(later.code, block.title));
  });
  return out;
}

/** Every hand-written page with its classified blocks, in route order: `[{route, file, rel, blocks}]`. */
export function pageFences() {
  return [...pages()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([route, file]) => ({
      route,
      file,
      rel: path.relative(ROOT, file),
      blocks: classify(parsePage(fs.readFileSync(file, 'utf8'), {mdx: file.endsWith('.mdx')}).blocks),
    }));
}
