/**
 * Where generated pages keep the example made from a body's schema when the
 * spec has none (see withSchemaExamples in ../build/pages.ts).
 */
export const SCHEMA_EXAMPLE = 'x-example-from-schema';

/**
 * Where generated pages keep their descriptions rendered to HTML, keyed by
 * their Markdown source (see collectMarkdownHtml in ../build/markdownHtml.ts).
 */
export const MARKDOWN_HTML = 'x-markdown-html';

/** The parts of an OpenAPI operation the reference components read. */
export interface MediaType {
  schema?: Record<string, unknown>;
  example?: unknown;
  examples?: Record<string, {summary?: string; description?: string; value?: unknown}>;
  [SCHEMA_EXAMPLE]?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: Record<string, unknown>;
}

export interface RequestBody {
  description?: string;
  required?: boolean;
  content?: Record<string, MediaType>;
}

export interface Response {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, MediaType>;
}
