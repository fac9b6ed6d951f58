import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import {describe, expect, it} from 'vitest';
import {blockingAdvisories} from '../setup/audit.mjs';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

type Workflow = {
  permissions: Record<string, string>;
  concurrency: {'cancel-in-progress': boolean};
  jobs: Record<string, {steps: {uses?: string; run?: string; if?: string}[]}>;
};

describe('one CI definition', () => {
  const workflow = yaml.load(read('.github/workflows/ci.yml')) as Workflow;
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);

  it('GitHub runs the README test command, as .ci/run does', () => {
    const command = /```bash\n(npm ci && npm test)\n```/.exec(read('README.md'))?.[1];
    expect(command).toBe('npm ci && npm test');
    expect(steps.filter((s) => s.run).map((s) => s.run)).toEqual(['npm ci --no-audit --no-fund && npm test']);
    // .ci/run installs the Debian packages and makes the Python environments while npm ci runs, then runs that same command.
    const ciRun = read('.ci/run');
    expect(ciRun).toMatch(/^npm ci --no-audit --no-fund$/m);
    expect(ciRun.trimEnd()).toMatch(/\nnpm test$/);
  });

  it('pins every action to a commit, reads only, cancels superseded runs and keeps the report on failure', () => {
    for (const step of steps.filter((s) => s.uses)) expect(step.uses).toMatch(/@[0-9a-f]{40}$/);
    expect(workflow.permissions).toEqual({contents: 'read'});
    expect(workflow.concurrency['cancel-in-progress']).toBe(true);
    expect(steps.some((s) => s.uses?.startsWith('actions/upload-artifact@') && s.if === 'failure()')).toBe(true);
  });
});

describe('npm audit gate', () => {
  const report = {
    vulnerabilities: {
      a: {name: 'a', severity: 'critical', range: '<2', via: [{title: 'Prototype pollution'}]},
      b: {name: 'b', severity: 'moderate', range: '<1', via: ['a']},
      c: {name: 'c', severity: 'high', range: '*', via: [{title: 'ReDoS'}]},
    },
  };

  it('blocks high and critical advisories that no exception explains', () => {
    expect(blockingAdvisories(report, {})).toEqual(['critical: a <2 (Prototype pollution)', 'high: c * (ReDoS)']);
    expect(blockingAdvisories(report, {c: 'only used by the build'})).toHaveLength(1);
  });
});
