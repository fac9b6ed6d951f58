import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

const THEME_ROOT = path.dirname(require.resolve('docusaurus-theme-openapi-docs/package.json'));

/**
 * docusaurus-theme-openapi-docs, registered so that only API pages pay for it.
 * The stock theme adds its 100 kB stylesheet to every page of the site; here
 * it is left out (API pages link it: see the lazy-stylesheets plugin and
 * ../theme/ApiItem).
 */
function openApiTheme(): Plugin {
  return {
    name: 'api-theme',
    getThemePath: () => path.join(THEME_ROOT, 'lib/theme'),
    getTypeScriptThemePath: () => path.join(THEME_ROOT, 'src/theme'),
  };
}

/**
 * Our overrides of that theme's modules (src/api/theme, listed in
 * src/theme/overrides.ts): its ApiItem, request form, Markdown renderer and
 * Redux store are replaced. Registered after it, so its `@theme/…` names
 * resolve to these files; src/theme still overrides both.
 */
function apiThemeOverrides(): Plugin {
  return {
    name: 'api-theme-overrides',
    getThemePath: () => path.join(__dirname, '../theme'),
  };
}

/** The `themes` of the site config that make up the API theme, in order. */
export const apiThemes = [openApiTheme, apiThemeOverrides];
