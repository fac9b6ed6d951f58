import fs from 'node:fs';
import path from 'node:path';
import {ROOT} from './relevance';

export interface AskQuestion {
  question: string;
  cite: string[];
}

export function askQuestions(): AskQuestion[] {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/ask-questions.json'), 'utf8')).questions;
}

/** hit@3 and MRR of the first right page in each answer's cited pages. */
export function citationScore(questions: AskQuestion[], cited: string[][]) {
  let hits = 0;
  let reciprocal = 0;
  const misses: string[] = [];
  questions.forEach(({question, cite}, i) => {
    const rank = cited[i].findIndex((page) => cite.includes(page));
    if (rank >= 0) reciprocal += 1 / (rank + 1);
    if (rank >= 0 && rank < 3) hits += 1;
    else misses.push(`${question} → ${cited[i].slice(0, 3).join(', ') || '(nothing)'}`);
  });
  return {hit3: hits / questions.length, mrr: reciprocal / questions.length, misses};
}
