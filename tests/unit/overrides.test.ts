import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import {describe, expect, it} from 'vitest';
import {OVERRIDES, THEME_DIRS} from '@site/src/theme/overrides';
import {apiThemes} from '@site/src/api/build/themes';
import config from '@site/docusaurus.config';

const ROOT = path.resolve(__dirname, '../..');

/** Where a package keeps its theme modules (`@theme/X`). */
function themeDir(pkg: string): string {
  return pkg === '@docusaurus/core'
    ? path.join(ROOT, 'node_modules/@docusaurus/core/lib/client/theme-fallback')
    : path.join(ROOT, 'node_modules', pkg, 'lib/theme');
}

function upstreamFile(pkg: string, module: string): string | undefined {
  const base = path.join(themeDir(pkg), module);
  return [`${base}/index.js`, `${base}.js`].find((file) => fs.existsSync(file));
}

/** The modules a compiled file imports, sorted. */
function importsOf(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8');
  const found = [
    ...code.matchAll(/require\("([^"]+)"\)/g),
    ...code.matchAll(/\bfrom\s+'([^']+)'/g),
    ...code.matchAll(/^import\s+'([^']+)'/gm),
  ].map((m) => m[1]!);
  return [...new Set(found)].sort();
}

describe('theme overrides', () => {
  it('lists every file under src/theme and src/api/theme that overrides a module, once', () => {
    // This table, and the search bar's button (a part of SearchBar, not an override).
    const notOverrides = ['src/theme/overrides.ts', 'src/theme/SearchBar/SearchButton.tsx'];
    const files = fg
      .sync(
        THEME_DIRS.map((dir) => `${dir}/**/*.{ts,tsx}`),
        // Tests beside an override are not theme modules: Docusaurus skips __tests__ when it aliases them.
        {cwd: ROOT, ignore: ['**/__tests__/**']},
      )
      .filter((file) => !notOverrides.includes(file));
    expect(files.some((file) => file.startsWith('src/api/theme/'))).toBe(true);
    expect(OVERRIDES.map((o) => o.file).sort()).toEqual(files.sort());
  });

  it('registers src/api/theme after the API theme it overrides', () => {
    const [upstream, ours] = apiThemes.map((theme) => theme().getThemePath?.());
    expect(upstream).toBe(
      path.join(path.dirname(require.resolve('docusaurus-theme-openapi-docs/package.json')), 'lib/theme'),
    );
    expect(ours).toBe(path.join(ROOT, 'src/api/theme'));
  });

  it('names each override by the module its path gives it under its theme folder', () => {
    for (const {file, upstream} of OVERRIDES) {
      const dir = THEME_DIRS.find((d) => file.startsWith(`${d}/`));
      expect(dir, `${file} is in no theme folder`).toBeDefined();
      const module = file.slice(dir!.length + 1).replace(/(\/index)?\.tsx?$/, '');
      expect(module, file).toBe(upstream.module);
    }
  });

  it('replaces with nothing only what the configuration turns off', () => {
    // DocVersionBanner and DocVersionBadge show only with several docs versions: Docusaurus reads them
    // from versions.json (or <plugin id>_versions.json) beside the config.
    expect(fg.sync('*versions.json', {cwd: ROOT})).toEqual([]);
    // CollapseButton and ExpandButton show only for a hideable sidebar.
    expect((config.themeConfig as {docs: {sidebar: {hideable: boolean}}}).docs.sidebar.hideable).toBe(false);
  });

  for (const override of OVERRIDES) {
    const {file, upstream, kind} = override;
    it(`${file} (${kind} of ${upstream.package} ${upstream.module}) still matches upstream`, () => {
      const version = JSON.parse(
        fs.readFileSync(path.join(ROOT, 'node_modules', upstream.package, 'package.json'), 'utf8'),
      ).version;
      expect(version, `${upstream.package} was upgraded: re-read this override`).toBe(upstream.version);
      const original = upstreamFile(upstream.package, upstream.module);
      expect(original, `${upstream.module} moved in ${upstream.package}`).toBeDefined();
      const ours = fs.readFileSync(path.join(ROOT, file), 'utf8');
      // A plugin theme's wrapper names the component it wraps by @theme-init: its @theme-original is itself.
      const wrapped = file.startsWith('src/api/theme/') ? '@theme-init' : '@theme-original';
      if (kind === 'wrap') expect(ours).toContain(`'${wrapped}/${upstream.module}'`);
      if (override.imports)
        expect(importsOf(original!), `what ${upstream.module} imports changed`).toEqual(override.imports);
      if (kind === 'stub') {
        const consumers = fg
          .sync('**/*.js', {cwd: themeDir(upstream.package)})
          .filter((f) =>
            fs
              .readFileSync(path.join(themeDir(upstream.package), f), 'utf8')
              .includes(`require("@theme/${upstream.module}")`),
          );
        const used = Object.fromEntries(
          consumers
            // Upstream's ApiExplorer and ApiItem trees never render here: both are replaced whole.
            .filter((f) => !/^(ApiExplorer|ApiItem)\//.test(f))
            .map((f) => {
              const code = fs.readFileSync(path.join(themeDir(upstream.package), f), 'utf8');
              const variable = new RegExp(`const (\\w+) = require\\("@theme/${upstream.module}"\\)`).exec(code)![1];
              const names = [...code.matchAll(new RegExp(`${variable}\\.(\\w+)`, 'g'))].map((m) => m[1]!);
              return [f, [...new Set(names)].sort()];
            }),
        );
        expect(used, `who imports ${upstream.module} changed`).toEqual(override.consumers);
        const exported = [...ours.matchAll(/export (?:const|function) (\w+)/g)].map((m) => m[1]);
        for (const [consumer, names] of Object.entries(used))
          if (!override.unrendered?.includes(consumer))
            for (const name of names) expect(exported, `${consumer} uses ${name}`).toContain(name);
      }
    });
  }
});
