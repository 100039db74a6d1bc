import { DATA_SCOPE_TYPE, MENU_CATEGORY, type EffectiveMenu, type EffectiveRights } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenMenus, menuId } from '../../src/db/seed/menus.js';
import { SEED_IDS } from '../../src/db/seed/seed.js';
import {
  createAccount,
  createOperator,
  createTenantAdmin,
  createTopMenu,
  signInAs,
  type TestAccount,
} from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { insertScope, setRoleScopes } from './support/scopes.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// 查看权限 (issue 48, `role/effective`): what a user or a role really gets, with the role each thing
// comes from. The answer for a user is checked against what that user's own session is answered
// (`menu/routes` for the whole menu and under each top menu, `menu/buttons`), so it says what the
// guard and the sidebar really do.

const BASE = '/api/blade-system/role';

/** The two roles' menus and buttons: 岗位管理 with 新增 and 查看; 参数管理 with 新增, and 岗位管理's 查看 too. */
const POST_CODES = ['post', 'post_add', 'post_view'];
const PARAM_CODES = ['param', 'param_add', 'post_view'];

const SEEDED_BUTTONS = flattenMenus()
  .filter((menu) => menu.category === MENU_CATEGORY.BUTTON)
  .map((menu) => menu.code)
  .sort();

interface RouteNode {
  id: string;
  code: string;
  category: number;
  children?: RouteNode[];
}

/** A tree as codes, for comparing `menu/routes` with the answer's menus. */
const shape = (nodes: ReadonlyArray<RouteNode | EffectiveMenu>): unknown =>
  nodes.map((node) => (node.children ? { [node.code]: shape(node.children) } : node.code));
const walk = (nodes: readonly EffectiveMenu[]): EffectiveMenu[] =>
  nodes.flatMap((node) => [node, ...walk(node.children ?? [])]);
const leaves = (nodes: readonly RouteNode[]): RouteNode[] =>
  nodes.flatMap((node) => (node.children ? leaves(node.children) : [node]));

