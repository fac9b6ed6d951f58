/**
 * Request samples for an API operation, made from the operation itself (its
 * method, server, path, security and request example): a Python `requests`
 * script and a curl command. Pure, so the samples of every operation can be
 * checked in tests (Python compiles; curl has the right method, URL and auth).
 * Runs in the browser (request samples) and at build (Markdown twins).
 */
import {SCHEMA_EXAMPLE} from './types';

export interface Operation {
  method: string;
  path: string;
  servers?: {url: string}[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: {content?: Record<string, MediaType>};
  responses?: Record<string, {content?: Record<string, unknown>}>;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  example?: unknown;
  examples?: Record<string, {value?: unknown}>;
  schema?: Schema;
}

export interface Schema {
  type?: string | string[];
  format?: string;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
}

export interface MediaType {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, {value?: unknown}>;
  [SCHEMA_EXAMPLE]?: unknown;
}

interface Samples {
  python: string;
  curl: string;
}

export const API_KEY_VARIABLE = 'NOMIC_API_KEY';
const DEFAULT_SERVER = 'https://api-atlas.nomic.ai';

export function requestSamples(op: Operation): Samples {
  const method = op.method.toUpperCase();
  const url = (op.servers?.[0]?.url ?? DEFAULT_SERVER).replace(/\/$/, '') + fillPath(op);
  const query = queryString(op);
  const fullUrl = query ? `${url}?${query}` : url;
  const authenticated = (op.security ?? []).some((requirement) => Object.keys(requirement).length > 0);
  const body = requestBody(op);
  return {
    python: pythonSample(method, fullUrl, authenticated, body, returnsJson(op)),
    curl: curlSample(method, fullUrl, authenticated, body),
  };
}

type Body =
  | {kind: 'json'; value: unknown}
  | {kind: 'form'; value: Record<string, unknown>}
  | {kind: 'multipart'; fields: Record<string, unknown>; files: [string, string][]}
  | {kind: 'binary'; contentType: string; file: string};

function exampleOf(param: Parameter): unknown {
  return (
    param.example ??
    Object.values(param.examples ?? {})[0]?.value ??
    param.schema?.example ??
    param.schema?.examples?.[0] ??
    param.schema?.default
  );
}

function fillPath(op: Operation): string {
  return op.path.replace(/\{([^}]+)\}/g, (placeholder, name: string) => {
    const param = op.parameters?.find((p) => p.in === 'path' && p.name === name);
    const value = param && exampleOf(param);
    return value === undefined ? placeholder : encodeURIComponent(String(value));
  });
}

function queryString(op: Operation): string {
  return (op.parameters ?? [])
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => {
      const value = exampleOf(p);
      return `${encodeURIComponent(p.name)}=${value === undefined ? `{${p.name}}` : encodeURIComponent(String(value))}`;
    })
    .join('&');
}

/**
 * The example a request or response body shows: the spec's own, else the one
 * made from its schema when the page was generated (withSchemaExamples in
 * ../build/pages.ts, the one place examples are made from schemas).
 */
export function mediaExample(media: MediaType): unknown {
  return media.example ?? Object.values(media.examples ?? {})[0]?.value ?? media[SCHEMA_EXAMPLE] ?? null;
}

function requestBody(op: Operation): Body | undefined {
  const content = op.requestBody?.content;
  if (!content) return undefined;
  const [contentType, media] = Object.entries(content)[0];
  if (contentType.includes('json')) return {kind: 'json', value: mediaExample(media)};
  const value = (mediaExample(media) ?? {}) as Record<string, unknown>;
  if (contentType === 'application/x-www-form-urlencoded') return {kind: 'form', value};
  if (contentType === 'multipart/form-data') {
    const properties = media.schema?.properties ?? {};
    const isFile = (name: string) => {
      const s = properties[name];
      return s?.format === 'binary' || s?.items?.format === 'binary';
    };
    const fields = Object.fromEntries(Object.entries(value).filter(([name]) => !isFile(name)));
    const files = Object.keys(properties)
      .filter(isFile)
      .flatMap((name): [string, string][] => {
        const count = Array.isArray(value[name]) ? Math.max(1, (value[name] as unknown[]).length) : 1;
        return Array.from({length: count}, (_, i) => [name, `file-${i + 1}${extensionFor(media, name)}`]);
      });
    return {kind: 'multipart', fields, files};
  }
  return {kind: 'binary', contentType, file: contentType.includes('arrow') ? 'data.feather' : 'payload.bin'};
}

