import {describe, expect, it} from 'vitest';
import {prerequisiteProblems} from '../prerequisites.mjs';

const page = 'Save your export as `tickets.csv` and the photos in `photos/`. Set `OPENAI_API_KEY`. Run `nomic login`.';
const problems = (data: object, source = page, fences: {code: string; line: number}[] = []) =>
  prerequisiteProblems('/platform/x', source, fences, data) as string[];

describe("a page's session has only what the page tells its reader", () => {
  it('accepts files, variables, datasets and a login the page names', () => {
    const data = {
      login: true,
      env: {OPENAI_API_KEY: 'sk-test'},
      files: {'tickets.csv': 'id,text\n', 'photos/cat.jpg': 'x'},
      atlas: {datasets: [{identifier: 'my-org/tickets', maps: [{name: 'tickets', projection_id: 'p-1'}]}]},
    };
    expect(problems(data)).toEqual([]);
  });

  it('fails each item the page never mentions', () => {
    const found = problems(
      {
        login: true,
        env: {SLACK_TOKEN: 'x'},
        files: {'survey.xlsx': 'x', 'docs/a.pdf': 'x'},
        placeholders: {'your-map-id': 'p-1'},
        atlas: {datasets: [{identifier: 'my-org/papers'}]},
      },
      'A page that names none of them.',
    );
    expect(found.join('\n')).toMatch(/file survey\.xlsx is not named/);
    expect(found.join('\n')).toMatch(/file docs\/a\.pdf is not named/);
    expect(found.join('\n')).toMatch(/variable SLACK_TOKEN/);
    expect(found.join('\n')).toMatch(/placeholder your-map-id/);
    expect(found.join('\n')).toMatch(/dataset my-org\/papers/);
    expect(found.join('\n')).toMatch(/never says to run nomic login/);
  });

  it("fails a file that copies one of the page's fences", () => {
    const found = problems({files: {'tickets.csv': 'id,text\n1,a\n'}}, page, [{code: 'id,text\n1,a\n', line: 40}]);
    expect(found).toEqual([expect.stringMatching(/copies the fence at line 40; give that fence title="tickets.csv"/)]);
  });
});
