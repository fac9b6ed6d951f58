import fs from 'node:fs';
import path from 'node:path';

export interface Judged {
  query: string;
  expect: string[];
}

export const ROOT = path.resolve(__dirname, '..');

export function judgedQueries(): Judged[] {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/search-queries.json'), 'utf8')).queries;
}

/** The page of a result URL: no anchor, no trailing `index.html`. */
export function pageOf(url: string): string {
  return url.split('#')[0].replace(/index\.html$/, '');
}

/** Pages in result order, each once. */
export function rankedPages(urls: string[]): string[] {
  return [...new Set(urls.map(pageOf))];
}

/** MRR@5 and hit@1 of ranked page lists against the judged queries. */
export function score(judged: Judged[], rankings: string[][]): {mrr5: number; hit1: number; misses: string[]} {
  let reciprocal = 0;
  let hits = 0;
  const misses: string[] = [];
  judged.forEach(({query, expect}, i) => {
    const rank = rankings[i].slice(0, 5).findIndex((page) => expect.includes(page));
    if (rank >= 0) reciprocal += 1 / (rank + 1);
    if (rank === 0) hits += 1;
    else misses.push(`${query} → ${rankings[i].slice(0, 3).join(', ') || '(nothing)'}`);
  });
  return {mrr5: reciprocal / judged.length, hit1: hits / judged.length, misses};
}
