import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {negativeClaimProblems} from '../corrections.mjs';
import {
  loginAssumptionProblems,
  quotedMessageProblems,
  quotedMessages,
  removedProblems,
  serverClaimProblems,
  specProse,
} from '../guards.mjs';

describe('the guards for what the 2026-11-28 review found', () => {
  it('rejects a command its tool no longer ships and the retired tag path, in code too', () => {
    expect(removedProblems('Run `huggingface-cli login` first.')[0]).toMatch(/hf auth login/);
    expect(removedProblems('```bash\ncurl -X POST https://api-atlas.nomic.ai/v1/tag/apply-to-ids\n```')[0]).toMatch(
      /update\/tag\/ids/,
    );
    expect(removedProblems('Run `hf auth login`, then POST /v1/query/update/tag/ids.')).toEqual([]);
  });

  it('rejects a page that assumes `nomic login` and reads NOMIC_API_KEY in Python', () => {
    const prose = 'The Python examples on this page assume you have logged in once with `nomic login nk-...`.';
    const blocks = [{line: 40, code: 'import os\nkey = os.environ["NOMIC_API_KEY"]\n'}];
    expect(loginAssumptionProblems(prose, blocks)[0]).toMatch(/line 40/);
    expect(loginAssumptionProblems('Set NOMIC_API_KEY.', blocks)).toEqual([]);
  });

  it('finds the messages a page quotes: exceptions, table cells and bold leads, not code', () => {
    const body = [
      "If you see `ValueError: Invalid URL: 'report.pdf'`, check the path.",
      '| `Shard upload failed` mentioning a limit | Map less. |',
      '| `Value("string")` | text |',
      "**`COPY ... TO 'file'` fails.** Use psql.",
      "Then `KeyError: 'NOMIC_API_KEY'` means the variable is unset.",
      '```text\nValueError: in a code block\n```',
    ].join('\n');
    expect(quotedMessages(body).map((q) => q.message)).toEqual(["Invalid URL: 'report.pdf'", 'Shard upload failed']);
  });

  it('accepts a quoted message the sources print, with formatted values, and rejects an invented one', () => {
    const sources = new Set(['Invalid URL:', 'cannot write mode', 'as JPEG', 'Shard upload failed']);
    const find = (strings: string[]) => new Set(strings.filter((s) => sources.has(s)));
    const page = (text: string) => [{where: 'p.mdx', body: text}];
    const check = (text: string) => quotedMessageProblems(page(text), {find, cited: []});
    expect(check("`ValueError: Invalid URL: 'report.pdf'`")).toEqual([]);
    expect(check('`OSError: cannot write mode RGBA as JPEG`')).toEqual([]);
    expect(check('`Metadata fields cannot start with _` | Rename it. |')).toEqual([]); // not a table's first cell
    expect(check('| `Metadata fields cannot start with _` | Rename it. |')[0].problem).toMatch(/no installed package/);
    expect(check('`ValueError: Dataset not found on the server`')[0].problem).toMatch(/Dataset not found/);
    const cited = [{message: 'Dataset not found on the server', source: 'a page'}];
    expect(quotedMessageProblems(page('`ValueError: Dataset not found on the server`'), {find, cited})).toEqual([]);
  });

  it('needs a source for each claim about what the server does when a request fails', () => {
    const prose =
      'The server refuses a shard that holds an ID the dataset already has. Atlas returns the matching ids.';
    expect(serverClaimProblems('p.mdx', prose, [])).toHaveLength(1);
    const entries = [{page: 'p.mdx', claim: 'The server refuses a shard', source: 'a page'}];
    expect(serverClaimProblems('p.mdx', prose, entries)).toEqual([]);
    expect(serverClaimProblems('p.mdx', 'Nothing here.', entries)[0].problem).toMatch(/not on the page/);
  });
});

describe('the prose guards on the OpenAPI specs', () => {
  const file = 'openapi/atlas-v1.yaml';
  const spec = [
    'info:',
    '  description: A test spec.',
    'paths:',
    '  /v1/thing:',
    '    post:',
    '      summary: Make a thing',
    '      description: |',
    '        Makes a thing.',
    '',
    '        The server rejects a thing that already exists.',
    '      responses:',
    "        '200':",
    '          description: Nomic does not document the body.',
    'components:',
    '  schemas:',
    '    Thing:',
    '      required: [description, summary]',
    '      properties:',
    '        description:',
    '          type: string',
    '          description: "Fails with `ValueError: no thing by that name here`."',
  ].join('\n');

  it('reads every description and summary string, with the line its text starts on', () => {
    expect(specProse(spec)).toEqual([
      {line: 2, text: 'A test spec.'},
      {line: 6, text: 'Make a thing'},
      {line: 8, text: 'Makes a thing.\n\nThe server rejects a thing that already exists.\n'},
      {line: 13, text: 'Nomic does not document the body.'},
      {line: 21, text: 'Fails with `ValueError: no thing by that name here`.'},
    ]);
  });

  it('reports each unsourced claim and quoted message at openapi/<file>:<line>', () => {
    const prose = specProse(spec);
    expect(negativeClaimProblems(file, prose, [])).toEqual([
      {where: `${file}:13`, problem: expect.stringContaining('Nomic does not document the body')},
    ]);
    expect(serverClaimProblems(file, prose, [])).toEqual([
      {where: `${file}:8`, problem: expect.stringContaining('The server rejects a thing')},
    ]);
    const passages = prose.map(({line, text}) => ({where: file, body: text, line}));
    expect(quotedMessageProblems(passages, {find: () => new Set(), cited: []})).toEqual([
      {where: `${file}:21`, problem: expect.stringContaining('no thing by that name here')},
    ]);
    const entries = [{page: file, claim: 'Nomic does not document the body', source: 'a page'}];
    expect(negativeClaimProblems(file, prose, entries)).toEqual([]);
  });

  it('finds a claim planted in a description of the real v1 spec', () => {
    const source = fs.readFileSync(path.resolve(__dirname, '../../..', file), 'utf8');
    const anchor = 'description: The task is not a parse task, and only parse tasks can be cancelled.';
    const line = source.slice(0, source.indexOf(anchor)).split('\n').length;
    const planted = source.replace(anchor, `${anchor} Nomic does not document why.`);
    const before = negativeClaimProblems(file, specProse(source), []).map((p) => p.problem);
    const after = negativeClaimProblems(file, specProse(planted), []);
    expect(after.filter((p) => !before.includes(p.problem))).toEqual([
      {where: `${file}:${line}`, problem: expect.stringContaining('Nomic does not document why')},
    ]);
  });
});
