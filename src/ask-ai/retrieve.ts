import type {Engine} from '../search/engine';
import {loadEngine} from '../search/localClient';
import type {IndexedRecord} from '../search/records';
import type {Passage} from './types';

/** A search record and its text as a passage an answer can cite. */
export function toPassage(record: IndexedRecord, text: string, n: number): Passage {
  const section = record.hierarchy.lvl3 ?? record.hierarchy.lvl2;
  return {n, title: record.hierarchy.lvl1, ...(section ? {section} : {}), url: record.url, text};
}

/** The best sections for a question, one per URL, numbered from 1. */
export async function passagesFor(engine: Engine, question: string, count = 6): Promise<Passage[]> {
  const records = (await engine.search(question, count * 3)).map((hit) => hit.record);
  const texts = await engine.contents(records);
  const seen = new Set<string>();
  return records
    .map((record, i) => ({record, text: texts[i]!}))
    .filter(({record, text}) => text.trim() && !seen.has(record.url) && seen.add(record.url))
    .slice(0, count)
    .map(({record, text}, i) => toPassage(record, text, i + 1));
}

/**
 * The sections of the docs most relevant to a question, from the same index
 * and engine as search (src/search/), best first.
 */
export async function retrieve(question: string, count = 6): Promise<Passage[]> {
  return passagesFor(await loadEngine(), question, count);
}
