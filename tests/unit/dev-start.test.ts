import fs from 'node:fs';
import {createRequire} from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {CompileActivity} from '../../src/search/build/compileActivity';

// `npm start`: pages compile when first opened (src/plugins/dev-lazy-compilation),
// and the search index waits while the dev server compiles (src/search/build).
const require = createRequire(__filename);
const registryLoader = require('../../src/plugins/dev-lazy-compilation/registryLoader.cjs') as (
  source: string,
) => string;
// Docusaurus' own code generator (@docusaurus/core 3.10), so a change in the registry's format fails here.
const {generateRouteFiles} = require('@docusaurus/core/lib/server/codegen/codegenRoutes.js') as {
  generateRouteFiles: (options: {generatedFilesDir: string; routes: unknown[]}) => Promise<void>;
};

describe('the dev registry loader', () => {
  it('drops the weak references that would compile every page, and keeps the imports', () => {
    const source = `export default {
  "content---a": [() => import(/* webpackChunkName: "content---a" */ "@site/docs/a.mdx"), "@site/docs/a.mdx", require.resolveWeak("@site/docs/a.mdx")],
  "content---b": [() => import("@site/docs/it\\"s.mdx"), "@site/docs/it\\"s.mdx", require.resolveWeak("@site/docs/it\\"s.mdx")],
};`;
    const out = registryLoader(source);
    expect(out).not.toContain('resolveWeak');
    expect(out).toContain(
      '[() => import(/* webpackChunkName: "content---a" */ "@site/docs/a.mdx"), "@site/docs/a.mdx", undefined]',
    );
    expect(out).toContain('"@site/docs/it\\"s.mdx", undefined]');
  });

  it('drops every weak reference of the registry Docusaurus generates', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-registry-'));
    const routes = ['a', 'b', 'c'].map((name) => ({
      path: `/${name}`,
      exact: true,
      component: '@theme/DocItem',
      modules: {content: `@site/docs/${name}.mdx`},
    }));
    await generateRouteFiles({generatedFilesDir: dir, routes});
    const registry = fs.readFileSync(path.join(dir, 'registry.js'), 'utf8');
    const entries = registry.match(/require\.resolveWeak\(/g)?.length ?? 0;
    expect(entries).toBeGreaterThanOrEqual(4);
    const out = registryLoader(registry);
    expect(out).not.toContain('resolveWeak');
    expect(out.match(/, undefined\]/g)).toHaveLength(entries);
    fs.rmSync(dir, {recursive: true, force: true});
  });
});

type Tap = (name: string, callback: () => void) => void;

function fakeCompiler() {
  const taps: Record<string, (() => void)[]> = {watchRun: [], done: [], failed: []};
  const hook = (name: string) => ({tap: ((_: string, callback: () => void) => taps[name]!.push(callback)) as Tap});
  return {
    hooks: {watchRun: hook('watchRun'), done: hook('done'), failed: hook('failed')},
    fire: (name: string) => taps[name]!.forEach((callback) => callback()),
  };
}

/** Whether `promise` has settled once pending callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('CompileActivity', () => {
  it('holds the index until the first compile is done, and while any later compile runs', async () => {
    const activity = new CompileActivity();
    const compiler = fakeCompiler();
    activity.apply(compiler);
    const first = activity.quiet();
    expect(await settled(first)).toBe(false);
    compiler.fire('done');
    expect(await settled(first)).toBe(true);
    expect(await settled(activity.quiet())).toBe(true);

    compiler.fire('watchRun');
    const during = activity.quiet();
    expect(await settled(during)).toBe(false);
    compiler.fire('failed');
    expect(await settled(during)).toBe(true);
  });
});
