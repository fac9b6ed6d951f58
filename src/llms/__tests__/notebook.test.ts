import {describe, expect, it} from 'vitest';
import {installs, notebookOf, shellCells, SKIP_TAG, variablesRead, type NotebookPage} from '@site/src/llms/notebook';
import {importedModules} from '@site/src/llms/pythonPackages';

const page = (source: string, reader?: NotebookPage['reader']): NotebookPage => ({
  title: 'Upload issues',
  description: 'Put your issues on a map.',
  source: `---\ntitle: Upload issues\n---\n${source}`,
  file: '/site/docs/guide.mdx',
  permalinkOf: (file) => (file === '/site/docs/other.mdx' ? '/platform/other' : undefined),
  url: 'https://docs.example.com/platform/guide',
  siteUrl: 'https://docs.example.com',
  nomic: '3.9.0',
  reader,
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
    expect(text(all[0]!)).toMatch(
      /^# Upload issues\n\n> Put your issues on a map\.\n\n.*fresh kernel, with nomic 3\.9\.0/s,
    );
    expect(text(all[0]!)).toContain('against a stand-in for the Atlas API');
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
      '%run shape.py issues.json --limit 5',
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
      '%run scripts/prepare.py',
      '%%writefile export.sql\nselect 1;',
      '%%bash\npsql "$DATABASE_URL" -f export.sql > out.csv',
    ]);
  });

  it('write a file the page has the reader save from a fence of another kind, such as a JSON Schema', () => {
    const code = cells(
      '```json title="schema.json" schema="json-schema"\n{"type": "object"}\n```\n\n```python\nprint(1)\n```\n',
    )
      .filter((c) => c.cell_type === 'code')
      .map(text);
    expect(code).toEqual(['%%writefile schema.json\n{"type": "object"}', 'print(1)']);
  });

  it('leave a shell block that prompts to a terminal: shown, skipped, with why', () => {
    const all = cells(
      '```python\npass\n```\n\n```bash terminal="mysql -p asks for the password"\nmysql -p shop -e "select 1"\n```\n',
    );
    expect(all.map(text)).toContain('*Run this in a terminal: mysql -p asks for the password.*');
    expect(all.at(-1)).toMatchObject({cell_type: 'code', metadata: {tags: [SKIP_TAG]}});
  });

  it("name in each code cell the line of the page's file its block starts on", () => {
    // The page's source has a three-line front matter (page()), then this body.
    const code = cells('Intro.\n\n```python\nx = 1\n```\n\n```bash\npython a.py\n```\n').filter(
      (c) => c.cell_type === 'code',
    );
    expect(code.map((c) => c.metadata)).toEqual([{atlas_docs: {line: 6}}, {atlas_docs: {line: 10}}]);
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
    // A download with curl is a step of the notebook.
    const download = cells(
      '```python\npass\n```\n\n```bash\ncurl -fL -o a.pdf https://assets.example.com/a.pdf\n```\n',
    );
    expect(download.map(text)).toContain('%%bash\ncurl -fL -o a.pdf https://assets.example.com/a.pdf');
    // A PUT to a URL the API handed out belongs to the curl tab.
    const put = cells('```python\npass\n```\n\n```bash\ncurl -s -X PUT "$UPLOAD_URL" --data-binary @a.pdf\n```\n');
    expect(put.filter((c) => c.cell_type === 'code')).toHaveLength(1);
    const prose = text(all.at(-1)!);
    expect(prose).toContain('```typescript\nconst a = 1;\n```');
    expect(prose).toContain('```bash\ncurl -X POST');
    expect(prose).toContain('[See the diagram on the page.](https://docs.example.com/platform/guide)');
    expect(prose).toContain('mysql -e');
  });
});

