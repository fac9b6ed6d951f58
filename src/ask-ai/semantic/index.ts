import {fetchOk} from '../../search/fetchIndex';
import type {SemanticFiles} from '../types';
import {loadEncoder} from './encoder';

/**
 * Ask AI's semantic ranking: the question encoded in the browser by the model
 * the build encoded every section with, then compared with each section's
 * vector. It finds sections that answer a question in other words than the
 * question's; src/ask-ai/retrieve.ts fuses it with search's ranking.
 */
export interface Semantic {
  /** Record ids by similarity to the question, best first, with their cosine. */
  rank(question: string, count: number): {id: number; similarity: number}[];
}

/** The ranking from the model file and the sections' vectors (int8, one row per record, in id order). */
export function semanticFrom(model: ArrayBuffer, vectors: ArrayBuffer): Semantic {
  const encode = loadEncoder(model);
  const rows = new Int8Array(vectors);
  const dimensions = encode('').length;
  const count = rows.length / dimensions;
  // Each row's length, so the dot product becomes a cosine (rows share one scale).
  const lengths = new Float32Array(count);
  for (let id = 0; id < count; id++) {
    let sum = 0;
    for (let i = 0; i < dimensions; i++) sum += rows[id * dimensions + i]! ** 2;
    lengths[id] = Math.sqrt(sum) || 1;
  }
  return {
    rank(question, wanted) {
      const q = encode(question);
      const scored: {id: number; similarity: number}[] = [];
      for (let id = 0; id < count; id++) {
        let dot = 0;
        for (let i = 0; i < dimensions; i++) dot += q[i]! * rows[id * dimensions + i]!;
        scored.push({id, similarity: dot / lengths[id]!});
      }
      return scored.sort((a, b) => b.similarity - a.similarity).slice(0, wanted);
    },
  };
}

/** The ranking from the files the build wrote, fetched at low priority so the files an answer needs first are not kept waiting. */
export async function fetchSemantic(files: SemanticFiles): Promise<Semantic> {
  const [model, vectors] = await Promise.all(
    [files.model, files.vectors].map(async (url) => (await fetchOk(url, {priority: 'low'})).arrayBuffer()),
  );
  return semanticFrom(model!, vectors!);
}
