/**
 * How the site answers questions: from its own pages (the default, no
 * account or network), with Kapa's hosted widget, or through the operator's
 * OpenAI-compatible chat endpoint. Chosen in docusaurus.config.ts from the
 * environment (KAPA_WEBSITE_ID, ASK_AI_ENDPOINT).
 */
export type AskAiConfig =
  | {provider: 'embedded'}
  | {provider: 'kapa'; websiteId: string; projectName: string; projectColor: string; projectLogo?: string}
  | {provider: 'endpoint'; url: string};

/** The spec's example questions, shown in the panel and passed to Kapa. */
export const EXAMPLE_QUESTIONS = ['What is a Dataset?', 'How do I configure my topic model?'] as const;

/** The spec's disclaimer: answers are generated and should be checked. */
export const DISCLAIMER = 'Answers are AI generated and may be wrong. Check them against the pages they cite.';

import type {Block} from '../search/passages';

/** A section of the docs that an answer may cite, numbered from 1. */
export interface Passage {
  n: number;
  /** Page title, and the section heading when the passage is a section. */
  title: string;
  section?: string;
  /** Page URL with the section's `#anchor`. */
  url: string;
  text: string;
  /** The section's paragraphs, lists, tables and code, when the index has them. */
  blocks?: Block[];
  /** How much of the question the section covers, 0 to 1 (rare words weigh more). */
  coverage?: number;
  /** How close the section is to the question in meaning (cosine of their vectors), when known. */
  similarity?: number;
}

/**
 * An answer. From a chat endpoint: text whose `[n]` markers cite
 * `sources[n - 1]`. From the docs themselves (`grounded`): `lead`, blocks
 * quoted from `sources[0]`, with the other sources to read more, and `text`
 * the same blocks as Markdown.
 */
export interface Answer {
  text: string;
  sources: Passage[];
  grounded: boolean;
  lead?: Block[];
  /** Nothing relevant was found; `sources` are the closest pages. */
  notFound?: boolean;
}

/** One exchange of a conversation, as sent to a chat endpoint. */
export interface Turn {
  question: string;
  answer: string;
}

/** Where the browser finds Ask AI's question encoder and the sections' vectors (src/ask-ai/semantic/). */
export interface SemanticFiles {
  model: string;
  vectors: string;
}
