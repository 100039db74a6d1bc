import { MENU_CATEGORY } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenMenus, menuId } from '../../src/db/seed/menus.js';
import {
  createAccount,
  createOperator,
  createTenantAdmin,
  createTopMenu,
  grantMenus,
} from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { insertScope } from './support/scopes.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const BASE = '/api/blade-system/menu';
const seeded = flattenMenus();
const pages = seeded.filter((m) => m.category === MENU_CATEGORY.MENU);

interface Node {
  id: string;
  parentId: string;
  code?: string;
  title?: string;
  category?: number;
  hasChildren: boolean;
  children?: Node[];
}
const walk = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...walk(n.children ?? [])]);

describe.each(oneEngineFor(import.meta.url))('the menu page on %s', (kind) => {
  let t: TestApp;
  let tenantAdmin: { token: string; roleIds: string[] };

  const get = (path: string, token?: string) =>
    t.call({ method: 'GET', url: `${BASE}/${path}` }, token ?? t.adminToken);
  const submit = (body: object, token?: string, language = 'zh-CN') =>
    t.call(
      { method: 'POST', url: `${BASE}/submit`, payload: body, headers: { 'accept-language': language } },
      token ?? t.adminToken,
    );
  const remove = (ids: string, token?: string) =>
    t.call({ method: 'POST', url: `${BASE}/remove?ids=${ids}` }, token ?? t.adminToken);
  const row = (id: string) =>
    t.store.db.selectFrom('blade_menu').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startTestApp(kind);
    tenantAdmin = await createTenantAdmin(t, '420001');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('lists every menu and button as a tree, and the menus alone', async () => {
    const list = await get('list?current=1&size=10');
    expect(list.status).toBe(200);
    const all = walk(list.body.data);
    expect(all).toHaveLength(seeded.length);
    const param = all.find((n) => n.code === 'param')!;
    expect(param).toMatchObject({
      id: menuId('param'),
      category: 1,
      hasChildren: true,
      createUser: expect.any(String),
    });
    expect(param.children!.map((n) => n.code)).toEqual([
      'param_add',
      'param_edit',
      'param_delete',
      'param_view',
      'param_export',
    ]);
    // Filtered rows whose parents are filtered out are roots.
    const adds = await get('list?category=2&code_like=_add');
    expect(adds.body.data.every((n: Node) => n.category === 2 && n.parentId !== '0')).toBe(true);
    expect(adds.body.data.map((n: Node) => n.code)).toContain('param_add');
    expect(
      (await get(`list?name=${encodeURIComponent('参数管理')}`)).body.data.map((n: Node) => n.code),
    ).toEqual(['param']);

    const menus = walk((await get('menu-list')).body.data);
    expect(menus).toHaveLength(pages.length);
    expect(menus.every((n) => n.category === 1)).toBe(true);
    expect((await get('list?descs=path')).status).toBe(400);
  });

  it('lists one level at a time', async () => {
    const top = await get('lazy-list?parentId=0');
    expect(top.body.data.map((n: Node) => n.code)).toEqual(
      seeded.filter((m) => m.parentId === '0').map((m) => m.code),
    );
    expect(top.body.data.every((n: Node) => n.hasChildren && n.children === undefined)).toBe(true);
    const system = await get(`lazy-list?parentId=${menuId('system')}`);
    expect(system.body.data.find((n: Node) => n.code === 'param')).toMatchObject({ hasChildren: true });
    const buttons = await get(`lazy-list?parentId=${menuId('param')}`);
    expect(buttons.body.data.map((n: Node) => [n.code, n.hasChildren])).toEqual([
      ['param_add', false],
      ['param_edit', false],
      ['param_delete', false],
      ['param_view', false],
      ['param_export', false],
    ]);
    // Menus only: buttons neither appear nor count as children.
    const systemMenus = await get(`lazy-menu-list?parentId=${menuId('system')}`);
    expect(systemMenus.body.data.find((n: Node) => n.code === 'param')).toMatchObject({ hasChildren: false });
    expect((await get(`lazy-menu-list?parentId=${menuId('param')}`)).body.data).toEqual([]);
    expect((await get(`lazy-menu-list?parentId=${menuId('monitor')}`)).body.data[0]).toMatchObject({
      code: 'log',
      hasChildren: true,
    });
    // Without parentId: every row under the filters, flat.
    expect(
      (await get(`lazy-menu-list?name=${encodeURIComponent('日志')}`)).body.data
        .map((n: Node) => n.code)
        .sort(),
    ).toEqual(['log', 'log_api', 'log_error', 'log_login', 'log_usual']);
    expect((await get('lazy-list?parentId=abc')).status).toBe(400);
  });

  it('reads to administrators, detail by id', async () => {
    const detail = await get(`detail?id=${menuId('param')}`);
    expect(detail.body.data).toMatchObject({
      id: menuId('param'),
      parentId: menuId('system'),
      code: 'param',
      name: '参数管理',
      path: '/system/param',
      category: 1,
      action: 0,
      isOpen: 1,
    });
    expect((await get('detail?id=42')).status).toBe(404);
    expect((await get('detail?id=x')).status).toBe(400);
    expect((await get(`detail?id=${menuId('param')}`, tenantAdmin.token)).status).toBe(200);
    const operator = await createOperator(t, ['menu']);
    for (const path of ['list', 'lazy-list', 'menu-list', 'lazy-menu-list', `detail?id=${menuId('param')}`])
      expect((await get(path, operator.token)).status, path).toBe(403);
  });

  it('creates and updates menus and buttons, codes unique, parents sound', async () => {
    const page = await submit({
      name: '报告中心',
      path: '/system/reports',
      parentId: menuId('system'),
      source: 'FileOutlined',
      code: 'reports',
      category: 1,
      sort: 20,
    });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      msg: '新增成功',
      data: { parentId: menuId('system'), code: 'reports', category: 1, action: 0, isOpen: 1, alias: null },
    });
    const button = await submit({
      name: '导出',
      parentId: page.body.data.id,
      code: 'reports_export',
      category: 2,
      action: 1,
      alias: 'export',
      sort: 1,
    });
    expect(button.status).toBe(200);

    const cases: Array<[object, string, string]> = [
      [{ code: 'c', category: 1, sort: 1 }, '请输入菜单名称', 'Please enter the menu name'],
      [{ name: 'n', category: 1, sort: 1 }, '请输入菜单编号', 'Please enter the menu code'],
      [{ name: 'n', code: 'c', sort: 1 }, '请选择菜单类型', 'Please select the menu type'],
      [{ name: 'n', code: 'c', category: 3, sort: 1 }, '菜单类型不能大于2', 'menu type must be at most 2'],
      [{ name: 'n', code: 'c', category: 1 }, '请输入菜单排序', 'Please enter the sort order'],
      [
        { name: 'n', code: 'c', category: 1, sort: 1, isOpen: 3 },
        '新窗口打开不能大于2',
        'open in a new window must be at most 2',
      ],
      [
        { name: 'n', code: 'param', category: 1, sort: 1 },
        '菜单编号已存在: param',
        'Menu code already exists: param',
      ],
      [
        { name: 'n', code: 'c', category: 1, sort: 1, parentId: '42' },
        '上级菜单不存在',
        'The parent menu does not exist',
      ],
      [
        { name: 'n', code: 'c', category: 2, sort: 1, parentId: button.body.data.id },
        '按钮下不能再有菜单或按钮',
        'Nothing can be placed under a button',
      ],
      [
        {
          id: menuId('system'),
          name: '系统管理',
          code: 'system',
          category: 1,
          sort: 99,
          parentId: page.body.data.id,
        },
        '上级菜单不能是自身或其下级菜单',
        'A menu cannot be placed under itself or a menu below it',
      ],
    ];
    for (const [body, zh, en] of cases) {
      const res = await submit(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toBe(zh);
      expect((await submit(body, undefined, 'en')).body.msg).toBe(en);
    }
    expect((await submit({ id: '42', name: 'n', code: 'ghost', category: 1, sort: 1 })).status).toBe(404);

    const updated = await submit({ ...button.body.data, name: '导出全部', isOpen: 2 });
    expect(updated.body).toMatchObject({
      msg: '更新成功',
      data: { name: '导出全部', isOpen: 2, code: 'reports_export' },
    });

    // Where a button shows is dictionary button_func's key: 1 toolbar, 2 row, 3 both (as seeded).
    const seededDelete = (await get(`detail?id=${menuId('param_delete')}`)).body.data;
    expect(seededDelete.action).toBe(3);
    expect((await submit(seededDelete)).status).toBe(200);
    expect((await submit({ ...button.body.data, action: 4 })).body.msg).toBe('按钮功能不能大于3');
  });

  it('keeps menu writes to the platform administrator (S4), and codes are permissions at once', async () => {
    const before = await row(menuId('param'));
    const body = { id: menuId('param'), name: 'mine', code: 'param', category: 1, sort: 1 };
    for (const token of [
      tenantAdmin.token,
      (await createOperator(t, ['menu', 'menu_add', 'menu_edit', 'menu_delete'])).token,
    ]) {
      expect((await submit(body, token)).status).toBe(403);
      expect((await submit({ name: 'n', code: 'nn', category: 1, sort: 1 }, token)).status).toBe(403);
      expect((await remove(menuId('param_view'), token)).status).toBe(403);
    }
    expect(await row(menuId('param'))).toEqual(before);

    // A new button granted to a role is a permission the guard knows at once.
    const holder = await createOperator(t, ['dept']);
    const created = await submit({
      name: '新增',
      parentId: menuId('dept'),
      code: 'dept_new',
      category: 2,
      sort: 9,
    });
    await grantMenus(t, holder.roleIds[0]!, [created.body.data.id]);
    const buttons = await t.call({ method: 'GET', url: `${BASE}/buttons` }, holder.token);
    expect(walk(buttons.body.data).map((n) => n.code)).toContain('dept_new');
  });

  it('removes menus all or nothing, never with rows below them', async () => {
    const refused = await remove(menuId('param'));
    expect(refused.body).toMatchObject({ code: 400, msg: '请先删除子菜单: 新增, 修改, 删除, 查看, 导出' });
    expect((await remove(`${menuId('param_view')},42`)).status).toBe(404);
    expect(Number((await row(menuId('param_view'))).is_deleted)).toBe(0);
    const page = (await submit({ name: '临时', code: 'tmp_page', category: 1, sort: 1 })).body.data
      .id as string;
    const button = (await submit({ name: '临时按钮', code: 'tmp_btn', category: 2, sort: 1, parentId: page }))
      .body.data.id as string;
    expect((await remove(`${page},${button}`)).body).toMatchObject({ success: true, msg: '删除成功' });
    expect((await get(`detail?id=${page}`)).status).toBe(404);
    // The code is free again.
    expect((await submit({ name: '临时', code: 'tmp_page', category: 1, sort: 1 })).status).toBe(200);
  });

  it('offers each caller the menus and scopes it may grant', async () => {
    const data = await insertScope(t, 'data', {
      menuId: menuId('user'),
      scopeName: '本人数据',
      scopeType: 2,
    });
    const api = await insertScope(t, 'api', { menuId: menuId('notice'), scopeName: '通知接口' });
    const admin = await get('grant-tree');
    expect(admin.status).toBe(200);
    expect(walk(admin.body.data.menu).length).toBeGreaterThanOrEqual(seeded.length);
    const scopeLeaves = (nodes: Node[]) => walk(nodes).filter((n) => !n.children || n.children.length === 0);
    expect(scopeLeaves(admin.body.data.dataScope).map((n) => [n.id, n.title, n.parentId])).toEqual([
      [data, '本人数据', menuId('user')],
    ]);
    // Scopes hang under their menu, with the menu's ancestors.
    expect(admin.body.data.dataScope[0]).toMatchObject({ id: menuId('system'), title: '系统管理' });
    expect(scopeLeaves(admin.body.data.apiScope).map((n) => n.id)).toEqual([api]);

    const operator = await createOperator(t, ['role', 'role_grant', 'user', 'user_add']);
    const mine = await get('grant-tree', operator.token);
    expect(
      walk(mine.body.data.menu)
        .map((n) => n.title)
        .sort(),
    ).toEqual(['系统管理', '权限管理', '角色管理', '权限设置', '用户管理', '新增'].sort());
    expect(scopeLeaves(mine.body.data.dataScope).map((n) => n.id)).toEqual([data]);
    expect(mine.body.data.apiScope).toEqual([]);
  });

  it("answers the roles' grants as the trees' keys", async () => {
    const user = await createAccount(t, {
      roles: [{ menuIds: [menuId('dept'), menuId('dept_add')] }, { menuIds: [menuId('post')] }],
    });
    const data = await insertScope(t, 'data', { menuId: menuId('dept') });
    await t.call({
      method: 'POST',
      url: '/api/blade-system/role/grant',
      payload: {
        roleIds: [user.roleIds[1]],
        menuIds: [menuId('post')],
        dataScopeIds: [data],
        apiScopeIds: [],
      },
    });
    const keys = await get(`role-tree-keys?roleIds=${user.roleIds.join(',')}`);
    expect(keys.status).toBe(200);
    expect(keys.body.data.menu.sort()).toEqual([menuId('dept'), menuId('dept_add'), menuId('post')].sort());
    expect(keys.body.data.dataScope).toEqual([data]);
    expect(keys.body.data.apiScope).toEqual([]);
    expect((await get('role-tree-keys?roleIds=')).status).toBe(400);
    expect((await get('role-tree-keys?roleIds=a,b')).status).toBe(400);
    expect((await get(`role-tree-keys?roleIds=${user.roleIds[0]},42`)).status).toBe(404);
    // Another tenant's roles are not there for a tenant's administrator.
    expect((await get(`role-tree-keys?roleIds=${user.roleIds[0]}`, tenantAdmin.token)).status).toBe(404);
    expect((await get(`role-tree-keys?roleIds=${tenantAdmin.roleIds[0]}`, tenantAdmin.token)).status).toBe(
      200,
    );
  });

  it('offers the menus a top menu may list, and what top menus list', async () => {
    const tree = await get('grant-top-tree');
    expect(walk(tree.body.data.menu)).toHaveLength(walk((await get('menu-list')).body.data).length);
    const top = await createTopMenu(t, { code: 'ops', menuIds: [menuId('param'), menuId('dict')] });
    const keys = await get(`top-tree-keys?topMenuIds=${top}`);
    expect(keys.body.data.menu.sort()).toEqual([menuId('param'), menuId('dict')].sort());
    expect((await get(`top-tree-keys?topMenuIds=${top},42`)).status).toBe(404);
    expect((await get('top-tree-keys?topMenuIds=x')).status).toBe(400);
    expect((await get('grant-top-tree', tenantAdmin.token)).status).toBe(200);
    const operator = await createOperator(t, ['topmenu']);
    expect((await get('grant-top-tree', operator.token)).status).toBe(403);
  });
});
