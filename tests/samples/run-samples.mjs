#!/usr/bin/env node
// Runs the code samples of every hand-written page (tests/samples/README.md):
// Python blocks against the real nomic client and a fake Atlas API, TypeScript
// blocks type-checked against the published client, curl commands against a
// contract mock of our specs. Prints a table per page and, last, one line a
// machine can read. Usage: npm run test:samples [-- --kind=python] [-- --page=quick-start]
import {samplePages} from './blocks.mjs';
import {runCurl} from './curl/run.mjs';
import {runPython} from './python/run.mjs';
import {checkTypeScript} from './typescript/run.mjs';

const KINDS = {python: runPython, typescript: checkTypeScript, curl: runCurl};
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = arg('kind');
const pageFilter = arg('page');
if (only && !KINDS[only]) throw new Error(`--kind must be one of ${Object.keys(KINDS).join(', ')}`);

const pages = samplePages().filter((p) => !pageFilter || p.route.includes(pageFilter));
const kinds = Object.keys(KINDS).filter((kind) => !only || kind === only);

/** Each kind's runner gets the pages with samples of that kind and returns one result per sample. */
const results = [];
for (const kind of kinds) {
  const mine = pages
    .map((page) => ({...page, samples: page.samples.filter((s) => s.kind === kind)}))
    .filter((page) => page.samples.length);
  const started = performance.now();
  const found = await KINDS[kind](mine);
  console.log(`${kind}: ${found.length} samples in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  results.push(...found.map((r) => ({...r, kind})));
}

const count = (list, status) => list.filter((r) => r.status === status).length;
const cell = (list) => (list.length ? `${count(list, 'ran')}/${count(list, 'norun')}/${count(list, 'failed')}` : '');
console.log(`\n${'page'.padEnd(86)} ${kinds.map((k) => `${k} ran/norun/failed`.padEnd(26)).join(' ')}`);
for (const page of pages) {
  const mine = results.filter((r) => r.route === page.route);
  if (!mine.length) continue;
  const flag = count(mine, 'failed') ? '✗' : ' ';
  console.log(
    `${flag} ${page.route.padEnd(84)} ${kinds.map((k) => cell(mine.filter((r) => r.kind === k)).padEnd(26)).join(' ')}`,
  );
}
const failed = results.filter((r) => r.status === 'failed');
for (const f of failed) console.log(`\n✗ ${f.kind} ${f.file}:${f.line}\n${f.detail ?? ''}`.trimEnd());

const of = (kind) => results.filter((r) => r.kind === kind);
const parts = [];
if (kinds.includes('python')) {
  const py = of('python');
  parts.push(`python ${count(py, 'ran')}/${py.length} ran, ${count(py, 'norun')} norun, ${count(py, 'failed')} failed`);
}
if (kinds.includes('typescript')) parts.push(`typescript ${count(of('typescript'), 'ran')}/${of('typescript').length}`);
if (kinds.includes('curl')) {
  const curl = of('curl');
  parts.push(
    `curl ${count(curl, 'ran')}/${curl.length} accepted${count(curl, 'norun') ? `, ${count(curl, 'norun')} norun` : ''}`,
  );
}
console.log(`\nsamples: ${parts.join('; ')}`);
if (failed.length) process.exitCode = 1;
