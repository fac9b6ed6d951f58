import type {Answer, Passage} from '../types';

/** What the page asks the answer worker (answers/worker.ts). */
export type Request =
  /** Load the index (and the model, with `useModel`) before the first question. */
  | {type: 'prepare'; useModel: boolean}
  /** Answer a question from the docs; `previous` is the question before it, for follow-ups. */
  | {type: 'answer'; id: number; question: string; previous?: string; useModel: boolean}
  /** The sections a chat endpoint answers from. */
  | {type: 'passages'; id: number; question: string; count: number; useModel: boolean};

/**
 * What the worker sends back. An answer comes first from the words of the question (`final` false when
 * the meaning of it is still on its way), then, when the model has loaded, again with its "Read more"
 * sections ranked by meaning too: the quoted lead never changes.
 */
export type Response =
  | {type: 'answer'; id: number; answer: Answer; final: boolean}
  | {type: 'passages'; id: number; passages: Passage[]}
  | {type: 'error'; id: number; message: string};
