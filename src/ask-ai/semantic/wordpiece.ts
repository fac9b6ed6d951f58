/**
 * BERT's uncased tokenizer, as all-MiniLM-L6-v2's tokenizer.json configures
 * it (BertNormalizer, BertPreTokenizer, WordPiece): clean and lowercase the
 * text, strip accents, split on spaces and punctuation, then split each word
 * into the longest pieces in the vocabulary. A unit test checks it against
 * the Python tokenizer the build encodes sections with.
 */
const PUNCTUATION = /^[\p{P}!-/:-@[-`{-~]$/u;
const CONTROL = /^[\p{Cc}\p{Cf}]$/u;
const CJK =
  /^[\u4E00-\u9FFF\u3400-\u4DBF\u{20000}-\u{2A6DF}\u{2A700}-\u{2B73F}\u{2B740}-\u{2B81F}\u{2B820}-\u{2CEAF}\uF900-\uFAFF\u{2F800}-\u{2FA1F}]$/u;
const MAX_WORD = 100;

function words(text: string): string[] {
  let cleaned = '';
  for (const ch of text) {
    if (ch === '\0' || ch === '\uFFFD' || (CONTROL.test(ch) && !/\s/.test(ch))) continue;
    cleaned += /\s/.test(ch) ? ' ' : CJK.test(ch) ? ` ${ch} ` : ch;
  }
  const lowered = cleaned
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '');
  const out: string[] = [];
  for (const word of lowered.split(' ')) {
    let current = '';
    for (const ch of word) {
      if (PUNCTUATION.test(ch)) {
        if (current) out.push(current);
        out.push(ch);
        current = '';
      } else current += ch;
    }
    if (current) out.push(current);
  }
  return out;
}

export interface WordPiece {
  /** Token ids of a text with [CLS] and [SEP], at most `max` in all. */
  encode(text: string, max: number): number[];
}

export function wordPiece(vocab: string[]): WordPiece {
  const ids = new Map(vocab.map((token, i) => [token, i]));
  const id = (token: string) => ids.get(token)!;
  const pieces = (word: string): number[] => {
    if ([...word].length > MAX_WORD) return [id('[UNK]')];
    const out: number[] = [];
    let start = 0;
    while (start < word.length) {
      let end = word.length;
      let found: number | undefined;
      while (start < end) {
        found = ids.get((start > 0 ? '##' : '') + word.slice(start, end));
        if (found !== undefined) break;
        end -= 1;
      }
      if (found === undefined) return [id('[UNK]')];
      out.push(found);
      start = end;
    }
    return out;
  };
  return {
    encode(text, max) {
      const tokens = words(text)
        .flatMap(pieces)
        .slice(0, max - 2);
      return [id('[CLS]'), ...tokens, id('[SEP]')];
    },
  };
}
