import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {EXPLAINED, problems, SCORE} from '../check-afdocs.mjs';

const report = (overall: number, results: {id: string; status: string; message?: string}[]) => ({
  scoring: {overall},
  results: results.map((r) => ({message: 'a message', ...r})),
});

describe("the afdocs scorecard's verdict", () => {
  it('passes the score with explained warnings only', () => {
    expect(
      problems(
        report(SCORE, [
          {id: 'llms-txt-exists', status: 'pass'},
          {id: 'content-start-position', status: 'warn'},
        ]),
      ),
    ).toEqual([]);
  });

  it('fails a lower score, a failed check and a warning nobody explained', () => {
    expect(problems(report(SCORE - 1, []))).toEqual([`scores ${SCORE - 1}, under ${SCORE}`]);
    expect(problems(report(100, [{id: 'content-negotiation', status: 'fail'}]))).toEqual([
      'content-negotiation fails: a message',
    ]);
    expect(problems(report(100, [{id: 'markdown-content-parity', status: 'warn'}]))).toEqual([
      'markdown-content-parity warns, and the README does not say why: a message',
    ]);
  });

  it('explains in the README every warning it lets through', () => {
    const readme = fs.readFileSync(path.join(__dirname, '../../../README.md'), 'utf8');
    for (const id of Object.keys(EXPLAINED)) expect(readme).toContain(`\`${id}\``);
  });
});
