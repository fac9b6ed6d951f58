import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';
import {CompileActivity} from '../../src/search/build/compileActivity';

// `npm start`: pages compile when first opened (src/plugins/dev-lazy-compilation),
// and the search index waits while the dev server compiles (src/search/build).
const registryLoader = createRequire(__filename)('../../src/plugins/dev-lazy-compilation/registryLoader.cjs') as (
  source: string,
) => string;

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