describe('shell blocks in a notebook', () => {
  it('install with %pip, set variables with %env, run saved scripts with %run, other lines with %%bash', () => {
    expect(
      shellCells(
        'pip install nomic "pandas<3"\nexport DATA_DIR="data"\nmkdir -p data\ngh issue list --repo o/r \\\n  --json number > issues.json\npython shape.py\n',
      ),
    ).toEqual([
      '%pip install nomic "pandas<3"',
      '%env DATA_DIR=data',
      // Stops at the first command that fails, as the page's terminal does.
      '%%bash\nset -e\nmkdir -p data\ngh issue list --repo o/r --json number > issues.json',
      '%run shape.py',
    ]);
    expect(shellCells('mkdir -p data\n')).toEqual(['%%bash\nmkdir -p data']);
  });

  it('leave logging in to the key cell, and never write a key the notebook asks for into the file', () => {
    expect(shellCells('nomic login nk-your-api-key\n')).toEqual([]);
    expect(
      shellCells('export NOMIC_API_KEY=nk-your-api-key\nexport DATA_DIR=data\n', new Set(['NOMIC_API_KEY'])),
    ).toEqual(['%env DATA_DIR=data']);
  });

  it('drop comment-only scripts', () => {
    expect(shellCells('# nothing to run\n\npip install nomic\n')).toEqual(['%pip install nomic']);
  });
});

describe('the cells a fresh kernel needs first', () => {
  const source =
    '## What you need\n\n- Python and `pip install nomic openpyxl` (pandas reads Excel with it)\n\n## Steps\n\n' +
    '```python\nimport os\nimport nomic\nfrom sklearn.cluster import KMeans\nimport pandas as pd, numpy as np\n' +
    'token = os.environ["GITHUB_TOKEN"]\nos.environ["TOKENIZERS_PARALLELISM"] = "false"\n```\n\n' +
    'Save `tickets.csv` from your help desk first.\n\n```bash\nexport NOMIC_API_KEY=nk-your-api-key\nnomic login nk-your-api-key\n```\n';

  it('open with one install cell for every package the cells import and the page names, nomic pinned', () => {
    const all = cells(source);
    expect(text(all[1]!)).toBe('%pip install nomic==3.9.0 "pandas<3" numpy openpyxl scikit-learn');
    expect(installs(['PIL', 'json', 'encoder'], ['pillow>=10'], '3.9.0')).toEqual(['pillow>=10']);
    expect(installs(['nomic'], ['nomic[local]', 'pandas<2.3'], '3.9.0')).toEqual(['nomic[local]==3.9.0', 'pandas<2.3']);
  });

  it('then ask for every key and variable the cells read, log in, and keep no key in the file', () => {
    const notebook = notebookOf(page(source, {files: ['tickets.csv'], env: ['OPENAI_API_KEY']}))!;
    const ask = text(notebook.cells[2]!);
    expect(ask).toContain(
      'os.environ["NOMIC_API_KEY"] = os.environ.get("NOMIC_API_KEY") or ask("NOMIC_API_KEY", True)',
    );
    expect(ask).toContain('ask("GITHUB_TOKEN", True)');
    expect(ask).toContain('ask("OPENAI_API_KEY", True)');
    expect(ask).not.toContain('TOKENIZERS_PARALLELISM');
    expect(ask).toContain('getpass');
    expect(ask).toContain('userdata.get(name)');
    expect(ask).toMatch(/nomic\.login\(os\.environ\["NOMIC_API_KEY"\]\)$/);
    const everything = JSON.stringify(notebook);
    expect(everything).not.toContain('nk-your-api-key');
    expect(everything).not.toContain('%env NOMIC_API_KEY');
    expect(everything).not.toContain('nomic login');
  });

  it('name the files the reader brings, and where the page says how to get them', () => {
    const opening = text(notebookOf(page(source, {files: ['tickets.csv'], env: []}))!.cells[0]!);
    expect(opening).toContain('- `tickets.csv` (under *Steps*)');
    expect(opening).toContain('for the other services its cells call, with test copies of the files above');
  });

  it('ask for nothing and log in to nothing on a page that needs no key', () => {
    const all = cells('```python\nimport json\nprint(json.dumps(1))\n```\n');
    expect(all.some((c) => text(c).includes('getpass'))).toBe(false);
    expect(all.some((c) => text(c).startsWith('%pip'))).toBe(false);
  });

  it('read imports and variables from code', () => {
    expect(importedModules('import a.b as c, d\nfrom e.f import g\n    import h\nfrom . import local\n')).toEqual([
      'a',
      'd',
      'e',
      'h',
    ]);
    expect(
      variablesRead(
        'os.environ["A"]; os.getenv("B"); os.environ.get("C"); os.environ.get("D", "x"); os.environ["E"] = 1',
      ),
    ).toEqual(['A', 'B', 'C']);
  });
});
