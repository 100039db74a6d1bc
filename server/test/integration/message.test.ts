import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuId } from '../../src/db/seed/menus.js';
import { SEED_IDS } from '../../src/db/seed/seed.js';
import {
  inTransaction,
  onAfterCommitFailure,
  whenCommitted,
  type Actor,
} from '../../src/core/repository/store.js';
import { MessageService } from '../../src/modules/desk/message/message.service.js';
import { createAccount } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Issue 47, the message center: each signed-in user reads, marks and removes their own messages
// (/api/blade-desk/message); a message of another user or tenant answers 404 and stays as it was.

const BASE = '/api/blade-desk/message';

describe.each(oneEngineFor(import.meta.url))('the message center on %s', (kind) => {
  let t: TestApp;
  let messages: MessageService;
  let operatorToken: string;
  let operatorId: string;
  /** The platform administrator of tenant 000000 sends, as a module would in their name. */
  const sender: Actor = { tenantId: '000000', userId: SEED_IDS.admin, deptId: SEED_IDS.dept };

  const get = (path: string, token = t.adminToken) =>
    t.call({ method: 'GET', url: `${BASE}/${path}` }, token);
  const post = (path: string, token = t.adminToken, language = 'zh-CN') =>
    t.call({ method: 'POST', url: `${BASE}/${path}`, headers: { 'accept-language': language } }, token);
  const unread = async (token = t.adminToken) => (await get('unread-count', token)).body.data;
  const titles = async (query = '', token = t.adminToken) =>
    ((await get(`list?${query}`, token)).body.data.records as Array<{ title: string }>).map((m) => m.title);
  const stored = (id: string) =>
    t.store.db.selectFrom('blade_message').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startTestApp(kind);
    messages = new MessageService(t.store);
    const operator = await createAccount(t);
    operatorId = operator.userId;
    const signIn = await t.signIn(operator.account, operator.password);
    operatorToken = signIn.body.access_token as string;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('lists the caller’s own messages newest first, filters them, and counts the unread by kind', async () => {
    const [notice] = await messages.send(sender, [SEED_IDS.admin], {
      kind: 'notice',
      title: '系统维护通知',
      body: '<p>周六 22:00 维护</p>',
      link: '/desk/notice/index',
    });
    await messages.send(sender, [SEED_IDS.admin, operatorId, SEED_IDS.admin], {
      kind: 'task',
      title: '请审批：张三的请假',
      body: null,
      link: '/work/start/index',
    });
    await messages.send(sender, [SEED_IDS.admin], {
      kind: 'refund',
      title: '退款待审核',
      body: null,
      link: null,
    });

    expect(await titles()).toEqual(['退款待审核', '请审批：张三的请假', '系统维护通知']);
    expect(await titles('kind_equal=task')).toEqual(['请审批：张三的请假']);
    // A tab's kinds in one call.
    expect(await titles('kinds=task,refund')).toEqual(['退款待审核', '请审批：张三的请假']);
    expect(await titles('kinds=notice')).toEqual(['系统维护通知']);
    expect((await get('list?kinds=task,nothing')).body).toMatchObject({
      code: 400,
      msg: '消息类型不存在: nothing',
    });
    expect(await titles('title=审批')).toEqual(['请审批：张三的请假']);
    expect(await titles('', operatorToken)).toEqual(['请审批：张三的请假']);
    expect(await unread()).toEqual({ total: 3, notice: 1, task: 1, refund: 1, machine: 0, system: 0 });
    expect(await unread(operatorToken)).toMatchObject({ total: 1, task: 1 });

    const detail = await get(`detail?id=${notice}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      id: notice,
      tenantId: '000000',
      userId: SEED_IDS.admin,
      kind: 'notice',
      title: '系统维护通知',
      body: '<p>周六 22:00 维护</p>',
      link: '/desk/notice/index',
      readTime: null,
    });
    // Reading the detail does not mark it read: the console says when (read).
    expect((await unread()).notice).toBe(1);
  });

  it('marks one, some kinds, then all read; removes its own', async () => {
    const records = (await get('list?readTime_null=1')).body.data.records as Array<{
      id: string;
      kind: string;
    }>;
    const notice = records.find((m) => m.kind === 'notice')!;
    expect((await post(`read?ids=${notice.id}`)).status).toBe(200);
    expect((await stored(notice.id)).read_time).not.toBeNull();
    expect(await titles('readTime_notnull=1')).toEqual(['系统维护通知']);
    expect(await unread()).toMatchObject({ total: 2, notice: 0 });

    expect((await post('read-all?kinds=refund')).status).toBe(200);
    expect(await unread()).toMatchObject({ total: 1, task: 1, refund: 0 });
    expect((await post('read-all')).status).toBe(200);
    expect((await unread()).total).toBe(0);
    // The operator's copy of the task is the operator's: still unread.
    expect((await unread(operatorToken)).total).toBe(1);

    expect((await post(`remove?ids=${notice.id}`)).status).toBe(200);
    expect(await titles()).toEqual(['退款待审核', '请审批：张三的请假']);
    expect((await get(`detail?id=${notice.id}`)).status).toBe(404);
  });

  it('answers 404 for a message of another user or tenant, and leaves it as it was', async () => {
    const [theirs] = await messages.send(sender, [operatorId], {
      kind: 'system',
      title: '仅操作员可见',
      body: null,
      link: null,
    });
    // Addressed to the administrator's user id, but in another tenant: not the administrator's.
    const [elsewhere] = await messages.send({ ...sender, tenantId: '100001' }, [SEED_IDS.admin], {
      kind: 'system',
      title: '另一个租户的消息',
      body: null,
      link: null,
    });
    const mine = ((await get('list')).body.data.records as Array<{ id: string }>)[0]!.id;
    for (const id of [theirs!, elsewhere!]) {
      expect((await get(`detail?id=${id}`)).status).toBe(404);
      // With one of the caller's own among the ids: nothing is changed at all.
      const read = await post(`read?ids=${mine},${id}`);
      expect(read.status).toBe(404);
      expect(read.body).toMatchObject({ code: 404, success: false });
      expect((await post(`remove?ids=${mine},${id}`)).status).toBe(404);
      const row = await stored(id);
      expect(row.read_time).toBeNull();
      expect(Number(row.is_deleted)).toBe(0);
    }
    expect(Number((await stored(mine)).is_deleted)).toBe(0);
    expect(await titles()).not.toContain('另一个租户的消息');
    expect(await titles('', operatorToken)).toContain('仅操作员可见');
  });

  it('refuses a kind that does not exist and bad ids in the envelope, in both languages', async () => {
    const zh = await post('read-all?kinds=task,spam');
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ code: 400, success: false, msg: '消息类型不存在: spam' });
    const en = await post('read-all?kinds=spam', t.adminToken, 'en');
    expect(en.body.msg).toBe('No such message kind: spam');
    expect((await post('read?ids=abc')).status).toBe(400);
    const tooMany = Array.from({ length: 1001 }, (_, i) => String(1000 + i)).join(',');
    const refused = await post(`remove?ids=${tooMany}`);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('一次最多处理 1000 条消息');
  });

  it('sends what a transaction leaves for after its commit once it has committed, and nothing on a rollback', async () => {
    const note = { kind: 'system', title: '提交之后', body: null, link: null } as const;
    const sent = async (store = t.store) =>
      (await store.db.selectFrom('blade_message').select('id').where('title', '=', note.title).execute())
        .length;
    await expect(
      inTransaction(t.store, async (tx) => {
        await whenCommitted(tx, async () => {
          await messages.send(sender, [operatorId], note);
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await sent()).toBe(0);
    await inTransaction(t.store, async (tx) => {
      await whenCommitted(tx, async () => {
        await messages.send(sender, [operatorId], note);
      });
      // Not yet: the transaction is still open.
      expect(await sent(tx)).toBe(0);
    });
    expect(await sent()).toBe(1);
  });

  it('keeps a step’s answer when telling others after its commit fails, and reports the failure', async () => {
    const reported: unknown[] = [];
    onAfterCommitFailure((error) => reported.push(error));
    const note = { kind: 'system', title: '提交之后失败', body: null, link: null } as const;
    const answer = await inTransaction(t.store, async (tx) => {
      await whenCommitted(tx, async () => {
        throw new Error('the message table is away');
      });
      await whenCommitted(tx, async () => {
        await messages.send(sender, [operatorId], note);
      });
      return 'done';
    });
    // The step answers as it would have; what came after the failure still ran.
    expect(answer).toBe('done');
    expect(reported.map((error) => (error as Error).message)).toEqual(['the message table is away']);
    const stored = await t.store.db
      .selectFrom('blade_message')
      .select('id')
      .where('title', '=', note.title)
      .execute();
    expect(stored).toHaveLength(1);
    // Outside a transaction the same.
    await whenCommitted(t.store, async () => {
      throw new Error('again');
    });
    expect(reported).toHaveLength(2);
  });

  it('exports the caller’s own messages of the search to the holders of message_export (a button of 工作台)', async () => {
    await messages.send(sender, [SEED_IDS.admin, operatorId], {
      kind: 'system',
      title: '导出测试：大家的',
      body: null,
      link: null,
    });
    await messages.send(sender, [operatorId], {
      kind: 'task',
      title: '导出测试：只给操作员',
      body: null,
      link: null,
    });
    const titles = ['类型', '标题'];
    const exported = async (token: string, query = '') => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${BASE}/export?title=${encodeURIComponent('导出测试')}&columns=kind,title&titles=${encodeURIComponent(
          JSON.stringify(titles),
        )}&labels=${encodeURIComponent(JSON.stringify({ kind: { system: '系统消息', task: '待办' } }))}${query}`,
        headers: {
          authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
          'blade-auth': `bearer ${token}`,
        },
      });
      return {
        status: res.statusCode,
        rows: res.statusCode === 200 ? ((await readSheet(res.rawPayload)) as unknown[][]) : [],
      };
    };
    expect((await exported(t.adminToken)).rows).toEqual([titles, ['系统消息', '导出测试：大家的']]);
    // The center's read state, as the page sends 已读: none of these is read yet.
    expect((await exported(t.adminToken, '&readTime_notnull=1')).rows).toEqual([titles]);
    // Every signed-in user reads their messages; the export is the button's alone (S16).
    expect((await exported(operatorToken)).status).toBe(403);
    const holder = await createAccount(t, {
      roles: [{ menuIds: [menuId('desk'), menuId('message_export')] }],
    });
    await messages.send(sender, [holder.userId], {
      kind: 'task',
      title: '导出测试：给持有人',
      body: null,
      link: null,
    });
    const token = (await t.signIn(holder.account, holder.password)).body.access_token as string;
    expect((await exported(token)).rows).toEqual([titles, ['待办', '导出测试：给持有人']]);
  });

  it('answers only a signed-in caller', async () => {
    const anonymous = await t.call({ method: 'GET', url: `${BASE}/unread-count` }, null);
    expect(anonymous.status).toBe(401);
  });
});
