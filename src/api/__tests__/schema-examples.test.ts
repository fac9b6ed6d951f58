import {describe, expect, it} from 'vitest';
import {withOperationExamples, withSchemaExamples} from '@site/src/api/build/pages';
import {SCHEMA_EXAMPLE, type MediaType} from '@site/src/api/shared/types';

const sample = (schema: object) => ({sampled: schema});

describe('withSchemaExamples', () => {
  it('adds an example made from the schema to bodies without one', () => {
    const content: Record<string, MediaType> = {'application/json': {schema: {type: 'object'}}};
    withSchemaExamples(content, 'request', sample);
    expect(content['application/json'][SCHEMA_EXAMPLE]).toEqual({sampled: {type: 'object'}});
  });

  it("leaves the spec's own examples alone", () => {
    const content: Record<string, MediaType> = {
      'application/json': {schema: {type: 'string'}, example: 'given'},
      'text/plain': {schema: {type: 'string'}, examples: {one: {value: 'x'}}},
      'application/octet-stream': {},
    };
    withSchemaExamples(content, 'request', sample);
    for (const media of Object.values(content)) expect(media).not.toHaveProperty(SCHEMA_EXAMPLE);
  });

  it('accepts an operation without bodies', () => {
    expect(() => withSchemaExamples(undefined, 'request', sample)).not.toThrow();
  });
});

describe('withOperationExamples', () => {
  it("samples requests without read-only fields and responses without write-only ones (the OpenAPI plugin's samplers)", () => {
    const schema = {
      type: 'object',
      properties: {id: {type: 'string', readOnly: true}, secret: {type: 'string', writeOnly: true}},
    };
    const op = {
      requestBody: {content: {'application/json': {schema}}},
      responses: {'200': {content: {'application/json': {schema}}}},
    };
    withOperationExamples(op);
    expect(op.requestBody.content['application/json']).toHaveProperty([SCHEMA_EXAMPLE], {secret: 'string'});
    expect(op.responses['200'].content['application/json']).toHaveProperty([SCHEMA_EXAMPLE], {id: 'string'});
  });
});
