import {createApiPageMD, createInfoPageMD} from 'docusaurus-plugin-openapi-docs/lib/markdown';

/**
 * Generated pages normally import the API theme's components themselves, and
 * with 130 such pages every one of those modules lands in Docusaurus' shared
 * `common` chunk that every page loads. Without the imports, the components
 * come from the MDX provider in `src/theme/ApiItem`, a chunk only API pages load.
 */
function withoutImports<T>(generate: (item: T) => string): (item: T) => string {
  return (item) => generate(item).replace(/^import \w+ from "[^"]+";\n+/gm, '');
}

export const markdownGenerators = {
  createApiPageMD: withoutImports(createApiPageMD),
  createInfoPageMD: withoutImports(createInfoPageMD),
};
