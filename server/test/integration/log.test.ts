import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LogRepository,
  type LogKind,
  type LogRow,
  type LogSink,
} from '../../src/modules/log/log.repository.js';
import { recordEvent } from '../../src/modules/log/request-logs.js';
import { createOperator, createTenantAdmin } from './support/accounts.js';
import { enginesUnderTest } from './support/databases.js';
import { md5, SABER_BASIC, startTestApp, type TestApp } from './support/test-app.js';

const LOG = '/api/blade-log';
/**
 * The database behind a gate: a batch waits until the test opens it, so a test can hold the log
 * store back for as long as it likes without counting milliseconds.
 */
class GatedSink implements LogSink {
  batches = 0;
  #gate: Promise<void> = Promise.resolve();
  #open: () => void = () => undefined;
  constructor(private readonly inner: LogSink) {}
  close(): void {
    this.#gate = new Promise((resolve) => (this.#open = resolve));
  }
  open(): void {
    this.#open();
  }
  async insert(kind: LogKind, rows: LogRow[]): Promise<void> {
    this.batches++;
    await this.#gate;
    await this.inner.insert(kind, rows);
  }
}

describe.each(enginesUnderTest())('logs on %s', (kind) => {
  let t: TestApp;
  let slow: GatedSink | undefined;

  const flush = () => t.app.logWriter.flush();
  const list = (log: string, query = '', token?: string | null) =>
    t.call({ method: 'GET', url: `${LOG}/${log}/list?${query}` }, token);

  beforeAll(async () => {
    t = await startTestApp(kind, [], false, {
      logs: {
        batchSize: 250,
        flushIntervalMs: 200,
        sink: (db) => {
          slow = new GatedSink(db);
          return {
            insert: (k, rows) => (burst ? slow!.insert(k, rows) : db.insert(k, rows)),
          };
        },
      },
    });
  }, 60_000);

  let burst = false;

  afterAll(async () => {
    await t?.close();
  });

  it('records every sign-in in the API log with the password masked, and in the login log only', async () => {
    expect((await t.signIn('admin', 'wrong-password')).status).toBe(400);
    await flush();
    const res = await list('api', `requestUri=${encodeURIComponent('/api/blade-auth/oauth/token')}&size=50`);
    expect(res.status).toBe(200);
    // startTestApp signed the administrator in once, and the failed attempt above.
    expect(res.body.data.total).toBeGreaterThanOrEqual(2);
    const failed = res.body.data.records.find((r: { title: string }) => r.title.endsWith(' 400'));
    expect(failed).toMatchObject({
      method: 'POST',
      tenantId: '000000',
      createBy: 'admin',
      serviceId: 'console',
      methodClass: 'blade-auth/oauth',
      methodName: 'token',
    });
    expect(failed.params).toContain('"password":"******"');
    expect(failed.params).not.toContain(md5('wrong-password'));
    expect(Number(failed.time)).toBeGreaterThanOrEqual(0);
    expect(failed.serverHost).toBeTruthy();
    expect(failed.serverIp).toBeTruthy();
    expect(failed.remoteIp).toBeTruthy();

    // Sign-ins have a log of their own (issue 48, login-log.test.ts); the usual log holds none.
    const login = await list('login', 'account=admin&outcome=badCredentials');
    expect(login.body.data.records[0]).toMatchObject({ tenantId: '000000', account: 'admin' });
    expect((await list('usual', 'logId_equal=sign-in')).body.data.total).toBe(0);
  });

  it('masks passwords, secrets and tokens in nested bodies of mutating calls', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/blade-system/param/submit',
      payload: {
        paramName: 'masking',
        paramKey: 'log.masking',
        paramValue: 'v',
        remark: null,
        password: 'p1',
        nested: { secretKey: 's3cr3t', refresh_token: 'tok', list: [{ newPassword1: 'x' }] },
      },
    });
    // Unknown fields are refused by the schema; the call is logged all the same.
    expect([200, 400]).toContain(res.status);
    await flush();
    const logged = await list('api', 'methodName_equal=submit&requestUri=param');
    const row = logged.body.data.records[0];
    expect(row.params).toContain('log.masking');
    for (const secret of ['p1', 's3cr3t', 'tok', '"x"']) expect(row.params).not.toContain(secret);
    expect(row.createBy).toBe('admin');
    // Reads are not logged.
    const reads = await list('api', `requestUri=${encodeURIComponent('/api/blade-log')}`);
    expect(reads.body.data.total).toBe(0);
  });

  it('records a 5xx in the error log with the exception and where it happened', async () => {
    await sql`drop table blade_post`.execute(t.store.db);
    const res = await t.call({ method: 'GET', url: '/api/blade-system/post/list' });
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toMatch(/blade_post|select/i);
    await flush();
    const errors = await list('error');
    expect(errors.body.data.total).toBe(1);
    const row = errors.body.data.records[0];
    expect(row).toMatchObject({
      method: 'GET',
      requestUri: '/api/blade-system/post/list',
      createBy: 'admin',
    });
    expect(row.exceptionName).toBeTruthy();
    expect(row.message).toMatch(/blade_post/);
    expect(row.stackTrace).toBeTruthy();
    // How long the failing read took, from its arrival (a read is not timed by Fastify itself).
    expect(Number(row.time)).toBeGreaterThanOrEqual(0);
    expect(Number(row.time)).toBeLessThan(10_000);
    const detail = await t.call({ method: 'GET', url: `${LOG}/error/detail?id=${row.id}` });
    expect(detail.body.data).toEqual(row);
  });

  it('uploads the console local log through POST logout without ending the session', async () => {
    const entries = [
      {
        type: 'error',
        message: 'x is undefined',
        stack: 'TypeError: x\n at a.js:1',
        info: 'render',
        url: '/wel/index',
        time: '2026-01-02 03:04:05',
      },
      {
        type: 'error',
        message: 'second',
        stack: null,
        info: null,
        url: '/system/user',
        time: '2026-01-02 03:04:06',
      },
    ];
    const res = await t.call({ method: 'POST', url: '/api/blade-auth/oauth/logout', payload: entries });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    // The session goes on.
    expect((await t.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info' })).status).toBe(200);
    await flush();
    const usual = await list('usual', 'logId_equal=console&ascs=id');
    expect(usual.body.data.records.map((r: { logData: string }) => r.logData)).toEqual([
      'x is undefined\nTypeError: x\n at a.js:1\nrender',
      'second',
    ]);
    expect(usual.body.data.records[0]).toMatchObject({
      requestUri: '/wel/index',
      time: '2026-01-02 03:04:05',
      createBy: 'admin',
    });

    const bad = await t.call({
      method: 'POST',
      url: '/api/blade-auth/oauth/logout',
      payload: { not: 'a list' },
    });
    expect(bad.status).toBe(400);
    expect((await t.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info' })).status).toBe(200);
  });

  it('POST logout without a body signs out (and the login log says so)', async () => {
    const user = await createTenantAdmin(t, '200001');
    const out = await t.call({ method: 'POST', url: '/api/blade-auth/oauth/logout' }, user.token);
    expect(out.status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info' }, user.token)).status).toBe(
      401,
    );
    await flush();
    const login = await list('login', `account=${user.account}&outcome=signedOut`);
    expect(login.body.data.records[0]).toMatchObject({ tenantId: '200001', userId: user.userId });
  });

  it("shows usual-log messages in the reader's language; rows written as plain text stay as they are", async () => {
    const user = await createTenantAdmin(t, '200003');
    const sent = (tenantId: string, account: string) =>
      recordEvent(t.app.logWriter, t.store.timeZone, {
        tenantId,
        account,
        logId: 'sms',
        message: { key: 'sms.log.sent', args: { smsCode: 'c1', phones: '13800000000', detail: 'ok' } },
      });
    sent('200003', user.account);
    // A row from before messages were stored as keys: English text.
    t.app.logWriter.write('usual', {
      service_id: 'console',
      server_host: 'old',
      server_ip: null,
      env: 'prod',
      tenant_id: '200003',
      log_level: 'info',
      log_id: 'sms',
      log_data: 'c1 → 13800000000: sent (before)',
      method: null,
      request_uri: null,
      user_agent: null,
      remote_ip: null,
      method_class: null,
      method_name: null,
      params: null,
      time: '2026-01-01 00:00:00',
      create_by: user.account,
    });
    await flush();
    const read = async (language: string) => {
      const rows = await t.call({
        method: 'GET',
        url: `${LOG}/usual/list?logId_equal=sms&tenantId_equal=200003&ascs=id`,
        headers: { 'accept-language': language },
      });
      const data = rows.body.data.records.map((r: { logData: string }) => r.logData);
      // The detail reads as the list does.
      const detail = await t.call({
        method: 'GET',
        url: `${LOG}/usual/detail?id=${rows.body.data.records[0].id}`,
        headers: { 'accept-language': language },
      });
      return [...data, detail.body.data.logData];
    };
    expect(await read('zh-CN,zh;q=0.9')).toEqual([
      'c1 → 13800000000：发送成功（ok）',
      'c1 → 13800000000: sent (before)',
      'c1 → 13800000000：发送成功（ok）',
    ]);
    expect(await read('en-US,en;q=0.9')).toEqual([
      'c1 → 13800000000: sent (ok)',
      'c1 → 13800000000: sent (before)',
      'c1 → 13800000000: sent (ok)',
    ]);
    // A tenant's administrator reads its own the same way.
    const other = await createTenantAdmin(t, '200004');
    sent('200004', other.account);
    await flush();
    const own = await t.call(
      {
        method: 'GET',
        url: `${LOG}/usual/list?logId_equal=sms`,
        headers: { 'accept-language': 'zh-CN' },
      },
      other.token,
    );
    expect(own.body.data.records[0].logData).toBe('c1 → 13800000000：发送成功（ok）');
  });

  it('lets administrators only read the logs, each tenant its own (403/404 isolation)', async () => {
    const tenantAdmin = await createTenantAdmin(t, '200002');
    await t.call(
      { method: 'POST', url: '/api/blade-auth/oauth/logout', payload: [{ type: 'error', message: 'mine' }] },
      tenantAdmin.token,
    );
    await flush();
    const own = await list('usual', 'size=200', tenantAdmin.token);
    expect(own.status).toBe(200);
    expect(own.body.data.total).toBeGreaterThan(0);
    expect(own.body.data.records.every((r: { tenantId: string }) => r.tenantId === '200002')).toBe(true);
    recordEvent(t.app.logWriter, t.store.timeZone, {
      tenantId: '000000',
      account: 'admin',
      logId: 'platform-only',
      message: { key: 'sms.log.sent', args: { smsCode: 'c1', phones: '13800000000', detail: 'ok' } },
    });
    await flush();
    const platform = await list('usual', 'logId_equal=platform-only');
    const foreignId = platform.body.data.records[0].id;
    for (const log of ['usual', 'api', 'error']) {
      const res = await t.call(
        { method: 'GET', url: `${LOG}/${log}/detail?id=${foreignId}` },
        tenantAdmin.token,
      );
      expect(res.status).toBe(404);
    }
    // The platform administrator sees every tenant's rows.
    const all = await list('usual', 'tenantId_equal=200002');
    expect(all.body.data.total).toBe(own.body.data.total);

    const operator = await createOperator(t, ['log_usual', 'log_api', 'log_error']);
    for (const log of ['usual', 'api', 'error']) {
      expect((await list(log, '', operator.token)).status).toBe(403);
      expect(
        (await t.call({ method: 'GET', url: `${LOG}/${log}/detail?id=${foreignId}` }, operator.token)).status,
      ).toBe(403);
      expect((await list(log, '', null)).status).toBe(401);
    }
    // Append-only: there is nothing to change or remove through the API.
    for (const path of ['usual/remove?ids=1', 'api/submit', 'error/remove?ids=1']) {
      expect((await t.call({ method: 'POST', url: `${LOG}/${path}`, payload: {} })).status).toBe(404);
    }
  });

  it('holds a burst of 1,000 mutating calls while the log store is held back, losing none', async () => {
    await flush();
    const before = (await list('api', 'methodName_equal=remove')).body.data.total as number;
    // The store is held back for the whole burst: had any request waited for it, the burst would
    // never end (the test would time out) — no clock is read.
    slow!.close();
    burst = true;
    const one = async (i: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/blade-system/param/remove?ids=${9000 + i}`,
        headers: { authorization: SABER_BASIC, 'blade-auth': `bearer ${t.adminToken}` },
      });
      expect(res.statusCode).toBe(404);
    };
    for (let i = 0; i < 1000; i += 20) await Promise.all(Array.from({ length: 20 }, (_, j) => one(i + j)));
    expect(slow!.batches).toBeGreaterThanOrEqual(1);
    expect((await list('api', 'methodName_equal=remove')).body.data.total).toBe(before);
    slow!.open();
    await flush();
    burst = false;
    expect(slow!.batches).toBeGreaterThanOrEqual(4);
    const after = (await list('api', 'methodName_equal=remove')).body.data.total as number;
    expect(after - before).toBe(1000);
  }, 60_000);

  it('purges rows older than the retention', async () => {
    const repo = new LogRepository(t.store);
    const old = new Date(Date.now() - 91 * 86_400_000);
    const row = (id: string, created: Date) =>
      ({
        id: BigInt(id),
        tenant_id: '000000',
        create_time: created,
        log_id: 'old',
        log_level: 'info',
      }) as LogRow;
    await repo.insert('usual', [
      row(t.store.ids.next(), old),
      row(t.store.ids.next(), new Date(Date.now() - 89 * 86_400_000)),
    ]);
    const purged = await t.app.logService.purge();
    expect(purged.usual).toBe(1);
    expect((await list('usual', 'logId_equal=old')).body.data.total).toBe(1);
  });

  it('writes the queued rows when the application closes', async () => {
    const other = await startTestApp(kind, [], false, {
      logs: { batchSize: 10_000, flushIntervalMs: 60_000 },
    });
    try {
      for (let i = 0; i < 5; i++)
        await other.call({ method: 'POST', url: `/api/blade-system/param/remove?ids=${100 + i}` });
      expect(other.app.logWriter.queued).toBeGreaterThanOrEqual(5);
      await other.app.close();
      const rows = await other.store.db
        .selectFrom('blade_log_api')
        .select('id')
        .where('method_name', '=', 'remove')
        .execute();
      expect(rows).toHaveLength(5);
    } finally {
      await other.close();
    }
  }, 60_000);
});
