/// <reference lib="webworker" />
// Ask AI's answers, away from the page's main thread: the search index and engine, the question
// encoder (a 23 MB model, loaded in the background and never on a connection that saves data), the
// ranking and the quoted answer. Nothing here blocks the page while the reader types or reads.
// Everything is imported statically: a chunk named in this worker and in the page would share a
// name across the two runtimes, which Rspack refuses (web-infra-dev/rspack#9840).
import files from '@generated/search-index/default/ask-semantic.json';
import head from '@generated/search-index/default/search-head.json';
import {createEngine} from '../../search/engine';
import {engineOf} from '../../search/fetchIndex';
import {composeAnswer, refineAnswer} from '../compose';
import {passagesFor} from '../retrieve';
import {fetchSemantic, type Semantic} from '../semantic';
import type {Request, Response} from './protocol';

const reply = (message: Response) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(message);
const engine = engineOf(createEngine, head);
let semantic: Promise<Semantic | undefined> | undefined;
let loaded: Semantic | undefined;

/** The ranking by meaning, loaded once; when it cannot be loaded, answers use words and the next question tries again. */
function loadSemantic(): Promise<Semantic | undefined> {
  semantic ??= fetchSemantic(files).then(
    (ready) => (loaded = ready),
    (error: unknown) => {
      semantic = undefined;
      console.warn('Ask AI: semantic ranking unavailable, ranking by words alone.', error);
      return undefined;
    },
  );
  return semantic;
}

/** Sections for a question: by meaning too when the model is here, else by words. */
function passages(question: string, count: number, useModel: boolean) {
  return passagesFor(engine, question, count, useModel && loaded ? loaded.rank(question, Infinity) : []);
}

async function answer({id, question, previous, useModel}: Extract<Request, {type: 'answer'}>) {
  const refine = useModel && !loaded;
  if (refine) void loadSemantic();
  let first = composeAnswer(question, await passages(question, 12, useModel));
  // A short follow-up ("and for images?") leans on the question before it.
  const lean = first.notFound && previous ? `${previous} ${question}` : undefined;
  if (lean) first = composeAnswer(question, await passages(lean, 12, useModel));
  reply({type: 'answer', id, answer: first, final: !refine});
  if (!refine) return;
  if (!(await loadSemantic())) return reply({type: 'answer', id, answer: first, final: true});
  const refined = refineAnswer(first, await passages(lean ?? question, 12, true));
  reply({type: 'answer', id, answer: refined, final: true});
}

self.onmessage = async ({data}: MessageEvent<Request>) => {
  try {
    if (data.type === 'prepare') {
      if (data.useModel) void loadSemantic();
    } else if (data.type === 'answer') {
      await answer(data);
    } else {
      reply({type: 'passages', id: data.id, passages: await passages(data.question, data.count, data.useModel)});
    }
  } catch (error) {
    if (data.type !== 'prepare')
      reply({type: 'error', id: data.id, message: error instanceof Error ? error.message : String(error)});
  }
};
