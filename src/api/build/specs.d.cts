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

/** A parsed OpenAPI document; readers narrow what they use. */
export type OpenApiDocument = Record<string, unknown> & {paths: Record<string, Record<string, unknown>>};

export interface LoadedSpec extends SpecFile {
  spec: OpenApiDocument;
  infoId: string;
  tags: string[];
  operations: SpecOperation[];
}

export const SPECS: SpecFile[];
export function loadSpecs(): LoadedSpec[];
export function loadSpec(name: SpecFile['name']): LoadedSpec;
export function specOperations(): SpecOperation[];
export function dereference(node: unknown, root: unknown): unknown;
