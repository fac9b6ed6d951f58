#!/usr/bin/env node
// Server-HTML checks of every built page, without a browser (README "Tests"):
//   per page, in worker threads (./page-checks.mjs): markup as React wrote it
//   (ids, headings, markup that breaks hydration, names, ARIA) with
//   html-validate; axe-core's rules that need no layout, in jsdom; the page's
//   shape (one h1, a title; an API page's method, path and samples);
//   across pages, here: internal links, assets and #fragments resolve as a
//   static host serves them; every inline script's hash is in the CSP that
//   build ships (in every build given); redirect pages reach a page.
// Writes test-results/coverage.md: which check covered which pages, browser
// sample included. Usage: node tests/html/check-html.mjs [build [other builds…]]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {Worker} from 'node:worker_threads';
import specs from '../../src/api/build/specs.cjs';
import {builtFiles} from '../support/pages.mjs';
import routes from '../support/routes.cjs';
import {browserSample} from '../support/sample.mjs';
import {AXE_BROWSER_ONLY, MARKUP_RULES} from './page-checks.mjs';
import {cspFindings, linkFindings, redirectFindings, routeFindings} from './site-checks.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const [main = 'build', ...others] = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['build', ...['build-hosted', 'build-kapa'].filter((d) => fs.existsSync(path.join(ROOT, d)))];
const WORKERS = Math.max(1, Math.min(os.availableParallelism(), 4));
const SHOWN = 10; // findings printed per check

/** Runs the per-file checks over `files` in worker threads; results by file. */
const operations = specs.specOperations();

async function checkFiles(dir, files, {factsOnly = false} = {}) {
  const byRoute = Object.fromEntries(operations.map((op) => [op.route, op]));
  // Largest files first, each to the least loaded worker.
  const shares = Array.from({length: WORKERS}, () => ({files: [], size: 0}));
  for (const file of [...files].sort((a, b) => b.html.length - a.html.length)) {
    const share = shares.reduce((a, b) => (b.size < a.size ? b : a));
    share.files.push({file: file.file, kind: file.kind, route: file.route});
    share.size += file.html.length;
  }
  const results = new Map();
  await Promise.all(
    shares
      .filter((s) => s.files.length)
      .map(
        (share) =>
          new Promise((resolve, reject) => {
            const worker = new Worker(new URL('./worker.mjs', import.meta.url), {
              workerData: {dir, files: share.files, operations: byRoute, factsOnly},
            });
            worker.on('message', (result) => results.set(result.file, result));
            worker.on('error', reject);
            worker.on('exit', (code) => (code ? reject(new Error(`a checker exited with ${code}`)) : resolve()));
          }),
      ),
  );
  return results;
}

const CHECKS = [
  ['routes', "every route of tests/routes.txt and every API operation's route is a page of the build"],
  ['ids', `ids unique and valid; aria and label references resolve (${MARKUP_RULES.ids.join(', ')})`],
  ['headings', `heading levels in order, none empty (${MARKUP_RULES.headings.join(', ')})`],
  ['hydration', `markup a parser would rebuild differently from React's tree (${MARKUP_RULES.hydration.join(', ')})`],
  ['names and images', `image alt, link, button and field names (${MARKUP_RULES['names and images'].join(', ')})`],
  ['aria', `ARIA attributes and roles as rendered (${MARKUP_RULES.aria.join(', ')})`],
  ['axe', 'axe-core, WCAG 2.2 A/AA and best practices (landmarks, regions, one h1), every impact, in jsdom'],
  ['shape', 'one h1, a title and lang; API operation pages: method, path, Python and curl samples, Responses, no Send'],
  ['twin', "API pages: each field and parameter row (name, type, required…) is in the page's twin as the page says it"],
  ['links', 'internal links, twins, stylesheets, images and scripts resolve as a static host serves them'],
  ['fragments', '#fragments of internal links are ids of the page they reach'],
  ['csp', "every inline script's hash is in that build's Content-Security-Policy"],
  ['redirects', 'redirect pages go to a page of the build'],
];

function report(findings, counts, sample, seconds) {
  const lines = [
    '# What checked which pages',
    '',
    `Written by tests/html/check-html.mjs (${new Date().toISOString()}).`,
    '',
    `## Server HTML: every page of ${main}/ (${counts.pages} pages, ${counts.redirects} redirect pages), ${seconds.toFixed(1)} s`,
    '',
    '| Check | What | Findings |',
    '| --- | --- | --- |',
    ...CHECKS.map(([check, what]) => `| ${check} | ${what} | ${findings.filter((f) => f.check === check).length} |`),
    '',
    `CSP hashes also checked in: ${others.length ? others.map((d) => `${d}/`).join(', ') : 'no other build'}.`,
    '',
    'axe rules left to the browser (they need layout):',
    '',
    ...Object.entries(AXE_BROWSER_ONLY).map(([rule, why]) => `- \`${rule}\`: ${why}`),
    '',
    `## Browser: the sample (${sample.length} of ${counts.pages} pages; tests/support/sample.mjs)`,
    '',
    'tests/e2e/pages.spec.ts loads each: its status, h1, hydration without a console error, and axe with every rule.',
    '',
    '| Page | Why |',
    '| --- | --- |',
    ...sample.map((s) => `| ${s.route} | ${s.why} |`),
  ];
  fs.mkdirSync(path.join(ROOT, 'test-results'), {recursive: true});
  fs.writeFileSync(path.join(ROOT, 'test-results/coverage.md'), `${lines.join('\n')}\n`);
}

const started = performance.now();
const dir = path.resolve(ROOT, main);
const files = builtFiles(dir);
const results = await checkFiles(dir, files);
const facts = new Map([...results].map(([file, result]) => [file, result.facts]));
const findings = [
  ...files.flatMap((f) => results.get(f.file).findings.map((finding) => ({file: f, ...finding}))),
  ...linkFindings(dir, files, facts),
  ...cspFindings(dir, files, facts),
  ...redirectFindings(files),
  ...routeFindings(files, [...routes.specRoutes(), ...operations.map((op) => op.route)]),
];
for (const other of others) {
  const otherDir = path.resolve(ROOT, other);
  const otherFiles = builtFiles(otherDir);
  const otherResults = await checkFiles(otherDir, otherFiles, {factsOnly: true});
  const otherFacts = new Map([...otherResults].map(([file, result]) => [file, result.facts]));
  findings.push(
    ...cspFindings(otherDir, otherFiles, otherFacts).map((f) => ({...f, message: `${other}/: ${f.message}`})),
  );
}
const seconds = (performance.now() - started) / 1000;
const counts = {
  pages: files.filter((f) => f.kind !== 'redirect').length,
  redirects: files.filter((f) => f.kind === 'redirect').length,
};
report(findings, counts, browserSample(dir), seconds);

console.log(
  `Server-HTML checks: ${counts.pages} pages and ${counts.redirects} redirect pages of ${main}/ in ${seconds.toFixed(1)} s (${WORKERS} workers)`,
);
const checks = [...new Set([...CHECKS.map(([check]) => check), ...findings.map((f) => f.check)])];
for (const check of checks) {
  const mine = findings.filter((f) => f.check === check);
  console.log(`  ${mine.length ? '✗' : '✓'} ${check}${mine.length ? `: ${mine.length} findings` : ''}`);
  for (const f of mine.slice(0, SHOWN)) console.log(`      ${f.file.route ?? f.file.file}: ${f.message}`);
  if (mine.length > SHOWN) console.log(`      … and ${mine.length - SHOWN} more`);
}
if (findings.length) process.exitCode = 1;
console.log('Coverage: test-results/coverage.md');
