import fs from 'node:fs';
import {describe, expect, it} from 'vitest';
import {composeAnswer} from '@site/src/ask-ai/compose';
import {passagesFor} from '@site/src/ask-ai/retrieve';
import {semanticFrom, type Semantic} from '@site/src/ask-ai/semantic';
import {DIMENSIONS, encodeTexts, modelFile} from '@site/src/ask-ai/semantic/build';
import {loadEncoder} from '@site/src/ask-ai/semantic/encoder';
import {wordPiece} from '@site/src/ask-ai/semantic/wordpiece';
import {engineOf} from '@site/src/search/build/files';
import type {SearchRecord} from '@site/src/search/records';

const arrayBuffer = (data: Buffer): ArrayBuffer => new Uint8Array(data).buffer;

describe("Ask AI's tokenizer", () => {
  const vocab = [
    '[PAD]',
    '[UNK]',
    '[CLS]',
    '[SEP]',
    'make',
    'a',
    'map',
    'em',
    '##bed',
    '##ding',
    '##s',
    ',',
    '!',
    'cafe',
  ];
  const tokens = (text: string, max = 64) =>
    wordPiece(vocab)
      .encode(text, max)
      .map((id) => vocab[id]);

  it('lowercases, strips accents and splits punctuation off words', () => {
    expect(tokens('Make a MAP, café!')).toEqual(['[CLS]', 'make', 'a', 'map', ',', 'cafe', '!', '[SEP]']);
  });

  it('splits a word into the longest pieces in the vocabulary, or [UNK] when it cannot', () => {
    expect(tokens('embeddings')).toEqual(['[CLS]', 'em', '##bed', '##ding', '##s', '[SEP]']);
    expect(tokens('zebra map')).toEqual(['[CLS]', '[UNK]', 'map', '[SEP]']);
  });

  it('keeps at most the positions the model has, [CLS] and [SEP] included', () => {
    expect(tokens('map map map map map', 4)).toEqual(['[CLS]', 'map', 'map', '[SEP]']);
  });
});

// The real model (the build's own environment, made on first use): the
// browser's encoder must agree with the Python one the sections are encoded with.
describe("Ask AI's encoder", () => {
  const sentences = [
    'How do I make a map of my data?',
    'Create a data map from a pandas DataFrame with map_data.',
    'The cat sat on the mat.',
    'KeyError: Field language present in table schema not found in data',
  ];

  it('gives the vectors the build gives, and ranks a paraphrase above an unrelated sentence', async () => {
    const encode = loadEncoder(arrayBuffer(fs.readFileSync(await modelFile())));
    const python = new Int8Array(arrayBuffer(await encodeTexts(sentences)));
    sentences.forEach((sentence, i) => {
      const ours = encode(sentence);
      const theirs = python.subarray(i * DIMENSIONS, (i + 1) * DIMENSIONS);
      let dot = 0;
      let length = 0;
      for (let d = 0; d < DIMENSIONS; d++) {
        dot += ours[d]! * theirs[d]!;
        length += theirs[d]! ** 2;
      }
      expect(dot / Math.sqrt(length)).toBeGreaterThan(0.995);
    });
    const semantic = semanticFrom(
      arrayBuffer(fs.readFileSync(await modelFile())),
      arrayBuffer(await encodeTexts(sentences.slice(1))),
    );
    const [first, ...rest] = semantic.rank(sentences[0]!, 3);
    expect(first).toMatchObject({id: 0});
    const cat = rest.find((r) => r.id === 1)!;
    expect(first!.similarity - cat.similarity).toBeGreaterThan(0.3);
  }, 600_000);
});

describe('answers ranked by meaning', () => {
  const record = (id: number, lvl1: string, lvl2: string, text: string): SearchRecord => ({
    id,
    url: `/page-${id}#s`,
    type: 'lvl2',
    hierarchy: {lvl0: 'Docs', lvl1, lvl2},
    content: text,
    blocks: [{p: text}],
  });
  const records = [
    record(0, 'Datasets', 'Remove rows', 'Delete points by id with delete_data; the map rebuilds without them.'),
    record(1, 'Maps', 'Colors', 'Color the points of a map by a column of the dataset.'),
    record(2, 'Maps', 'Sharing', 'Share a map with your organization or make it public.'),
  ];
  // A stand-in for the model: it knows which section the question means.
  const knows = (id: number, similarity: number): Semantic => ({
    rank: (_question, count) =>
      [{id, similarity}, ...records.filter((r) => r.id !== id).map((r) => ({id: r.id, similarity: 0.05}))].slice(
        0,
        count,
      ),
  });
  const question = 'get rid of a few bad entries after uploading';

  it('finds a section that shares no word with the question, and answers from it', async () => {
    const engine = engineOf(records);
    expect(await passagesFor(engine, question)).toEqual([]);
    const passages = await passagesFor(engine, question, 12, knows(0, 0.6).rank(question, Infinity));
    expect(passages[0]).toMatchObject({url: '/page-0#s', similarity: 0.6});
    const answer = composeAnswer(question, passages);
    expect(answer.notFound).toBeFalsy();
    expect(answer.text).toContain('delete_data');
  });

  it('says the docs have no direct answer when the closest section is neither close nor covers the question', async () => {
    const answer = composeAnswer(
      question,
      await passagesFor(engineOf(records), question, 12, knows(0, 0.2).rank(question, Infinity)),
    );
    expect(answer.notFound).toBe(true);
  });
});
