import {describe, expect, it} from 'vitest';
import {growthReport} from '../size/growth.mjs';

const BUDGETS = {$comment: 'ignored', 'search head': {base: 0, perPage: 100}, 'main.js': {base: 1000, perPage: 10}};

describe('size budgets that grow with the pages', () => {
  it('allows each file its base plus so much a page', () => {
    const {rows, problems} = growthReport({pages: 200, files: {'search head': 20000, 'main.js': 3000}}, BUDGETS);
    expect(rows.map((r) => [r.name, r.allowed])).toEqual([
      ['search head', 20000],
      ['main.js', 3000],
    ]);
    expect(problems).toEqual([]);
  });

  it('fails a file that grew faster than the pages, and one that is missing', () => {
    const {problems} = growthReport({pages: 200, files: {'search head': 20001}}, BUDGETS);
    expect(problems).toEqual([
      'search head: 20001 B gzip for 200 pages, above its 0 B + 100 B a page = 20000 B',
      'main.js: not found in the build',
    ]);
  });
});
