import {
  API_KEY_VARIABLE,
  mediaExample,
  requestSamples,
  type MediaType,
  type Operation,
  type Parameter,
  type Schema,
} from '../api/shared/samples';

/** The parts of a generated API page's front matter (`api`) the twin shows. */
export interface ApiOperation extends Operation {
  description?: string;
  parameters?: (Parameter & {description?: string; example?: unknown})[];
  requestBody?: {content?: Record<string, MediaType>; description?: string; required?: boolean};
  responses?: Record<string, {description?: string; content?: Record<string, MediaType>}>;
}

type RichSchema = Schema & {
  description?: string;
  nullable?: boolean;
  deprecated?: boolean;
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  allOf?: RichSchema[];
  oneOf?: RichSchema[];
  anyOf?: RichSchema[];
  additionalProperties?: boolean | RichSchema;
  properties?: Record<string, RichSchema>;
  items?: RichSchema;
  title?: string;
};

/** A value as the page prints it: strings bare, anything else as JSON. */
const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
const oneLine = (text = '') => text.replace(/\s*\n\s*/g, ' ').trim();

/** A schema's type as the API page labels it (the theme's rules): `string<uuid>`, `Tag[]`, `string | null`, an enum's title. */
function typeLabel(schema: RichSchema): string {
  if (schema.items) {
    const inner = typeLabel(merged(schema.items));
    return Array.isArray(schema.items.type) && schema.items.type.length > 1 ? `(${inner})[]` : `${inner}[]`;
  }
  if (schema.enum && !schema.type) return 'string';
  const types = (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []).filter(
    (t) => typeof t === 'string',
  );
  const single = types.length === 1 ? types[0] : undefined;
  const union = types.length > 1 ? types.join(' | ') : undefined;
  if (schema.format)
    return single ? `${single}<${schema.format}>` : union ? `(${union})<${schema.format}>` : schema.format;
  if (schema.oneOf || schema.anyOf) return 'object';
  if (single === 'object' || single === 'array') return single;
  return union ?? schema.title ?? single ?? '';
}

/** Whether the page marks a field nullable: `nullable: true`, or `null` among its types. */
const nullable = (schema: RichSchema) =>
  Boolean(schema.nullable) || (Array.isArray(schema.type) && schema.type.includes('null'));

/** A parameter's or field's row as the page writes it: name, type, then nullable, required, deprecated. */
function fieldHead(name: string, schema: RichSchema, required: boolean): string {
  const flags = [nullable(schema) && 'nullable', required && 'required', schema.deprecated && 'deprecated'];
  const type = typeLabel(schema);
  return [`\`${name}\``, type && `\`${type}\``, ...flags].filter(Boolean).join(' ');
}

/** Merges `allOf` parts into one object schema, as readers think of them. */
function merged(schema: RichSchema): RichSchema {
  if (!schema.allOf) return schema;
  return schema.allOf.map(merged).reduce<RichSchema>(
    (all, part) => ({
      ...all,
      ...part,
      properties: {...all.properties, ...part.properties},
      required: [...(all.required ?? []), ...(part.required ?? [])],
    }),
    {...schema, allOf: undefined},
  );
}

/** A `min`/`max` pair as the page words it: "`>= 1`", "`<= 255 characters`", "`>= 1` and `<= 8`". */
function range(min: string | undefined, max: string | undefined): string | undefined {
  const parts = [min, max].filter(Boolean).map((part) => `\`${part}\``);
  return parts.length ? parts.join(' and ') : undefined;
}

