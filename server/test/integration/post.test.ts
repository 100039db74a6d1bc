import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/db/seed/seed.js';
import { createOperator, createTenantAdmin } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const BASE = '/api/blade-system/post';

describe.each(oneEngineFor(import.meta.url))('posts on %s', (kind) => {
  let t: TestApp;

  const submit = (body: object, token?: string, language = 'zh-CN') =>
    t.call(
      { method: 'POST', url: `${BASE}/submit`, payload: body, headers: { 'accept-language': language } },
      token ?? t.adminToken,
    );
  const get = (path: string, token?: string) =>
    t.call({ method: 'GET', url: `${BASE}/${path}` }, token ?? t.adminToken);
  const remove = (ids: string, token?: string) =>
    t.call({ method: 'POST', url: `${BASE}/remove?ids=${ids}` }, token ?? t.adminToken);
  const row = (id: string) =>
    t.store.db.selectFrom('blade_post').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startTestApp(kind);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('creates, reads, lists, selects and updates posts', async () => {
    const ceo = await submit({
      category: 1,
      postCode: 'ceo',
      postName: '首席执行官',
      sort: 1,
      remark: '高层',
      tenantId: '999999',
      createUser: '1',
    });
    expect(ceo.status).toBe(200);
    expect(ceo.body.msg).toBe('新增成功');
    expect(ceo.body.data).toMatchObject({
      tenantId: '000000',
      category: 1,
      postCode: 'ceo',
      postName: '首席执行官',
      sort: 1,
      remark: '高层',
      createUser: SEED_IDS.admin,
      isDeleted: 0,
    });
    const id = ceo.body.data.id as string;
    await submit({ category: 3, postCode: 'nurse', postName: '护士', sort: 3 });
    await submit({ category: 2, postCode: 'mgr', postName: '护士长', sort: 2 });

    expect((await get(`detail?id=${id}`)).body.data).toMatchObject({ id, postCode: 'ceo' });
    const page = await get(`list?current=1&size=2&postName=${encodeURIComponent('护士')}&ascs=sort`);
    expect(page.body.data).toMatchObject({ total: 2, size: 2, current: 1, pages: 1 });
    expect(page.body.data.records.map((p: { postCode: string }) => p.postCode)).toEqual(['mgr', 'nurse']);
    expect((await get('list?category=1')).body.data.total).toBe(1);
    expect((await get('list?descs=remark')).status).toBe(400);
    const select = await get('select');
    expect(select.body.data.map((p: { postCode: string }) => p.postCode)).toEqual(['ceo', 'mgr', 'nurse']);

    const updated = await submit({
      id,
      category: 1,
      postCode: 'ceo',
      postName: '院长',
      sort: 1,
      remark: null,
    });
    expect(updated.body).toMatchObject({ msg: '更新成功', data: { id, postName: '院长', remark: null } });
    expect(updated.body.data.createTime).toBe(ceo.body.data.createTime);
  });

  it('validates in form order with clear messages, in both languages', async () => {
    const before = (await get('list?size=200')).body.data.total;
    const cases: Array<[object, string, string]> = [
      [{ postCode: 'a', postName: 'b', sort: 1 }, '请选择岗位类型', 'Please select the post type'],
      [
        { category: 'x', postCode: 'a', postName: 'b', sort: 1 },
        '岗位类型格式不正确',
        'post type has the wrong format',
      ],
      [
        { category: 100, postCode: 'a', postName: 'b', sort: 1 },
        '岗位类型不能大于99',
        'post type must be at most 99',
      ],
      [{ category: 1, postName: 'b', sort: 1 }, '请输入岗位编号', 'Please enter the post code'],
      [
        { category: 1, postCode: 'x'.repeat(13), postName: 'b', sort: 1 },
        '岗位编号不能超过12个字符',
        'post code must be at most 12 characters',
      ],
      [
        { category: 1, postCode: 'a', postName: ' ', sort: 1 },
        '请输入岗位名称',
        'Please enter the post name',
      ],
      [{ category: 1, postCode: 'a', postName: 'b' }, '请输入岗位排序', 'Please enter the sort order'],
      [
        { category: 1, postCode: 'ceo', postName: 'b', sort: 1 },
        '岗位编号已存在: ceo',
        'Post code already exists: ceo',
      ],
    ];
    for (const [body, zh, en] of cases) {
      const res = await submit(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ code: 400, success: false, data: null, msg: zh });
      expect((await submit(body, undefined, 'en')).body.msg).toBe(en);
    }
    expect((await submit({ id: '42', category: 1, postCode: 'g', postName: 'g', sort: 1 })).status).toBe(404);
    expect((await get('detail?id=42')).status).toBe(404);
    expect((await get('detail?id=abc')).status).toBe(400);
    expect((await get('list?size=200')).body.data.total).toBe(before);
  });

  it('removes softly, all or nothing; a removed code may be used again', async () => {
    const a = (await submit({ category: 4, postCode: 'tmp-a', postName: 'a', sort: 9 })).body.data
      .id as string;
    const b = (await submit({ category: 4, postCode: 'tmp-b', postName: 'b', sort: 9 })).body.data
      .id as string;
    expect((await remove(`${a},42`)).status).toBe(404);
    expect(Number((await row(a)).is_deleted)).toBe(0);
    expect((await remove('x')).status).toBe(400);
    expect((await remove(`${a},${b}`)).body).toMatchObject({ success: true, data: true, msg: '删除成功' });
    expect(Number((await row(b)).is_deleted)).toBe(1);
    expect((await get(`detail?id=${a}`)).status).toBe(404);
    expect((await submit({ category: 4, postCode: 'tmp-a', postName: 'again', sort: 9 })).status).toBe(200);
  });

  it('needs the buttons to write', async () => {
    const reader = await createOperator(t, ['post']);
    expect((await get('list', reader.token)).status).toBe(200);
    expect((await get('select', reader.token)).status).toBe(200);
    const body = { category: 2, postCode: 'op', postName: 'op', sort: 1 };
    expect((await submit(body, reader.token)).status).toBe(403);
    const writer = await createOperator(t, ['post_add', 'post_edit']);
    const created = await submit(body, writer.token);
    expect(created.status).toBe(200);
    expect((await remove(created.body.data.id, writer.token)).status).toBe(403);
    const deleter = await createOperator(t, ['post_delete']);
    expect((await submit({ ...body, id: created.body.data.id }, deleter.token)).status).toBe(403);
    expect((await remove(created.body.data.id, deleter.token)).status).toBe(200);
  });

  it("keeps tenants apart: another tenant's administrator gets 404 and changes nothing", async () => {
    const target = (await submit({ category: 2, postCode: 'keep', postName: '保留', sort: 5 })).body.data
      .id as string;
    const before = await row(target);
    const other = await createTenantAdmin(t, '400002');
    expect((await get(`detail?id=${target}`, other.token)).status).toBe(404);
    expect(
      (await submit({ id: target, category: 2, postCode: 'keep', postName: 'mine', sort: 5 }, other.token))
        .status,
    ).toBe(404);
    expect((await remove(target, other.token)).status).toBe(404);
    // The same code in another tenant is another post.
    const theirs = await submit({ category: 2, postCode: 'keep', postName: '他们的', sort: 1 }, other.token);
    expect(theirs.body.data.tenantId).toBe('400002');
    expect((await get('list?size=200', other.token)).body.data.total).toBe(1);
    expect(
      (await get('select?tenantId=000000', other.token)).body.data.map(
        (p: { postName: string }) => p.postName,
      ),
    ).toEqual(['他们的']);
    expect(
      (await get('select?tenantId=400002')).body.data.map((p: { postName: string }) => p.postName),
    ).toEqual(['他们的']);
    expect(await row(target)).toEqual(before);
  });
});
