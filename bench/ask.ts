/**
 * Ask AI quality: citation hit@3 and MRR of the embedded provider (answers
 * drawn from the docs) over tests/ask-questions.json, questions phrased as
 * readers ask them, each with the pages a good answer cites. The baseline in
 * the same run is plain search: the pages the same engine ranks first for the
 * question, without composing an answer.
 * Usage: npm run bench:ask (builds the search index first if it is missing)
 */
import fs from 'node:fs';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {composeAnswer} from '../src/ask-ai/compose';
import {passagesFor} from '../src/ask-ai/retrieve';
import {createEngine} from '../src/search/engine';
import type {SearchIndexFile} from '../src/search/records';
import {askQuestions, citationScore} from './askQuality';
import {ROOT, rankedPages} from './relevance';

const INDEX = path.join(ROOT, '.docusaurus/search-index/default/search-index.json');

function main() {
  if (!fs.existsSync(INDEX)) {
    const build = spawnSync('npm', ['run', '--silent', 'build'], {cwd: ROOT, stdio: 'inherit'});
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const {records} = JSON.parse(fs.readFileSync(INDEX, 'utf8')) as SearchIndexFile;
  const engine = createEngine(records);
  const questions = askQuestions();
  const answers = questions.map(({question}) => composeAnswer(question, passagesFor(engine, question)));
  const cited = answers.map((answer) => (answer.notFound ? [] : rankedPages(answer.sources.map((s) => s.url))));
  const searched = questions.map(({question}) => rankedPages(passagesFor(engine, question).map((p) => p.url)));
  const ask = citationScore(questions, cited);
  const search = citationScore(questions, searched);
  console.log(`Ask AI, embedded provider, ${questions.length} questions (tests/ask-questions.json)`);
  console.log(`  answers that cite a right page among their first 3 sources (hit@3): ${ask.hit3.toFixed(3)}`);
  console.log(`  MRR of the first right citation:                                   ${ask.mrr.toFixed(3)}`);
  console.log(
    `  answered "not in the docs":                                        ${answers.filter((a) => a.notFound).length}`,
  );
  console.log(
    `  baseline, search alone (pages ranked for the question): hit@3 ${search.hit3.toFixed(3)}, MRR ${search.mrr.toFixed(3)}`,
  );
  if (ask.misses.length) console.log(`\nMisses (question → first citations):\n  ${ask.misses.join('\n  ')}`);
}

main();
