import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Keeps Prism out of the browser's start-up bundle. `@atlas/highlighter` is
 * the synchronous highlighter in the server render and a lazily loaded one in
 * browsers; theme-classic's start-up module that registers Prism's extra
 * languages is swapped for an empty one (src/code-highlight/prism.ts
 * registers them with the highlighter instead).
 */
export default function codeHighlightPlugin(): Plugin {
  return {
    name: 'code-highlight',
    configureWebpack(_config, isServer, {currentBundler}) {
      return {
        resolve: {
          alias: {'@atlas/highlighter$': path.join(__dirname, isServer ? 'server.ts' : 'client.ts')},
        },
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            /theme-classic[\\/]lib[\\/]prism-include-languages(\.js)?$/,
            path.join(__dirname, 'no-startup-languages.ts'),
          ),
        ],
      };
    },
  };
}
