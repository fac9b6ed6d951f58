#!/usr/bin/env node
// How many realistic mistakes the samples harness catches: each mistake in
// bench/samples-mistakes.json is planted, one at a time, in a copy of the
// repository, and the page's samples and the content check are run. The same
// mistakes are planted in a copy at a baseline commit (SAMPLES_MISTAKES_BASE,
// default 83aaf9f, the harness before it ran every fence) where the page still
// has the same text, so both harnesses are measured in one run
// (SAMPLES_MISTAKES_BASE=none measures this tree alone).
// Usage: npm run bench:mistakes [-- --only=id1,id2]
import {execFileSync, spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {copyRepository, ROOT} from '../tests/support/repo-copy.mjs';

const BASE = process.env.SAMPLES_MISTAKES_BASE ?? '83aaf9f';
// Prism, which the baseline's curl runner needs and this tree no longer installs.
const PRISM = '@stoplight/prism-cli@5.14.2';
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const mistakes = JSON.parse(fs.readFileSync(path.join(ROOT, 'bench/samples-mistakes.json'), 'utf8')).filter(
  (m) => !only || only.includes(m.id),
);

/** The page's route, from its file: what `--page=` selects. */
function route(file) {
  const [base, rest] = file.startsWith('docs/')
    ? ['/platform/', file.slice(5)]
    : file.startsWith('reference/api/query/')
      ? ['/reference/api/query/', file.slice(20)]
      : ['/reference/', file.slice('reference/pages/'.length)];
  const bare = rest.replace(/\.mdx?$/, '');
  return base + (bare === 'index' ? '' : bare.endsWith('/index') ? bare.slice(0, -5) : bare);
}

function run(command, args, cwd) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {cwd, env: {...process.env, CI: ''}, stdio: ['ignore', 'pipe', 'pipe']});
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('close', (code) => resolve({code, output}));
  });
}

/** Whether the harness of `copy` catches the mistake: the first problem it reports for the page, or undefined. */
async function catches(copy, mistake) {
  const file = path.join(copy, mistake.file);
  const original = fs.readFileSync(file, 'utf8');
  // A mistake whose text the page no longer has would plant nothing and be counted as missed (or caught).
  if (original.split(mistake.find).length !== 2)
    throw new Error(`${mistake.id}: ${mistake.file} must hold its find once`);
  fs.writeFileSync(file, original.replace(mistake.find, mistake.replace));
  try {
    const content = await run('node', ['tests/content/check-content.mjs'], copy);
    const mine = content.output.split('\n').filter((line) => line.startsWith(mistake.file));
    if (mine.length) return `content check: ${mine[0]}`;
    // As `npm run test:samples` runs it: the harness imports the notebook maker's TypeScript.
    const samples = await run(
      path.join(copy, 'node_modules/.bin/vite-node'),
      ['tests/samples/run-samples.mjs', `--page=${route(mistake.file)}`],
      copy,
    );
    if (samples.code === 0) return undefined;
    const lines = samples.output.split('\n');
    const failure = lines.findIndex((line) => line.startsWith('✗ ') && line.includes(mistake.file));
    // A run that fails without naming the page did not catch the mistake: it broke (and says why).
    if (failure === -1)
      throw new Error(`the samples run failed without naming ${mistake.file}:\n${lines.slice(-15).join('\n')}`);
    return lines
      .slice(failure, failure + 6)
      .join(' | ')
      .slice(0, 300);
  } finally {
    fs.writeFileSync(file, original);
  }
}

function copyAt(commit, dest) {
  execFileSync('sh', ['-c', `git -C "${ROOT}" archive ${commit} | tar -x -C "${dest}"`]);
  // node_modules: this tree's packages, plus Prism for the baseline's curl mocks.
  const prism = path.join(dest, '.bench-prism');
  execFileSync('npm', ['install', '--prefix', prism, '--no-audit', '--no-fund', '--silent', PRISM], {stdio: 'inherit'});
  // Each package linked; the @stoplight scope merged, Prism's own packages first.
  const link = (from, to) => fs.existsSync(to) || fs.symlinkSync(from, to);
  fs.mkdirSync(path.join(dest, 'node_modules/@stoplight'), {recursive: true});
  for (const entry of fs.readdirSync(path.join(prism, 'node_modules/@stoplight')))
    link(path.join(prism, 'node_modules/@stoplight', entry), path.join(dest, 'node_modules/@stoplight', entry));
  for (const entry of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
    if (entry !== '@stoplight') link(path.join(ROOT, 'node_modules', entry), path.join(dest, 'node_modules', entry));
  }
  for (const entry of fs.existsSync(path.join(ROOT, 'node_modules/@stoplight'))
    ? fs.readdirSync(path.join(ROOT, 'node_modules/@stoplight'))
    : [])
    link(path.join(ROOT, 'node_modules/@stoplight', entry), path.join(dest, 'node_modules/@stoplight', entry));
  fs.symlinkSync(path.join(ROOT, '.venv'), path.join(dest, '.venv'));
  // The same pins as this tree, so the shared environment's stamp matches and is never made again.
  fs.copyFileSync(path.join(ROOT, 'tests/samples/requirements.txt'), path.join(dest, 'tests/samples/requirements.txt'));
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'samples-mistakes-'));
const current = path.join(scratch, 'current');
const base = path.join(scratch, 'base');
fs.mkdirSync(current);
fs.mkdirSync(base);
try {
  copyRepository(current);
  fs.symlinkSync(path.join(ROOT, '.venv'), path.join(current, '.venv'));
  if (BASE !== 'none') copyAt(BASE, base);
  const rows = [];
  for (const mistake of mistakes) {
    const inBase =
      BASE !== 'none' && fs.existsSync(path.join(base, mistake.file))
        ? fs.readFileSync(path.join(base, mistake.file), 'utf8').split(mistake.find).length === 2
        : false;
    // A run that breaks (a fake that would not start) counts as not caught, and says why.
    const attempt = (copy) => catches(copy, mistake).catch((error) => (console.log(`  ! ${error.message}`), undefined));
    const [now, then] = await Promise.all([attempt(current), inBase ? attempt(base) : 'n/a']);
    rows.push({mistake, now, then});
    console.log(
      `${now ? '✓' : '✗'} ${inBase ? (then ? '✓' : '✗') : '-'} ${mistake.kind.padEnd(16)} ${mistake.id}\n    now:  ${now ?? 'not caught'}\n    ${BASE}: ${then ?? 'not caught'}`,
    );
  }
  const comparable = rows.filter((r) => r.then !== 'n/a');
  const caught = (list, key) => list.filter((r) => r[key]).length;
  const byKind = {};
  for (const r of rows) {
    byKind[r.mistake.kind] ??= {n: 0, now: 0};
    byKind[r.mistake.kind].n += 1;
    byKind[r.mistake.kind].now += r.now ? 1 : 0;
  }
  console.log('\nby kind (caught now / planted):');
  for (const [kind, {n, now}] of Object.entries(byKind)) console.log(`  ${kind.padEnd(16)} ${now}/${n}`);
  console.log(
    `\nmistakes: caught ${caught(rows, 'now')}/${rows.length} now; on the ${comparable.length} that apply to both, ` +
      `${caught(comparable, 'now')} now and ${caught(comparable, 'then')} at ${BASE}`,
  );
} finally {
  fs.rmSync(scratch, {recursive: true, force: true});
}
