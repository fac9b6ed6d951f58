import {describe, expect, it} from 'vitest';
import {CompileActivity} from '../compileActivity';

// `npm start`: the search index waits while the dev server compiles (pages compiling when first
// opened is tested in src/plugins/dev-lazy-compilation/__tests__/registryLoader.test.ts).

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
