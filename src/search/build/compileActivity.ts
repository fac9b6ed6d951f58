/**
 * An Rspack plugin that knows whether the dev server is compiling: its
 * `quiet()` resolves at once between compiles, or when the running one (the
 * first, or the code of a page a browser just opened) is done.
 */
export class CompileActivity {
  private compiling = true;
  private waiting: (() => void)[] = [];

  quiet(): Promise<void> {
    return this.compiling ? new Promise((resolve) => this.waiting.push(resolve)) : Promise.resolve();
  }

  apply(compiler: {
    hooks: Record<'watchRun' | 'done' | 'failed', {tap: (name: string, callback: () => void) => void}>;
  }) {
    compiler.hooks.watchRun.tap('search-index', () => void (this.compiling = true));
    const settle = () => {
      this.compiling = false;
      for (const resolve of this.waiting.splice(0)) resolve();
    };
    compiler.hooks.done.tap('search-index', settle);
    compiler.hooks.failed.tap('search-index', settle);
  }
}
