import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/**
 * Routes match letter case exactly, as the spec's routes do and static hosts
 * serve files: `/PLATFORM/QUICK-START` is not the quick start. React Router
 * matches case-insensitively unless a route says `sensitive`, so every import
 * of Docusaurus' generated route table gets ./routes.ts, which marks them all
 * (it reads the real table through `@atlas/generated-routes`), and every
 * `@docusaurus/renderRoutes` gets ./renderRoutes.tsx, which honours the mark.
 */
export default function exactRoutesPlugin(context: LoadContext): Plugin {
  return {
    name: 'exact-routes',
    configureWebpack(_config, _isServer, {currentBundler}) {
      return {
        resolve: {
          alias: {'@atlas/generated-routes$': path.join(context.generatedFilesDir, 'routes.js')},
        },
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            /^@generated\/routes$/,
            path.join(__dirname, 'routes.ts'),
          ),
          new currentBundler.instance.NormalModuleReplacementPlugin(
            /^@docusaurus\/renderRoutes$/,
            path.join(__dirname, 'renderRoutes.tsx'),
          ),
        ],
      };
    },
  };
}
