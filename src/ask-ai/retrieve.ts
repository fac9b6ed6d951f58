import {queryWords, type Engine} from '../search/engine';
import {loadEngine} from '../search/localClient';
import {blockText, type Block} from '../search/passages';
import type {IndexedRecord} from '../search/records';
import {bestBlockScores, coverage, coverageOf, rarity, wantsOverview, wordSet} from './question';
import type {Passage} from './types';

/** A search record and its blocks as a passage an answer can cite. */
export function toPassage(record: IndexedRecord, text: string, n: number, blocks: Block[] = [{p: text}]): Passage {
  const section = record.hierarchy.lvl3 ?? record.hierarchy.lvl2;
  return {n, title: record.hierarchy.lvl1, ...(section ? {section} : {}), url: record.url, text, blocks};
}

// Ranking weights for answers, tuned on the tuning split of tests/ask-eval.json
// (npm run bench:ask): search's own score, then how much of the question the
// section's heading and its text cover, rare words weighing more.
export const RANKING = {candidates: 40, minShare: 0.25, heading: 0.7, text: 1.5, overview: 0.4, block: 0.3};

/**
 * The best sections for a question, one per URL, numbered from 1: search's
 * candidates (any with a quarter of the question's words) re-ranked by how
 * much of the question each covers, its heading counting most, with page
 * introductions first when the question asks what something is or looks
 * like. Each passage carries its `coverage` of the question.
 */
export async function passagesFor(engine: Engine, question: string, count = 12): Promise<Passage[]> {
  const words = queryWords(question);
  const hits = (await engine.search(question, RANKING.candidates * 3, {minShare: RANKING.minShare}))
    .filter((hit, i, all) => all.findIndex((other) => other.record.url === hit.record.url) === i)
    .slice(0, RANKING.candidates);
  const blocks = await engine.blocks(hits.map((h) => h.record));
  const headings = hits.map(({record: {hierarchy: h}}) => [h.lvl1, h.lvl2, h.lvl3].filter(Boolean).join(' '));
  const bodies = hits.map((_, i) => `${headings[i]} ${blocks[i]!.map(blockText).join(' ')}`);
  // Each body split into its words once, for the weights and for coverage.
  const sets = bodies.map(wordSet);
  const weight = rarity(sets, words);
  const blockScores = bestBlockScores(
    hits.map((_, i) => ({heading: headings[i]!, texts: blocks[i]!.filter((b) => !('code' in b)).map(blockText)})),
    words,
  );
  const topBlock = Math.max(...blockScores, 1e-9);
  const top = hits[0]?.score ?? 1;
  const overview = wantsOverview(question);
  return hits
    .map((hit, i) => {
      const covered = coverageOf(sets[i]!, words, weight);
      const score =
        hit.score / top +
        RANKING.heading * coverage(headings[i]!, words, weight) +
        RANKING.text * covered +
        (overview && hit.record.type === 'lvl1' ? RANKING.overview : 0) +
        (RANKING.block * blockScores[i]!) / topBlock;
      return {hit, blocks: blocks[i]!, covered, score};
    })
    .filter(({blocks}) => blocks.length > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .map(({hit, blocks, covered}, i) => ({
      ...toPassage(hit.record, blocks.map(blockText).join(' '), i + 1, blocks),
      coverage: covered,
    }));
}

/**
 * The sections of the docs most relevant to a question, from the same index
 * and engine as search (src/search/), best first.
 */
export async function retrieve(question: string, count?: number): Promise<Passage[]> {
  return passagesFor(await loadEngine(), question, count);
}
