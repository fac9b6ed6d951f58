/**
 * Ask AI quality on reader questions (tests/ask-eval.json), for the tuning
 * and the test split, from one run: citation hit@3, the share of answers
 * whose first passage contains the fact the question needs, and the share of
 * questions the docs do not answer that were declined; also for the first
 * question a reader asks before the model has loaded (the lead by words, the
 * sections to read more by meaning too) and by words alone. The baseline in the
 * same run is search alone: the pages and the first hit's text that the
 * same engine gives for the question. Where the fact share is lost is printed too: how often the
 * fact is in the first section at all, or in one of the first three. Search's own MRR@5 on its judged
 * queries (tests/search-queries.json) is printed too, since both share the core.
 * Usage: npm run bench:ask [-- --misses] (builds the search index first if it is missing)
 */
import fs from 'node:fs';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {composeAnswer, refineAnswer} from '../src/ask-ai/compose';
import {passagesFor, toPassage} from '../src/ask-ai/retrieve';
import {semanticFrom} from '../src/ask-ai/semantic';
import {readSemanticFiles} from '../src/ask-ai/semantic/build';
import {createEngine, type Engine} from '../src/search/engine';
import {HEAD_FILE, memorySource, readIndexFiles} from '../src/search/build/files';
import type {Answer} from '../src/ask-ai/types';
import {askQuestions, factCeilings, scoreAnswers, type AskQuestion, type AskScore} from './askQuality';
import {judgedQueries, rankedPages, ROOT, score} from './relevance';

/** Search alone, as an answer: its ranked sections, the first one's whole text as the passage. */
async function searchAnswer(engine: Engine, question: string): Promise<Answer> {
  const hits = await engine.search(question, 6);
  const texts = await engine.contents(hits.map((h) => h.record));
  const sources = hits.map((hit, i) => toPassage(hit.record, texts[i]!, i + 1));
  return {text: texts[0] ?? '', lead: [{p: texts[0] ?? ''}], sources, grounded: true, notFound: hits.length === 0};
}

function line(name: string, s: AskScore) {
  return `  ${name.padEnd(28)} hit@3 ${s.hit3.toFixed(3)}   fact in first passage ${s.factShare.toFixed(3)}   declined (not in docs) ${s.declined.toFixed(3)}`;
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, HEAD_FILE))) {
    const build = spawnSync('npm', ['run', '--silent', 'build'], {cwd: ROOT, stdio: 'inherit'});
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const engine = createEngine(memorySource(readIndexFiles(ROOT)));
  const files = readSemanticFiles(ROOT);
  if (!files) throw new Error('The build wrote no Ask AI vectors (see its [ask-ai] message)');
  const semantic = semanticFrom(files.model, files.vectors);
  const all = askQuestions();
  const results: Record<string, AskScore> = {};
  for (const split of ['tune', 'test'] as const) {
    const questions: AskQuestion[] = all.filter((q) => q.split === split);
    const fused = await Promise.all(
      questions.map(({question}) => passagesFor(engine, question, 12, semantic.rank(question, Infinity))),
    );
    const byWords = await Promise.all(
      questions.map(async ({question}) => composeAnswer(question, await passagesFor(engine, question))),
    );
    const answers = questions.map(({question}, i) => composeAnswer(question, fused[i]!));
    // The first question before the model has loaded: the lead by words, "Read more" ranked by meaning too.
    const loading = byWords.map((first, i) => refineAnswer(first, fused[i]!));
    const searched = await Promise.all(questions.map(({question}) => searchAnswer(engine, question)));
    const ask = scoreAnswers(questions, answers);
    const words = scoreAnswers(questions, byWords);
    const search = scoreAnswers(questions, searched);
    results[split] = ask;
    console.log(
      `\n${split} split: ${ask.answerable} answerable questions, ${ask.unanswerable} the docs do not answer (tests/ask-eval.json)`,
    );
    console.log(line('Ask AI (embedded)', ask));
    const ceilings = factCeilings(questions, fused);
    console.log(
      `  ${''.padEnd(28)} the fact is in its first section for ${ceilings.first.toFixed(3)}, in one of its first three for ${ceilings.firstThree.toFixed(3)}`,
    );
    console.log(line('Ask AI, model still loading', scoreAnswers(questions, loading)));
    console.log(line('Ask AI by words alone', words));
    console.log(line('baseline: search alone', search));
    if (process.argv.includes('--misses') && split === 'tune')
      console.log(`  misses:\n    ${ask.misses.join('\n    ')}`);
  }
  const judged = judgedQueries();
  const rankings: string[][] = [];
  for (const {query} of judged) rankings.push(rankedPages((await engine.search(query)).map((h) => h.record.url)));
  const searchScore = score(judged, rankings);
  console.log(
    `\nsearch, ${judged.length} judged queries (tests/search-queries.json): MRR@5 ${searchScore.mrr5.toFixed(3)}`,
  );
  const test = results.test!;
  console.log(
    `ask: test hit@3 ${test.hit3.toFixed(3)}; fact ${test.factShare.toFixed(3)}; declined ${test.declined.toFixed(3)}; search MRR@5 ${searchScore.mrr5.toFixed(3)}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
