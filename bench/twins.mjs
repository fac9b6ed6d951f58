#!/usr/bin/env node
// What the Markdown twins and llms.txt cost the build: the site built
// without them (ATLAS_WITHOUT_TWINS=1, the baseline) and with them, in
// alternation, BENCH_RUNS times each; then the size of what they add.
// Usage: npm run bench:twins
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fg from 'fast-glob';
import {RESULTS, ROOT, build, kb, ratio} from './support.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const out = path.join(RESULTS, 'build-twins');
const without = [];
const withTwins = [];
for (let i = 0; i < RUNS; i++) {
  without.push(build(ROOT, path.join(RESULTS, 'build-without-twins'), {ATLAS_WITHOUT_TWINS: '1'}));
  withTwins.push(build(ROOT, out));
}
const twins = fg.sync('**/*.md', {cwd: out});
const full = fs.readFileSync(path.join(out, 'llms-full.txt'));
const index = fs.readFileSync(path.join(out, 'llms.txt'));
console.log(
  `Build time (median of ${RUNS}): without twins ${median(without).toFixed(1)} s, with ${median(withTwins).toFixed(1)} s (${ratio(median(withTwins), median(without))})`,
);
console.log(
  `Twins: ${twins.length} Markdown files, ${kb(twins.reduce((sum, f) => sum + fs.statSync(path.join(out, f)).size, 0))}`,
);
console.log(`llms.txt ${kb(index.length)}; llms-full.txt ${kb(full.length)} (${kb(zlib.gzipSync(full).length)} gzip)`);
