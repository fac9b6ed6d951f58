/** What CI's samples run did with one code block of a page: the shape of /samples.json's `blocks`. */
export interface BlockProof {
  /** The page's route. */
  page: string;
  /** The block's first line in the page's source file. */
  line: number;
  /** The fence's language as written (`python`, `bash`, `json`…) and what the samples did with it (tests/samples/fences.mjs). */
  lang: string;
  kind: string;
  /** blockHash of its code. */
  hash: string;
  /** `passed`: run or checked, and it passed; `failed`; `declared`: not run, for `reason`; `not run`: no results for it. */
  status: 'passed' | 'failed' | 'declared' | 'not run';
  reason?: string;
  /** How it was proven: `ran` (run against the real client and fakes) or `checked` (type-checked, validated, parsed). */
  how?: 'ran' | 'checked';
}

/** /samples.json: every code block of the hand-written pages, with what the samples run at `commit` found. */
export interface SamplesFile {
  /** The commit the results are of, and the build's; `ran` is false when the build had no results of its commit. */
  commit: string;
  ran: boolean;
  /** What the samples ran against: the pinned nomic client, Python, the TypeScript client. */
  versions: Record<string, string>;
  blocks: BlockProof[];
}
