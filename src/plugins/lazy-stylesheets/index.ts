import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import glob from 'fast-glob';
import {PurgeCSS} from 'purgecss';
import * as sass from 'sass';
import type {LoadContext, Plugin} from '@docusaurus/types';

/** Stylesheet name → URL, as global data of this plugin. */
export type LazyStylesheets = Record<string, string>;

export interface Stylesheet {
  /** CSS or SCSS file. */
  file: string;
  /**
   * Globs of the code and pages that use the stylesheet. When given, rules
   * whose classes appear in none of them are dropped (PurgeCSS): a theme's
   * stylesheet then keeps only what the components this site renders need.
   */
  usedBy?: string[];
}

export interface Options {
  /** Stylesheet name → CSS or SCSS file, or a Stylesheet. */
  stylesheets: Record<string, string | Stylesheet>;
}

async function compile({file, usedBy}: Stylesheet, siteDir: string): Promise<string> {
  const css = file.endsWith('.scss') ? sass.compile(file, {style: 'compressed'}).css : await fs.readFile(file, 'utf8');
  if (!usedBy) return css;
  // Expanded here rather than by PurgeCSS, which reads each glob on its own
  // and so ignores `!` exclusions.
  const content = await glob(usedBy, {cwd: siteDir, absolute: true});
  const [purged] = await new PurgeCSS().purge({css: [{raw: css}], content, keyframes: true, variables: true});
  return purged.css;
}

interface Content {
  files: {name: string; file: string; css: string}[];
}

/**
 * Stylesheets that only some pages or features need. Docusaurus bundles every
 * imported stylesheet into the one file all pages load; these are compiled into
 * files of their own instead (in `build` and in the dev server), for
 * components to link when they need them (see src/components/Stylesheet).
 */
export default function lazyStylesheetsPlugin(context: LoadContext, options: Options): Plugin<Content> {
  return {
    name: 'lazy-stylesheets',
    async loadContent() {
      const files = await Promise.all(
        Object.entries(options.stylesheets).map(async ([name, source]) => {
          const css = await compile(typeof source === 'string' ? {file: source} : source, context.siteDir);
          const hash = crypto.createHash('sha256').update(css).digest('hex').slice(0, 8);
          return {name, css, file: `assets/css/${name}.${hash}.css`};
        }),
      );
      return {files};
    },
    async contentLoaded({content, actions}) {
      actions.setGlobalData(
        Object.fromEntries(
          content.files.map(({name, file}) => [name, `${context.siteConfig.baseUrl}${file}`]),
        ) satisfies LazyStylesheets,
      );
    },
    configureWebpack(_config, isServer, _utils, content) {
      if (isServer) return {};
      return {
        plugins: [
          {
            apply(compiler) {
              const {RawSource} = compiler.webpack.sources;
              compiler.hooks.thisCompilation.tap('lazy-stylesheets', (compilation) => {
                compilation.hooks.processAssets.tap('lazy-stylesheets', () => {
                  for (const {file, css} of content.files) compilation.emitAsset(file, new RawSource(css));
                });
              });
            },
          },
        ],
      };
    },
  };
}
