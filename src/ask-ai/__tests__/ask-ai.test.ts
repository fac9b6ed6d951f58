import {describe, expect, it} from 'vitest';
import {composeAnswer, leadBlocks, ANSWERING, oneLine} from '@site/src/ask-ai/compose';
import {bestBlockScores, coverage, wantsCode, wantsOverview} from '@site/src/ask-ai/question';
import {blocksMarkdown, type Block} from '@site/src/search/passages';
import {kapaAttributes} from '@site/src/ask-ai/kapa';
import {chatMessages} from '@site/src/ask-ai/providers';
import {createChatStreamParser} from '@site/src/ask-ai/sse';
import {DISCLAIMER, EXAMPLE_QUESTIONS, type Passage} from '@site/src/ask-ai/types';

const passage = (n: number, title: string, text: string, url = `/p/${n}`, blocks?: Block[]): Passage => ({
  n,
  title,
  url,
  text,
  ...(blocks ? {blocks} : {}),
});

describe('embedded answers', () => {
  const topicBlocks: Block[] = [
    {p: 'Atlas builds a topic model for every map.'},
    {p: 'Configure the topic model by passing `topic_model` to `create_index`. It accepts these options:'},
    {
      table: [
        ['Option', 'Default'],
        ['`build_topic_model`', '`True`'],
        ['`cluster_method`', '`"fast"`'],
      ],
    },
    {code: 'dataset.create_index(topic_model=NomicTopicOptions(build_topic_model=True))', lang: 'python'},
    {p: 'Topics are written in a background job after the map is built.'},
  ];

  it('measures how much of the question a text covers, stems and synonyms included', () => {
    expect(coverage('Topic models label the clusters of a map.', ['topic', 'model'])).toBe(1);
    expect(coverage('Delete a dataset from its settings.', ['remove', 'dataset'])).toBe(1);
    expect(coverage('Nothing about it here at all.', ['topic'])).toBe(0);
  });

  it('scores a section by its best block, so one answering table row is not diluted by a long section', () => {
    const [focused, diluted] = bestBlockScores(
      [
        {heading: 'Troubleshooting', texts: ['Intro.', 'Accented characters garbled: export as UTF-8.']},
        {heading: 'Export', texts: ['Accented names are kept.', 'Characters of the report.', 'Garbled rows are rare.']},
      ],
      ['accented', 'character', 'garbled'],
    );
    expect(focused).toBeGreaterThan(diluted!);
  });

  it('tells questions about what a thing is, and questions asking how, from others', () => {
    expect(wantsOverview('What is a Dataset?')).toBe(true);
    expect(wantsOverview('what does a data map look like')).toBe(true);
    expect(wantsOverview('cancel a running task')).toBe(false);
    expect(wantsOverview("postgres ids on the map don't match what's in the database")).toBe(false);
    expect(wantsCode('How do I configure my topic model?')).toBe(true);
    expect(wantsCode('which regions are supported')).toBe(false);
  });

  it('quotes the paragraph that answers with the table it introduces, whole, and the code as code', () => {
    const lead = leadBlocks(topicBlocks, 'How do I configure my topic model?');
    expect(lead).toEqual([topicBlocks[1], topicBlocks[2], topicBlocks[3]]);
  });

  it("quotes a section's opening when the question asks what something is", () => {
    expect(leadBlocks(topicBlocks, 'what is a topic model')[0]).toEqual(topicBlocks[0]);
  });

  it('leads with one section, shown whole, and lists the others to read more', () => {
    const answer = composeAnswer('How do I configure my topic model?', [
      passage(1, 'Topic modeling', '', '/platform/datasets/data-maps/topic-modeling#configure', topicBlocks),
      passage(2, 'About topics', 'Topic models group points. Labels come from the topic label field.'),
    ]);
    expect(answer.grounded).toBe(true);
    expect(answer.notFound).toBeUndefined();
    expect(answer.lead).toEqual([topicBlocks[1], topicBlocks[2], topicBlocks[3]]);
    expect(answer.sources.map((s) => s.n)).toEqual([1, 2]);
    // Nothing is generated or spliced: the text is the lead's blocks, as Markdown.
    expect(answer.text).toBe(blocksMarkdown(answer.lead!));
    expect(answer.text).toContain('| `build_topic_model` | `True` |');
    expect(answer.text).toContain('```python\ndataset.create_index(');
    expect(answer.text).not.toContain('Labels come from');
  });

  it('gives each other section one line to read more', () => {
    const long = passage(2, 'Limits', 'First sentence ends here. Second one is not shown.');
    expect(oneLine(long)).toBe('First sentence ends here.');
    expect(oneLine(passage(3, 'Code', '', '/c', [{code: 'x = 1'}, {p: `${'word '.repeat(60)}end.`}]))).toMatch(
      /^(word ){20,}.*…$/,
    );
  });

  it('says so, and offers the closest pages, when the best section covers too little of the question', () => {
    const answer = composeAnswer('What is the airspeed of a swallow?', [
      passage(1, 'Storage', 'Datasets are stored as Arrow tables.', '/storage#arrow'),
      passage(2, 'Storage', 'Another section of it.', '/storage#other'),
      passage(3, 'Limits', 'Rate limits apply.'),
    ]);
    expect(answer.notFound).toBe(true);
    expect(answer.lead).toBeUndefined();
    // One entry per page.
    expect(answer.sources.map((s) => s.title)).toEqual(['Storage', 'Limits']);
    expect(ANSWERING.minConfidence).toBeGreaterThan(0);
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
