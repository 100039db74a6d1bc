import { BroadcastChannel } from 'node:worker_threads';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { readSheet } from 'read-excel-file/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCache } from '../../src/core/cache/memory-cache.js';
import { systemAudit } from '../../src/db/seed/menus.js';
import { createTenantAdmin } from './support/accounts.js';
import { enginesUnderTest } from './support/databases.js';
import { multipart } from './support/uploads.js';
import { SABER_BASIC, startTestApp, type TestApp } from './support/test-app.js';

// Exports and imports as workbook jobs (issue 44, item 6; security.md S18): the workbook is written
// and read by a pool thread while the event loop serves other requests; a user runs at most two
// jobs at once over every process sharing the cache, a process at most its limit; beyond them 429
// in the envelope, in both languages; an export of several pages keeps every row once, in order.
//
// The pool's threads here run support/held-workbook-worker.ts: each says on a channel that it has a
// task, then blocks until the test opens the gate. So a job is known to hold a busy thread, without
// any timing, while the test makes its other requests.

const API = '/api/zxgxg-api/hospital';
const HOSPITAL_ROWS = 2_500;
/** This app's export limit (the server's default is 100,000): above the rows the other tests export. */
const EXPORT_MAX_ROWS = 3_000;
/** The columns the hospital page shows first, with its titles. */
const COLUMNS = `?columns=hospitalCode,hospitalName,level&titles=${encodeURIComponent(
  JSON.stringify(['医院编码', '医院名称', '医院等级']),
)}`;

