import { hostname, networkInterfaces } from 'node:os';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantAdmin } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Issue 13, item 9: a tenant's administrator reads its error log as a message and a request id;
// the stack, file paths, the server's host name and address are the platform administrator's.

const LOG = '/api/blade-log';
const PATHS = /\/work\/|[\w-]+\.[cm]?[jt]s:\d+|node_modules|file:\/\/|\bat [\w.<>]+ \(/;

function serverAddress(): string {
  for (const entries of Object.values(networkInterfaces()))
    for (const entry of entries ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  return '127.0.0.1';
}

describe.each(oneEngineFor(import.meta.url))('error log disclosure on %s', (kind) => {
  let t: TestApp;
  let tenant: Awaited<ReturnType<typeof createTenantAdmin>>;
  let requestId: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    tenant = await createTenantAdmin(t, '400090');
    // A fault in the tenant's request: its table is gone.
    await sql`drop table blade_notice`.execute(t.store.db);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/blade-desk/notice/list',
      headers: {
        authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'blade-auth': `bearer ${tenant.token}`,
      },
    });
    expect(res.statusCode).toBe(500);
    requestId = res.headers['x-request-id'] as string;
    expect(requestId).toBeTruthy();
    await t.app.logWriter.flush();
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it("shows the tenant's administrator a message and the request id, nothing of the server", async () => {
    const list = await t.call({ method: 'GET', url: `${LOG}/error/list` }, tenant.token);
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(1);
    const row = list.body.data.records[0];
    const detail = await t.call({ method: 'GET', url: `${LOG}/error/detail?id=${row.id}` }, tenant.token);
    expect(detail.body.data).toEqual(row);
    for (const body of [list.body, detail.body]) {
      const text = JSON.stringify(body);
      expect(text).not.toContain(hostname());
      expect(text).not.toMatch(PATHS);
      expect(text).not.toMatch(/blade_notice|select|sqlite|relation|table/i);
    }
    expect(row).toMatchObject({
      tenantId: '400090',
      requestUri: '/api/blade-desk/notice/list',
      requestId,
      stackTrace: null,
      fileName: null,
      lineNumber: null,
      exceptionName: null,
      serverHost: null,
      serverIp: null,
      env: null,
      message: `服务器异常（请求编号 ${requestId}），详情请联系平台管理员`,
    });
    // Nor can the tenant probe the hidden columns through filters or sorting.
    for (const query of [
      'stackTrace=notice',
      'fileName_like=src',
      'serverHost=' + hostname(),
      'message=notice',
    ]) {
      const probe = await t.call({ method: 'GET', url: `${LOG}/error/list?${query}` }, tenant.token);
      expect(probe.body.data.total, query).toBe(1);
    }
    for (const query of ['stackTrace=zzzz-not-there', 'serverIp=0.0.0.0']) {
      const probe = await t.call({ method: 'GET', url: `${LOG}/error/list?${query}` }, tenant.token);
      expect(probe.body.data.total, query).toBe(1);
    }
    // The API and usual logs hide the host and address too.
    for (const log of ['api', 'usual']) {
      const rows = await t.call({ method: 'GET', url: `${LOG}/${log}/list?size=100` }, tenant.token);
      expect(JSON.stringify(rows.body)).not.toContain(hostname());
      for (const r of rows.body.data.records) expect([r.serverHost, r.serverIp]).toEqual([null, null]);
    }
  });

  it('shows the platform administrator everything, findable by the request id', async () => {
    const list = await t.call({ method: 'GET', url: `${LOG}/error/list?requestId_equal=${requestId}` });
    expect(list.body.data.total).toBe(1);
    const row = list.body.data.records[0];
    expect(row.tenantId).toBe('400090');
    expect(row.stackTrace).toBeTruthy();
    expect(row.message).toMatch(/blade_notice/);
    expect(row.serverHost).toBe(hostname().slice(0, 255));
    expect(row.serverIp).toBe(serverAddress());
    expect(row.exceptionName).toBeTruthy();
  });
});
