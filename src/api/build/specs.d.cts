// Types of ./specs.cjs, the one module that reads the OpenAPI specs.

export interface SpecFile {
  name: 'v1' | 'legacy';
  /** Relative to the site. */
  file: string;
  /** The route prefix of the spec's generated pages. */
  base: string;
  /** The folder of the spec's pages within the `api` docs instance. */
  docPrefix: string;
  legacy: boolean;
}

export interface SpecOperation {
  /** Upper case, as the pages show it. */
  method: string;
  path: string;
  route: string;
  docId: string;
  secured: boolean;
  legacy: boolean;
  operationId: string;
  summary: string;
  description: string;
  tag: string | undefined;
  parameters: string[];
  bodyProperties: string[];
}

/** An operation documented on a hand-written page (`x-docs-page`), with no generated page. */
export interface HandWrittenOperation {
  method: string;
  path: string;
  operationId: string;
  secured: boolean;
  /** The hand-written page's route. */
  route: string;
  /** The doc id the OpenAPI plugin gives the page it generates anyway (generate.mjs removes it). */
  generatedDocId: string;
}

/** A parsed OpenAPI document; readers narrow what they use. */
export type OpenApiDocument = Record<string, unknown> & {paths: Record<string, Record<string, unknown>>};

export interface LoadedSpec extends SpecFile {
  spec: OpenApiDocument;
  infoId: string;
  tags: string[];
  operations: SpecOperation[];
  handWritten: HandWrittenOperation[];
}

export const SPECS: SpecFile[];
/** The order the OpenAPI plugin walks a path's operations in (lower case). */
export const HTTP_METHODS: string[];
/** A spec parsed elsewhere (fetched from the site), described as loadSpecs describes the checkout's. */
export function describeSpec(meta: SpecFile, spec: OpenApiDocument): LoadedSpec;
export function loadSpecs(): LoadedSpec[];
export function loadSpec(name: SpecFile['name']): LoadedSpec;
export function specOperations(): SpecOperation[];
export function dereference(node: unknown, root: unknown): unknown;
