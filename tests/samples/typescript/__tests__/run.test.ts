import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {checkTypeScript} from '../run.mjs';

type Result = {route: string; file: string; line: number; status: string; detail?: string};

const ROOT = path.resolve(__dirname, '../../../..');

const block = (line: number, code: string, extra: {lang?: string; meta?: string; norun?: string} = {}) => ({
  kind: 'typescript',
  lang: extra.lang ?? 'typescript',
  meta: extra.meta ?? '',
  norun: extra.norun,
  code,
  line,
});

// Two made-up pages: a Node.js page using the client, and a React page whose
// second block imports the first by the file its fence names.
const PAGES = [
  {
    route: '/platform/unit/node-page',
    file: path.join(ROOT, 'docs/unit/node-page.mdx'),
    samples: [
      block(
        10,
        [
          "import { embed } from '@nomic-ai/atlas';",
          '',
          "const vector = await embed('hello', { taskType: 'search_query' }, process.env.ATLAS_API_KEY);",
          'console.log(vector.length);',
        ].join('\n'),
      ),
      // The README's form, the key in place of the options: 0.12.0 declares all three arguments.
      block(20, ["import { embed } from '@nomic-ai/atlas';", '', "await embed('hello', 'nk-key');"].join('\n')),
      block(30, "import { helper } from 'a-package-nobody-installed';\nhelper();", {norun: 'needs a private package'}),
      block(40, "import { embed } from 'a-package-nobody-installed';\nconst n: number = 'one';\nembed(n);", {
        norun: 'needs a private package',
      }),
    ],
  },
  {
    route: '/platform/unit/react-page',
    file: path.join(ROOT, 'docs/unit/react-page.mdx'),
    samples: [
      block(50, 'export default function Story({title}: {title: string}) {\n  return <h1>{title}</h1>;\n}', {
        lang: 'tsx',
        meta: 'title="src/Story.tsx"',
      }),
      block(
        60,
        'import Story from \'./Story\';\n\nexport default function App() {\n  return <Story title="Hi" />;\n}',
        {
          lang: 'tsx',
          meta: 'title="src/App.tsx"',
        },
      ),
      block(70, "import Story from './src/Story';\n\nexport const wrong = <Story title={42} />;", {lang: 'tsx'}),
    ],
  },
];

describe('TypeScript samples check', () => {
  let results: Result[];
  beforeAll(async () => {
    results = await checkTypeScript(PAGES);
  }, 120_000);
  const at = (line: number) => results.find((r) => r.line === line)!;

  it('returns one result per block, in page order', () => {
    expect(results.map((r) => r.line)).toEqual([10, 20, 30, 40, 50, 60, 70]);
    expect(at(10)).toMatchObject({route: '/platform/unit/node-page', file: PAGES[0].file});
  });

  it('passes a correct block against the installed client', () => {
    expect(at(10)).toMatchObject({status: 'ran'});
    expect(at(10).detail).toBeUndefined();
  });

  it('fails a block with a type error, giving the block line and the compiler message', () => {
    expect(at(20).status).toBe('failed');
    expect(at(20).detail).toMatch(
      /^block line 3, col 7 \(docs\/unit\/node-page\.mdx:23\) TS2554: Expected 3 arguments, but got 2\./,
    );
    expect(at(20).detail).toContain("> await embed('hello', 'nk-key');");
  });

  it('resolves a block by the file its fence names, and checks JSX props', () => {
    expect(at(50).status).toBe('ran');
    expect(at(60).status).toBe('ran');
    expect(at(70).status).toBe('failed');
    expect(at(70).detail).toMatch(/block line 3, .* TS2322: Type 'number' is not assignable to type 'string'/);
  });

  it('still checks a norun block, forgiving only the missing package', () => {
    expect(at(30)).toMatchObject({status: 'norun'});
    expect(at(30).detail).toMatch(/^norun: needs a private package\nforgiven \(norun\): block line 1, .* TS2307/);
    expect(at(40).status).toBe('failed');
    expect(at(40).detail).toMatch(/block line 2, .* TS2322/);
  });
});