function extensionFor(media: MediaType, field: string): string {
  const encoding = (media as {encoding?: Record<string, {contentType?: string}>}).encoding?.[field]?.contentType ?? '';
  if (encoding.includes('image/')) return '.jpg';
  if (encoding.includes('pdf')) return '.pdf';
  return '.bin';
}

function returnsJson(op: Operation): boolean {
  return Object.entries(op.responses ?? {}).some(
    ([code, response]) => /^2/.test(code) && Object.keys(response.content ?? {}).some((type) => type.includes('json')),
  );
}

// --- Python -----------------------------------------------------------------

/** A Python literal for a JSON value, indented like the JSON would be. */
export function pythonLiteral(value: unknown, indent = 0): string {
  const pad = ' '.repeat(indent + 4);
  const end = ' '.repeat(indent);
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'None';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every((v) => typeof v === 'number')) return `[${value.join(', ')}]`;
    return `[\n${value.map((v) => pad + pythonLiteral(v, indent + 4)).join(',\n')},\n${end}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${pythonLiteral(v, indent + 4)}`).join(',\n')},\n${end}}`;
}

function pythonSample(
  method: string,
  url: string,
  authenticated: boolean,
  body: Body | undefined,
  json: boolean,
): string {
  const lines: string[] = [];
  const args = [JSON.stringify(url)];
  const headers: string[] = [];
  if (authenticated) headers.push(`"Authorization": f"Bearer {os.environ['${API_KEY_VARIABLE}']}"`);
  if (body?.kind === 'binary') headers.push(`"Content-Type": ${JSON.stringify(body.contentType)}`);
  if (headers.length) {
    lines.push(`headers = {${headers.join(', ')}}`);
    args.push('headers=headers');
  }
  if (body?.kind === 'json') {
    lines.push(`payload = ${pythonLiteral(body.value)}`);
    args.push('json=payload');
  } else if (body?.kind === 'form') {
    lines.push(`data = ${pythonLiteral(body.value)}`);
    args.push('data=data');
  } else if (body?.kind === 'multipart') {
    if (Object.keys(body.fields).length) {
      lines.push(`data = ${pythonLiteral(body.fields)}`);
      args.push('data=data');
    }
    const files = body.files.map(
      ([field, file]) => `    (${JSON.stringify(field)}, open(${JSON.stringify(file)}, "rb")),`,
    );
    lines.push(`files = [\n${files.join('\n')}\n]`);
    args.push('files=files');
  } else if (body?.kind === 'binary') {
    lines.push(`with open(${JSON.stringify(body.file)}, "rb") as f:`, `    content = f.read()`);
    args.push('data=content');
  }
  const imports = authenticated ? ['import os', '', 'import requests'] : ['import requests'];
  return [
    ...imports,
    '',
    ...(lines.length ? [...lines, ''] : []),
    pythonCall(`response = requests.${method.toLowerCase()}`, args),
    'response.raise_for_status()',
    json ? 'print(response.json())' : 'print(response.status_code)',
  ].join('\n');
}

/** A call on one line when it fits in 79 columns, else one argument per line. */
function pythonCall(callee: string, args: string[]): string {
  const line = `${callee}(${args.join(', ')})`;
  return line.length <= 79 ? line : `${callee}(\n${args.map((a) => `    ${a},`).join('\n')}\n)`;
}

// --- curl -------------------------------------------------------------------

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function curlSample(method: string, url: string, authenticated: boolean, body: Body | undefined): string {
  const parts = [`curl --request ${method} ${shellQuote(url)}`];
  if (authenticated) parts.push(`--header "Authorization: Bearer $${API_KEY_VARIABLE}"`);
  if (body?.kind === 'json') {
    parts.push(`--header 'Content-Type: application/json'`);
    parts.push(`--data ${shellQuote(JSON.stringify(body.value, null, 2))}`);
  } else if (body?.kind === 'form') {
    for (const [name, value] of Object.entries(body.value)) {
      for (const item of Array.isArray(value) ? value : [value])
        parts.push(`--data-urlencode ${shellQuote(`${name}=${item}`)}`);
    }
  } else if (body?.kind === 'multipart') {
    for (const [name, value] of Object.entries(body.fields)) parts.push(`--form ${shellQuote(`${name}=${value}`)}`);
    for (const [name, file] of body.files) parts.push(`--form ${shellQuote(`${name}=@${file}`)}`);
  } else if (body?.kind === 'binary') {
    parts.push(`--header ${shellQuote(`Content-Type: ${body.contentType}`)}`);
    parts.push(`--data-binary @${body.file}`);
  }
  return parts.join(' \\\n  ');
}
