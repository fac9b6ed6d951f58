import type {Compiler, RuntimeModule as RuntimeModuleType} from '@rspack/core';

const NAME = 'atlas-chunk-urls';

/**
 * Docusaurus' `__webpack_require__.gca` (a chunk's URL from its name, which
 * its prefetching calls) without the name-to-id map Docusaurus' own
 * ChunkAssetPlugin puts in the runtime every page loads: with named chunk
 * ids, a chunk's name is its id, and the runtime's own filename function
 * answers. Replaces that plugin (@docusaurus/core 3.10.2,
 * lib/webpack/plugins/ChunkAssetPlugin.js).
 */
export class ChunkUrlsPlugin {
  // Typed for any bundler's compiler, as Docusaurus' plugin list is; this one is Rspack's.
  apply(bundler: unknown): void {
    const compiler = bundler as Compiler;
    const {RuntimeModule, RuntimeGlobals} = compiler.rspack;
    class ChunkUrls extends RuntimeModule {
      constructor() {
        super(NAME, RuntimeModule.STAGE_ATTACH);
      }
      generate(): string {
        return `__webpack_require__.gca = function (chunkName) { return ${RuntimeGlobals.publicPath} + ${RuntimeGlobals.getChunkScriptFilename}(chunkName); };`;
      }
    }
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.additionalTreeRuntimeRequirements.tap(NAME, (chunk) => {
        compilation.addRuntimeModule(chunk, new ChunkUrls() as unknown as RuntimeModuleType);
      });
    });
  }
}

/** Whether a webpack plugin is Docusaurus' ChunkAssetPlugin, which ChunkUrlsPlugin stands in for. */
export function isDocusaurusChunkAssetPlugin(plugin: unknown): boolean {
  return (plugin as {constructor?: {name?: string}} | null)?.constructor?.name === 'ChunkAssetPlugin';
}
