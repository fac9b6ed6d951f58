import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {ChunkUrlsPlugin, isDocusaurusChunkAssetPlugin} from './build/chunkUrls';
import {usesDocLists, writeGlobalData} from './build/globalData';
import {partition, readGenerated, writePartition} from './build/partition';

// The plugin's build-time files, which Rspack's persistent cache must depend on.
const BUILD_FILES = ['chunkUrls.ts', 'globalData.ts', 'partition.ts'];

/**
 * Keeps the pages' routes out of main.js in the browser (see
 * ./build/partition.ts). Production client builds only: the server renders
 * from the whole table, and the dev server regenerates it as pages change.
 * Docusaurus' client reads the table through modules this replaces:
 *   - `@generated/registry` and `@generated/routesChunkNames` by the trimmed
 *     ones (group chunks add their entries to these same objects);
 *   - the table itself, read by ../exact-routes through `@atlas/generated-routes`;
 *   - core's client `preload.js` and `docusaurus.js` (@docusaurus/core 3.10.2)
 *     by ./client/preload.ts and ./client/docusaurus.ts, which wrap them and
 *     load a path's group first. ./__tests__/build.test.ts checks the
 *     wrapped modules are as they were.
 * The runtime every page loads also maps each chunk to its file. Chunks are
 * named by id here (a page's chunk id is its 8-character name), which drops
 * the id-to-name map, and ./build/chunkUrls.ts replaces Docusaurus' name-to-id
 * map: what is left per page is its chunk's content hash. And main.js's
 * global data leaves out the docs' lists (./build/globalData.ts).
 */
export default function routeGroupsPlugin(context: LoadContext): Plugin {
  return {
    name: 'route-groups',
    configureWebpack(config, isServer, {currentBundler}) {
      const directory = '@atlas/route-groups$';
      if (isServer || config.mode !== 'production') {
        return {resolve: {alias: {[directory]: path.join(__dirname, 'client/none.js')}}};
      }
      const dir = writePartition(context.generatedFilesDir, partition(readGenerated(context.generatedFilesDir)));
      if (currentBundler.name !== 'rspack') throw new Error('route-groups: written for Rspack (future.faster)');
      const Replace = currentBundler.instance.NormalModuleReplacementPlugin;
      config.plugins = config.plugins?.filter((plugin) => !isDocusaurusChunkAssetPlugin(plugin));
      // Rspack's persistent cache knows the config file, not this plugin: a change here must evict it too.
      const cache = config.experiments?.cache as {buildDependencies?: string[]} | undefined;
      cache?.buildDependencies?.push(__filename, ...BUILD_FILES.map((file) => path.join(__dirname, 'build', file)));
      const core = (file: string) => new RegExp(`@docusaurus[\\\\/]core[\\\\/]lib[\\\\/]client[\\\\/]${file}\\.js$`);
      return {
        resolve: {alias: {[directory]: path.join(dir, 'groups.js')}},
        optimization: {chunkIds: 'named'},
        plugins: [
          new ChunkUrlsPlugin(),
          new Replace(/^@atlas\/generated-routes$/, path.join(dir, 'routes.js')),
          new Replace(/^@generated\/registry$/, path.join(dir, 'registry.js')),
          new Replace(/^@generated\/routesChunkNames$/, path.join(dir, 'chunkNames.js')),
          ...(usesDocLists((context.siteConfig.themeConfig as {navbar?: {items?: []}}).navbar?.items)
            ? []
            : [new Replace(/^@generated\/globalData$/, writeGlobalData(context.generatedFilesDir, dir))]),
          new Replace(core('preload'), path.join(__dirname, 'client/preload.ts')),
          new Replace(core('docusaurus'), path.join(__dirname, 'client/docusaurus.ts')),
        ],
      };
    },
  };
}
