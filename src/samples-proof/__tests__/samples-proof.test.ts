import {describe, expect, it} from 'vitest';
import {blockHash} from '../hash';
import {labelOf, labelsByHash, missingLabels} from '../build/proofs';
import {samplesFile, type SavedResults} from '../build/samplesFile';

const PY = 'import nomic\nprint(nomic.__version__)';
const pages = [
  {
    route: '/p',
    blocks: [
      {lang: 'python', kind: 'python', line: 3, code: PY},
      {lang: 'bash', kind: 'curl', line: 9, code: 'curl -s a\ncurl -s b'},
      {lang: 'python', kind: 'python', line: 20, code: 'import torch', norun: 'needs a GPU'},
      {lang: 'json', kind: 'json', line: 30, code: '{}'},
    ],
  },
];
const saved = (results: SavedResults['results'], commit = 'c1'): SavedResults => ({
  commit,
  versions: {nomic: '3.9.0', '@nomic-ai/atlas': '0.12.0'},
  results,
});
const passing = saved([
  {route: '/p', line: 3, kind: 'python', hash: blockHash(PY), status: 'ran'},
  {route: '/p', line: 9, kind: 'curl', hash: blockHash('curl -s a\ncurl -s b'), status: 'ran'},
  {route: '/p', line: 9, kind: 'curl', hash: blockHash('curl -s a\ncurl -s b'), status: 'ran'},
  {route: '/p', line: 20, kind: 'python', hash: blockHash('import torch'), status: 'norun'},
  {route: '/p', line: 30, kind: 'json', hash: blockHash('{}'), status: 'checked'},
]);

describe('samplesFile', () => {
  it("gives each block the status of its results at the build's commit", () => {
    const file = samplesFile(pages, passing, 'c1');
    expect(file.ran).toBe(true);
    expect(file.blocks.map((b) => [b.status, b.how, b.reason])).toEqual([
      ['passed', 'ran', undefined],
      ['passed', 'ran', undefined],
      ['declared', undefined, 'needs a GPU'],
      ['passed', 'checked', undefined],
    ]);
  });

  it('one failed command fails its block; a block edited since the run, or results of another commit, are not run', () => {
    const oneFailed = structuredClone(passing);
    oneFailed.results[2]!.status = 'failed';
    expect(samplesFile(pages, oneFailed, 'c1').blocks[1]!.status).toBe('failed');
    const edited = structuredClone(pages);
    edited[0]!.blocks[0]!.code = `${PY}\nprint(1)`;
    expect(samplesFile(edited, passing, 'c1').blocks[0]!.status).toBe('not run');
    const other = samplesFile(pages, passing, 'c2');
    expect(other.ran).toBe(false);
    expect(other.blocks.every((b) => b.status === 'not run')).toBe(true);
    expect(samplesFile(pages, undefined, 'c1').blocks.every((b) => b.status === 'not run')).toBe(true);
  });
});

describe('labels', () => {
  it('say what ran, with what; a declared block its reason; a failed block or one not run nothing', () => {
    const file = samplesFile(pages, passing, 'c1');
    expect(file.blocks.map((b) => labelOf(b, file.versions))).toEqual([
      'Tested in CI with nomic 3.9.0',
      'Tested in CI with nomic 3.9.0',
      'Not run in CI: needs a GPU',
      'Checked in CI against the API spec',
    ]);
    const failed = structuredClone(passing);
    failed.results[0]!.status = 'failed';
    expect(labelsByHash(samplesFile(pages, failed, 'c1')).has(blockHash(PY))).toBe(false);
  });

  it('a text on two pages is labelled only when both copies passed', () => {
    const twice = [...pages, {route: '/q', blocks: [{lang: 'python', kind: 'python', line: 1, code: PY}]}];
    expect(labelsByHash(samplesFile(twice, passing, 'c1')).has(blockHash(PY))).toBe(false);
    const both = saved([
      ...passing.results,
      {route: '/q', line: 1, kind: 'python', hash: blockHash(PY), status: 'ran'},
    ]);
    expect(labelsByHash(samplesFile(twice, both, 'c1')).get(blockHash(PY))).toBe('Tested in CI with nomic 3.9.0');
  });

  it('a built page with fewer labels than its results give is found (a page compiled before the results existed)', () => {
    const file = samplesFile(pages, passing, 'c1');
    const label = '<p class="code-proof">Tested</p>';
    expect(missingLabels(file, () => label.repeat(4))).toEqual([]);
    expect(missingLabels(file, () => '<pre>no labels</pre>')).toEqual(['/p: 0 of 4 labels']);
    // A build without results of its commit expects none.
    expect(missingLabels(samplesFile(pages, passing, 'c2'), () => '')).toEqual([]);
  });

  it('a hash ignores trailing spaces and blank edge lines only', () => {
    expect(blockHash('\nx = 1  \n\n')).toBe(blockHash('x = 1'));
    expect(blockHash('x = 2')).not.toBe(blockHash('x = 1'));
  });
});
