import type {Engine} from '../search/engine';
import {loadEngine} from '../search/localClient';
import type {SearchRecord} from '../search/records';
import type {Passage} from './types';

/** A search record as a passage an answer can cite. */
export function toPassage(record: SearchRecord, n: number): Passage {
  const section = record.hierarchy.lvl3 ?? record.hierarchy.lvl2;
  return {n, title: record.hierarchy.lvl1, ...(section ? {section} : {}), url: record.url, text: record.content};
}

/** The best sections for a question, one per URL, numbered from 1. */
export function passagesFor(engine: Engine, question: string, count = 6): Passage[] {
  const seen = new Set<string>();
  return engine
    .search(question, count * 3)
    .map((hit) => hit.record)
    .filter((record) => record.content.trim() && !seen.has(record.url) && seen.add(record.url))
    .slice(0, count)
    .map((record, i) => toPassage(record, i + 1));
}

/**
 * The sections of the docs most relevant to a question, from the same index
 * and engine as search (src/search/), best first.
 */
export async function retrieve(question: string, count = 6): Promise<Passage[]> {
  return passagesFor(await loadEngine(), question, count);
}
