import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuId } from '../../src/db/seed/menus.js';
import { SEED_IDS } from '../../src/db/seed/seed.js';
import {
  createAccount,
  createOperator,
  createTenantAdmin,
  menusOfRole,
  scopesOfRole,
  signInAs,
} from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { insertScope } from './support/scopes.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const BASE = '/api/blade-system/role';

interface Node {
  id: string;
  roleName?: string;
  title?: string;
  children?: Node[];
}
const shape = (nodes: Node[]): unknown =>
  nodes.map((n) => {
    const name = n.roleName ?? n.title;
    return n.children && n.children.length > 0 ? { [name!]: shape(n.children) } : name;
  });

describe.each(oneEngineFor(import.meta.url))('roles on %s', (kind) => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  const submit = (body: object, token?: string, language = 'zh-CN') =>
    t.call(
      { method: 'POST', url: `${BASE}/submit`, payload: body, headers: { 'accept-language': language } },
      token ?? t.adminToken,
    );
  const grant = (body: object, token?: string, language = 'zh-CN') =>
    t.call(
      { method: 'POST', url: `${BASE}/grant`, payload: body, headers: { 'accept-language': language } },
      token ?? t.adminToken,
    );
  const get = (path: string, token?: string) =>
    t.call({ method: 'GET', url: `${BASE}/${path}` }, token ?? t.adminToken);
  const remove = (list: string, token?: string) =>
    t.call({ method: 'POST', url: `${BASE}/remove?ids=${list}` }, token ?? t.adminToken);
  const row = (id: string) =>
    t.store.db.selectFrom('blade_role').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
  const menusOf = (roleId: string) => menusOfRole(t, roleId);
  const scopesOf = (roleId: string, category: number) => scopesOfRole(t, roleId, category);
  const create = async (roleName: string, roleAlias: string, parent?: string, sort = 1) => {
    const res = await submit({ roleName, roleAlias, parentId: parent ? ids[parent] : undefined, sort });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids[roleName] = res.body.data.id;
    return res.body.data;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    await create('院长', 'dean', undefined, 2);
    await create('主任', 'director', '院长', 1);
    await create('护士长', 'head_nurse', '主任', 1);
    await create('药师', 'pharmacist', '院长', 2);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('creates roles under their parents and lists them as a tree', async () => {
    expect((await get(`detail?id=${ids['主任']}`)).body.data).toMatchObject({
      tenantId: '000000',
      parentId: ids['院长'],
      roleName: '主任',
      roleAlias: 'director',
      sort: 1,
      status: 1,
      isDeleted: 0,
    });
    const list = await get('list?current=1&size=10');
    expect(list.status).toBe(200);
    // 经理: seeded with the leave process (its second approval goes to role:manager).
    expect(shape(list.body.data)).toEqual(['超级管理员', { 院长: [{ 主任: ['护士长'] }, '药师'] }, '经理']);
    expect(list.body.data[1]).toMatchObject({ hasChildren: true, roleAlias: 'dean' });
    // A row whose parent was filtered out becomes a root; rows keep their order (sort, then id).
    expect(shape((await get(`list?roleName=${encodeURIComponent('长')}`)).body.data)).toEqual([
      '护士长',
      '院长',
    ]);
    expect(shape((await get('list?roleAlias_equal=pharmacist')).body.data)).toEqual(['药师']);
    expect((await get('list?descs=nope')).status).toBe(400);
  });

  it('answers trees of choices, by tenant and by role, and the roles a user holds', async () => {
    const tree = await get('tree');
    expect(shape(tree.body.data)).toEqual(['超级管理员', { 院长: [{ 主任: ['护士长'] }, '药师'] }, '经理']);
    expect(tree.body.data[1]).toMatchObject({
      title: '院长',
      key: ids['院长'],
      value: ids['院长'],
      parentId: '0',
    });
    expect(shape((await get(`tree-by-id?roleId=${ids['药师']}`)).body.data)).toEqual(shape(tree.body.data));
    expect((await get('tree-by-id?roleId=42')).status).toBe(404);
    expect((await get('tree-by-id?roleId=x')).status).toBe(400);

    // Only the platform administrator sees (and so can hand out) the platform administrator's role.
    const operator = await createOperator(t, ['role']);
    expect(shape((await get('tree', operator.token)).body.data)).toEqual([
      '角色', // the operator's own role (support/accounts.ts)
      { 院长: [{ 主任: ['护士长'] }, '药师'] },
      '经理',
    ]);

    const own = await get('select');
    expect(own.body.data.map((r: Node) => r.roleName)).toEqual(['超级管理员']);
    const user = await createAccount(t, { roles: [] });
    await t.store.db
      .updateTable('blade_user')
      .set({ role_id: `${ids['药师']},${ids['主任']}` })
      .where('id', '=', BigInt(user.userId))
      .execute();
    expect((await get(`select?userId=${user.userId}`)).body.data.map((r: Node) => r.roleName)).toEqual([
      '药师',
      '主任',
    ]);
    expect((await get('select?userId=42')).status).toBe(404);
  });

  it('validates submits and keeps parents acyclic', async () => {
    const before = await get('list');
    const cases: Array<[object, string, string]> = [
      [{ roleAlias: 'a', sort: 1 }, '请输入角色名称', 'Please enter the role name'],
      [{ roleName: 'n', roleAlias: 'a' }, '请输入角色排序', 'Please enter the sort order'],
      [{ roleName: 'n', sort: 1 }, '请输入角色别名', 'Please enter the role alias'],
      [{ roleName: 'n', sort: 1, roleAlias: '  ' }, '请输入角色别名', 'Please enter the role alias'],
      [
        { roleName: 'x'.repeat(256), roleAlias: 'a', sort: 1 },
        '角色名称不能超过255个字符',
        'role name must be at most 255 characters',
      ],
      [
        { roleName: 'n', roleAlias: 'a', sort: 1, parentId: '42' },
        '上级角色不存在',
        'The parent role does not exist',
      ],
      [
        { id: ids['院长'], roleName: '院长', roleAlias: 'dean', sort: 2, parentId: ids['护士长'] },
        '上级角色不能是自身或其下级角色',
        'A role cannot be placed under itself or a role below it',
      ],
      [
        { id: ids['院长'], roleName: '院长', roleAlias: 'dean', sort: 2, parentId: ids['院长'] },
        '上级角色不能是自身或其下级角色',
        'A role cannot be placed under itself or a role below it',
      ],
    ];
    for (const [body, zh, en] of cases) {
      const res = await submit(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ code: 400, success: false, data: null, msg: zh });
      expect((await submit(body, undefined, 'en')).body.msg).toBe(en);
    }
    expect((await submit({ id: '42', roleName: 'n', roleAlias: 'a', sort: 1 })).status).toBe(404);
    expect((await get('list')).body).toEqual(before.body);
    // Moving is fine when it stays acyclic.
    const moved = await submit({
      id: ids['药师'],
      roleName: '药师',
      roleAlias: 'pharmacist',
      sort: 2,
      parentId: ids['主任'],
    });
    expect(moved.body).toMatchObject({ msg: '更新成功', data: { parentId: ids['主任'] } });
  });

  it('reserves the administrator aliases', async () => {
    const tenantAdmin = await createTenantAdmin(t, '410001');
    const platformOnly = await submit(
      { roleName: '超管', roleAlias: 'administrator', sort: 1 },
      tenantAdmin.token,
    );
    expect(platformOnly.body).toMatchObject({ code: 400, msg: '角色别名 administrator 只属于平台租户' });
    // A tenant's administrator may create its tenant's administrator roles; an operator may not.
    expect(
      (await submit({ roleName: '管理员', roleAlias: 'admin', sort: 1 }, tenantAdmin.token)).status,
    ).toBe(200);
    const operator = await createOperator(t, ['role_add', 'role_edit']);
    for (const alias of ['admin', 'administrator']) {
      const res = await submit({ roleName: 'x', roleAlias: alias, sort: 1 }, operator.token, 'en');
      expect(res.body).toMatchObject({ code: 400, msg: `You may not use the role alias ${alias}` });
    }
    // Nor change the administrator's role at all (security S12: 403, it is not theirs to change).
    const rename = await submit(
      { id: SEED_IDS.administratorRole, roleName: '超级管理员', roleAlias: 'ops', sort: 1 },
      operator.token,
    );
    expect(rename.status).toBe(403);
    expect((await row(SEED_IDS.administratorRole)).role_alias).toBe('administrator');
    expect((await submit({ roleName: '平台', roleAlias: 'administrator', sort: 9 })).status).toBe(200);
  });

  it('removes roles all or nothing, never with roles below them or the platform role', async () => {
    const director = await remove(ids['主任']!);
    expect(director.body).toMatchObject({ code: 400, msg: '请先删除下级角色: 护士长, 药师' });
    expect((await remove(SEED_IDS.administratorRole)).body).toMatchObject({
      code: 400,
      msg: '无权使用角色别名: administrator',
    });
    const temp = await create('临时', 'temp');
    expect((await remove(`${ids['临时']},42`)).status).toBe(404);
    expect(Number((await row(temp.id)).is_deleted)).toBe(0);
    expect((await remove(temp.id)).body).toMatchObject({ success: true, data: true, msg: '删除成功' });
    expect((await get(`detail?id=${temp.id}`)).status).toBe(404);
  });

  it('grants menus and scopes, replacing those of the roles, in one call', async () => {
    const data = await insertScope(t, 'data', { menuId: menuId('user'), resourceCode: 'user', scopeType: 2 });
    const api = await insertScope(t, 'api', { menuId: menuId('user'), scopePath: '/blade-user/page' });
    const first = await grant({
      roleIds: [ids['护士长'], ids['药师']],
      menuIds: [menuId('dept'), menuId('dept_add'), menuId('user')],
      dataScopeIds: [data, menuId('user')], // the tree's group node is ignored
      apiScopeIds: [api],
    });
    expect(first).toMatchObject({ status: 200, body: { success: true, data: true, msg: '操作成功!' } });
    for (const role of ['护士长', '药师']) {
      expect(await menusOf(ids[role]!)).toEqual([menuId('dept'), menuId('dept_add'), menuId('user')].sort());
      expect(await scopesOf(ids[role]!, 1)).toEqual([data]);
      expect(await scopesOf(ids[role]!, 2)).toEqual([api]);
    }
    // Absent scope lists stay as they are; empty ones clear.
    await grant({ roleIds: [ids['护士长']], menuIds: [menuId('post')] });
    expect(await menusOf(ids['护士长']!)).toEqual([menuId('post')]);
    expect(await scopesOf(ids['护士长']!, 1)).toEqual([data]);
    await grant({ roleIds: [ids['护士长']], menuIds: [], dataScopeIds: [], apiScopeIds: [] });
    expect(await menusOf(ids['护士长']!)).toEqual([]);
    expect(await scopesOf(ids['护士长']!, 2)).toEqual([]);
    expect(await menusOf(ids['药师']!)).toHaveLength(3);
  });

  it('validates grants', async () => {
    const before = await menusOf(ids['药师']!);
    const cases: Array<[object, number, string, string]> = [
      [{ menuIds: [] }, 400, '请选择角色', 'Please select roles'],
      [{ roleIds: [], menuIds: [] }, 400, '请选择角色', 'Please select roles'],
      [{ roleIds: ['x'], menuIds: [] }, 400, '角色的值不正确', 'roles has an invalid value'],
      [{ roleIds: [ids['药师']] }, 400, '请输入菜单', 'Please enter menus'],
      [{ roleIds: [ids['药师']], menuIds: ['123'] }, 400, '菜单不存在: 123', 'No such menu: 123'],
      [
        { roleIds: [ids['药师']], menuIds: [], dataScopeIds: ['77'] },
        400,
        '数据权限不存在: 77',
        'No such data scope: 77',
      ],
      [
        { roleIds: [ids['药师']], menuIds: [], apiScopeIds: ['78'] },
        400,
        '接口权限不存在: 78',
        'No such API scope: 78',
      ],
      [
        { roleIds: [ids['药师'], '42'], menuIds: [] },
        404,
        '数据不存在或已删除',
        'The record does not exist or was deleted',
      ],
    ];
    for (const [body, status, zh, en] of cases) {
      const res = await grant(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.msg).toBe(zh);
      expect((await grant(body, undefined, 'en')).body.msg).toBe(en);
    }
    expect(await menusOf(ids['药师']!)).toEqual(before);
  });

  it('lets others grant only what they hold, and the grant takes effect at once', async () => {
    const granter = await createOperator(t, ['role_grant', 'dept', 'dept_add']);
    const res = await grant(
      { roleIds: [ids['主任']], menuIds: [menuId('dept'), menuId('menu')] },
      granter.token,
    );
    expect(res).toMatchObject({ status: 403, body: { msg: `无权授予: ${menuId('menu')}` } });
    const scoped = await insertScope(t, 'data', {
      menuId: menuId('user'),
      resourceCode: 'user',
      scopeType: 1,
    });
    expect(
      (await grant({ roleIds: [ids['主任']], menuIds: [], dataScopeIds: [scoped] }, granter.token)).status,
    ).toBe(403);

    // A user of 主任 cannot add departments until 主任 is granted the button.
    const user = await createAccount(t, { roles: [] });
    await t.store.db
      .updateTable('blade_user')
      .set({ role_id: ids['主任'] })
      .where('id', '=', BigInt(user.userId))
      .execute();
    const token = (await signInAs(t, user)).access_token;
    const addDept = () =>
      t.call(
        { method: 'POST', url: '/api/blade-system/dept/submit', payload: { deptName: 'd', sort: 1 } },
        token,
      );
    expect((await addDept()).status).toBe(403);
    expect(
      (await grant({ roleIds: [ids['主任']], menuIds: [menuId('dept'), menuId('dept_add')] }, granter.token))
        .status,
    ).toBe(200);
    expect((await addDept()).status).toBe(200);
    const buttons = await t.call({ method: 'GET', url: '/api/blade-system/menu/buttons' }, token);
    expect(
      buttons.body.data.map((n: { code: string; children: Array<{ code: string }> }) => [
        n.code,
        n.children.map((c) => c.code),
      ]),
    ).toEqual([['dept', ['dept_add']]]);
  });

  it('needs the buttons to write', async () => {
    const reader = await createOperator(t, ['role']);
    expect((await get('list', reader.token)).status).toBe(200);
    expect((await submit({ roleName: 'r', roleAlias: 'r', sort: 1 }, reader.token)).body).toMatchObject({
      code: 403,
      msg: '缺少按钮权限',
    });
    expect((await remove(ids['药师']!, reader.token)).status).toBe(403);
    expect((await grant({ roleIds: [ids['药师']], menuIds: [] }, reader.token)).status).toBe(403);
    const adder = await createOperator(t, ['role_add']);
    expect((await submit({ roleName: 'r', roleAlias: 'r', sort: 1 }, adder.token)).status).toBe(200);
    expect(
      (await submit({ id: ids['药师'], roleName: 'r', roleAlias: 'r', sort: 1 }, adder.token)).status,
    ).toBe(403);
  });

  it("keeps tenants apart: another tenant's administrator gets 404 and changes nothing", async () => {
    const other = await createTenantAdmin(t, '410002');
    const target = ids['药师']!;
    const before = await row(target);
    const grantsBefore = await menusOf(target);
    expect((await get(`detail?id=${target}`, other.token)).status).toBe(404);
    expect((await get(`tree-by-id?roleId=${target}`, other.token)).status).toBe(404);
    expect((await get(`select?userId=${SEED_IDS.admin}`, other.token)).status).toBe(404);
    expect((await submit({ id: target, roleName: 'x', roleAlias: 'x', sort: 1 }, other.token)).status).toBe(
      404,
    );
    expect(
      (await submit({ roleName: 'x', roleAlias: 'x', sort: 1, parentId: target }, other.token)).status,
    ).toBe(400);
    expect((await remove(target, other.token)).status).toBe(404);
    expect((await grant({ roleIds: [target], menuIds: [menuId('dept')] }, other.token)).status).toBe(404);
    expect((await grant({ roleIds: [other.roleIds[0], target], menuIds: [] }, other.token)).status).toBe(404);
    expect(shape((await get('tree', other.token)).body.data)).toEqual(['角色']);
    expect(shape((await get('tree?tenantId=000000', other.token)).body.data)).toEqual(['角色']);
    expect(shape((await get('tree?tenantId=410002')).body.data)).toEqual(['角色']);
    expect(shape((await get(`tree-by-id?roleId=${other.roleIds[0]}`)).body.data)).toEqual(['角色']);
    expect(await row(target)).toEqual(before);
    expect(await menusOf(target)).toEqual(grantsBefore);
  });
});
