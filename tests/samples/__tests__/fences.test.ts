import {describe, expect, it} from 'vitest';
import {classify, runsSaved} from '../fences.mjs';
import {commandResults} from '../session/curl.mjs';

type Fence = {kind: string; problem?: string; output?: unknown; runsLater?: boolean};
type Result = {line: number; status: string; detail?: string};

const block = (lang: string, code: string, meta = '', line = 10) => ({lang, meta, code, line});

describe('every fence is run, checked or declared', () => {
  it('classifies each language and flags what no runner takes', () => {
    const kinds = classify([
      block('python', 'print(1)\n'),
      block('bash', 'curl https://api-atlas.nomic.ai/v1/user\n'),
      block('bash', 'ls\n'),
      block('javascript', 'console.log(1)\n'),
      block('javascript', 'console.log(1)\n', 'norun="runs in the browser"'),
      block('', 'plain\n'),
    ]);
    expect(kinds.map((b: Fence) => b.kind)).toEqual(['python', 'curl', 'bash', 'javascript', 'javascript', 'none']);
    expect(kinds.map((b: Fence) => Boolean(b.problem))).toEqual([false, false, false, true, false, true]);
  });

  it('takes a norun reason on code only when it names a limit the harness cannot stand in for', () => {
    const kinds = classify([
      block('python', 'import torch\n', 'norun="needs a CUDA GPU and the 7B model"'),
      block('python', 'import pandas\n', 'norun="needs pandas"'),
      block('bash', 'npm run dev\n', 'norun="starts Vite\'s development server in the reader\'s app"'),
      block('text', 'https://atlas.nomic.ai/data/ORG/MAP\n', 'norun="the form of a share link"'),
    ]);
    expect(kinds.map((b: Fence) => Boolean(b.problem))).toEqual([false, true, false, false]);
  });

  it('needs text fences to be an output, a signature or declared, and json to name its schema', () => {
    const kinds = classify([
      block('text', 'a\n'),
      block('text', 'f(x)\n', 'signature="nomic.login"'),
      block('json', '{}\n'),
      block('json', '{}\n', 'schema="POST /v1/query response"'),
    ]);
    expect(kinds.map((b: Fence) => Boolean(b.problem))).toEqual([true, false, true, false]);
  });

  it('attaches an output to the block before it, and only to one that runs', () => {
    const [ran, shown] = classify([block('python', 'print(2)\n', '', 10), block('text', '2\n', 'output', 14)]);
    expect(ran.output).toEqual({line: 14, text: '2\n'});
    expect(shown.problem).toBeUndefined();
    const [, orphan] = classify([block('python', 'x\n', 'norun="gpu"'), block('text', '2\n', 'output')]);
    expect(orphan.problem).toMatch(/follows the block/);
  });

  it('knows a saved file that a later command runs, and refuses the old args="…"', () => {
    const blocks = classify([
      block('python', 'import sys\n', 'title="predict.py"', 10),
      block('bash', 'python predict.py photos/a.jpg\n', '', 20),
      block('python', 'x = 1\n', 'title="other.py" args="a"', 30),
    ]);
    expect(blocks[0].runsLater).toBe(true);
    expect(blocks[2].problem).toMatch(/args/);
    expect(runsSaved('psql "$URL" -f export.sql > out.csv', 'export.sql')).toBe(true);
    expect(runsSaved('cat predict.py.bak', 'predict.py')).toBe(false);
  });
});

describe('a curl command is accepted only when everything it did worked', () => {
  const curl = block(
    'bash',
    'TASK=$(curl -s -X POST https://api-atlas.nomic.ai/v1/parse -d @b.json | jq -r .task_id)\ncurl -s https://api-atlas.nomic.ai/v1/task/$TASK\n',
    '',
    100,
  );
  const call = (id: string, url: string, method: string, status: number, problems: string[] = []) => ({
    id,
    urls: [url],
    exit: 0,
    requests: [{method, url, status, problems}],
  });

  it('accepts each command whose requests were answered 2xx in a block that ran through', () => {
    const run = {
      status: 'ran',
      calls: [
        call('c1', 'https://api-atlas.nomic.ai/v1/parse', 'POST', 201),
        call('c2', 'https://api-atlas.nomic.ai/v1/task/abc', 'GET', 200),
      ],
    };
    expect(commandResults(curl, run).map((r: Result) => [r.line, r.status])).toEqual([
      [101, 'ran'],
      [102, 'ran'],
    ]);
  });

  it('fails a command answered 4xx or against the spec, and every command of a failed block', () => {
    const run = {
      status: 'ran',
      calls: [
        call('c1', 'https://api-atlas.nomic.ai/v1/parse', 'POST', 422, ['file_url is required']),
        call('c2', 'https://api-atlas.nomic.ai/v1/task/null', 'GET', 200),
      ],
    };
    const [parse, task] = commandResults(curl, run);
    expect(parse.status).toBe('failed');
    expect(parse.detail).toMatch(/file_url is required/);
    expect(task.status).toBe('ran');
    const failed = commandResults(curl, {...run, status: 'failed', detail: 'the bash block exited with status 1'});
    expect(failed.every((r: Result) => r.status === 'failed')).toBe(true);
  });

  it('fails a command that made no request', () => {
    expect(commandResults(curl, {status: 'ran', calls: []})[0].detail).toMatch(/no request/);
  });

  it('counts downloads and uploads too, and fails one answered with an error although curl exited 0', () => {
    const download = block(
      'bash',
      'curl -s -o status.json https://api-atlas.nomic.ai/v1/task/$TASK\n  COMPLETED) curl -s -o result.json "$(jq -r .result_url status.json)"; break ;;\ncurl -sSfo a.pdf https://assets.nomicatlas.com/a.pdf\n',
      '',
      200,
    );
    expect(classify([download])[0].kind).toBe('curl');
    const results = commandResults(download, {
      status: 'ran',
      calls: [
        call('c1', 'https://api-atlas.nomic.ai/v1/task/abc', 'GET', 200),
        call('c2', 'https://results.nomicatlas.com/abc.json?X-Amz-Expires=3600', 'GET', 404),
        call('c3', 'https://assets.nomicatlas.com/a.pdf', 'GET', 200),
      ],
    });
    expect(results.map((r: Result) => [r.line, r.status])).toEqual([
      [201, 'ran'],
      [202, 'failed'],
      [203, 'ran'],
    ]);
    expect(results[1].detail).toMatch(/404/);
  });
});