describe.each(enginesUnderTest())('workbook jobs on %s', (kind) => {
  const gate = new SharedArrayBuffer(4);
  const open = new Int32Array(gate);
  const name = `workbook-test-${randomUUID()}`;
  const channel = new BroadcastChannel(name);
  const tasks: string[] = [];
  let waiting: Array<() => void> = [];
  channel.onmessage = (event) => {
    tasks.push((event as { data: string }).data);
    for (const wake of waiting) wake();
    waiting = [];
  };
  /** Resolves when `count` tasks in all have reached a held thread. */
  const held = async (count: number) => {
    while (tasks.length < count) await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const shut = () => {
    tasks.length = 0;
    Atomics.store(open, 0, 0);
  };
  const release = () => {
    Atomics.store(open, 0, 1);
    Atomics.notify(open, 0);
  };

  const workbooks = {
    threads: 3,
    perUser: 2,
    perProcess: 3,
    exportMaxRows: EXPORT_MAX_ROWS,
    worker: {
      filename: new URL('./support/held-workbook-worker.ts', import.meta.url).href,
      workerData: { gate, channel: name },
    },
  };
  const cache = new MemoryCache();
  let t: TestApp;
  /**
   * A second process over the same cache (as over one Redis), with its own database: the seeded
   * administrator is the same user (tenant and id) in both.
   */
  let other: TestApp;

  const exportOn = (app: TestApp, token: string, language = 'zh-CN', query = '') =>
    app.app.inject({
      method: 'GET',
      url: `${API}/export${query}`,
      headers: { authorization: SABER_BASIC, 'blade-auth': `bearer ${token}`, 'accept-language': language },
    });
  const exportAs = (token: string, language?: string, query?: string) => exportOn(t, token, language, query);
  const envelope = (res: LightMyRequestResponse) => JSON.parse(res.body) as Record<string, unknown>;

  /** Hospitals WB-<from> … WB-<to - 1>, inserted straight into the database. */
  const insertHospitals = async (from: number, to: number) => {
    const now = new Date();
    const rows = Array.from({ length: to - from }, (_, n) => from + n).map((i) => ({
      id: BigInt(t.store.ids.next()),
      tenant_id: '000000',
      hospital_code: `WB-${String(i).padStart(5, '0')}`,
      hospital_name: `医院${i}`,
      level: 1,
      region_code: null,
      address: null,
      contact_name: null,
      contact_phone: null,
      longitude: null,
      latitude: null,
      remark: null,
      ...systemAudit(),
      create_time: now,
      update_time: now,
    }));
    for (let at = 0; at < rows.length; at += 500)
      await t.store.db
        .insertInto('zx_hospital')
        .values(rows.slice(at, at + 500))
        .execute();
  };

  beforeAll(async () => {
    t = await startTestApp(kind, [], false, { workbooks, cache });
    other = await startTestApp(kind, [], false, { workbooks, cache });
    await insertHospitals(0, HOSPITAL_ROWS);
  });

  afterEach(() => release());

  afterAll(async () => {
    release();
    channel.close();
    await other?.close();
    await t?.close();
  });

  it('serves other requests while an export’s workbook thread is busy, then answers the workbook', async () => {
    shut();
    let settled = false;
    const pending = exportAs(t.adminToken, 'zh-CN', COLUMNS).finally(() => (settled = true));
    await held(1);
    // The export's thread is blocked: these are answered by the event loop beside it.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const info = await t.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info' });
    expect(info.status).toBe(200);
    expect(settled).toBe(false);
    expect(tasks).toEqual(['write']);
    release();
    const res = await pending;
    expect(res.statusCode).toBe(200);
    const sheet = await readSheet(res.rawPayload);
    expect(sheet[0]).toEqual(['医院编码', '医院名称', '医院等级']);
    expect(sheet).toHaveLength(HOSPITAL_ROWS + 1);
  });

  it('exports several pages of rows once each, in the list’s order', async () => {
    const res = await exportAs(t.adminToken, 'zh-CN', `${COLUMNS}&ascs=hospitalCode&hospitalCode=WB-`);
    expect(res.statusCode).toBe(200);
    const codes = (await readSheet(res.rawPayload)).slice(1).map((row) => row[0]);
    expect(codes).toEqual(
      Array.from({ length: HOSPITAL_ROWS }, (_, i) => `WB-${String(i).padStart(5, '0')}`),
    );
  });

  it('reads an import’s workbook in a thread while the event loop serves', async () => {
    const template = await t.app.inject({
      method: 'GET',
      url: `${API}/import-template`,
      headers: { authorization: SABER_BASIC, 'blade-auth': `bearer ${t.adminToken}` },
    });
    expect(template.statusCode).toBe(200); // written by a thread too, the gate open
    shut();
    let settled = false;
    const body = multipart('hospital.xlsx', template.rawPayload);
    const pending = t
      .call({ method: 'POST', url: `${API}/import`, payload: body.payload, headers: body.headers })
      .finally(() => (settled = true));
    await held(1);
    expect(tasks).toEqual(['read']);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(settled).toBe(false);
    release();
    // The template holds no rows: the thread read it, and the import says so.
    expect((await pending).body).toMatchObject({ code: 400, success: false, msg: '表格中没有数据行' });
  });

  it('limits a user to two jobs over every process and a process to three, 429 in both languages; the next goes through after', async () => {
    const second = await createTenantAdmin(t, '000000');
    const third = await createTenantAdmin(t, '000000');
    shut();
    const first = [exportAs(t.adminToken), exportAs(t.adminToken)];
    await held(2);

    // A third job of the same user: refused here, and by another process sharing the cache.
    const refused = await exportAs(t.adminToken);
    expect(refused.statusCode).toBe(429);
    expect(envelope(refused)).toMatchObject({
      code: 429,
      success: false,
      msg: '您已有 2 个导出或导入正在进行，请等其完成后再试',
    });
    const elsewhere = await exportOn(other, other.adminToken, 'en');
    expect(elsewhere.statusCode).toBe(429);
    expect(envelope(elsewhere)).toMatchObject({
      code: 429,
      success: false,
      msg: 'You already have 2 exports or imports running: try again when one has finished',
    });

    // Another user's job takes this process's third place; a fourth user's is refused.
    const theirs = exportAs(second.token);
    await held(3);
    const full = await exportAs(third.token, 'en');
    expect(full.statusCode).toBe(429);
    expect(envelope(full)).toMatchObject({
      code: 429,
      success: false,
      msg: 'The server is busy with other exports and imports: try again in a moment',
    });
    const fullZh = await exportAs(third.token);
    expect(envelope(fullZh).msg).toBe('服务器正忙于处理其他导出或导入，请稍后再试');

    release();
    for (const res of await Promise.all([...first, theirs])) expect(res.statusCode).toBe(200);
    // The places are free again: the user's next export, and the fourth user's, go through.
    expect((await exportAs(t.adminToken)).statusCode).toBe(200);
    expect((await exportAs(third.token)).statusCode).toBe(200);
    expect((await exportOn(other, other.adminToken)).statusCode).toBe(200);
  });

  it('refuses an export of more rows than the limit before any thread has it', async () => {
    await insertHospitals(HOSPITAL_ROWS, EXPORT_MAX_ROWS + 1);
    shut();
    const res = await exportAs(t.adminToken, 'zh-CN', `${COLUMNS}&hospitalCode=WB-`);
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({
      code: 400,
      success: false,
      msg: '导出最多 3,000 行，请缩小查询范围后再导出',
    });
    expect(tasks).toEqual([]);
  });
});
