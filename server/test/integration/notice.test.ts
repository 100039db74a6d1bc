import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, createTenantAdmin } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const BASE = '/api/blade-desk/notice';

describe.each(oneEngineFor(import.meta.url))('notices on %s', (kind) => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof createTenantAdmin>>;

  const submit = (body: object, token?: string | null, language = 'zh-CN') =>
    t.call(
      { method: 'POST', url: `${BASE}/submit`, payload: body, headers: { 'accept-language': language } },
      token,
    );

  beforeAll(async () => {
    t = await startTestApp(kind);
    other = await createTenantAdmin(t, '300001');
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('creates, reads, lists, updates and removes a notice with sanitised rich text', async () => {
    const created = await submit({
      title: '停机维护',
      category: 1,
      releaseTime: '2026-03-01 08:30:00',
      content:
        '<p onclick="x()">周六 <b>停机</b><script>alert(1)</script><a href="javascript:alert(1)">详情</a></p>',
    });
    expect(created.status).toBe(200);
    expect(created.body.msg).toBe('新增成功');
    const notice = created.body.data;
    expect(notice).toMatchObject({
      title: '停机维护',
      category: 1,
      releaseTime: '2026-03-01 08:30:00',
      content: '<p>周六 <b>停机</b><a>详情</a></p>',
      tenantId: '000000',
      status: 1,
    });
    expect(notice.id).toMatch(/^\d+$/);

    const detail = await t.call({ method: 'GET', url: `${BASE}/detail?id=${notice.id}` });
    // The detail also names the audience (none: a notice to all, decision 0038).
    expect(detail.body.data).toEqual({ ...notice, audienceNames: null });

    const updated = await submit({
      ...notice,
      title: '停机维护（改）',
      content: '<img src=x onerror=alert(1)>',
    });
    expect(updated.body.msg).toBe('更新成功');
    expect(updated.body.data).toMatchObject({ title: '停机维护（改）', content: '<img src="x" />' });

    const list = await t.call({
      method: 'GET',
      url: `${BASE}/list?current=1&size=10&title=${encodeURIComponent('停机')}`,
    });
    expect(list.body.data.total).toBe(1);
    const byCategory = await t.call({
      method: 'GET',
      url: `${BASE}/list?category=1&releaseTime_dategt=2026-03-01`,
    });
    expect(byCategory.body.data.total).toBe(1);

    const removed = await t.call({ method: 'POST', url: `${BASE}/remove?ids=${notice.id}` });
    expect(removed.body).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await t.call({ method: 'GET', url: `${BASE}/detail?id=${notice.id}` })).status).toBe(404);
  });

  it('refuses a category outside the notice dictionary, a bad date and a blank title, in both languages', async () => {
    const bad = await submit({ title: 'x', category: 99 });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('通知类型不存在: 99');
    expect((await submit({ title: 'x', category: 99 }, undefined, 'en')).body.msg).toBe(
      'No such notice category: 99',
    );
    expect((await submit({ title: 'x', category: 1, releaseTime: 'tomorrow' })).status).toBe(400);
    const blank = await submit({ title: ' ', category: 1 });
    expect(blank.status).toBe(400);
    expect(blank.body.msg).toBe('请输入通知标题');
  });

  it('keeps tenants apart (404) and needs the buttons to write (403); every user reads', async () => {
    const mine = (await submit({ title: 'platform only', category: 2 })).body.data;
    const theirs = (await submit({ title: 'tenant 300001', category: 3 }, other.token)).body.data;
    expect(theirs.tenantId).toBe('300001');

    expect((await t.call({ method: 'GET', url: `${BASE}/detail?id=${mine.id}` }, other.token)).status).toBe(
      404,
    );
    expect((await submit({ id: mine.id, title: 'stolen', category: 1 }, other.token)).status).toBe(404);
    expect((await t.call({ method: 'POST', url: `${BASE}/remove?ids=${mine.id}` }, other.token)).status).toBe(
      404,
    );
    const theirList = await t.call({ method: 'GET', url: `${BASE}/list?size=100` }, other.token);
    expect(theirList.body.data.records.map((n: { id: string }) => n.id)).toEqual([theirs.id]);
    expect((await t.call({ method: 'GET', url: `${BASE}/detail?id=${mine.id}` })).status).toBe(200);

    const reader = await createOperator(t, []);
    expect((await t.call({ method: 'GET', url: `${BASE}/list` }, reader.token)).status).toBe(200);
    expect((await t.call({ method: 'GET', url: `${BASE}/detail?id=${mine.id}` }, reader.token)).status).toBe(
      200,
    );
    expect((await submit({ title: 'x', category: 1 }, reader.token)).status).toBe(403);
    expect((await submit({ id: mine.id, title: 'x', category: 1 }, reader.token)).status).toBe(403);
    expect(
      (await t.call({ method: 'POST', url: `${BASE}/remove?ids=${mine.id}` }, reader.token)).status,
    ).toBe(403);
    const adder = await createOperator(t, ['notice_add']);
    expect((await submit({ title: 'ok', category: 1 }, adder.token)).status).toBe(200);
    expect((await submit({ id: mine.id, title: 'x', category: 1 }, adder.token)).status).toBe(403);
    expect((await t.call({ method: 'GET', url: `${BASE}/list` }, null)).status).toBe(401);
  });
});
