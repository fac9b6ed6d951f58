import {queryWords, type Engine, type SearchHit} from '../search/engine';
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
// section's heading and its text cover, rare words weighing more, and its best
// block (the answer is often one paragraph or table of a long section). A
// section's final score is 1 / (fusion + its rank by those words), plus
// `closeness` times its cosine with the question when the semantic ranking is
// loaded: near the top, a cosine 0.1 higher moves a section about three places.
export const RANKING = {
  candidates: 40,
  minShare: 0.25,
  heading: 0.7,
  text: 1.5,
  overview: 0.4,
  block: 0.5,
  fusion: 10,
  closeness: 0.2,
};

/**
 * The best sections for a question, one per URL, numbered from 1. The
 * candidates are search's (any with a quarter of the question's words) and,
 * when `ranked` is given (every section by its closeness to the question in
 * meaning, best first), the sections closest to the question in meaning.
 * They are ranked by how much of the question each covers, its heading
 * counting most, with page introductions first when the question asks what
 * something is or looks like; closeness in meaning is added to that rank.
 * Each passage carries its `coverage` of the question and its `similarity`.
 */
export async function passagesFor(
  engine: Engine,
  question: string,
  count = 12,
  ranked: {id: number; similarity: number}[] = [],
): Promise<Passage[]> {
  const words = queryWords(question);
  const found = (await engine.search(question, RANKING.candidates * 3, {minShare: RANKING.minShare}))
    .filter((hit, i, all) => all.findIndex((other) => other.record.url === hit.record.url) === i)
    .slice(0, RANKING.candidates);
  const near = ranked.slice(0, RANKING.candidates);
  const nearOnly = near.filter(({id}) => !found.some((hit) => hit.id === id)).map(({id}) => id);
  const hits: SearchHit[] = [
    ...found,
    ...(await engine.records(nearOnly)).map((record) => ({
      id: record.id,
      area: record.hierarchy.lvl0,
      type: record.type,
      record,
      score: 0,
      terms: [],
      inHeading: false,
    })),
  ];
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
  const top = hits[0]?.score || 1;
  const overview = wantsOverview(question);
  const scored = hits.map((hit, i) => {
    const covered = coverageOf(sets[i]!, words, weight);
    const score =
      hit.score / top +
      RANKING.heading * coverage(headings[i]!, words, weight) +
      RANKING.text * covered +
      (overview && hit.record.type === 'lvl1' ? RANKING.overview : 0) +
      (RANKING.block * blockScores[i]!) / topBlock;
    return {hit, blocks: blocks[i]!, covered, score, fused: 0};
  });
  const similarity = new Map(ranked.map(({id, similarity}) => [id, similarity]));
  [...scored]
    .sort((a, b) => b.score - a.score)
    .forEach((c, rank) => {
      c.fused = 1 / (RANKING.fusion + rank) + RANKING.closeness * (similarity.get(c.hit.record.id) ?? 0);
    });
  return scored
    .filter(({blocks}) => blocks.length > 0)
    .sort((a, b) => b.fused - a.fused)
    .slice(0, count)
    .map(({hit, blocks, covered}, i) => ({
      ...toPassage(hit.record, blocks.map(blockText).join(' '), i + 1, blocks),
      coverage: covered,
      ...(similarity.has(hit.record.id) ? {similarity: similarity.get(hit.record.id)} : {}),
    }));
}
