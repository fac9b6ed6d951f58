import {describe, expect, it} from 'vitest';
import {
  embedTextDefaultsProblems,
  passesDataFrameToAddData,
  pythonProblems,
  undatedClientReleases,
  wordingProblems,
} from '../content/corrections.mjs';

describe('wording that contradicts a correction', () => {
  it.each([
    'The client resizes images to at most 512 px before upload.',
    'Each image is resized so that its longest side is at most 512 pixels.',
    'The Python client accepts file paths, URLs, image bytes or PIL images.',
    'Earlier editions of the API reference showed another default.',
    'Earlier versions of the API serve this list at `GET /v1/user/authorization/keys/{organization_id}`.',
    'The client polls `GET /v1/status/{task_id}`, the older path.',
    'v1.5 is the default for image maps.',
  ])('flags %j', (text) => {
    expect(wordingProblems(text)).not.toEqual([]);
  });

  it.each([
    'File paths and PIL images larger than 512 px on a side are resized to exactly 512×512.',
    '`embed.image` accepts file paths, URLs or PIL images; raw bytes raise `ValueError`.',
    'The Python client 3.9 polls `GET /v1/status/{task_id}`; this reference documents `GET /v1/task/{task_id}`.',
    'The legacy API has `POST /v1/reduce/`.',
  ])('accepts %j', (text) => {
    expect(wordingProblems(text)).toEqual([]);
  });
});

describe('Python blocks', () => {
  it('flags an image index without a vision model, across lines', () => {
    const code =
      'dataset.create_index(\n    modality="image",\n    topic_model=NomicTopicOptions(topic_label_field="label"),\n)';
    expect(pythonProblems(code)).toHaveLength(1);
  });

  it('accepts an image index that names its model, and text indexes', () => {
    expect(pythonProblems('dataset.create_index(modality="image", embedding_model="nomic-embed-vision-v1.5")')).toEqual(
      [],
    );
    expect(pythonProblems('dataset.create_index(indexed_field=f(x), modality="text")')).toEqual([]);
  });

  it('flags bytes handed to embed.image', () => {
    expect(pythonProblems('embed.image(images=[open("a.jpg", "rb").read()])')).toHaveLength(1);
    expect(pythonProblems('embed.image(images=["a.jpg"])')).toEqual([]);
  });

  it('tells when pandas data reaches add_data', () => {
    expect(passesDataFrameToAddData('import pandas as pd\ndf = pd.read_csv("a.csv")\nds.add_data(data=df)')).toBe(true);
    expect(passesDataFrameToAddData('ds.add_data(data=[{"id": "1"}])')).toBe(false);
  });
});

describe('spec defaults of POST /v1/embedding/text', () => {
  const spec = (model: string, mode: string) => ({
    components: {schemas: {EmbedTextRequest: {properties: {model: {default: model}, long_text_mode: {default: mode}}}}},
  });

  it("accepts the server's defaults", () => {
    expect(embedTextDefaultsProblems(spec('nomic-embed-text-v1', 'mean'))).toEqual([]);
  });

  it("flags the Python client's values presented as the server's", () => {
    expect(embedTextDefaultsProblems(spec('nomic-embed-text-v1.5', 'truncate'))).toHaveLength(2);
  });
});

describe('release notes', () => {
  it('lists Python client headings without a date, except 3.0', () => {
    const notes = [
      '### Python client 3.9.0 (2025-11-11)',
      '### Python client 3.8.0',
      '### Python client 3.1.0 and 3.1.1 (2024-07-22)',
      '### Python client 3.0',
    ].join('\n');
    expect(undatedClientReleases(notes)).toEqual(['3.8.0']);
  });
});
