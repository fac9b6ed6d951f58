import {describe, expect, it} from 'vitest';
import {notebookOf, shellCells, SKIP_TAG, type NotebookPage} from '@site/src/llms/notebook';

const page = (source: string): NotebookPage => ({
  title: 'Upload issues',
  description: 'Put your issues on a map.',
  source: `---\ntitle: Upload issues\n---\n${source}`,
  file: '/site/docs/guide.mdx',
  permalinkOf: (file) => (file === '/site/docs/other.mdx' ? '/platform/other' : undefined),
  url: 'https://docs.example.com/platform/guide',
  siteUrl: 'https://docs.example.com',
  nomic: '3.9.0',
});

const cells = (source: string) => notebookOf(page(source))!.cells;
const text = (cell: {source: string[]}) => cell.source.join('');

describe('notebook twins', () => {
  it('are made only for pages with Python', () => {
    expect(notebookOf(page('Some prose.\n\n```bash\ncurl https://example.com\n```\n'))).toBeUndefined();
    expect(notebookOf(page('```python\nprint(1)\n```\n'))).toBeDefined();
  });

  it('are nbformat 4.5 with a Python kernel, the page and the nomic version', () => {
    const notebook = notebookOf(page('```python\nprint(1)\n```\n'))!;
    expect(notebook).toMatchObject({
      nbformat: 4,
      nbformat_minor: 5,
      metadata: {
        kernelspec: {name: 'python3', language: 'python'},
        atlas_docs: {page: 'https://docs.example.com/platform/guide', nomic: '3.9.0'},
      },
    });
    const ids = notebook.cells.map((cell) => cell.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const cell of notebook.cells.filter((c) => c.cell_type === 'code'))
      expect(cell).toMatchObject({outputs: [], execution_count: null});
  });

  it('open with the title, then keep prose and code in the page order, one code cell per block', () => {
    const all = cells('Intro prose.\n\n```python\nx = 1\n```\n\nBetween.\n\n```python\nprint(x)\n```\n\nAfter.\n');
    expect(all.map((c) => c.cell_type)).toEqual(['markdown', 'markdown', 'code', 'markdown', 'code', 'markdown']);
    expect(text(all[0]!)).toMatch(/^# Upload issues\n\n> Put your issues on a map\.\n\n.*nomic 3\.9\.0/s);
    expect(all.map(text).slice(1)).toEqual(['Intro prose.', 'x = 1', 'Between.', 'print(x)', 'After.']);
    // Jupyter stores sources as lines, each but the last with its newline.
    expect(cells('```python\na = 1\nb = 2\n```\n')[1]!.source).toEqual(['a = 1\n', 'b = 2']);
  });

  it('keep admonitions, tables and lists readable, and links absolute to the site', () => {
    const [, prose] = cells(
      ':::tip[Faster]\nUse [the other page](./other.mdx) or [the API](/reference/api).\n:::\n\n' +
        '| a | b |\n| - | - |\n| 1 | 2 |\n\n- one\n- two\n\n![A map](./map.png)\n\n```python\npass\n```\n',
    );
    const markdown = text(prose!);
    expect(markdown).toContain('> **Faster:**');
    expect(markdown).toContain('(https://docs.example.com/platform/other)');
    expect(markdown).toContain('(https://docs.example.com/reference/api)');
    expect(markdown).toMatch(/\| a +\| b +\|/);
    expect(markdown).toContain('- one\n- two');
    expect(markdown).toContain('[Figure: A map](https://docs.example.com/platform/guide)');
  });

  it('save a titled block with %%writefile and run it with the arguments the page shows', () => {
    const all = cells(
      '```python title="shape.py"\nimport sys\nprint(sys.argv[1])\n```\n\n```bash\npython shape.py issues.json --limit 5\n```\n',
    );
    const code = all.filter((c) => c.cell_type === 'code').map(text);
    expect(code).toEqual([
      '%%writefile shape.py\nimport sys\nprint(sys.argv[1])',
      '!python shape.py issues.json --limit 5',
    ]);
  });

  it('run a saved script no later command runs, make its folder, and save SQL files the shell runs', () => {
    const code = cells(
      '```python title="scripts/prepare.py"\nprint(1)\n```\n\n```sql title="export.sql"\nselect 1;\n```\n\n' +
        '```bash\npsql "$DATABASE_URL" -f export.sql > out.csv\n```\n',
    )
      .filter((c) => c.cell_type === 'code')
      .map(text);
    expect(code).toEqual([
      '!mkdir -p scripts',
      '%%writefile scripts/prepare.py\nprint(1)',
      '!python scripts/prepare.py',
      '%%writefile export.sql\nselect 1;',
      '%%bash\npsql "$DATABASE_URL" -f export.sql > out.csv',
    ]);
  });

  it('tag a norun block to be skipped, after a note with its reason', () => {
    const all = cells('```python norun="needs a GPU"\nimport torch\n```\n');
    expect(text(all[1]!)).toBe("*Not run in the docs' checks: needs a GPU.*");
    expect(all[2]).toMatchObject({cell_type: 'code', metadata: {tags: [SKIP_TAG]}});
  });

  it('leave other languages, curl calls, diagrams and unrun shell blocks in the prose', () => {
    const all = cells(
      '```python\npass\n```\n\n```typescript\nconst a = 1;\n```\n\n```bash\ncurl -X POST https://api-atlas.nomic.ai/v1/x\n```\n\n' +
        '```mermaid\nflowchart LR\n  a --> b\n```\n\n```bash norun="needs MySQL"\nmysql -e "select 1"\n```\n',
    );
    expect(all.filter((c) => c.cell_type === 'code')).toHaveLength(1);
    const prose = text(all.at(-1)!);
    expect(prose).toContain('```typescript\nconst a = 1;\n```');
    expect(prose).toContain('```bash\ncurl -X POST');
    expect(prose).toContain('[See the diagram on the page.](https://docs.example.com/platform/guide)');
    expect(prose).toContain('mysql -e');
  });
});

describe('shell blocks in a notebook', () => {
  it('install with %pip, set variables with %env, run saved scripts with !python, other lines with %%bash', () => {
    expect(
      shellCells(
        'pip install nomic "pandas<3"\nexport DATA_DIR="data"\nmkdir -p data\ngh issue list --repo o/r \\\n  --json number > issues.json\npython shape.py\n',
      ),
    ).toEqual([
      '%pip install nomic "pandas<3"',
      '%env DATA_DIR=data',
      '%%bash\nmkdir -p data\ngh issue list --repo o/r --json number > issues.json',
      '!python shape.py',
    ]);
  });

  it('log in with the key from the environment, never a key in the file', () => {
    expect(shellCells('nomic login nk-your-api-key\n')).toEqual(['!nomic login $NOMIC_API_KEY']);
  });

  it('drop comment-only scripts', () => {
    expect(shellCells('# nothing to run\n\npip install nomic\n')).toEqual(['%pip install nomic']);
  });
});
