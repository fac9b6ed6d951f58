#!/usr/bin/env node
// Regenerates the API pages from openapi/ (run before `start` and `build`).
// The generator never overwrites, so old pages are cleaned first; the output
// folders must exist before either command, since the `api` docs instance
// refuses to load without its folder.
import fs from 'node:fs';
import path from 'node:path';
import {execFileSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import specs from './specs.cjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const outputs = ['reference/api', 'reference/api/legacy'];
const docusaurus = path.join(root, 'node_modules/.bin/docusaurus');

const ensureOutputs = () => outputs.forEach((dir) => fs.mkdirSync(path.join(root, dir), {recursive: true}));
const run = (...args) =>
  execFileSync(docusaurus, [...args, 'all', '--plugin-id', 'openapi'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });

ensureOutputs();
run('clean-api-docs');
ensureOutputs();
run('gen-api-docs');
// The plugin writes a page for every operation; those documented on a hand-written page
// (`x-docs-page`, see specs.cjs) must not get a second one.
for (const {handWritten} of specs.loadSpecs())
  for (const {generatedDocId} of handWritten) fs.rmSync(path.join(root, outputs[0], `${generatedDocId}.api.mdx`));
const count = fs
  .readdirSync(path.join(root, outputs[0]), {recursive: true})
  .filter((f) => /\.(api|info)\.mdx$/.test(String(f))).length;
console.log(`API pages generated: ${count}`);
