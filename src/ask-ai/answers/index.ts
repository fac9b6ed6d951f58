import type {Answer, Passage} from '../types';
import {savesData} from './connection';
import type {Request, Response} from './protocol';

/**
 * The page's side of Ask AI's answer worker (./worker.ts): one worker, made when the panel first
 * opens. `prepare` starts loading the index and the model as soon as the panel opens, since a reader
 * takes seconds to type; a connection that saves data never loads the model (answers use words alone).
 */
let worker: Worker | undefined;
let next = 0;
const waiting = new Map<number, (response: Response) => void>();

function connect(): Worker {
  if (worker) return worker;
  // The worker's name is its chunk's: it must differ from every chunk of the page (web-infra-dev/rspack#9840).
  worker = new Worker(new URL('./worker.ts', import.meta.url), {name: 'ask-ai-answers'});
  worker.onmessage = ({data}: MessageEvent<Response>) => waiting.get(data.id)?.(data);
  worker.onerror = (event) => {
    // A worker that cannot start (a blocked script, an old browser) fails every question it holds.
    for (const handle of waiting.values())
      handle({type: 'error', id: -1, message: event.message || 'Ask AI could not start.'});
    worker = undefined;
  };
  return worker;
}

const send = (request: Request) => connect().postMessage(request);

/** Starts loading what answers need: the search index, and the model unless the connection saves data. */
export function prepare(): void {
  send({type: 'prepare', useModel: !savesData()});
}

/**
 * Answers a question from the docs: `onFirst` gets the answer as soon as the words of the question
 * give one; the promise resolves with the final answer, whose "Read more" list the meaning of the
 * question may have refined (its lead is the first answer's).
 */
export function answer(
  question: string,
  previous: string | undefined,
  onFirst: (answer: Answer) => void,
): Promise<Answer> {
  const id = next++;
  return new Promise((resolve, reject) => {
    waiting.set(id, (response) => {
      if (response.type === 'error') {
        waiting.delete(id);
        reject(new Error(response.message));
      } else if (response.type === 'answer') {
        if (!response.final) return onFirst(response.answer);
        waiting.delete(id);
        resolve(response.answer);
      }
    });
    send({type: 'answer', id, question, previous, useModel: !savesData()});
  });
}

/** The sections a chat endpoint answers from: by meaning too when the model is already loaded. */
export function passages(question: string, count: number): Promise<Passage[]> {
  const id = next++;
  return new Promise((resolve, reject) => {
    waiting.set(id, (response) => {
      waiting.delete(id);
      if (response.type === 'passages') resolve(response.passages);
      else reject(new Error(response.type === 'error' ? response.message : 'Unexpected answer'));
    });
    send({type: 'passages', id, question, count, useModel: !savesData()});
  });
}
