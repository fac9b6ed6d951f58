import fs from 'node:fs';
import path from 'node:path';
import {blocksMarkdown} from '../src/search/passages';
import type {Answer, Passage} from '../src/ask-ai/types';
import {ROOT, rankedPages} from './relevance';

/**
 * A reader's question (tests/ask-eval.json): the pages a good answer cites
 * (none when the docs do not answer it), a phrase the answer must contain,
 * and the split it belongs to, drawn once at random: the engine is tuned on
 * `tune` and reported on `test`.
 */
export interface AskQuestion {
  question: string;
  cite: string[];
  fact?: string;
  split: 'tune' | 'test';
}

export function askQuestions(): AskQuestion[] {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/ask-eval.json'), 'utf8')).questions;
}

const normalize = (text: string) => text.toLowerCase().replace(/[`*_]/g, '').replace(/\s+/g, ' ').trim();

/** Whether a text contains the fact, ignoring case, Markdown marks and spacing. */
export function containsFact(text: string, fact: string): boolean {
  return normalize(text).includes(normalize(fact));
}

export interface AskScore {
  answerable: number;
  /** Answers citing a right page among their first three pages. */
  hit3: number;
  /** Answers whose first passage contains the fact. */
  factShare: number;
  unanswerable: number;
  /** Questions the docs do not answer that were answered "no direct answer". */
  declined: number;
  misses: string[];
}

/**
 * Scores answers: hit@3 and the fact share over the answerable questions
 * (an answer that declines scores neither), and the share of the others
 * that were declined.
 */
export function scoreAnswers(questions: AskQuestion[], answers: Answer[]): AskScore {
  let hits = 0;
  let facts = 0;
  let declined = 0;
  const misses: string[] = [];
  questions.forEach((q, i) => {
    const answer = answers[i]!;
    if (q.cite.length === 0) {
      if (answer.notFound) declined += 1;
      else misses.push(`(not in the docs) ${q.question} → ${answer.sources[0]?.url}`);
      return;
    }
    const pages = answer.notFound ? [] : rankedPages(answer.sources.map((s) => s.url));
    const hit = pages.slice(0, 3).some((page) => q.cite.includes(page));
    const fact = !answer.notFound && q.fact !== undefined && containsFact(blocksMarkdown(answer.lead ?? []), q.fact);
    if (hit) hits += 1;
    if (fact) facts += 1;
    if (!hit || !fact)
      misses.push(
        `${hit ? '' : '[cite] '}${fact ? '' : '[fact] '}${q.question} → ${answer.notFound ? '(declined) ' : ''}${pages.slice(0, 3).join(', ')}`,
      );
  });
  const answerable = questions.filter((q) => q.cite.length > 0).length;
  const unanswerable = questions.length - answerable;
  return {
    answerable,
    hit3: hits / Math.max(answerable, 1),
    factShare: facts / Math.max(answerable, 1),
    unanswerable,
    declined: declined / Math.max(unanswerable, 1),
    misses,
  };
}

/**
 * Where the loss of the fact share lies: the share of answerable questions whose fact is in the
 * first ranked section at all (the most a better choice of lead could reach) and in one of the
 * first three (what a better ranking among them could reach).
 */
export function factCeilings(questions: AskQuestion[], ranked: Passage[][]): {first: number; firstThree: number} {
  const answerable = questions.filter((q) => q.cite.length > 0).length;
  const within = (n: number) =>
    questions.filter(
      (q, i) =>
        q.cite.length > 0 &&
        q.fact !== undefined &&
        ranked[i]!.slice(0, n).some((p) => containsFact(blocksMarkdown(p.blocks ?? []), q.fact!)),
    ).length / Math.max(answerable, 1);
  return {first: within(1), firstThree: within(3)};
}
