import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuId } from '../../src/db/seed/menus.js';
import { SEED_IDS } from '../../src/db/seed/seed.js';
import { createAccount, signInAs } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const BASE = '/api/blade-system/tenant-package';
const PARAM = menuId('param');
const DICT = menuId('dict');
const NOTICE = menuId('notice');

describe.each(oneEngineFor(import.meta.url))('tenant packages on %s', (kind) => {
  let t: TestApp;
  let tenantAdminToken: string;
  let operatorToken: string;

  const submit = (body: object, language = 'zh-CN', token?: string) =>
    t.call(
      { method: 'POST', url: `${BASE}/submit`, payload: body, headers: { 'accept-language': language } },
      token ?? t.adminToken,
    );
  const list = (query: string, token?: string) =>
    t.call({ method: 'GET', url: `${BASE}/list?${query}` }, token ?? t.adminToken);
  const detail = (id: string, token?: string) =>
    t.call({ method: 'GET', url: `${BASE}/detail?id=${id}` }, token ?? t.adminToken);
  const remove = (ids: string, token?: string) =>
    t.call({ method: 'POST', url: `${BASE}/remove?ids=${ids}` }, token ?? t.adminToken);

  beforeAll(async () => {
    t = await startTestApp(kind);
    const tenantAdmin = await createAccount(t, { tenantId: '310000', roles: [{ alias: 'admin' }] });
    tenantAdminToken = (await signInAs(t, tenantAdmin)).access_token;
    const operator = await createAccount(t, { roles: [{ alias: 'operator' }] });
    operatorToken = (await signInAs(t, operator)).access_token;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('creates, reads, lists and updates packages', async () => {
    const created = await submit({
      packageName: '基础版',
      menuId: `${PARAM}, ${DICT},${PARAM}`,
      remark: '基础',
      createUser: '1',
      isDeleted: 1,
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ code: 200, success: true, msg: '新增成功' });
    const id = created.body.data.id as string;
    expect(id).toMatch(/^\d{18,19}$/);
    // Ids are stored trimmed and without repeats; audit columns come from the caller.
    expect(created.body.data).toMatchObject({
      packageName: '基础版',
      menuId: `${PARAM},${DICT}`,
      remark: '基础',
      status: 1,
      isDeleted: 0,
      createUser: SEED_IDS.admin,
    });
    expect(Object.keys(created.body.data).sort()).toEqual(
      [
        'id',
        'packageName',
        'menuId',
        'remark',
        'createUser',
        'createDept',
        'createTime',
        'updateUser',
        'updateTime',
        'status',
        'isDeleted',
      ].sort(),
    );

    expect((await detail(id)).body.data).toMatchObject({
      id,
      packageName: '基础版',
      menuId: `${PARAM},${DICT}`,
    });

    await submit({ packageName: '高级版 Pro', menuId: NOTICE });
    await submit({ packageName: 'pro 旗舰', menuId: `${NOTICE},${PARAM}` });
    const pro = await list('packageName=PRO&ascs=packageName');
    expect(pro.status).toBe(200);
    expect(pro.body.data).toMatchObject({ total: 2, current: 1, size: 10, pages: 1 });
    expect(pro.body.data.records.map((r: { packageName: string }) => r.packageName)).toEqual([
      'pro 旗舰',
      '高级版 Pro',
    ]);
    expect((await list('packageName_equal=基础版')).body.data.total).toBe(1);
    expect((await list('size=200')).body.data.total).toBe(3);
    // Sorting goes through the whitelist only.
    expect((await list('descs=menuId')).status).toBe(400);
    expect((await list(`descs=${encodeURIComponent('package_name;drop table x')}`)).status).toBe(400);
    expect((await list('descs=package_name,createTime')).status).toBe(200);

    const updated = await submit({ id, packageName: '基础版 v2', menuId: NOTICE, remark: null });
    expect(updated.status).toBe(200);
    expect(updated.body.msg).toBe('更新成功');
    expect(updated.body.data).toMatchObject({ id, packageName: '基础版 v2', menuId: NOTICE, remark: null });
    expect(updated.body.data.createTime).toBe(created.body.data.createTime);
  });

  it('validates in form order with the spec messages, in both languages', async () => {
    const before = (await list('size=200')).body.data.total;
    const cases: Array<[object, string, string]> = [
      [{ menuId: PARAM }, '请输入产品包名称', 'Please enter the package name'],
      [{ packageName: '  ', menuId: PARAM }, '请输入产品包名称', 'Please enter the package name'],
      [{}, '请输入产品包名称', 'Please enter the package name'],
      [{ packageName: 'p' }, '请选择菜单', 'Please select menus'],
      [{ packageName: 'p', menuId: '' }, '请选择菜单', 'Please select menus'],
      [
        { packageName: 'x'.repeat(51), menuId: PARAM },
        '产品包名称不能超过50个字符',
        'package name must be at most 50 characters',
      ],
      [
        { packageName: 'p', menuId: '1'.repeat(3001) },
        '菜单不能超过3000个字符',
        'menus must be at most 3000 characters',
      ],
      [
        { packageName: 'p', menuId: PARAM, remark: 'r'.repeat(256) },
        '备注不能超过255个字符',
        'remark must be at most 255 characters',
      ],
      [
        { packageName: 'p', menuId: 'abc' },
        '菜单必须是以逗号分隔的菜单编号',
        'menus must be menu ids separated by commas',
      ],
      [
        { packageName: 'p', menuId: ',,' },
        '菜单必须是以逗号分隔的菜单编号',
        'menus must be menu ids separated by commas',
      ],
      [{ packageName: 'p', menuId: `${PARAM},123` }, '菜单不存在: 123', 'No such menu: 123'],
    ];
    for (const [body, zh, en] of cases) {
      const inZh = await submit(body);
      expect(inZh.status).toBe(400);
      expect(inZh.body).toEqual({ code: 400, success: false, data: null, msg: zh });
      expect((await submit(body, 'en')).body.msg).toBe(en);
    }
    // A deleted menu is not a menu.
    await t.store.db
      .updateTable('blade_menu')
      .set({ is_deleted: 1 })
      .where('id', '=', BigInt(NOTICE))
      .execute();
    expect((await submit({ packageName: 'p', menuId: NOTICE })).body.msg).toBe(`菜单不存在: ${NOTICE}`);
    await t.store.db
      .updateTable('blade_menu')
      .set({ is_deleted: 0 })
      .where('id', '=', BigInt(NOTICE))
      .execute();
    expect((await list('size=200')).body.data.total).toBe(before);
  });

  it('keeps writes to the platform administrator and reads to administrators (S4)', async () => {
    const id = (await submit({ packageName: '平台包', menuId: PARAM })).body.data.id as string;
    for (const token of [tenantAdminToken, operatorToken]) {
      const write = await submit({ packageName: 'mine', menuId: PARAM }, 'zh-CN', token);
      expect(write).toMatchObject({ status: 403, body: { code: 403, success: false, data: null } });
      expect((await submit({ id, packageName: 'mine', menuId: PARAM }, 'zh-CN', token)).status).toBe(403);
      expect((await remove(id, token)).status).toBe(403);
    }
    // A tenant's administrator may read the platform's packages; an operator may not.
    expect((await list('size=200', tenantAdminToken)).status).toBe(200);
    expect((await detail(id, tenantAdminToken)).body.data.packageName).toBe('平台包');
    expect((await list('size=200', operatorToken)).status).toBe(403);
    expect((await detail(id, operatorToken)).status).toBe(403);
    expect((await detail(id)).body.data.packageName).toBe('平台包');
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    expect((await detail('42')).status).toBe(404);
    // Beyond BIGINT: refused by the schema (400), as for every id (commit 1e6e020).
    expect((await detail('9999999999999999999')).status).toBe(400);
    expect((await detail('x1')).status).toBe(400);
    const ghost = await submit({ id: '123456789', packageName: 'ghost', menuId: PARAM });
    expect(ghost).toMatchObject({ status: 404, body: { code: 404, success: false } });
    expect((await list('packageName_equal=ghost')).body.data.total).toBe(0);
  });

  it('removes softly, all or nothing', async () => {
    const a = (await submit({ packageName: 'remove-a', menuId: PARAM })).body.data.id as string;
    const b = (await submit({ packageName: 'remove-b', menuId: PARAM })).body.data.id as string;
    expect((await remove(`${a},999999`)).status).toBe(404);
    expect((await detail(a)).status).toBe(200);
    expect((await remove('')).status).toBe(400);
    expect((await remove('a,b')).status).toBe(400);

    const removed = await remove(`${a},${b}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ success: true, data: true, msg: '删除成功' });
    expect((await detail(a)).status).toBe(404);
    expect((await list('packageName=remove-')).body.data.total).toBe(0);
    const row = await t.store.db
      .selectFrom('blade_tenant_package')
      .select('is_deleted')
      .where('id', '=', BigInt(b))
      .executeTakeFirst();
    expect(Number(row?.is_deleted)).toBe(1);
    expect((await remove(a)).status).toBe(404); // already gone
  });
});