describe.each(oneEngineFor(import.meta.url))('role/effective on %s', (kind) => {
  let t: TestApp;
  let viewed: TestAccount;
  let postRole: string;
  let paramRole: string;
  let topMenuId: string;
  const scopes: Record<string, string> = {};

  const effective = (query: string, token?: string, language = 'zh-CN') =>
    t.call(
      { method: 'GET', url: `${BASE}/effective?${query}`, headers: { 'accept-language': language } },
      token ?? t.adminToken,
    );
  const rightsOf = async (query: string, token?: string): Promise<EffectiveRights> => {
    const res = await effective(query, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  /** Every row the call could have changed, to show that it changed none. */
  const snapshot = async () => ({
    roleMenus: await t.store.db.selectFrom('blade_role_menu').selectAll().orderBy('id').execute(),
    roleScopes: await t.store.db.selectFrom('blade_role_scope').selectAll().orderBy('id').execute(),
    roles: await t.store.db.selectFrom('blade_role').selectAll().orderBy('id').execute(),
    users: await t.store.db
      .selectFrom('blade_user')
      .select(['id', 'role_id', 'status', 'update_time', 'token_valid_after'])
      .orderBy('id')
      .execute(),
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    viewed = await createAccount(t, {
      roles: [
        { alias: 'effective_post', menuIds: POST_CODES.map(menuId) },
        { alias: 'effective_param', menuIds: PARAM_CODES.map(menuId) },
      ],
    });
    [postRole, paramRole] = viewed.roleIds as [string, string];
    for (const [id, name] of [
      [postRole, '岗位员'],
      [paramRole, '参数员'],
    ] as const)
      await t.store.db
        .updateTable('blade_role')
        .set({ role_name: name })
        .where('id', '=', BigInt(id))
        .execute();

    // A data scope on users from the post role; on departments one rule from each role, one of them
    // "all" (which lifts the limit); an API scope from the param role, and a disabled one it is
    // granted too (the guard matches enabled rules only).
    scopes.ownUsers = await insertScope(t, 'data', {
      menuId: menuId('user'),
      resourceCode: 'user',
      scopeName: '本人创建的用户',
      scopeType: DATA_SCOPE_TYPE.OWN,
    });
    scopes.ownDept = await insertScope(t, 'data', {
      menuId: menuId('dept'),
      resourceCode: 'dept',
      scopeName: '本部门',
      scopeType: DATA_SCOPE_TYPE.OWN_DEPT,
    });
    scopes.allDepts = await insertScope(t, 'data', {
      menuId: menuId('dept'),
      resourceCode: 'dept',
      scopeName: '全部部门',
      scopeType: DATA_SCOPE_TYPE.ALL,
    });
    scopes.api = await insertScope(t, 'api', {
      menuId: menuId('param'),
      resourceCode: 'param',
      scopeName: '查看权限测试接口',
      scopePath: '/blade-system/effective-test/**',
      scopeMethod: 'GET',
    });
    scopes.disabledApi = await insertScope(t, 'api', {
      menuId: menuId('param'),
      resourceCode: 'param',
      scopeName: '停用的接口',
      scopePath: '/blade-system/effective-off/**',
    });
    await t.store.db
      .updateTable('blade_scope_api')
      .set({ status: 0 })
      .where('id', '=', BigInt(scopes.disabledApi))
      .execute();
    await setRoleScopes(t, postRole, 'data', [scopes.ownUsers, scopes.ownDept]);
    await setRoleScopes(t, paramRole, 'data', [scopes.allDepts]);
    await setRoleScopes(t, paramRole, 'api', [scopes.api, scopes.disabledApi]);

    // A top menu listing 参数管理 only.
    topMenuId = await createTopMenu(t, { code: 'effective_top', name: '参数', menuIds: [menuId('param')] });
  });

  afterAll(async () => {
    await t?.close();
  });

  it("names each menu, button and scope of a user's two roles with the role it comes from", async () => {
    const rights = await rightsOf(`userId=${viewed.userId}`);
    expect(rights.user).toMatchObject({ id: viewed.userId, account: viewed.account });
    expect(rights.roles).toEqual([
      { id: postRole, roleName: '岗位员', roleAlias: 'effective_post' },
      { id: paramRole, roleName: '参数员', roleAlias: 'effective_param' },
    ]);
    expect(rights.administrator).toBeNull();

    // The whole menu: 系统管理 shows for both roles, 参数管理 for the param role. 岗位管理 shows for
    // both: the param role's 岗位管理 › 查看 brings its page into the sidebar, as `menu/routes` does.
    const whole = rights.menus[0]!;
    expect(whole).toMatchObject({ topMenuId: null, code: null, name: null });
    expect(shape(whole.menus)).toEqual([{ system: ['post', 'param'] }]);
    const roleIdsOf = (code: string, menus = whole.menus) =>
      walk(menus).find((menu) => menu.code === code)?.roleIds;
    expect(roleIdsOf('system')).toEqual([postRole, paramRole]);
    expect(roleIdsOf('post')).toEqual([postRole, paramRole]);
    expect(roleIdsOf('param')).toEqual([paramRole]);

    // Under the top menu: only 参数管理 (and its group), from the param role alone.
    const top = rights.menus.find((view) => view.topMenuId === topMenuId)!;
    expect(top).toMatchObject({ code: 'effective_top', name: '参数' });
    expect(shape(top.menus)).toEqual([{ system: ['param'] }]);
    expect(roleIdsOf('system', top.menus)).toEqual([paramRole]);

    // Buttons, by page in the sidebar's order: a button of both roles names both.
    expect(rights.buttons.map((b) => [b.code, b.pageCode, b.roleIds])).toEqual([
      ['post_add', 'post', [postRole]],
      ['post_view', 'post', [postRole, paramRole]],
      ['param_add', 'param', [paramRole]],
    ]);
    expect(rights.buttons[2]).toMatchObject({ name: '新增', pageName: '参数管理' });

    // Data scopes by resource: users limited by the post role's rule; departments not limited, as
    // a rule "all" is among the rules.
    expect(rights.dataScopes).toEqual([
      {
        resourceCode: 'dept',
        limited: false,
        rules: [
          expect.objectContaining({
            id: scopes.allDepts,
            scopeType: DATA_SCOPE_TYPE.ALL,
            roleIds: [paramRole],
          }),
          expect.objectContaining({
            id: scopes.ownDept,
            scopeType: DATA_SCOPE_TYPE.OWN_DEPT,
            roleIds: [postRole],
          }),
        ],
      },
      {
        resourceCode: 'user',
        limited: true,
        rules: [
          {
            id: scopes.ownUsers,
            scopeName: '本人创建的用户',
            scopeType: DATA_SCOPE_TYPE.OWN,
            scopeColumn: null,
            scopeValue: null,
            roleIds: [postRole],
          },
        ],
      },
    ]);

    // API scopes: the enabled one, from the param role; the disabled one is not in force.
    expect(rights.apiScopes).toEqual([
      {
        id: scopes.api,
        scopeName: '查看权限测试接口',
        resourceCode: 'param',
        scopePath: '/blade-system/effective-test/**',
        scopeMethod: 'GET',
        roleIds: [paramRole],
      },
    ]);
  });

  it("agrees with what the user's own session is answered: menus under every top menu, and buttons", async () => {
    const rights = await rightsOf(`userId=${viewed.userId}`);
    const token = (await signInAs(t, viewed)).access_token;
    const own = (url: string) => t.call({ method: 'GET', url: `/api/blade-system/menu/${url}` }, token);

    const topMenus = (await own('top-menu')).body.data as Array<{ id: string }>;
    expect(rights.menus.map((view) => view.topMenuId)).toEqual([null, ...topMenus.map((top) => top.id)]);
    for (const view of rights.menus) {
      const routes = await own(view.topMenuId ? `routes?topMenuId=${view.topMenuId}` : 'routes');
      expect(routes.status).toBe(200);
      expect(shape(view.menus), view.code ?? 'whole menu').toEqual(shape(routes.body.data));
      // Every menu shown comes from at least one role.
      for (const menu of walk(view.menus)) expect(menu.roleIds.length, menu.code).toBeGreaterThan(0);
    }

    const buttons = leaves((await own('buttons')).body.data).filter(
      (n) => n.category === MENU_CATEGORY.BUTTON,
    );
    expect(rights.buttons.map((b) => b.code).sort()).toEqual(buttons.map((b) => b.code).sort());

    // And the guard: a button granted is a call allowed, one not granted is refused.
    const post = (url: string, payload?: object) => t.call({ method: 'POST', url, payload }, token);
    const added = await post('/api/blade-system/post/submit', {
      postCode: 'eff',
      postName: '查看',
      category: 1,
      sort: 1,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(rights.buttons.some((b) => b.code === 'post_delete')).toBe(false);
    expect((await post(`/api/blade-system/post/remove?ids=${added.body.data.id}`)).status).toBe(403);
  });

  it('answers a role alone, with only its own grants', async () => {
    const rights = await rightsOf(`roleId=${postRole}`);
    expect(rights.user).toBeNull();
    expect(rights.roles.map((role) => role.id)).toEqual([postRole]);
    expect(shape(rights.menus[0]!.menus)).toEqual([{ system: ['post'] }]);
    expect(rights.menus.find((view) => view.topMenuId === topMenuId)?.menus).toEqual([]);
    expect(rights.buttons.map((b) => [b.code, b.roleIds])).toEqual([
      ['post_add', [postRole]],
      ['post_view', [postRole]],
    ]);
    // Alone, the post role's department rule limits departments (no rule "all" beside it).
    expect(rights.dataScopes.map((scope) => [scope.resourceCode, scope.limited])).toEqual([
      ['dept', true],
      ['user', true],
    ]);
    expect(rights.apiScopes).toEqual([]);
  });

  it('says who is an administrator: the platform administrator holds every button, a tenant admin what it is granted', async () => {
    const platform = await rightsOf(`userId=${SEED_IDS.admin}`);
    expect(platform.administrator).toBe('platform');
    expect(platform.roles.map((role) => role.roleAlias)).toEqual(['administrator']);
    expect(platform.buttons.map((b) => b.code).sort()).toEqual(SEEDED_BUTTONS);
    expect(platform.dataScopes.every((scope) => !scope.limited)).toBe(true);
    expect((await rightsOf(`roleId=${SEED_IDS.administratorRole}`)).administrator).toBe('platform');

    // A tenant's administrator passes the administrators' routes, but the guard checks its buttons
    // against its grants like anyone's (core/auth/permissions.ts): the answer says just that.
    const tenantAdmin = await createTenantAdmin(t, '610001');
    const narrow = await createAccount(t, {
      tenantId: '610001',
      roles: [{ alias: 'admin', menuIds: [menuId('post')] }],
    });
    const rights = await rightsOf(`userId=${narrow.userId}`, tenantAdmin.token);
    expect(rights.administrator).toBe('tenant');
    expect(rights.buttons).toEqual([]);
    const token = (await signInAs(t, narrow)).access_token;
    const submit = await t.call(
      {
        method: 'POST',
        url: '/api/blade-system/post/submit',
        payload: { postCode: 'x', postName: 'x', category: 1, sort: 1 },
      },
      token,
    );
    expect(submit.status).toBe(403);
    expect((await effective(`userId=${narrow.userId}`, token)).status).toBe(200);
  });

  it("keeps a tenant's administrator to its own tenant: another tenant's user or role answers 404", async () => {
    const tenantAdmin = await createTenantAdmin(t, '610002');
    const staff = await createAccount(t, {
      tenantId: '610002',
      roles: [{ alias: 'clerk', menuIds: [menuId('post')] }],
    });
    const rights = await rightsOf(`userId=${staff.userId}`, tenantAdmin.token);
    expect(rights.roles.map((role) => role.roleAlias)).toEqual(['clerk']);
    expect(shape(rights.menus[0]!.menus)).toEqual([{ system: ['post'] }]);

    for (const query of [`userId=${viewed.userId}`, `roleId=${postRole}`, `userId=${SEED_IDS.admin}`]) {
      const res = await effective(query, tenantAdmin.token);
      expect(res.status, query).toBe(404);
      expect(res.body).toMatchObject({ code: 404, success: false });
    }
    // The platform administrator too reads its own tenant only.
    expect((await effective(`userId=${staff.userId}`)).status).toBe(404);
    expect((await effective(`roleId=${staff.roleIds[0]}`)).status).toBe(404);
  });

  it('refuses anyone but an administrator (403), even with the role and user pages', async () => {
    const operator = await createOperator(t, ['role', 'role_grant', 'user', 'user_view']);
    const res = await effective(`userId=${viewed.userId}`, operator.token);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 403, success: false });
  });

  it('answers bad input 400 in the envelope, an unknown id 404, and changes nothing', async () => {
    const before = await snapshot();
    const both = await effective(`userId=${viewed.userId}&roleId=${postRole}`);
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({
      code: 400,
      success: false,
      msg: '请指定一个用户（userId）或一个角色（roleId），二者只能选其一',
    });
    expect((await effective('', undefined, 'en')).body).toMatchObject({
      code: 400,
      msg: 'Give either a user (userId) or a role (roleId), not both',
    });
    expect((await effective('userId=&roleId=')).status).toBe(400);
    for (const query of ['userId=abc', 'roleId=1e3', 'userId=99999999999999999999']) {
      const res = await effective(query);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ code: 400, success: false });
    }
    expect((await effective('userId=42')).status).toBe(404);
    expect((await effective('roleId=42')).status).toBe(404);

    await rightsOf(`userId=${viewed.userId}`);
    await rightsOf(`roleId=${paramRole}`);
    expect(await snapshot()).toEqual(before);
  });
});
