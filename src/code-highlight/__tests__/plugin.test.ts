import path from 'node:path';
import {describe, expect, it} from 'vitest';
import codeHighlightPlugin from '@site/src/code-highlight/plugin';

class Replacement {
  constructor(
    readonly pattern: RegExp,
    readonly file: string,
  ) {}
}

function configure(isServer: boolean) {
  const plugin = codeHighlightPlugin();
  // Only `currentBundler.instance` is read; the real one is webpack or Rspack.
  const utils = {currentBundler: {instance: {NormalModuleReplacementPlugin: Replacement}}};
  return plugin.configureWebpack!({} as never, isServer, utils as never, undefined as never) as unknown as {
    resolve: {alias: Record<string, string>};
    plugins: Replacement[];
  };
}

describe('code-highlight plugin', () => {
  it('gives the server render the synchronous highlighter and browsers the lazy one', () => {
    expect(path.basename(configure(true).resolve.alias['@atlas/highlighter$'])).toBe('server.ts');
    expect(path.basename(configure(false).resolve.alias['@atlas/highlighter$'])).toBe('client.ts');
  });

  it("swaps theme-classic's start-up language module, not the theme component the highlighter uses", () => {
    const [replacement] = configure(false).plugins;
    const classic = '/site/node_modules/@docusaurus/theme-classic/lib';
    expect(replacement.pattern.test(`${classic}/prism-include-languages`)).toBe(true);
    expect(replacement.pattern.test(`${classic}/prism-include-languages.js`)).toBe(true);
    expect(replacement.pattern.test(`${classic}/theme/prism-include-languages.js`)).toBe(false);
    expect(replacement.pattern.test('@theme/prism-include-languages')).toBe(false);
    expect(path.basename(replacement.file)).toBe('no-startup-languages.ts');
  });
});
