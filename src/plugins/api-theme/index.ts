import crypto from 'node:crypto';
import path from 'node:path';
import * as sass from 'sass';
import type {LoadContext, Plugin} from '@docusaurus/types';

const THEME_ROOT = path.dirname(require.resolve('docusaurus-theme-openapi-docs/package.json'));

export interface ApiThemeData {
  /** URL of the API theme's stylesheet, linked by API pages only. */
  stylesheet: string;
}

interface Content {
  css: string;
  file: string;
}

/**
 * docusaurus-theme-openapi-docs, registered so that only API pages pay for it.
 * The stock theme adds its 100 kB stylesheet to every page of the site; here
 * it is compiled once into a file of its own that `src/theme/ApiItem` links,
 * and `crypto-js` is replaced by the one hash the theme uses. (Generated pages
 * take their components from `src/theme/ApiItem`: see ./markdown.ts.)
 */
export default function apiThemePlugin(context: LoadContext): Plugin<Content> {
  return {
    name: 'api-theme',
    getThemePath: () => path.join(THEME_ROOT, 'lib/theme'),
    getTypeScriptThemePath: () => path.join(THEME_ROOT, 'src/theme'),
    async loadContent() {
      const {css} = sass.compile(path.join(THEME_ROOT, 'lib/theme/styles.scss'), {style: 'compressed'});
      const hash = crypto.createHash('sha256').update(css).digest('hex').slice(0, 8);
      return {css, file: `assets/css/api-theme.${hash}.css`};
    },
    async contentLoaded({content, actions}) {
      actions.setGlobalData({stylesheet: `${context.siteConfig.baseUrl}${content.file}`} satisfies ApiThemeData);
    },
    configureWebpack(_config, isServer, _utils, content) {
      return {
        resolve: {
          alias: {
            'crypto-js$': path.join(__dirname, 'sha1-only.js'),
          },
        },
        // The client build emits the stylesheet, in `build` and in the dev server alike.
        plugins: isServer
          ? []
          : [
              {
                apply(compiler) {
                  const {RawSource} = compiler.webpack.sources;
                  compiler.hooks.thisCompilation.tap('api-theme', (compilation) => {
                    compilation.hooks.processAssets.tap('api-theme', () => {
                      compilation.emitAsset(content.file, new RawSource(content.css));
                    });
                  });
                },
              },
            ],
      };
    },
  };
}
