import fs from 'node:fs';
import {createRequire} from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

// `npm start`: pages compile when first opened (the search index waiting while the dev
// server compiles is tested in src/search/build/__tests__/compileActivity.test.ts).
const require = createRequire(__filename);
const registryLoader = require('../registryLoader.cjs') as (source: string) => string;
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
