import type {ChartPoint} from '@site/src/components/LineChart';

/**
 * nomic-embed-text-v1.5 MTEB average score at each published Matryoshka size
 * (Nomic's text-embedding model page). Used by the charts on the embedding pages.
 */
export const NOMIC_EMBED_TEXT_V15_MTEB: ChartPoint[] = [
  {x: '64', y: 56.1},
  {x: '128', y: 59.34},
  {x: '256', y: 61.04},
  {x: '512', y: 61.96},
  {x: '768', y: 62.28},
];
