import {createApiPageMD, createInfoPageMD} from 'docusaurus-plugin-openapi-docs/lib/markdown';
import {sampleRequestFromSchema} from 'docusaurus-plugin-openapi-docs/lib/openapi/createRequestExample';
import {sampleResponseFromSchema} from 'docusaurus-plugin-openapi-docs/lib/openapi/createResponseExample';
import {collectMarkdownHtml} from './markdownHtml';
import {MARKDOWN_HTML, SCHEMA_EXAMPLE, type MediaType} from '../shared/types';

type Content = Record<string, MediaType> | undefined;
type ApiPage = Parameters<typeof createApiPageMD>[0];

/**
 * Generated pages normally import the API theme's components themselves, and
 * with 130 such pages every one of those modules lands in Docusaurus' shared
 * `common` chunk that every page loads. Without the imports, the components
 * come from the MDX provider in `src/api/theme/ApiItem`, a chunk only API pages load.
 */
function withoutImports<T>(generate: (item: T) => string): (item: T) => string {
  return (item) => generate(item).replace(/^import \w+ from "[^"]+";\n+/gm, '');
}

/** The OpenAPI plugin's samplers: a request leaves out read-only fields, a response write-only ones. */
const SAMPLERS = {request: sampleRequestFromSchema, response: sampleResponseFromSchema};

/**
 * The site's one schema-example generator. Bodies the spec gives no example
 * for get one made from their schema here, at generation time (see
 * SCHEMA_EXAMPLE); the body's "Example (auto)" tab, the request samples and
 * the Markdown twin all read that one value (mediaExample in
 * ../shared/samples.ts), so a page never shows two different bodies, and
 * browsers neither run the sampler nor download it.
 */
export function withSchemaExamples(
  content: Content,
  kind: keyof typeof SAMPLERS,
  sample: (schema: object) => unknown = SAMPLERS[kind],
): void {
  for (const media of Object.values(content ?? {})) {
    if (media.schema && media.example === undefined && media.examples === undefined) {
      media[SCHEMA_EXAMPLE] = sample(media.schema);
    }
  }
}

interface Bodies {
  requestBody?: {content?: object};
  responses?: Record<string, {content?: object}>;
}

/** Examples made from schemas for an operation's request body and responses (a dereferenced operation). */
export function withOperationExamples(op: Bodies): void {
  withSchemaExamples(op.requestBody?.content as Content, 'request');
  for (const response of Object.values(op.responses ?? {})) withSchemaExamples(response.content as Content, 'response');
}

/** An API page, with examples made from schemas and its descriptions rendered to HTML. */
function createApiPage(item: ApiPage): string {
  const {api} = item;
  withOperationExamples(api as Bodies);
  // The operation's own description is page text (MDX); the rest go to the map.
  (api as Record<string, unknown>)[MARKDOWN_HTML] = collectMarkdownHtml({...api, description: undefined});
  return createApiPageMD(item);
}

export const markdownGenerators = {
  createApiPageMD: withoutImports(createApiPage),
  createInfoPageMD: withoutImports(createInfoPageMD),
};
