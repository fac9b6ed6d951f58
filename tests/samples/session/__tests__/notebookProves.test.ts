import {describe, expect, it} from 'vitest';
import {afterNotebook, notebookProves} from '../run.mjs';

type Block = {kind: string; line: number; code: string; norun?: string; meta?: string};
// A route no prerequisites file names: the page's session has nothing but the page.
const page = (blocks: Block[], cellLines = blocks.map((b) => b.line)) => ({
  route: '/platform/a-page-of-the-test',
  blocks,
  notebook: {cells: cellLines.map((line) => ({cell_type: 'code', metadata: {atlas_docs: {line}}}))},
});
const python = (line: number, code = 'import os\nimport nomic\nnomic.login(os.environ["NOMIC_API_KEY"])') => ({
  kind: 'python',
  line,
  code,
});
const bash = (line: number, code: string, extra = {}) => ({kind: 'bash', line, code, ...extra});
const proved = (p: {route: string; blocks: Block[]; notebook?: object}) =>
  [...(notebookProves(p) as Set<number>)].sort((a, b) => a - b);

describe("the page blocks a notebook proves, so that the page's Python runs once", () => {
  it('proves Python, installs and scripts, and leaves key blocks to the session', () => {
    const p = page(
      [
        bash(10, 'pip install nomic'),
        bash(20, 'export NOMIC_API_KEY=nk-your-api-key\nnomic login $NOMIC_API_KEY'),
        python(30),
        bash(40, 'export NOMIC_API_KEY=nk-your-api-key\npython search.py --query "reset" \\\n  --limit 5'),
      ],
      [10, 30, 40],
    );
    expect(proved(p)).toEqual([10, 30, 40]);
  });

  it('leaves a mistyped login to the session, which runs it', () => {
    expect(proved(page([bash(20, 'nomic login --token nk-your-api-key'), python(30)], [30]))).toEqual([30]);
  });

  it('proves nothing where a shell line is one the notebook would not run as the page does', () => {
    // An export the Python never reads: the key cell asks by the name the Python reads, so the notebook would pass.
    expect(proved(page([bash(20, 'export NOMIC_APIKEY=nk-your-api-key\npython search.py'), python(30)]))).toEqual([]);
    // A terminal's state (a cd) carries to the next block; a notebook cell's does not.
    expect(proved(page([bash(20, 'cd work\npython search.py'), python(30)]))).toEqual([]);
    expect(proved(page([bash(20, 'python search.py', {meta: 'terminal="second"'}), python(30)]))).toEqual([]);
  });

  it("proves the Python of a page with curl; its key and curl blocks run after the notebook, in the page's order", () => {
    const curl = {kind: 'curl', line: 20, code: 'curl -sS https://api-atlas.nomic.ai/v1/user'};
    const key = bash(5, 'export NOMIC_API_KEY=nk-your-api-key');
    const withCurl = page([key, python(10), curl, python(30)], [10, 30]);
    expect(proved(withCurl)).toEqual([10, 30]);
    expect(afterNotebook(withCurl).map((b: {line: number}) => b.line)).toEqual([5, 20]);
    // A page its notebook does not prove keeps every block in its session.
    expect(afterNotebook(page([python(10), curl, {kind: 'sql', line: 40, code: 'SELECT 1'}]))).toEqual([]);
  });

  it('proves nothing on a page with SQL, a norun Python block, or a block with no cell', () => {
    expect(proved(page([python(10), {kind: 'sql', line: 20, code: 'SELECT 1'}]))).toEqual([]);
    expect(proved(page([python(10), {...python(20), norun: 'needs a GPU'}]))).toEqual([]);
    expect(proved(page([python(10), python(20)], [10]))).toEqual([]);
    expect(proved({...page([python(10)]), notebook: undefined})).toEqual([]);
  });
});
