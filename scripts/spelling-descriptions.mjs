#!/usr/bin/env node
// Spell-checks the prose of the OpenAPI specs: every `description` and `summary`
// string in openapi/atlas-v1.yaml and openapi/atlas-legacy.yaml, with the
// settings and project dictionary of cspell.config.yaml (`npm run spellcheck`
// runs it after cspell has checked the pages). Keys, identifiers and examples
// are not prose and are left alone. Exits 1 and lists each unknown word with
// where it sits in the spec.
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import specs from '../src/api/build/specs.cjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PROSE_KEYS = new Set(['description', 'summary']);

/** Every `description` and `summary` string in a parsed spec, with its path in the document. */
export function proseOf(node, where = '') {
  if (Array.isArray(node)) return node.flatMap((item, i) => proseOf(item, `${where}[${i}]`));
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => {
    const at = where ? `${where}.${key}` : key;
    return PROSE_KEYS.has(key) && typeof value === 'string' ? [{where: at, text: value}] : proseOf(value, at);
  });
}

/**
 * One Markdown text holding every entry, a blank line between entries, and the
 * line each entry starts on (1-based), so a reported line maps back to its entry.
 */
export function joinEntries(entries) {
  const starts = [];
  let line = 1;
  const parts = entries.map(({text}) => {
    starts.push(line);
    const body = text.replace(/\s+$/, '');
    line += body.split('\n').length + 1;
    return body;
  });
  return {text: parts.join('\n\n') + '\n', starts};
}

/** The entry a 1-based line of the joined text belongs to. */
export function entryAt(starts, line) {
  let index = 0;
  while (index + 1 < starts.length && starts[index + 1] <= line) index++;
  return index;
}

/** cspell's `file:line:column - Unknown word (word)` lines, parsed. */
export function parseIssues(output) {
  return [...output.matchAll(/:(\d+):(\d+) - Unknown word \(([^)]+)\)(?: Suggestions: \[([^\]]*)\])?/g)].map((m) => ({
    line: Number(m[1]),
    column: Number(m[2]),
    word: m[3],
    suggestions: m[4] ? m[4].split(', ').filter(Boolean) : [],
  }));
}

function cspell(text, name) {
  const bin = fileURLToPath(import.meta.resolve('cspell/bin.mjs'));
  const args = ['lint', '--no-progress', '--no-summary', '--no-color', '--show-suggestions'];
  args.push('--config', path.join(ROOT, 'cspell.config.yaml'), `stdin://${name}`);
  return spawnSync(process.execPath, [bin, ...args], {cwd: ROOT, input: text, encoding: 'utf8'});
}

function main() {
  const problems = [];
  let checked = 0;
  for (const {file, spec} of specs.loadSpecs()) {
    const entries = proseOf(spec);
    checked += entries.length;
    const {text, starts} = joinEntries(entries);
    // The .md suffix makes cspell read the text as Markdown, which it is.
    const result = cspell(text, `${file}.md`);
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
    const issues = parseIssues(output);
    if (result.status !== 0 && issues.length === 0) {
      console.error(`cspell failed on ${file}:\n${output || result.error}`);
      process.exit(2);
    }
    for (const {line, word, suggestions} of issues) {
      const hint = suggestions.length ? ` (did you mean ${suggestions.slice(0, 3).join(', ')}?)` : '';
      problems.push(`${file} ${entries[entryAt(starts, line)].where}: unknown word "${word}"${hint}`);
    }
  }
  if (problems.length) {
    console.error([...new Set(problems)].join('\n'));
    console.error(
      `\n${problems.length} unknown word(s) in the specs' descriptions and summaries. ` +
        'Fix the typo in openapi/, or add a real word to project-words.txt (sorted, one a line).',
    );
    process.exit(1);
  }
  console.log(`spec prose OK: ${checked} descriptions and summaries in ${specs.SPECS.map((s) => s.file).join(', ')}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
