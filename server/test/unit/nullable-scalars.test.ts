import { Nullable } from '@console/contract/schema';
import Fastify from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nullableScalarsAsTypeLists } from '../../src/core/nullable-scalars.js';
import { sharedSchemaCompilers } from '../../src/core/schema-compilers.js';

// A nullable number or boolean keeps a 0 or false through the validator's type coercion (a Nullable
// anyOf tried its null branch first and coerced them to null); the rest of coercion is as before.

const Body = Type.Object({
  flag: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1 }))),
  level: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 5 }))),
  rate: Type.Optional(Nullable(Type.Number())),
  on: Type.Optional(Nullable(Type.Boolean())),
  text: Type.Optional(Nullable(Type.String({ maxLength: 8 }))),
  list: Type.Optional(Type.Array(Nullable(Type.Integer()))),
});
const Query = Type.Object({ page: Type.Optional(Nullable(Type.Integer())) });

describe('nullable numbers and booleans through the request validator', () => {
  const app = Fastify({ schemaController: sharedSchemaCompilers });

  beforeAll(async () => {
    app.post('/echo', { schema: { body: Body, querystring: Query } }, async (request) => ({
      body: request.body,
      query: request.query,
    }));
    await app.ready();
  });
  afterAll(() => app.close());

  const echo = async (body: unknown, query = '') => {
    const response = await app.inject({ method: 'POST', url: `/echo${query}`, payload: body as object });
    return { status: response.statusCode, ...(response.json() as { body: unknown; query: unknown }) };
  };

  it('keeps 0 and false as they were sent, and null as null', async () => {
    expect(await echo({ flag: 0, rate: 0, on: false, list: [0, null, 2] })).toMatchObject({
      status: 200,
      body: { flag: 0, rate: 0, on: false, list: [0, null, 2] },
    });
    expect(await echo({ flag: null, level: null, rate: null, on: null })).toMatchObject({
      status: 200,
      body: { flag: null, level: null, rate: null, on: null },
    });
  });

  it('refuses a 0 below a nullable number’s minimum instead of saving null', async () => {
    const refused = await echo({ level: 0 });
    expect(refused.status).toBe(400);
  });

  it('still coerces what is of neither type: a number in a string, an empty value to null', async () => {
    expect(await echo({ flag: '1', level: '' }, '?page=')).toMatchObject({
      status: 200,
      body: { flag: 1, level: null },
      query: { page: null },
    });
    expect(await echo({}, '?page=0')).toMatchObject({ status: 200, query: { page: 0 } });
    expect((await echo({ flag: 'x' })).status).toBe(400);
  });

  it('leaves a nullable string as it was: an empty one is null', async () => {
    expect(await echo({ text: '' })).toMatchObject({ status: 200, body: { text: null } });
    expect(await echo({ text: '0' })).toMatchObject({ status: 200, body: { text: '0' } });
  });
});

describe('nullableScalarsAsTypeLists', () => {
  it('rewrites only a null-or-scalar union, keeping the union’s own keywords, and copies on change', () => {
    const level = Nullable(Type.Integer({ minimum: 1 }));
    const schema = { type: 'object', properties: { level, name: Nullable(Type.String()) } };
    const rewritten = nullableScalarsAsTypeLists(schema) as { properties: Record<string, unknown> };
    expect(JSON.parse(JSON.stringify(rewritten.properties.level))).toEqual({
      type: ['integer', 'null'],
      minimum: 1,
    });
    expect(rewritten.properties.name).toBe(schema.properties.name);
    expect(schema.properties.level).toBe(level);
    expect(JSON.parse(JSON.stringify(level))).toEqual({
      anyOf: [{ type: 'null' }, { type: 'integer', minimum: 1 }],
    });
    const untouched = { type: 'object', properties: { name: Type.String() } };
    expect(nullableScalarsAsTypeLists(untouched)).toBe(untouched);
  });
});
