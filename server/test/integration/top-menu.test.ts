import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuId } from '../../src/db/seed/menus.js';
import { SEED_IDS } from '../../src/db/seed/seed.js';
import { createOperator, createTenantAdmin } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const BASE = '/api/blade-system/topmenu';

describe.each(oneEngineFor(import.meta.url))('top menus on %s', (kind) => {
  let t: TestApp;

  const submit = (body: object, token?: string, language = 'zh-CN') =>
    t.call(
      { method: 'POST', url: `${BASE}/submit`, payload: body, headers: { 'accept-language': language } },
      token ?? t.adminToken,
    );
  const grant = (body: object, token?: string) =>
    t.call({ method: 'POST', url: `${BASE}/grant`, payload: body }, token ?? t.adminToken);
  const get = (path: string, token?: string) =>
    t.call({ method: 'GET', url: `${BASE}/${path}` }, token ?? t.adminToken);
  const remove = (ids: string, token?: string) =>
    t.call({ method: 'POST', url: `${BASE}/remove?ids=${ids}` }, token ?? t.adminToken);
  const listed = async (topMenuId: string) =>
    (
      await t.store.db
        .selectFrom('blade_top_menu_setting')
        .select('menu_id')
        .where('top_menu_id', '=', BigInt(topMenuId))
        .execute()
    )
      .map((r) => String(r.menu_id))
      .sort();
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const [code, name, sort] of [
      ['ops', '运维', 3],
      ['desk', '工作台', 1],
      ['biz', '业务', 2],
    ] as const) {
      const res = await submit({ code, name, sort, source: 'AppstoreOutlined' });
      expect(res.status).toBe(200);
      ids[code] = res.body.data.id;
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  it('creates, reads and lists top menus by sort', async () => {
    const page = await get('list?current=1&size=10');
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ total: 3, pages: 1 });
    expect(page.body.data.records.map((m: { code: string }) => m.code)).toEqual(['desk', 'biz', 'ops']);
    expect((await get('list?descs=sort')).body.data.records.map((m: { code: string }) => m.code)).toEqual([
      'ops',
      'biz',
      'desk',
    ]);
    expect((await get(`list?name=${encodeURIComponent('业')}`)).body.data.total).toBe(1);
    const detail = await get(`detail?id=${ids.ops}`);
    expect(detail.body.data).toMatchObject({
      id: ids.ops,
      code: 'ops',
      name: '运维',
      sort: 3,
      source: 'AppstoreOutlined',
      createUser: SEED_IDS.admin,
    });
    expect((await get('detail?id=42')).status).toBe(404);
    const updated = await submit({ id: ids.ops, code: 'ops', name: '运维中心', sort: 0 });
    expect(updated.body).toMatchObject({
      msg: '更新成功',
      data: { name: '运维中心', sort: 0, source: null },
    });
    // The top bar (menu/top-menu) follows.
    const bar = await t.call({ method: 'GET', url: '/api/blade-system/menu/top-menu' });
    expect(bar.body.data.map((m: { code: string }) => m.code)).toEqual(['ops', 'desk', 'biz']);
  });

  it('validates submits', async () => {
    const cases: Array<[object, string, string]> = [
      [{ name: 'n', sort: 1 }, '请输入顶部菜单编号', 'Please enter the top menu code'],
      [{ code: 'c', sort: 1 }, '请输入顶部菜单名称', 'Please enter the top menu name'],
      [{ code: 'c', name: 'n' }, '请输入顶部菜单排序', 'Please enter the sort order'],
      [{ code: 'desk', name: 'n', sort: 1 }, '菜单编号已存在: desk', 'Menu code already exists: desk'],
    ];
    for (const [body, zh, en] of cases) {
      const res = await submit(body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(zh);
      expect((await submit(body, undefined, 'en')).body.msg).toBe(en);
    }
    expect((await submit({ id: '42', code: 'x', name: 'x', sort: 1 })).status).toBe(404);
    expect((await get('list')).body.data.total).toBe(3);
  });

  it('grants menus to top menus, replacing what they list', async () => {
    const res = await grant({ topMenuIds: [ids.ops, ids.biz], menuIds: [menuId('param'), menuId('dict')] });
    expect(res).toMatchObject({ status: 200, body: { success: true, data: true } });
    expect(await listed(ids.ops!)).toEqual([menuId('param'), menuId('dict')].sort());
    expect(await listed(ids.biz!)).toEqual([menuId('param'), menuId('dict')].sort());
    await grant({ topMenuIds: [ids.ops], menuIds: [menuId('notice')] });
    expect(await listed(ids.ops!)).toEqual([menuId('notice')]);
    expect(await listed(ids.biz!)).toHaveLength(2);
    const routes = await t.call({ method: 'GET', url: `/api/blade-system/menu/routes?topMenuId=${ids.ops}` });
    expect(routes.body.data.map((n: { code: string }) => n.code)).toEqual(['desk']);

    expect((await grant({ topMenuIds: [ids.ops, '42'], menuIds: [] })).status).toBe(404);
    const unknown = await grant({ topMenuIds: [ids.ops], menuIds: ['123'] });
    expect(unknown.body).toMatchObject({ code: 400, msg: '菜单不存在: 123' });
    expect((await grant({ topMenuIds: [], menuIds: [] })).body.msg).toBe('请选择顶部菜单');
    expect(await listed(ids.ops!)).toEqual([menuId('notice')]);
  });

  it('removes top menus all or nothing, with what they list', async () => {
    expect((await remove(`${ids.biz},42`)).status).toBe(404);
    expect(await listed(ids.biz!)).toHaveLength(2);
    expect((await remove(ids.biz!)).body).toMatchObject({ success: true, msg: '删除成功' });
    expect(await listed(ids.biz!)).toEqual([]);
    expect((await get(`detail?id=${ids.biz}`)).status).toBe(404);
  });

  it('lets administrators read and only the platform administrator write (S4)', async () => {
    const tenantAdmin = await createTenantAdmin(t, '430001');
    expect((await get('list', tenantAdmin.token)).status).toBe(200);
    expect((await get(`detail?id=${ids.ops}`, tenantAdmin.token)).status).toBe(200);
    const before = (await get(`detail?id=${ids.ops}`)).body.data;
    const listedBefore = await listed(ids.ops!);
    const operator = await createOperator(t, [
      'topmenu',
      'topmenu_add',
      'topmenu_edit',
      'topmenu_delete',
      'topmenu_setting',
    ]);
    for (const token of [tenantAdmin.token, operator.token]) {
      expect((await submit({ code: 'mine', name: 'mine', sort: 1 }, token)).status).toBe(403);
      expect((await submit({ id: ids.ops, code: 'ops', name: 'mine', sort: 1 }, token)).status).toBe(403);
      expect((await remove(ids.ops!, token)).status).toBe(403);
      expect((await grant({ topMenuIds: [ids.ops], menuIds: [] }, token)).status).toBe(403);
    }
    expect((await get('list', operator.token)).status).toBe(403);
    expect((await get(`detail?id=${ids.ops}`)).body.data).toEqual(before);
    expect(await listed(ids.ops!)).toEqual(listedBefore);
    expect((await get('list')).body.data.total).toBe(2);
  });
});
