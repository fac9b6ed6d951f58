import {describe, expect, it} from 'vitest';
import {
  API_KEY_OPERATIONS,
  FILES_RESPONSES,
  apiKeyPathProblems,
  embedTextDefaultsProblems,
  filesPageProblems,
  filesSpecProblems,
  negativeClaimProblems,
  passesDataFrameToAddData,
  pythonProblems,
  undatedClientReleases,
  wordingProblems,
  keywordProblems,
} from '../corrections.mjs';

describe('wording that contradicts a correction', () => {
  it.each([
    'The client resizes images to at most 512 px before upload.',
    'Each image is resized so that its longest side is at most 512 pixels.',
    'The Python client accepts file paths, URLs, image bytes or PIL images.',
    'Earlier editions of the API reference showed another default.',
    'Earlier versions of the API serve this list at `GET /v1/user/authorization/keys/{organization_id}`.',
    'The client polls `GET /v1/status/{task_id}`, the older path.',
    'v1.5 is the default for image maps.',
    'List keys with `GET /v1/user/authorization-keys/{organization_id}`.',
    'Revoke a key with `DELETE /v1/user/authorization/keys/{organization_id}/{key_name}`.',
    'An Atlas API key. Set it in the `NOMIC_API_KEY` environment variable, or run `nomic login nk-...` once.',
    'Run `nomic login nk-...`, or set `NOMIC_API_KEY`.',
    'The Python client reads `NOMIC_API_KEY` when it starts.',
    'Exporting `NOMIC_API_KEY` is enough.',
    'Atlas has no CRM connector, so export the tickets yourself.',
    'There is no connector for Salesforce, HubSpot or Zendesk.',
  ])('flags %j', (text) => {
    expect(wordingProblems(text)).not.toEqual([]);
  });

  it.each([
    'File paths and PIL images larger than 512 px on a side are resized to exactly 512×512.',
    '`embed.image` accepts file paths, URLs or PIL images; raw bytes raise `ValueError`.',
    'The Python client 3.9 polls `GET /v1/status/{task_id}`; this reference documents `GET /v1/task/{task_id}`.',
    'The legacy API has `POST /v1/reduce/`.',
    'Revoke a key with `POST /v1/user/authorization/keys/{organization_id}/delete`.',
    'Call `nomic.login(os.environ["NOMIC_API_KEY"])` in the script, or run `nomic login nk-...` once.',
    'The REST examples send `$NOMIC_API_KEY` in the `Authorization` header.',
    'Atlas has connectors for Snowflake, Hugging Face and Zendesk.',
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

describe('negative claims need a source', () => {
  const prose =
    'Intro. There is no connector for PostgreSQL. The unit is not documented; use 300. | Viewer | Not documented |';

  it('flags each negative sentence no entry covers', () => {
    expect(negativeClaimProblems('a.mdx', prose, [])).toHaveLength(3);
  });

  it('accepts covered sentences, and flags entries whose words left the page', () => {
    const entries = [
      {page: 'a.mdx', claim: 'no connector for PostgreSQL', source: 'FACTS.md §14'},
      {page: 'a.mdx', claim: 'unit is not documented', source: 'x'},
      {page: 'a.mdx', claim: 'Not documented', source: 'y'},
    ];
    expect(negativeClaimProblems('a.mdx', prose, entries)).toEqual([]);
    expect(negativeClaimProblems('a.mdx', 'Intro.', entries)).toHaveLength(3);
    expect(negativeClaimProblems('b.mdx', prose, entries)).toHaveLength(3);
  });
});

describe('Files pages and operations', () => {
  it.each([
    'The endpoint answers 413 for large files.',
    'Wait for the `Retry-After` seconds.',
    'The URL expires after one hour.',
  ])('flags %j', (text) => {
    expect(filesPageProblems(text)).not.toEqual([]);
  });

  it('accepts the sourced statuses', () => {
    expect(filesPageProblems('A 403 means the key may not do this; a 422 names the field.')).toEqual([]);
  });

  const spec = () => {
    const paths: Record<string, Record<string, {responses: Record<string, unknown>}>> = {};
    for (const [operation, codes] of Object.entries(FILES_RESPONSES)) {
      const [method, path] = operation.split(' ');
      (paths[path!] ??= {})[method!.toLowerCase()] = {responses: Object.fromEntries(codes.map((c) => [c, {}]))};
    }
    return {paths};
  };

  it('flags a response the sources do not give, and a Retry-After header', () => {
    expect(filesSpecProblems(spec())).toEqual([]);
    const broken = spec();
    broken.paths['/v1/upload']!.post!.responses['413'] = {
      headers: {'Retry-After': {}},
    };
    expect(filesSpecProblems(broken)).toHaveLength(2);
  });
});

describe('API-key paths', () => {
  const spec = (operations: Record<string, string>) => {
    const paths: Record<string, Record<string, {operationId: string}>> = {};
    for (const [operationId, operation] of Object.entries(operations)) {
      const [method, path] = operation.split(' ');
      (paths[path!] ??= {})[method!.toLowerCase()] = {operationId};
    }
    return {paths};
  };

  it('accepts the paths the clients call', () => {
    expect(apiKeyPathProblems(spec(API_KEY_OPERATIONS))).toEqual([]);
  });

  it('flags the slug spelling and an invented DELETE', () => {
    const wrong = spec({
      ...API_KEY_OPERATIONS,
      getApiKeys: 'GET /v1/user/authorization-keys/{organization_id}',
      deleteApiKey: 'DELETE /v1/user/authorization/keys/{organization_id}/{key_name}',
    });
    expect(apiKeyPathProblems(wrong)).toHaveLength(2);
  });
});

describe('front-matter keywords', () => {
  it('accepts short distinct phrases, and rejects repeats, long phrases, the title and non-lists', () => {
    expect(keywordProblems({title: 'Data stories', keywords: ['scrollytelling', 'animation']})).toEqual([]);
    expect(keywordProblems({title: 'Data stories'})).toEqual([]);
    expect(keywordProblems({title: 'Data stories', keywords: 'animation'})).toEqual([
      'keywords must be a non-empty list',
    ]);
    expect(
      keywordProblems({
        title: 'Data stories',
        keywords: ['Animation', 'animation', 'data stories', 'one two three four five six', 3],
      }),
    ).toEqual([
      'keyword "animation" is listed twice',
      'keyword "data stories" repeats the title',
      'keyword "one two three four five six" is longer than five words',
      'keyword 3 is not a phrase',
    ]);
  });
});
