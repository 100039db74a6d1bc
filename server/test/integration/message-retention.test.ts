import { MESSAGE_RETENTION_DAYS } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/repository/store.js';
import { MessageService } from '../../src/modules/desk/message/message.service.js';
import { MessageRetention } from '../../src/modules/system/tenant/message-retention.js';
import { createAccount } from './support/accounts.js';
import { enginesUnderTest } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Issue 47: each tenant keeps its users' messages for its own number of days (a tenant setting,
// 1 to 3650, 90 by default, edited on the tenant form); the server's hourly purge deletes older
// ones, tenant by tenant, in bounded batches (decision 0037, "Retention").

const TENANT = '/api/blade-system/tenant';
const DAY_MS = 86_400_000;

describe.each(enginesUnderTest())('message retention on %s', (kind) => {
  let t: TestApp;
  let messages: MessageService;

  const submit = (body: object, language = 'zh-CN') =>
    t.call({
      method: 'POST',
      url: `${TENANT}/submit`,
      payload: body,
      headers: { 'accept-language': language },
    });
  const detail = async (id: string) =>
    (await t.call({ method: 'GET', url: `${TENANT}/detail?id=${id}` })).body.data;
  /** A tenant made through the API (its code generated), with a user to receive messages. */
  const tenantWith = async (body: object) => {
    const res = await submit({ tenantName: '保留测试', ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { id, tenantId } = res.body.data as { id: string; tenantId: string };
    const user = await createAccount(t, { tenantId });
    return { id, tenantId, userId: user.userId };
  };
  /** A message to the user, created `days` days before `now` (0.5: half a day); answers its id. */
  const aged = async (to: { tenantId: string; userId: string }, days: number, now: Date, removed = false) => {
    const sender: Actor = { tenantId: to.tenantId, userId: null, deptId: null };
    const [id] = await messages.send(sender, [to.userId], {
      kind: 'system',
      title: `${days} 天前`,
      body: null,
      link: null,
    });
    await t.store.db
      .updateTable('blade_message')
      .set({ create_time: new Date(now.getTime() - days * DAY_MS), is_deleted: removed ? 1 : 0 })
      .where('id', '=', BigInt(id!))
      .execute();
    return id!;
  };
  const titlesOf = async (tenantId: string) =>
    (
      await t.store.db
        .selectFrom('blade_message')
        .select('title')
        .where('tenant_id', '=', tenantId)
        .orderBy('id')
        .execute()
    ).map((row) => row.title);

  beforeAll(async () => {
    t = await startTestApp(kind);
    messages = new MessageService(t.store);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('gives a tenant 90 days unless told otherwise, and keeps an edit’s value', async () => {
    const made = await tenantWith({});
    expect((await detail(made.id)).messageRetentionDays).toBe(MESSAGE_RETENTION_DAYS.default);
    const edited = await submit({ id: made.id, tenantName: '保留测试', messageRetentionDays: 3650 });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.messageRetentionDays).toBe(3650);
    // An edit that leaves it out keeps it.
    expect((await submit({ id: made.id, tenantName: '保留测试二' })).status).toBe(200);
    expect((await detail(made.id)).messageRetentionDays).toBe(3650);
  });

  it('refuses a retention out of 1..3650 with 400 in both languages, changing nothing', async () => {
    const made = await tenantWith({ messageRetentionDays: 10 });
    const cases: Array<[unknown, string, string]> = [
      [0, '消息保留天数不能小于1', 'message retention days must be at least 1'],
      [3651, '消息保留天数不能大于3650', 'message retention days must be at most 3650'],
      [-1, '消息保留天数不能小于1', 'message retention days must be at least 1'],
      [1.5, '消息保留天数格式不正确', 'message retention days has the wrong format'],
    ];
    for (const [days, zh, en] of cases) {
      const body = { id: made.id, tenantName: '已改名', messageRetentionDays: days };
      const res = await submit(body);
      expect(res.status, JSON.stringify(days)).toBe(400);
      expect(res.body).toEqual({ code: 400, success: false, data: null, msg: zh });
      expect((await submit(body, 'en')).body.msg).toBe(en);
      // Nor is a new tenant made with it.
      expect((await submit({ tenantName: '不该创建', messageRetentionDays: days })).status).toBe(400);
    }
    expect(await detail(made.id)).toMatchObject({ tenantName: '保留测试', messageRetentionDays: 10 });
    const unwanted = await t.store.db
      .selectFrom('blade_tenant')
      .select('id')
      .where('tenant_name', '=', '不该创建')
      .execute();
    expect(unwanted).toEqual([]);
  });

  it('purges each tenant’s messages older than its own retention, removed ones too, with their files, and nothing else', async () => {
    const now = new Date();
    const short = await tenantWith({ messageRetentionDays: 10 });
    const long = await tenantWith({ messageRetentionDays: 30 });
    for (const tenant of [short, long]) {
      await aged(tenant, 40, now);
      await aged(tenant, 20, now);
      await aged(tenant, 11, now, true);
      await aged(tenant, 9.5, now);
      await aged(tenant, 0, now);
    }
    // A message carrying a file (a delivered report), old enough to go, and one to keep.
    const withFile = async (days: number) => {
      const id = await messages.sendFile(
        { tenantId: short.tenantId, userId: null, deptId: null },
        short.userId,
        { kind: 'system', title: `${days} 天前的文件`, body: null, link: null },
        { name: 'r.xlsx', contentType: 'application/octet-stream', content: Buffer.from('xlsx') },
      );
      await t.store.db
        .updateTable('blade_message')
        .set({ create_time: new Date(now.getTime() - days * DAY_MS) })
        .where('id', '=', BigInt(id))
        .execute();
      return id;
    };
    const oldFile = await withFile(12);
    const newFile = await withFile(1);
    // Batches of 2: the short tenant's four old messages take two.
    const purged = await new MessageRetention(t.store, 2).purge(now);
    expect(purged.get(short.tenantId)).toBe(4);
    expect(purged.get(long.tenantId)).toBe(1);
    const files = await t.store.db
      .selectFrom('blade_message_file')
      .select('id')
      .where('tenant_id', '=', short.tenantId)
      .execute();
    expect(files.map((row) => String(row.id))).toEqual([newFile]);
    expect(oldFile).not.toBe(newFile);
    await t.store.db.deleteFrom('blade_message').where('id', '=', BigInt(newFile)).execute();
    await t.store.db.deleteFrom('blade_message_file').where('id', '=', BigInt(newFile)).execute();
    expect(await titlesOf(short.tenantId)).toEqual(['9.5 天前', '0 天前']);
    expect(await titlesOf(long.tenantId)).toEqual(['20 天前', '11 天前', '9.5 天前', '0 天前']);

    // Run again: nothing more is old.
    const again = await new MessageRetention(t.store).purge(now);
    expect(again.get(short.tenantId)).toBeUndefined();
    expect(again.get(long.tenantId)).toBeUndefined();

    // A shorter retention takes effect at the next purge.
    expect((await submit({ id: long.id, tenantName: '保留测试', messageRetentionDays: 1 })).status).toBe(200);
    expect((await new MessageRetention(t.store).purge(now)).get(long.tenantId)).toBe(3);
    expect(await titlesOf(long.tenantId)).toEqual(['0 天前']);
    expect(await titlesOf(short.tenantId)).toEqual(['9.5 天前', '0 天前']);
  });
});
