#!/usr/bin/env node
// Size budgets that grow with the site: the files whose size may grow with
// every page (the search head, loaded by the first search; main.js, where
// Docusaurus would put the route table, and the runtime, which maps every
// chunk to its file: both loaded by every page) may grow by so many gzip
// bytes per page of the sitemap, plus a fixed part (bench/budgets.json,
// "growth"). A change that makes them grow faster than the pages do fails.
// Usage: node tests/size/growth.mjs [build]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {fileURLToPath} from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What the budgets limit, measured on a build: sitemap pages and gzip bytes of each file. */
export function measureGrowth(build) {
  const js = path.join(build, 'assets/js');
  const gzip = (pattern) =>
    fs
      .readdirSync(js)
      .filter((f) => pattern.test(f))
      .reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(js, f))).length, 0);
  return {
    pages: (fs.readFileSync(path.join(build, 'sitemap.xml'), 'utf8').match(/<loc>/g) ?? []).length,
    files: {
      'search head': gzip(/^search-head\.[0-9a-f]+\.js$/),
      'main.js': gzip(/^main\.[0-9a-f]+\.js$/),
      runtime: gzip(/^runtime~main\.[0-9a-f]+\.js$/),
    },
  };
}

/** Each file's size against its allowance (`base` + `perPage` × pages); problems for those above it. */
export function growthReport({pages, files}, budgets) {
  const rows = Object.entries(budgets)
    .filter(([name]) => !name.startsWith('$'))
    .map(([name, {base, perPage}]) => {
      const allowed = base + perPage * pages;
      const size = files[name];
      if (size === undefined) return {name, size, allowed, problem: `${name}: not found in the build`};
      return {
        name,
        size,
        allowed,
        problem:
          size > allowed
            ? `${name}: ${size} B gzip for ${pages} pages, above its ${base} B + ${perPage} B a page = ${allowed} B`
            : undefined,
      };
    });
  return {rows, problems: rows.flatMap((r) => (r.problem ? [r.problem] : []))};
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const build = path.resolve(ROOT, process.argv[2] ?? 'build');
  const budgets = JSON.parse(fs.readFileSync(path.join(ROOT, 'bench/budgets.json'), 'utf8')).growth;
  const measured = measureGrowth(build);
  const {rows, problems} = growthReport(measured, budgets);
  for (const {name, size, allowed} of rows)
    console.log(
      `${name.padEnd(12)} ${String(size).padStart(8)} B gzip of ${allowed} B allowed for ${measured.pages} pages`,
    );
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
}
