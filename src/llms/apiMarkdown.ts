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
  parameters?: (Parameter & {description?: string})[];
  requestBody?: {content?: Record<string, MediaType>; description?: string; required?: boolean};
  responses?: Record<string, {description?: string; content?: Record<string, MediaType>}>;
}

type RichSchema = Schema & {
  description?: string;
  nullable?: boolean;
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
const cell = (text = '') => oneLine(text).replace(/\|/g, '\\|');

function typeOf(schema: RichSchema | undefined): string {
  if (!schema) return 'any';
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) return variants.map(typeOf).join(' or ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const base = types.length ? types.join(' | ') : schema.properties ? 'object' : 'any';
  const shown = base === 'array' ? `array of ${typeOf(schema.items)}` : base;
  return schema.format ? `${shown} (${schema.format})` : shown;
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
  const fields = schema.properties ?? (schema.items ? merged(schema.items).properties : undefined);
  if (!fields) return [];
  const required = new Set(schema.required ?? (schema.items ? merged(schema.items).required : []) ?? []);
  return Object.entries(fields).flatMap(([name, field]) => {
    const details = [
      typeOf(field),
      required.has(name) ? 'required' : 'optional',
      field.default !== undefined ? `default value: \`${shown(field.default)}\`` : '',
      field.enum ? `possible values: [${field.enum.map((v) => `\`${String(v)}\``).join(', ')}]` : '',
    ].filter(Boolean);
    // The page shows a field's own description before that of the schema it refers to.
    const text = field.description ?? merged(field).description;
    const description = text ? `: ${oneLine(text)}` : '';
    const nested = field.type === 'array' ? merged(field.items ?? {}) : merged(field);
    return [`${indent}- \`${name}\` (${details.join(', ')})${description}`, ...schemaMarkdown(nested, depth + 1)];
  });
}

function bodyMarkdown(content: Record<string, MediaType> | undefined, level: string): string[] {
  return Object.entries(content ?? {}).flatMap(([type, media]) => {
    const about = media.schema && merged(media.schema as RichSchema).description;
    const fields = schemaMarkdown(media.schema as RichSchema);
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

/** A parameter's description, then its default and example as the page lists them. */
function parameterNotes(p: Parameter & {description?: string; example?: unknown}): string {
  const schema = p.schema as RichSchema | undefined;
  const example = p.example ?? schema?.example;
  return [
    p.description ? oneLine(p.description) : '',
    schema?.default !== undefined ? `Default value: \`${shown(schema.default)}\`` : '',
    example !== undefined ? `Example: \`${shown(example)}\`` : '',
  ]
    .filter(Boolean)
    .join(' ');
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
  if (parameters.length) {
    lines.push('## Parameters', '', '| Name | In | Type | Required | Description |', '| --- | --- | --- | --- | --- |');
    for (const p of parameters)
      lines.push(
        `| \`${p.name}\` | ${p.in} | ${cell(typeOf(p.schema as RichSchema))} | ${p.required ? 'yes' : 'no'} | ${cell(parameterNotes(p))} |`,
      );
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
