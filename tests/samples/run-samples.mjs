#!/usr/bin/env node
// Runs or checks every fenced block of every hand-written page (tests/samples/README.md):
// Python, bash (curl included) and SQL blocks run in one session per page against the real
// nomic client and fakes of every service they call; the outputs pages show are compared
// with what ran; TypeScript is type-checked against the published client; JSON, signatures
// and YAML are checked against the specs, the client and the page; each page's notebook twin
// runs from a fresh kernel, and proves the page blocks it can (session/run.mjs
// `notebookProves`), which the page's session then does not run again (unless --kind=session).
// Prints a table per page and, last, one line a machine can read.
// Usage: npm run test:samples [-- --kind=session|typescript|checks|notebooks] [-- --page=quick-start]
import {runChecks} from './checks/run.mjs';
import {pageFences} from './fences.mjs';
import {notebookMaker} from './session/notebooks';
import {runNotebooks, runSessions} from './session/run.mjs';
import {checkTypeScript} from './typescript/run.mjs';
import {saveResults} from './results.mjs';

const RUNNERS = {
  session: (pages) => runSessions(pages, {notebooksToo: !only}),
  typescript: async (pages) =>
    (
      await checkTypeScript(
        pages
          .map((page) => ({...page, samples: page.blocks.filter((b) => b.kind === 'typescript')}))
          .filter((page) => page.samples.length),
      )
    ).map((r) => ({...r, kind: 'typescript'})),
  checks: runChecks,
  notebooks: runNotebooks,
};
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = arg('kind');
const pageFilter = arg('page');
if (only && !RUNNERS[only]) throw new Error(`--kind must be one of ${Object.keys(RUNNERS).join(', ')}`);

const notebookOf = await notebookMaker();
const pages = pageFences()
  .filter((p) => !pageFilter || p.route.includes(pageFilter))
  .map((page) => ({...page, notebook: notebookOf(page)}));
const results = [];
for (const [name, runner] of Object.entries(RUNNERS)) {
  if (only && only !== name) continue;
  const started = performance.now();
  const found = await runner(pages);
  console.log(`${name}: ${found.length} results in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  results.push(...found);
}
// Fences nothing runs: declared text, and diagrams, which the build draws (and fails on).
for (const page of pages)
  for (const block of page.blocks)
    if (block.kind === 'text' || block.kind === 'mermaid' || block.kind === 'file')
      results.push({
        kind: block.kind,
        route: page.route,
        file: page.file,
        line: block.line,
        status: block.kind === 'file' ? 'ran' : 'norun',
      });

const KINDS = ['python', 'bash', 'curl', 'sql', 'typescript', 'json', 'output', 'signature', 'yaml'];
const count = (list, status) => list.filter((r) => r.status === status).length;
const cell = (list) =>
  list.length ? `${count(list, 'ran') + count(list, 'checked')}/${count(list, 'norun')}/${count(list, 'failed')}` : '';
console.log(`\n${'page (ran/norun/failed)'.padEnd(70)} ${KINDS.map((k) => k.padEnd(10)).join('')}`);
for (const page of pages) {
  const mine = results.filter((r) => r.route === page.route && KINDS.includes(r.kind));
  if (!mine.length) continue;
  const flag = count(mine, 'failed') ? '✗' : ' ';
  const row = KINDS.map((k) => cell(mine.filter((r) => r.kind === k)).padEnd(10)).join('');
  console.log(`${flag} ${page.route.padEnd(68)} ${row}`);
}
const failed = results.filter((r) => r.status === 'failed');
for (const f of failed)
  console.log(`\n✗ ${f.kind} ${f.file.replace(`${process.cwd()}/`, '')}:${f.line}\n${f.detail ?? ''}`.trimEnd());

const of = (kind) => results.filter((r) => r.kind === kind);
const tally = (kind, label, verb) => {
  const list = of(kind);
  if (!list.length) return undefined;
  const extra = [
    count(list, 'checked') && `${count(list, 'checked')} parsed in their dialect`,
    count(list, 'norun') && `${count(list, 'norun')} norun`,
    count(list, 'failed') && `${count(list, 'failed')} failed`,
  ];
  return [`${label} ${count(list, 'ran')}/${list.length} ${verb}`, ...extra.filter(Boolean)].join(', ');
};
const parts = [];
const py = of('python');
if (py.length)
  parts.push(`python ${count(py, 'ran')}/${py.length} ran, ${count(py, 'norun')} norun, ${count(py, 'failed')} failed`);
if (of('typescript').length) parts.push(`typescript ${count(of('typescript'), 'ran')}/${of('typescript').length}`);
parts.push(
  ...[
    tally('curl', 'curl', 'accepted'),
    tally('bash', 'bash', 'ran'),
    tally('json', 'json', 'valid'),
    tally('sql', 'sql', 'ran'),
    tally('output', 'outputs', 'matched'),
    tally('signature', 'signatures', 'matched'),
    tally('yaml', 'yaml', 'checked'),
  ].filter(Boolean),
);
const notebooks = of('notebook');
if (notebooks.length) {
  const skipped = notebooks.reduce((sum, r) => sum + (r.skipped ?? 0), 0);
  const failedNotebooks = count(notebooks, 'failed') ? `, ${count(notebooks, 'failed')} failed` : '';
  parts.push(
    `notebooks ${count(notebooks, 'ran')}/${notebooks.length} ran (fresh kernel; ${skipped} norun cells skipped${failedNotebooks})`,
  );
}
if (of('file').length) parts.push(`files ${of('file').length} saved by the session`);
if (of('text').length) parts.push(`text ${of('text').length} norun`);
if (of('mermaid').length) parts.push(`mermaid ${of('mermaid').length} drawn at build`);
console.log(`\nsamples: ${parts.join('; ')}`);
// For the build: each block's result by its text, which the pages' labels and /samples.json show (src/samples-proof).
await saveResults(pages, results);
if (failed.length) process.exitCode = 1;
