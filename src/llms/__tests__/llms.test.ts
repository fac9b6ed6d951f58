import {describe, expect, it} from 'vitest';
import {SCHEMA_EXAMPLE} from '@site/src/api/shared/types';
import {absoluteLinks, llmsPointer} from '@site/src/llms/absoluteLinks';
import {apiMarkdown, type ApiOperation} from '@site/src/llms/apiMarkdown';
import {llmsTxt} from '@site/src/llms/llmsTxt';
import {mdxToMarkdown} from '@site/src/llms/mdxToMarkdown';
import {sectionOf} from '@site/src/llms/sections';
import {twinPath} from '@site/src/llms/twinPath';
import {dereference, loadSpecs} from '@site/src/api/build/specs.cjs';
import {areaOf, socialImageOf} from '@site/src/data/sections';

describe('twin paths', () => {
  it('add .md, or index.md inside a section', () => {
    expect(twinPath('/platform/quick-start')).toBe('/platform/quick-start.md');
    expect(twinPath('/platform/files/')).toBe('/platform/files/index.md');
    expect(twinPath('/')).toBe('/index.md');
  });
});

describe('MDX to Markdown', () => {
  const source = `---
title: Upload
description: Send files.
---
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

Intro with a [link](./storage.mdx#limits) and <abbr>HTML</abbr>.

<Tabs groupId="lang">
<TabItem value="py" label="Python">

\`\`\`python
print("hi")
\`\`\`

</TabItem>
<TabItem value="sh" label="curl">

\`\`\`bash
curl https://example.com
\`\`\`

</TabItem>
</Tabs>

\`\`\`python title="predict.py" norun="needs a GPU"
run()
\`\`\`

\`\`\`text output
hi
\`\`\`

:::warning[Keys]
Never commit keys.
:::

{/* a comment */}

<LineChart title="Scores by size" data={DATA} />

| a | b |
| - | - |
| 1 | 2 |
`;
  const markdown = mdxToMarkdown({
    title: 'Upload',
    description: 'Send files.',
    source,
    file: '/site/docs/files/upload.mdx',
    permalinkOf: (file) => (file === '/site/docs/files/storage.mdx' ? '/platform/files/storage' : undefined),
  });

  it('starts with the title and description and drops imports and comments', () => {
    expect(markdown.startsWith('# Upload\n\n> Send files.\n\n')).toBe(true);
    expect(markdown).not.toContain('import ');
    expect(markdown).not.toContain('a comment');
  });

  it('labels each tab and keeps its code', () => {
    expect(markdown).toMatch(/\*\*Python\*\*\n\n```python\nprint\("hi"\)\n```/);
    expect(markdown).toMatch(/\*\*curl\*\*\n\n```bash\ncurl https:\/\/example.com\n```/);
  });

  it("shows a fence's title but not its notes for the samples harness", () => {
    expect(markdown).toContain('```python title="predict.py"\nrun()\n```');
    expect(markdown).toContain('```text\nhi\n```');
    expect(markdown).not.toContain('norun');
  });

  it('turns admonitions into quotes, figures into captions, file links into page links', () => {
    expect(markdown).toContain('> **Keys:**\n>\n> Never commit keys.');
    expect(markdown).toContain('*Figure: Scores by size*');
    expect(markdown).toContain('[link](/platform/files/storage#limits)');
    expect(markdown).toContain('| a | b |');
    expect(markdown).toContain('and HTML.');
  });
});

