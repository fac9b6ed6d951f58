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
import {HEAD_FILE, memorySource, readIndexFiles} from '../src/search/build/files';
import {askQuestions, citationScore} from './askQuality';
import {ROOT, rankedPages} from './relevance';

async function main() {
  if (!fs.existsSync(path.join(ROOT, HEAD_FILE))) {
    const build = spawnSync('npm', ['run', '--silent', 'build'], {cwd: ROOT, stdio: 'inherit'});
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const engine = createEngine(memorySource(readIndexFiles(ROOT)));
  const questions = askQuestions();
  const passages = await Promise.all(questions.map(({question}) => passagesFor(engine, question)));
  const answers = questions.map(({question}, i) => composeAnswer(question, passages[i]!));
  const cited = answers.map((answer) => (answer.notFound ? [] : rankedPages(answer.sources.map((s) => s.url))));
  const searched = passages.map((found) => rankedPages(found.map((p) => p.url)));
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

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
