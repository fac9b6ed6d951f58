import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {lazyCompilationMiddleware, type Compiler} from '@rspack/core';

type ConfigureWebpackResult = ReturnType<NonNullable<Plugin['configureWebpack']>>;

/**
 * `npm start` compiles a page's code when a browser first asks for it, not
 * every page's before it serves the first: Rspack's lazy compilation of
 * dynamic imports, which is how Docusaurus loads each route's components and
 * content. The dev server's start then stays nearly flat as pages are added
 * (bench/scale.mjs measures it at 1x and 10x). Builds are untouched.
 *
 * Rspack applies lazy compilation only through its middleware, and the
 * middleware must be made before the first compile, so an Rspack plugin makes
 * it when the compiler is created and the dev server's middlewares serve it.
 * The route registry's weak references would still compile every page:
 * ./registryLoader.cjs drops them.
 */
export default function devLazyCompilationPlugin(context: LoadContext): Plugin {
  return {
    name: 'dev-lazy-compilation',
    configureWebpack(config, isServer, {currentBundler}) {
      if (isServer || config.mode !== 'development' || currentBundler.name !== 'rspack') return {};
      let middleware: ReturnType<typeof lazyCompilationMiddleware> | undefined;
      // Rspack options, typed by Docusaurus as webpack's (which has no top-level lazyCompilation).
      return {
        lazyCompilation: {imports: true, entries: false},
        module: {
          rules: [
            {
              test: path.join(context.generatedFilesDir, 'registry.js'),
              use: [path.join(__dirname, 'registryLoader.cjs')],
            },
          ],
        },
        plugins: [{apply: (compiler: unknown) => void (middleware = lazyCompilationMiddleware(compiler as Compiler))}],
        devServer: {
          setupMiddlewares(middlewares: unknown[]) {
            if (middleware) middlewares.unshift(middleware);
            // Docusaurus' own setupMiddlewares gets this same array, and webpack-merge joins
            // what both return: returning it here too would list every middleware twice.
            return [];
          },
        },
      } as ConfigureWebpackResult;
    },
  };
}
