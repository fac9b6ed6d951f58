import {describe, expect, it} from 'vitest';
import {composeAnswer, coverage, sentences} from '@site/src/ask-ai/compose';
import {kapaAttributes} from '@site/src/ask-ai/kapa';
import {chatMessages} from '@site/src/ask-ai/providers';
import {createChatStreamParser} from '@site/src/ask-ai/sse';
import {DISCLAIMER, EXAMPLE_QUESTIONS, type Passage} from '@site/src/ask-ai/types';

const passage = (n: number, title: string, text: string, url = `/p/${n}`): Passage => ({n, title, url, text});

describe('embedded answers', () => {
  it('splits passages into quotable sentences', () => {
    expect(sentences('A dataset holds your rows. Short one. Maps are built from datasets by indexing them.')).toEqual([
      'A dataset holds your rows.',
      'Maps are built from datasets by indexing them.',
    ]);
  });

  it('measures how much of the question a sentence covers, stems and synonyms included', () => {
    expect(coverage('Topic models label the clusters of a map.', ['topic', 'model'])).toBe(1);
    expect(coverage('Delete a dataset from its settings.', ['remove', 'dataset'])).toBe(1);
    expect(coverage('Nothing about it here at all.', ['topic'])).toBe(0);
  });

  it('quotes the sentences that answer, each with the citation of its section', () => {
    const answer = composeAnswer('How do I configure my topic model?', [
      passage(
        1,
        'Topic modeling',
        'Atlas builds a topic model for every map. Configure the topic model with NomicTopicOptions when you call create_index.',
        '/platform/datasets/data-maps/topic-modeling#configure',
      ),
      passage(2, 'Storage', 'Datasets are stored as Arrow tables in object storage.'),
    ]);
    expect(answer.grounded).toBe(true);
    expect(answer.notFound).toBeUndefined();
    expect(answer.text).toContain('Configure the topic model with NomicTopicOptions when you call create_index. [1]');
    expect(answer.sources.map((s) => s.url)).toEqual(['/platform/datasets/data-maps/topic-modeling#configure']);
    // Nothing is generated: every sentence of the answer is a sentence of the docs.
    const quoted = answer.text.split(/ \[\d+\] ?/).filter(Boolean);
    for (const sentence of quoted)
      expect(
        sentences(
          'Atlas builds a topic model for every map. Configure the topic model with NomicTopicOptions when you call create_index.',
        ),
      ).toContain(sentence);
  });

  it('says so, and offers the closest pages, when nothing answers', () => {
    const answer = composeAnswer('What is the airspeed of a swallow?', [
      passage(1, 'Storage', 'Datasets are stored as Arrow tables.'),
    ]);
    expect(answer.notFound).toBe(true);
    expect(answer.sources.map((s) => s.title)).toEqual(['Storage']);
  });
});

describe('chat endpoint', () => {
  it('sends the numbered passages, the conversation and the question', () => {
    const messages = chatMessages(
      'And for images?',
      [{question: 'How do I embed text?', answer: 'Use embed.text [1].'}],
      [passage(1, 'Text embedding', 'Call embed.text with a list of strings.')],
    );
    expect(messages[0].role).toBe('system');
    expect(messages[0].content).toContain('[1] Text embedding (/p/1)\nCall embed.text');
    expect(messages.slice(1)).toEqual([
      {role: 'user', content: 'How do I embed text?'},
      {role: 'assistant', content: 'Use embed.text [1].'},
      {role: 'user', content: 'And for images?'},
    ]);
  });

  it('reads streamed chunks split anywhere, and knows whether the stream finished', () => {
    let text = '';
    const parser = createChatStreamParser((piece) => (text += piece));
    const stream =
      'data: {"choices":[{"delta":{"content":"Hello"}}]}\n\n: keep-alive\n\ndata: {"choices":[{"delta":{"content":" world [1]"}}]}\n\ndata: [DONE]\n\n';
    for (let i = 0; i < stream.length; i += 7) parser.push(stream.slice(i, i + 7));
    expect(text).toBe('Hello world [1]');
    expect(parser.end()).toBe(true);

    const cut = createChatStreamParser(() => undefined);
    cut.push('data: {"choices":[{"delta":{"content":"Hel"}}]}\n\n');
    expect(cut.end()).toBe(false);
  });

  it('turns an error event into an error', () => {
    const parser = createChatStreamParser(() => undefined);
    expect(() => parser.push('data: {"error":{"message":"rate limited"}}\n\n')).toThrow('rate limited');
  });
});

describe('Kapa', () => {
  it('configures the widget with the spec questions and disclaimer, and hides its own button', () => {
    const attributes = kapaAttributes({
      provider: 'kapa',
      websiteId: 'w-1',
      projectName: 'Atlas',
      projectColor: '#0f6b5c',
    });
    expect(attributes['data-website-id']).toBe('w-1');
    expect(attributes['data-modal-example-questions']).toBe(EXAMPLE_QUESTIONS.join(','));
    expect(attributes['data-modal-disclaimer']).toBe(DISCLAIMER);
    expect(attributes['data-button-hide']).toBe('true');
    expect(attributes['data-project-logo']).toBeUndefined();
  });
});

describe('the spec', () => {
  it("uses the spec's example questions and says answers are AI generated", () => {
    expect(EXAMPLE_QUESTIONS).toEqual(['What is a Dataset?', 'How do I configure my topic model?']);
    expect(DISCLAIMER).toMatch(/AI generated/);
  });
});
