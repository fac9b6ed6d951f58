import {queryWords, stem, tokenize, wordVariants} from '../search/engine';
import type {Answer, Passage} from './types';

/** Sentences of a passage's text, without fragments too short or too long to quote. */
export function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[A-Z0-9`"'(])/)
    .map((s) => s.trim())
    .filter((s) => {
      const words = s.split(' ').length;
      return words >= 5 && words <= 70 && /[.!?]$/.test(s);
    });
}

/** How well a sentence answers: the share of the question's words it contains (stems and synonyms count). */
export function coverage(sentence: string, words: string[]): number {
  if (words.length === 0) return 0;
  const tokens = new Set(tokenize(sentence).map(stem));
  const hits = words.filter((word) => wordVariants(word).some((variant) => tokens.has(stem(variant))));
  return hits.length / words.length;
}

const MAX_SENTENCES = 4;
// A sentence must contain at least half of the question's words to be quoted.
const MIN_COVERAGE = 0.5;

/**
 * The embedded answer: the sentences of the retrieved passages that best
 * answer the question, quoted as written, each followed by its citation.
 * Passages are taken in search's order (two sentences from the best one, one
 * from each next), so citations follow relevance. Nothing is generated; when
 * no sentence is relevant the answer says so and offers the closest pages.
 */
export function composeAnswer(question: string, passages: Passage[]): Answer {
  const words = queryWords(question);
  const chosen: {sentence: string; passage: Passage; position: number}[] = [];
  for (const [rank, passage] of passages.entries()) {
    const best = sentences(passage.text)
      .map((sentence, position) => ({sentence, passage, position, covered: coverage(sentence, words)}))
      // The best passage may answer with a third of the words; the others need half.
      .filter((c) => c.covered >= (rank === 0 ? 1 / 3 : MIN_COVERAGE) && !chosen.some((o) => o.sentence === c.sentence))
      .sort((a, b) => b.covered - a.covered || a.position - b.position)
      .slice(0, rank === 0 ? 2 : 1);
    chosen.push(...best);
    if (chosen.length >= MAX_SENTENCES) break;
  }
  if (chosen.length === 0) {
    return {
      text: 'The docs do not seem to answer this question. These pages are the closest matches.',
      sources: passages.slice(0, 3).map((p, i) => ({...p, n: i + 1})),
      grounded: true,
      notFound: true,
    };
  }
  chosen.splice(MAX_SENTENCES);
  // Read in the order the docs give them: by passage, then by position.
  chosen.sort((a, b) => a.passage.n - b.passage.n || a.position - b.position);
  const sources: Passage[] = [];
  const cite = (passage: Passage) => {
    let index = sources.findIndex((s) => s.url === passage.url);
    if (index === -1) index = sources.push({...passage, n: sources.length + 1}) - 1;
    return index + 1;
  };
  const text = chosen.map((c) => `${c.sentence} [${cite(c.passage)}]`).join(' ');
  return {text, sources, grounded: true};
}