describe('API pages as Markdown', () => {
  const markdown = apiMarkdown('Get a job', {
    method: 'get',
    path: '/v1/jobs/{job_id}',
    servers: [{url: 'https://api-atlas.nomic.ai'}],
    security: [{bearer: []}],
    description: 'Returns a job.',
    parameters: [{name: 'job_id', in: 'path', required: true, schema: {type: 'string'}, description: 'The job | id.'}],
    responses: {
      '200': {
        description: 'The job.',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['status'],
              properties: {status: {type: 'string', enum: ['queued', 'done'], description: 'Where it is.'}},
            },
            // Made from the schema when the page was generated.
            [SCHEMA_EXAMPLE]: {status: 'queued'},
          },
        },
      },
      '404': {description: 'No such job.'},
    },
  });

  it('has the method, URL, authentication and parameters', () => {
    expect(markdown).toContain('# Get a job\n\n`GET https://api-atlas.nomic.ai/v1/jobs/{job_id}`');
    expect(markdown).toContain('Authorization: Bearer $NOMIC_API_KEY');
    // As the page writes a row: name, type, then required; parameters grouped by where they go.
    expect(markdown).toContain('## Path parameters\n\n- `job_id` `string` required: The job | id.');
  });

  it('has each response with its schema and an example, and request samples', () => {
    expect(markdown).toContain('### 200: The job.');
    expect(markdown).toContain('- `status` `string` required: Where it is. Possible values: [`queued`, `done`]');
    expect(markdown).toContain('"status": "queued"');
    expect(markdown).toContain('### 404: No such job.');
    expect(markdown).toMatch(/```python\n[\s\S]*requests\.get\(/);
    expect(markdown).toMatch(/```bash\ncurl /);
    // The note the page shows under its samples.
    expect(markdown).toContain(
      'Set `NOMIC_API_KEY` to an Atlas API key first. See [authentication](/reference/getting-started/).',
    );
  });
});

describe('API twin rows', () => {
  const rows = (schema: object) =>
    apiMarkdown('Op', {
      method: 'post',
      path: '/x',
      requestBody: {content: {'application/json': {schema}}},
    } as ApiOperation);

  it('write each field as the page does: name, type, then nullable, required, deprecated', () => {
    const twin = rows({
      type: 'object',
      required: ['id', 'note'],
      properties: {
        id: {type: 'string', format: 'uuid'},
        note: {type: ['string', 'null'], maxLength: 255, description: 'A note.'},
        tags: {type: 'array', items: {type: 'object', title: 'Tag', properties: {name: {type: 'string'}}}},
        old: {type: 'integer', deprecated: true, minimum: 1},
        extra: {type: 'object', additionalProperties: true},
      },
    });
    expect(twin).toContain('- `id` `string<uuid>` required\n');
    expect(twin).toContain('- `note` `string | null` nullable required: A note. Possible values: `<= 255 characters`');
    expect(twin).toContain('- `tags` `object[]`\n  - `name` `string`');
    expect(twin).toContain('- `old` `integer` deprecated: Possible values: `>= 1`');
    expect(twin).toContain('- `extra` `object`\n  - `property name*` `any`');
  });

  it('name a body that is one value by its type, as the page does', () => {
    expect(rows({type: 'string', format: 'binary'})).toContain('- `string` `string<binary>`');
  });
});

