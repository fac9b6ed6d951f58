import {queryWords} from '../search/engine';
import {blocksMarkdown, blockText, type Block} from '../search/passages';
import {coverage, rarity, wantsCode, wantsOverview, wordSet} from './question';
import type {Answer, Passage} from './types';

// When the answer says the docs have no direct answer, chosen on the tuning
// split of tests/ask-eval.json (npm run bench:ask prints the declines and the
// citations lost): when the best section covers less than `minConfidence` of
// the question (rare words weigh more) and, if the semantic ranking is
// loaded, is also less than `minSimilarity` close to it in meaning. A section
// that shares no word with the question must be very close to answer it.
// leadCharacters: a quoted passage stops growing past this length (a list or
// table is always shown whole).
export const ANSWERING = {minConfidence: 0.15, minSimilarity: 0.6, leadCharacters: 700};
const READ_MORE = 4;

const isParagraph = (block: Block): block is {p: string} => 'p' in block;
const isCode = (block: Block): block is {code: string; lang?: string} => 'code' in block;

/** The block of a section that covers most of the question (the first, for what-is questions), and how much. */
function bestBlock(blocks: Block[], question: string, weight: (word: string) => number) {
  const words = queryWords(question);
  let start = blocks.findIndex((b) => !isCode(b));
  let best = start === -1 ? 0 : coverage(blockText(blocks[start]!), words, weight);
  if (!wantsOverview(question))
    blocks.forEach((block, i) => {
      if (isCode(block)) return;
      const covered = coverage(blockText(block), words, weight);
      // Earlier blocks win ties: a section's opening frames what follows.
      if (covered > best + 0.01) {
        best = covered;
        start = i;
      }
    });
  return {start, covered: best};
}

/** A passage's blocks; one without them is a single paragraph of its text. */
const blocksOf = (passage: Passage): Block[] => passage.blocks ?? [{p: passage.text}];

const textsOf = (blocks: Block[]) => blocks.filter((b) => !isCode(b)).map(blockText);

/**
 * The blocks of a section that answer the question: from the paragraph, list
 * or table that covers most of it (the opening, when the question asks what
 * something is), with what that paragraph introduces (a list, table or code
 * after a colon) and the paragraphs that follow while short. Code of the
 * section is added when the question asks how. Words that few blocks contain
 * weigh more (by default, among this section's blocks).
 */
export function leadBlocks(
  blocks: Block[],
  question: string,
  weight = rarity(textsOf(blocks).map(wordSet), queryWords(question)),
): Block[] {
  let {start} = bestBlock(blocks, question, weight);
  if (start === -1) return blocks.slice(0, 1);
  // A list or table is introduced by the paragraph before it, when that ends with a colon.
  const before = blocks[start - 1];
  if (!isParagraph(blocks[start]!) && before && isParagraph(before) && before.p.endsWith(':')) start -= 1;
  const lead: Block[] = [];
  let size = 0;
  for (let i = start; i < blocks.length; i++) {
    const block = blocks[i]!;
    const previous = lead.at(-1);
    const introduced = previous && isParagraph(previous) && previous.p.endsWith(':');
    if (lead.length > 0 && !introduced && (isCode(block) || size >= ANSWERING.leadCharacters / 2)) break;
    if (lead.length > 0 && isParagraph(block) && size + block.p.length > ANSWERING.leadCharacters) break;
    lead.push(block);
    size += blockText(block).length;
  }
  if (wantsCode(question) && !lead.some(isCode)) {
    const code = blocks.slice(start).find(isCode) ?? blocks.find(isCode);
    if (code) lead.push(code);
  }
  return lead;
}

const pageOf = (p: Passage) => p.url.split('#')[0];

/** Sections to read more: the best of each other page first, in rank order, then the rest. */
function readMore(passages: Passage[]): Passage[] {
  const pages = new Set<string>();
  const firsts = passages.filter((p) => !pages.has(pageOf(p)!) && pages.add(pageOf(p)!));
  return [...firsts, ...passages.filter((p) => !firsts.includes(p))].slice(0, READ_MORE);
}

/** One line about a section, for the "Read more" list: its first sentence, cut to a line. */
export function oneLine(passage: Passage): string {
  const first = blocksOf(passage).find((b) => !isCode(b));
  const text = (first ? blockText(first) : passage.text).replace(/`/g, '').replace(/\s+/g, ' ').trim();
  const sentence = /^.+?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;
  return sentence.length > 140 ? `${sentence.slice(0, 139).replace(/\s+\S*$/, '')}…` : sentence;
}

/**
 * An answer whose "Read more" list is ranked again (by meaning too, once the model has loaded): its
 * quoted lead and first source stay as the reader first saw them, and an answer that found nothing
 * stays as it was.
 */
export function refineAnswer(first: Answer, passages: Passage[]): Answer {
  const lead = first.sources[0];
  if (first.notFound || !lead) return first;
  const rest = readMore(passages.filter((p) => p.url !== lead.url));
  return {...first, sources: [lead, ...rest].map((p, i) => ({...p, n: i + 1}))};
}

/**
 * The embedded answer, quoted from the docs and never composed from pieces:
 * the passage of the best section that answers the question, shown as the
 * docs show it (paragraphs, a list or table whole, code as code), then the
 * other relevant sections to read. When the best section covers too little
 * of the question, the answer says the docs have no direct answer and lists
 * the closest pages instead.
 */
export function composeAnswer(question: string, passages: Passage[]): Answer {
  const words = queryWords(question);
  const best = passages[0];
  const confidence = best
    ? (best.coverage ??
      coverage(`${best.title} ${best.section ?? ''} ${blocksOf(best).map(blockText).join(' ')}`, words))
    : 0;
  const confident = confidence >= ANSWERING.minConfidence || (best?.similarity ?? 0) >= ANSWERING.minSimilarity;
  if (!best || !confident) {
    const pages = passages.filter((p, i) => passages.findIndex((o) => pageOf(o) === pageOf(p)) === i);
    return {
      text: 'The docs do not seem to answer this question directly. These pages are the closest matches.',
      sources: pages.slice(0, 3).map((p, i) => ({...p, n: i + 1})),
      grounded: true,
      notFound: true,
    };
  }
  const lead = leadBlocks(blocksOf(best), question);
  return {
    text: blocksMarkdown(lead),
    lead,
    sources: [best, ...readMore(passages.slice(1))].map((p, i) => ({...p, n: i + 1})),
    grounded: true,
  };
}
