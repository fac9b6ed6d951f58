/**
 * The API reference: pages generated from openapi/*.yaml, one feature folder
 * split by when code runs.
 *
 * - build/: Node only. specs.cjs (the one module that reads the specs and
 *   derives operation ids, routes and tags), generate.mjs (`npm run gen:api`),
 *   pages.ts (the OpenAPI plugin's page generators, and the one schema-example
 *   generator), markdownHtml.ts (descriptions rendered with Marked),
 *   themes.ts (registers the API theme and ./theme), sidebars/.
 * - shared/: pure code run at build and in the browser: request samples
 *   (samples.ts) and the front-matter fields generated pages carry (types.ts).
 * - browser/: React components API pages render (parameters, bodies, responses).
 * - theme/: our overrides of docusaurus-theme-openapi-docs, listed in
 *   src/theme/overrides.ts.
 *
 * This module is what the site config uses; it is Node only, so nothing that
 * runs in the browser imports it.
 */
import specs from './build/specs.cjs';

export {markdownGenerators} from './build/pages';
export {apiThemes} from './build/themes';

/** The specs by name (`v1`, `legacy`), with their files relative to the site. */
export const API_SPECS = Object.fromEntries(specs.SPECS.map((spec) => [spec.name, spec]));

/** Files the site config names by path, relative to the site. */
export const API_FILES = {
  apiSidebar: './src/api/build/sidebars/api.ts',
  referenceSidebar: './src/api/build/sidebars/reference.ts',
  legacyInfoTemplate: 'src/api/build/legacy-info.mustache',
};