/** The page's "Possible values" for a schema: lengths, bounds, item counts, allowed values. */
function possibleValues(schema: RichSchema): string | undefined {
  // An array without its own item counts is described by its items.
  if (schema.items && schema.minItems === undefined && schema.maxItems === undefined)
    return possibleValues(merged(schema.items));
  const chars = (n: number) => `${n} characters`;
  const listed = (values: unknown[]) => `[${values.map((v) => `\`${String(v)}\``).join(', ')}]`;
  const exclusive = (bound: unknown, value: number | undefined) =>
    typeof bound === 'number' ? bound : bound === true ? value : undefined;
  const lower = exclusive(schema.exclusiveMinimum, schema.minimum);
  const upper = exclusive(schema.exclusiveMaximum, schema.maximum);
  const groups = [
    schema.items?.enum && listed(schema.items.enum),
    (schema.minLength || schema.maxLength) &&
      range(
        schema.minLength === 1 ? 'non-empty' : schema.minLength ? `>= ${chars(schema.minLength)}` : undefined,
        schema.maxLength ? `<= ${chars(schema.maxLength)}` : undefined,
      ),
    range(
      lower !== undefined ? `> ${lower}` : schema.minimum != null ? `>= ${schema.minimum}` : undefined,
      upper !== undefined ? `< ${upper}` : schema.maximum != null ? `<= ${schema.maximum}` : undefined,
    ),
    schema.pattern && `Value must match regular expression \`${schema.pattern}\``,
    schema.enum && listed(schema.enum),
    schema.minItems && `\`>= ${schema.minItems}\``,
    schema.maxItems && `\`<= ${schema.maxItems}\``,
  ].filter(Boolean);
  return groups.length ? `Possible values: ${groups.join(', ')}` : undefined;
}