describe('absolute links in twins', () => {
  const site = 'https://docs.nomic.ai';
  it('give root-relative links, images, definitions, HTML and anchors the site origin', () => {
    const markdown = [
      'See [upload](/platform/files/upload#limits), [here](#setup) and [out](https://example.com/x).',
      '',
      '![map](/img/map.png "A map")',
      '',
      '[ref]: /reference/api/embed-text',
      '',
      '<a href="/platform/">Platform</a>',
      '',
    ].join('\n');
    const out = absoluteLinks(markdown, site, '/platform/quick-start');
    expect(out).toContain('[upload](https://docs.nomic.ai/platform/files/upload#limits)');
    expect(out).toContain('[here](https://docs.nomic.ai/platform/quick-start#setup)');
    expect(out).toContain('[out](https://example.com/x)');
    expect(out).toContain('![map](https://docs.nomic.ai/img/map.png "A map")');
    expect(out).toContain('[ref]: https://docs.nomic.ai/reference/api/embed-text');
    expect(out).toContain('<a href="https://docs.nomic.ai/platform/">');
    expect(out).not.toMatch(/\]\(\/|"\/[a-z]/);
  });

  it('leave code blocks as written', () => {
    const code = '```bash\ncurl -d \'{"a":"[x](/y)"}\'\n```';
    expect(absoluteLinks(code, site, '/p')).toBe(code);
  });

  it("name llms.txt by its absolute URL in the twin's first line", () => {
    expect(llmsPointer(site)).toMatch(/^> .*https:\/\/docs\.nomic\.ai\/llms\.txt/);
    expect(llmsPointer(site)).not.toContain('\n');
  });
});

describe('llms.txt', () => {
  const site = {url: 'https://docs.example.com', title: 'Docs', tagline: 'All of it'};
  const pages = [
    {url: '/a', title: 'A', description: 'About\nA.', area: 'One', markdown: '# A\n'},
    {url: '/b/', title: 'B', description: '', area: 'Two', markdown: '# B\n'},
    {url: '/c', title: 'C', description: 'See C.', area: 'One', markdown: '# C\n'},
  ];
  const {index, full} = llmsTxt(site, pages);

  it('has a title, a summary and every page linked to its twin under its section', () => {
    expect(index.startsWith('# Docs\n\n> All of it.\n')).toBe(true);
    expect(index).toContain(
      '## One\n\n- [A](https://docs.example.com/a.md): About A.\n- [C](https://docs.example.com/c.md): See C.',
    );
    expect(index).toContain('## Two\n\n- [B](https://docs.example.com/b/index.md)\n');
  });

  it('puts every twin in the full file', () => {
    for (const page of pages) expect(full).toContain(page.markdown);
  });
});

describe('sections of a twin', () => {
  const markdown =
    '# Page\n\nIntro.\n\n## Install\n\nRun it.\n\n```bash\n# not a heading\n```\n\n### Extras\n\nMore.\n\n## Use `it`\n\nUse.\n';

  it('run from their heading to the next heading of the same level', () => {
    expect(sectionOf(markdown, 'Install')).toBe(
      '## Install\n\nRun it.\n\n```bash\n# not a heading\n```\n\n### Extras\n\nMore.\n',
    );
    expect(sectionOf(markdown, 'Extras')).toBe('### Extras\n\nMore.\n');
    expect(sectionOf(markdown, 'Use it\u200b')).toBe('## Use `it`\n\nUse.\n');
    expect(sectionOf(markdown, 'Missing')).toBeUndefined();
  });
});

describe('site sections', () => {
  it('name the area and the social image of a page', () => {
    expect(areaOf('/platform/datasets/data-maps/controls')).toBe('Data maps');
    expect(areaOf('/privacy')).toBe('Documentation');
    expect(socialImageOf('/reference/api/embed-text')).toBe('/img/social/reference.png');
    expect(socialImageOf('/')).toBe('/img/social/home.png');
  });
});

describe('API twins hold what their pages show', () => {
  type Node = {description?: string; title?: string; [key: string]: unknown};
  const list = (node: Node, key: string) => (node[key] as Node[] | undefined) ?? [];
  /** A field's description as the page shows it: its own, else that of the schema it refers to (allOf). */
  const fieldDescription = (field: Node): string[] => {
    const text = field.description ?? list(field, 'allOf').find((part) => part.description)?.description;
    return text?.trim() ? [text] : [];
  };
  /** What the page shows of a schema: its fields' descriptions, and each variant's title and description. */
  const descriptions = (node: unknown, depth = 0): string[] => {
    if (!node || typeof node !== 'object' || depth > 5) return [];
    const schema = node as Node;
    const variants = [...list(schema, 'oneOf'), ...list(schema, 'anyOf')];
    const fields = [schema, ...list(schema, 'allOf')].flatMap((part) =>
      Object.values((part.properties as Record<string, Node> | undefined) ?? {}),
    );
    return [
      ...variants.flatMap((v) => [...(v.title ? [v.title] : []), ...(v.description ? [v.description] : [])]),
      ...variants.flatMap((v) => descriptions(v, depth + 1)),
      ...fields.flatMap((field) => [...fieldDescription(field), ...descriptions(field, depth + 1)]),
      ...descriptions(schema.items, depth),
    ];
  };
  const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

  it.each(loadSpecs().flatMap((spec) => spec.operations.map((op) => [op.route, spec, op] as const)))(
    '%s: every parameter, body and response field description',
    (_route, spec, summary) => {
      const paths = (spec.spec as {paths: Record<string, Record<string, unknown>>}).paths;
      const op = dereference(paths[summary.path]![summary.method.toLowerCase()], spec.spec) as ApiOperation;
      const twin = apiMarkdown(summary.summary, {...op, method: summary.method, path: summary.path});
      const shown = [
        ...(op.parameters ?? []).map((p) => p.description ?? ''),
        ...Object.values(op.requestBody?.content ?? {}).flatMap((m) => descriptions(m.schema)),
        ...Object.values(op.responses ?? {}).flatMap((r) =>
          Object.values(r.content ?? {}).flatMap((m) => descriptions(m.schema)),
        ),
      ].filter(Boolean);
      const missing = shown
        .map(oneLine)
        .filter((text) => !twin.includes(text.replace(/\|/g, '\\|')) && !twin.includes(text));
      expect(missing).toEqual([]);
    },
  );
});
