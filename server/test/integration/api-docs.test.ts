import { writeFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, createTenantAdmin } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { SABER_BASIC, startTestApp, type TestApp } from './support/test-app.js';

// Issue 52 (part B): the API's OpenAPI 3.1 document, made from the routes' own schemas. Every route
// the server registered (the guard's list of them, app.routeRules, with the schemas each declared)
// is in it with its parameters, body and answer, its access level and button and its area; the
// document is valid OpenAPI 3.1; only the platform administrator reads it unless API_DOCS_PUBLIC.

const DOCS = '/api/docs/openapi.json';

/* eslint-disable @typescript-eslint/no-explicit-any -- the document is read as JSON */
type Doc = any;

/** Fastify's `/a/:id` as OpenAPI writes it, `/a/{id}`. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*/g, '{*}');

const propertyNames = (schema: unknown): string[] =>
  Object.keys((schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {}).sort();

describe.each(oneEngineFor(import.meta.url))('the API document on %s', (kind) => {
  let t: TestApp;
  let doc: Doc;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const res = await t.app.inject({
      method: 'GET',
      url: DOCS,
      headers: { authorization: SABER_BASIC, 'blade-auth': `bearer ${t.adminToken}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = JSON.parse(res.body);
    if (process.env.API_DOCS_DUMP) writeFileSync(process.env.API_DOCS_DUMP, res.body);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('holds every API route, with its schemas, access, button and area', () => {
    const rules = t.app.routeRules.filter((rule) => rule.method !== 'HEAD');
    expect(rules.length).toBeGreaterThan(300);
    const wrong: string[] = [];
    let bodies = 0;
    let queries = 0;
    let answers = 0;
    for (const rule of rules) {
      const where = `${rule.method} ${rule.url}`;
      const operation = doc.paths[openapiPath(rule.url)]?.[rule.method.toLowerCase()];
      if (!operation) {
        wrong.push(`${where}: missing`);
        continue;
      }
      const schema = (rule.schema ?? {}) as Record<string, unknown>;
      if (operation['x-access'] !== (rule.config.access ?? 'user')) wrong.push(`${where}: x-access`);
      if (JSON.stringify(operation['x-button']) !== JSON.stringify(rule.config.button))
        wrong.push(`${where}: x-button`);
      const segments = rule.url.split('/');
      if (operation.tags?.[0] !== (segments.length > 3 ? segments[2] : 'api')) wrong.push(`${where}: tag`);
      if (schema.body) {
        bodies++;
        if (!operation.requestBody?.content?.['application/json']?.schema) wrong.push(`${where}: body`);
      }
      const parameters = (where: string) =>
        (operation.parameters ?? [])
          .filter((p: { in: string }) => p.in === where)
          .map((p: { name: string }) => p.name)
          .sort();
      if (schema.querystring) {
        queries++;
        // A query of any keys (a list's, a record) is one parameter, `query`, of form style.
        const names = propertyNames(schema.querystring);
        const expected = names.length > 0 ? names : ['query'];
        if (JSON.stringify(parameters('query')) !== JSON.stringify(expected))
          wrong.push(`${where}: query ${parameters('query')} ≠ ${expected}`);
      }
      if (schema.params) {
        const names = propertyNames(schema.params);
        if (JSON.stringify(parameters('path')) !== JSON.stringify(names)) wrong.push(`${where}: path`);
      }
      const declared = (schema.response ?? {}) as Record<string, unknown>;
      for (const status of Object.keys(declared)) {
        answers++;
        if (!operation.responses?.[status]?.content) wrong.push(`${where}: answer ${status}`);
      }
      // Every answer is R: declared ones are Envelope(...), the rest the generic R; failures R.
      const ok = operation.responses?.['200']?.content?.['application/json']?.schema;
      if (!rule.url.startsWith('/api/blade-auth/oauth/token') && ok) {
        const isR =
          ok.$ref === '#/components/schemas/R' ||
          ['code', 'success', 'data', 'msg'].every((key) => key in (ok.properties ?? {}));
        if (!isR && declared['200'] === undefined) wrong.push(`${where}: not R`);
      }
      if (
        operation.responses?.default?.content?.['application/json']?.schema?.$ref !== '#/components/schemas/R'
      )
        wrong.push(`${where}: failure not R`);
    }
    expect(wrong).toEqual([]);
    // The walk met routes of each kind (a test that compared nothing would pass).
    expect([bodies > 20, queries > 100, answers > 100]).toEqual([true, true, true]);
    // And nothing else: the document has the server's routes only.
    const operations = Object.values(doc.paths).flatMap((ops: any) => Object.keys(ops));
    expect(operations.length).toBe(rules.length);
  });

  it('names its areas, the client and token schemes, and shows the sign-in with examples', () => {
    const tags = new Set(doc.tags.map((tag: { name: string }) => tag.name));
    for (const area of ['blade-auth', 'blade-system', 'blade-user', 'zxgxg-api', 'blade-flow', 'docs'])
      expect(tags.has(area), area).toBe(true);
    expect(doc.components.securitySchemes).toMatchObject({
      client: { type: 'http', scheme: 'basic' },
      token: { type: 'apiKey', in: 'header', name: 'Blade-Auth' },
    });
    const userList = doc.paths['/api/blade-system/user/list'].get;
    expect(userList.security).toEqual([{ client: [], token: [] }]);
    expect(userList['x-button']).toBe('user');
    expect(userList.parameters).toMatchObject([{ name: 'query', in: 'query', style: 'form', explode: true }]);
    expect(doc.paths['/api/health'].get.security).toEqual([]);
    expect(doc.paths['/api/blade-user/submit'].post['x-button']).toEqual({
      create: 'user_add',
      update: 'user_edit',
    });
    const token = doc.paths['/api/blade-auth/oauth/token'].post;
    expect(token['x-access']).toBe('public');
    expect(token.security).toEqual([{ client: [] }]);
    const example = Object.fromEntries(
      token.parameters.map((p: { name: string; example?: unknown }) => [p.name, p.example]),
    );
    expect(example).toMatchObject({ tenantId: '000000', username: 'admin', grant_type: 'password' });
    expect(token.responses['200'].content['application/json'].example.token_type).toBe('bearer');
    expect(doc.paths[DOCS].get['x-access']).toBe('platform-admin');
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is read by the platform administrator only: 403 to a tenant administrator and a plain user', async () => {
    const tenantAdmin = await createTenantAdmin(t, '300016');
    const plain = await createOperator(t, []);
    const get = (token: string | null) => t.call({ method: 'GET', url: DOCS }, token);
    expect((await get(tenantAdmin.token)).body).toMatchObject({ code: 403, success: false });
    expect((await get(plain.token)).status).toBe(403);
    expect((await get(null)).status).toBe(401);
    // Built once, then the same text.
    const again = await t.app.inject({
      method: 'GET',
      url: DOCS,
      headers: { authorization: SABER_BASIC, 'blade-auth': `bearer ${t.adminToken}` },
    });
    expect(again.body).toBe(JSON.stringify(doc));
  });
});

describe.each(oneEngineFor(import.meta.url))('the API document with API_DOCS_PUBLIC on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind, [], false, { config: { apiDocsPublic: true } });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('answers every caller with a known client, signed in or not', async () => {
    const plain = await createOperator(t, []);
    for (const token of [null, plain.token, t.adminToken]) {
      const res = await t.call({ method: 'GET', url: DOCS }, token);
      expect(res.status).toBe(200);
      expect(res.body.openapi).toBe('3.1.0');
    }
    const res = await t.call({ method: 'GET', url: DOCS }, null);
    expect(res.body.paths[DOCS].get['x-access']).toBe('public');
  });
});