/** What the page prints under a field or parameter: its description, possible, constant and default values, example. */
function notes(description: string | undefined, schema: RichSchema, example: unknown): string {
  return [
    description ? oneLine(description) : '',
    possibleValues(schema),
    schema.const !== undefined ? `Constant value: \`${shown(schema.const)}\`` : '',
    schema.default !== undefined ? `Default value: \`${shown(schema.default)}\`` : '',
    example !== undefined ? `Example: \`${shown(example)}\`` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** A schema's fields as a nested list: name, type, whether required, description, allowed values. */
export function schemaMarkdown(input: RichSchema | undefined, depth = 0): string[] {
  if (!input || depth > 5) return [];
  const schema = merged(input);
  const indent = '  '.repeat(depth);
  // A choice of schemas (the page shows each as a tab): each by its title and description, then its fields.
  const variants = schema.oneOf ?? schema.anyOf ?? schema.items?.oneOf ?? schema.items?.anyOf;
  if (variants && !schema.properties) {
    const kind = schema.oneOf || schema.items?.oneOf ? 'One of' : 'Any of';
    return [
      `${indent}${kind}:`,
      ...variants.flatMap((variant, i) => {
        const part = merged(variant);
        const name = part.title ?? `Option ${i + 1}`;
        return [
          `${indent}- ${name}${part.description ? `: ${oneLine(part.description)}` : ''}`,
          ...schemaMarkdown(part, depth + 1),
        ];
      }),
    ];
  }
  const fields = schema.properties ?? (schema.items ? merged(schema.items).properties : undefined) ?? {};
  const required = new Set(schema.required ?? (schema.items ? merged(schema.items).required : []) ?? []);
  return [
    ...Object.entries(fields).flatMap(([name, field]) => {
      // The page names a field by its merged schema (allOf parts together), and shows its own description first.
      const whole = merged(field);
      const about = notes(field.description ?? whole.description, whole, whole.example);
      const nested = field.type === 'array' ? merged(field.items ?? {}) : whole;
      return [
        `${indent}- ${fieldHead(name, whole, required.has(name))}${about ? `: ${about}` : ''}`,
        ...schemaMarkdown(nested, depth + 1),
      ];
    }),
    ...otherProperties(schema, indent, depth),
  ];
}

/** The row the page adds for properties not listed (`additionalProperties`), named "property name*". */
function otherProperties(schema: RichSchema, indent: string, depth: number): string[] {
  const other = schema.additionalProperties;
  if (!other) return [];
  const name = 'property name*';
  // Any value: typed "any", flagged as the object itself is.
  if (other === true || Object.keys(other).length === 0)
    return [`${indent}- ${fieldHead(name, {type: 'any', nullable: nullable(schema)}, false)}`];
  return [`${indent}- ${fieldHead(name, merged(other), false)}`, ...schemaMarkdown(other, depth + 1)];
}

function bodyMarkdown(content: Record<string, MediaType> | undefined, level: string): string[] {
  return Object.entries(content ?? {}).flatMap(([type, media]) => {
    const schema = media.schema as RichSchema | undefined;
    const about = schema && merged(schema).description;
    // A body that is one value (a file, a string): the page shows a single row named by its type.
    const primitive =
      schema?.type &&
      !schema.properties &&
      !schema.items &&
      !schema.oneOf &&
      !schema.anyOf &&
      !schema.allOf &&
      !schema.additionalProperties;
    const fields = primitive ? [`- ${fieldHead(String(schema.type), schema, false)}`] : schemaMarkdown(schema);
    const isText = type.includes('json') || type.startsWith('text/');
    // Named examples each by name, as the page's example tabs show them; else the one example.
    const named = Object.entries(media.examples ?? {}).filter(([, e]) => e.value !== undefined);
    const examples: [string, unknown][] = named.length
      ? named.map(([name, e]) => [`Example: ${name}`, e.value])
      : [['Example:', mediaExample(media)]];
    return [
      `${level} \`${type}\``,
      '',
      ...(about ? [oneLine(about), ''] : []),
      ...(fields.length ? [...fields, ''] : []),
      ...examples.flatMap(([label, value]) =>
        value !== undefined && value !== null && isText
          ? [label, '', '```json', JSON.stringify(value, null, 2), '```', '']
          : [],
      ),
    ];
  });
}

/** A generated API page as Markdown, made from its operation in the spec. */
export function apiMarkdown(title: string, op: ApiOperation): string {
  const method = op.method.toUpperCase();
  const server = (op.servers?.[0]?.url ?? 'https://api-atlas.nomic.ai').replace(/\/$/, '');
  const secured = (op.security ?? []).some((requirement) => Object.keys(requirement).length > 0);
  const parameters = op.parameters ?? [];
  const samples = requestSamples(op);
  const lines = [
    `# ${title}`,
    '',
    `\`${method} ${server}${op.path}\``,
    '',
    (op.description ?? '').trim(),
    '',
    secured
      ? `Authentication: send your API key as \`Authorization: Bearer $${API_KEY_VARIABLE}\`.`
      : 'Authentication: none.',
    '',
  ];
  // Parameters by where they go, as the page groups them ("Path Parameters", "Query Parameters").
  for (const where of ['path', 'query', 'header', 'cookie']) {
    const group = parameters.filter((p) => p.in === where);
    if (!group.length) continue;
    lines.push(`## ${where[0]!.toUpperCase()}${where.slice(1)} parameters`, '');
    for (const p of group) {
      // A parameter without a type is shown as "any".
      const schema = {...p.schema, type: p.schema?.type ?? 'any'} as RichSchema;
      const about = notes(p.description, schema, p.example ?? schema.example);
      lines.push(`- ${fieldHead(p.name, schema, Boolean(p.required))}${about ? `: ${about}` : ''}`);
    }
    lines.push('');
  }
  if (op.requestBody?.content) {
    lines.push('## Request body', '');
    if (op.requestBody.description) lines.push(oneLine(op.requestBody.description), '');
    lines.push(...bodyMarkdown(op.requestBody.content, '###'));
  }
  lines.push('## Responses', '');
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    lines.push(`### ${status}${response.description ? `: ${oneLine(response.description)}` : ''}`, '');
    lines.push(...bodyMarkdown(response.content, '####'));
  }
  lines.push('## Request samples', '', '### Python', '', '```python', samples.python.trimEnd(), '```', '');
  lines.push('### curl', '', '```bash', samples.curl.trimEnd(), '```', '');
  // The note under the page's samples.
  lines.push(
    `Set \`${API_KEY_VARIABLE}\` to an Atlas API key first. See [authentication](/reference/getting-started/).`,
    '',
  );
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
