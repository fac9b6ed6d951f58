import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

const THEME_ROOT = path.dirname(require.resolve('docusaurus-theme-openapi-docs/package.json'));

/**
 * docusaurus-theme-openapi-docs, registered so that only API pages pay for it.
 * The stock theme adds its 100 kB stylesheet to every page of the site; here
 * it is left out (API pages link it: see the lazy-stylesheets plugin and
 * src/theme/ApiItem). Its ApiItem, request form and their Redux store are
 * replaced too (src/theme/ApiItem, src/theme/ApiExplorer), and generated pages
 * take their components from src/theme/ApiItem (see ./markdown.ts).
 */
export default function apiThemePlugin(): Plugin {
  return {
    name: 'api-theme',
    getThemePath: () => path.join(THEME_ROOT, 'lib/theme'),
    getTypeScriptThemePath: () => path.join(THEME_ROOT, 'src/theme'),
  };
}
