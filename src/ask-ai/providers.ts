import {blocksMarkdown} from '../search/passages';
import * as answers from './answers';
import {createChatStreamParser} from './sse';
import type {Answer, AskAiConfig, Passage, Turn} from './types';

/** A question and what is known of the conversation so far. */
export interface Question {
  question: string;
  history: Turn[];
  /** Called with the answer's text so far, as it streams. */
  onText: (text: string) => void;
  /** Called with an answer that is shown at once and may be refined (its sources) before the final one. */
  onAnswer?: (answer: Answer) => void;
  signal: AbortSignal;
}

/** Something that answers questions in the panel. */
export interface AnswerProvider {
  /** Called when the panel opens, to start loading what answers need. */
  prepare?(): void;
  answer(question: Question): Promise<Answer>;
}

/**
 * Answers from the docs themselves, in a worker (./answers): retrieval by the search core, the best
 * section's passage quoted at once from the question's words, then the sections to read more ranked by
 * meaning too once the model has loaded.
 */
export const embeddedProvider: AnswerProvider = {
  prepare: answers.prepare,
  async answer({question, history, onAnswer}) {
    return answers.answer(question, history.at(-1)?.question, (first) => onAnswer?.(first));
  },
};

/** The instructions and numbered passages a chat endpoint answers from. */
export function chatMessages(question: string, history: Turn[], passages: Passage[]) {
  const context = passages
    .map(
      (p) =>
        `[${p.n}] ${p.title}${p.section ? ` — ${p.section}` : ''} (${p.url})\n${(p.blocks ? blocksMarkdown(p.blocks) : p.text).slice(0, 1500)}`,
    )
    .join('\n\n');
  return [
    {
      role: 'system',
      content:
        'You answer questions about Nomic Atlas for readers of its documentation. Use only the numbered ' +
        'passages below. After each sentence, cite the passages it relies on as [n]. If the passages do not ' +
        `answer the question, say so plainly instead of guessing.\n\n${context}`,
    },
    ...history.flatMap((turn) => [
      {role: 'user', content: turn.question},
      {role: 'assistant', content: turn.answer},
    ]),
    {role: 'user', content: question},
  ];
}

/**
 * Answers through the operator's OpenAI-compatible chat-completions endpoint
 * (ASK_AI_ENDPOINT), which holds any key: the browser sends the question with
 * the passages retrieved from the docs and reads the answer as it streams.
 */
export function endpointProvider(url: string): AnswerProvider {
  return {
    prepare: answers.prepare,
    async answer({question, history, onText, signal}) {
      // A chat model reads the best six sections; more would dilute them.
      const passages = await answers.passages(`${history.at(-1)?.question ?? ''} ${question}`.trim(), 6);
      const response = await fetch(url, {
        method: 'POST',
        headers: {'content-type': 'application/json', accept: 'text/event-stream'},
        body: JSON.stringify({stream: true, messages: chatMessages(question, history, passages)}),
        signal,
      });
      if (!response.ok || !response.body) throw new Error(`The assistant did not answer (HTTP ${response.status}).`);
      let text = '';
      const parser = createChatStreamParser((piece) => {
        text += piece;
        onText(text);
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const {done, value} = await reader.read();
        if (done) break;
        parser.push(value);
      }
      if (!parser.end()) throw new Error('The answer stopped before it was complete.');
      return {text, sources: passages, grounded: false};
    },
  };
}

/** The provider that answers in the site's own panel; Kapa answers in its widget instead. */
export function panelProvider(config: AskAiConfig): AnswerProvider {
  return config.provider === 'endpoint' ? endpointProvider(config.url) : embeddedProvider;
}
