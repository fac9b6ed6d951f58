import {stem, tokenize, wordVariants} from '../search/engine';

/** The stemmed words of a text, for `covers`. */
export function wordSet(text: string): Set<string> {
  return new Set(tokenize(text).map(stem));
}

/** Whether a text's words contain a question word, its stem or a synonym. */
export function covers(words: Set<string>, word: string): boolean {
  return wordVariants(word).some((variant) => words.has(stem(variant)));
}

/**
 * How much of a question a text covers: the share of its words the text
 * contains, each word weighted (by default, all alike; Ask AI weighs rare
 * words more, see `rarity`).
 */
export function coverage(text: string, words: string[], weight?: (word: string) => number): number {
  return coverageOf(wordSet(text), words, weight);
}

/** `coverage` of a text already split into its words (`wordSet`). */
export function coverageOf(tokens: Set<string>, words: string[], weight: (word: string) => number = () => 1): number {
  const total = words.reduce((sum, word) => sum + weight(word), 0);
  if (total === 0) return 0;
  return words.filter((word) => covers(tokens, word)).reduce((sum, word) => sum + weight(word), 0) / total;
}

/**
 * Each question word's weight among some texts (given as their `wordSet`s):
 * words that few of them contain tell them apart and weigh more (inverse
 * document frequency).
 */
export function rarity(sets: Set<string>[], words: string[]): (word: string) => number {
  const weights = new Map(
    words.map((word) => {
      const containing = sets.filter((set) => covers(set, word)).length;
      return [word, Math.log((sets.length + 1) / (containing + 0.5))];
    }),
  );
  return (word) => weights.get(word) ?? 0;
}

/**
 * Whether the question asks what something is or looks like, which a page's introduction answers best.
 * Only a question that opens with "what is": "…don't match what's in the database" reports a symptom.
 */
export function wantsOverview(question: string): boolean {
  return /^\W*what(?:'s| is| are)\b|\b(look(?:s)? like|overview|explain|tell me about|difference between)\b/i.test(
    question,
  );
}

/** Whether the question asks how to do something, where the section's code helps. */
export function wantsCode(question: string): boolean {
  return /\b(how (?:do|can|to|should)|example|code|snippet|python|curl|typescript|call|script|sample)\b/i.test(
    question,
  );
}

/**
 * For each section, its best block's BM25 score for the question: the
 * section's heading plus one of its paragraphs, lists or tables, scored
 * against all blocks of all the sections. A question's answer is often one
 * paragraph or one table of a long section, which section-level ranking dilutes.
 */
export function bestBlockScores(sections: {heading: string; texts: string[]}[], words: string[]): number[] {
  const docs = sections.map(({heading, texts}) =>
    (texts.length > 0 ? texts : ['']).map((text) => tokenize(`${heading} ${text}`).map(stem)),
  );
  const all = docs.flat();
  const average = all.reduce((sum, d) => sum + d.length, 0) / Math.max(all.length, 1);
  const sets = all.map((d) => new Set(d));
  const idf = new Map(
    words.map((word) => {
      const n = sets.filter((set) => covers(set, word)).length;
      return [word, Math.log(1 + (all.length - n + 0.5) / (n + 0.5))];
    }),
  );
  const variants = new Map(words.map((word) => [word, new Set(wordVariants(word).map(stem))]));
  const bm25 = (doc: string[]) =>
    words.reduce((sum, word) => {
      const tf = doc.filter((token) => variants.get(word)!.has(token)).length;
      if (tf === 0) return sum;
      return sum + (idf.get(word)! * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * doc.length) / average));
    }, 0);
  return docs.map((blocks) => Math.max(...blocks.map(bm25)));
}
