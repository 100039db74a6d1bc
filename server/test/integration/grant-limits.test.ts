import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuId } from '../../src/db/seed/menus.js';
import { SEED_IDS } from '../../src/db/seed/seed.js';
import {
  createAccount,
  createOperator,
  createTenantAdmin,
  grantMenus,
  menusOfRole,
  scopesOfRole,
  signInAs,
  type TestAccount,
} from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { insertScope } from './support/scopes.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Security S12 and issue 13 items 1–6: nobody ends up with more rights than whoever granted them,
// and revocations (role removal, password reset, logout) take effect at once. Every attack here
// is made by a signed-in user of modest rights; each refusal also checks that nothing changed.

const ROLE = '/api/blade-system/role';

describe.each(oneEngineFor(import.meta.url))('grants stay within what the granter holds on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: object | undefined, token: string) =>
    t.call({ method: 'POST', url, ...(payload ? { payload } : {}) }, token);
  const get = (url: string, token: string) => t.call({ method: 'GET', url }, token);
  const codes = (list: string[]) => list.map(menuId);
  const menusOf = (roleId: string) => menusOfRole(t, roleId);
  const scopesOf = (roleId: string) => scopesOfRole(t, roleId);
  const rolesOfUser = async (userId: string) =>
    (
      await t.store.db
        .selectFrom('blade_user')
        .select('role_id')
        .where('id', '=', BigInt(userId))
        .executeTakeFirstOrThrow()
    ).role_id;
  /**
   * A user holding a role with the alias as given (as one stored before aliases were checked would
   * be) and a plain second role: the token's joined names then read `<alias>,ops`.
   */
  const insertRole = (tenantId: string, alias: string, menuIds: string[] = []) =>
    createAccount(t, { tenantId, roles: [{ alias, menuIds }, { alias: 'ops' }] });

  it('refuses role aliases that are not plain codes, and reserved ones in any case', async () => {
    const editor = await createOperator(t, ['role', 'role_add', 'role_edit']);
    for (const alias of ['pops,administrator', 'ops,admin', 'a b', ' admin', '管理员', 'x'.repeat(65)]) {
      const res = await post(`${ROLE}/submit`, { roleName: 'r', roleAlias: alias, sort: 1 }, editor.token);
      expect(res.status, alias).toBe(400);
    }
    for (const alias of ['Administrator', 'ADMIN', 'Admin']) {
      const res = await post(`${ROLE}/submit`, { roleName: 'r', roleAlias: alias, sort: 1 }, editor.token);
      expect(res.body, alias).toMatchObject({ code: 400, msg: `无权使用角色别名: ${alias}` });
    }
    const none = await t.store.db
      .selectFrom('blade_role')
      .select('id')
      .where('role_name', '=', 'r')
      .execute();
    expect(none).toEqual([]);
    expect(
      (await post(`${ROLE}/submit`, { roleName: 'ok', roleAlias: 'nurse_lead-2', sort: 1 }, editor.token))
        .status,
    ).toBe(200);
  });

  it('decides administrators from role records, never from joined alias text', async () => {
    // Aliases stored before they were checked: a joined string names no administrator.
    const platformish = await insertRole('000000', 'pops,administrator', codes(['role', 'role_edit']));
    const token = (await signInAs(t, platformish)).access_token;
    expect((await get('/api/blade-system/tenant/list', token)).status).toBe(403);
    expect((await get('/api/blade-log/api/list', token)).status).toBe(403);
    expect((await get('/api/blade-auth/oauth/clear-cache', token)).status).toBe(403);

    const tenantish = await insertRole('420001', 'ops,admin', codes(['role']));
    const tenantToken = (await signInAs(t, tenantish)).access_token;
    expect((await get('/api/blade-auth/oauth/clear-cache', tenantToken)).status).toBe(403);
    // The real thing still works.
    const real = await createTenantAdmin(t, '420001');
    expect((await get('/api/blade-auth/oauth/clear-cache', real.token)).status).toBe(200);
  });

  describe('in a tenant', () => {
    const tenantId = '430001';
    let admin: TestAccount & { token: string };
    let hr: string;
    let manager: string;

    beforeAll(async () => {
      admin = await createTenantAdmin(t, tenantId);
      const create = async (roleName: string, roleAlias: string, menus: string[]) => {
        const res = await post(`${ROLE}/submit`, { roleName, roleAlias, sort: 1 }, admin.token);
        expect(res.status).toBe(200);
        const id = res.body.data.id as string;
        await grantMenus(t, id, codes(menus));
        return id;
      };
      hr = await create('人事', 'hr', ['user', 'user_add', 'user_edit', 'user_delete', 'user_reset']);
      manager = await create('经理', 'mgr', ['role', 'role_grant', 'role_delete', 'dept', 'dept_add']);
    });

    it('refuses a user raising its own roles with user_role (item 2)', async () => {
      const clerk = await createOperator(t, ['user', 'user_role'], { tenantId });
      const before = await rolesOfUser(clerk.userId);
      const res = await post(
        `/api/blade-user/grant?userIds=${clerk.userId}&roleIds=${hr},${manager}`,
        undefined,
        clerk.token,
      );
      expect(res.body).toMatchObject({ code: 403, msg: '不能给自己的账号授予角色' });
      expect(await rolesOfUser(clerk.userId)).toBe(before);
      // Not by user/submit either.
      const self = await get(`/api/blade-user/detail?id=${clerk.userId}`, clerk.token);
      const submit = await post(
        '/api/blade-user/submit',
        { ...self.body.data, roleId: `${before},${hr}`, password: undefined },
        (await createOperator(t, ['user', 'user_edit'], { tenantId })).token,
      );
      expect(submit.status).toBe(403);
      expect(await rolesOfUser(clerk.userId)).toBe(before);
    });

    it('refuses giving others roles that grant more than the giver holds', async () => {
      const clerk = await createOperator(t, ['user', 'user_role'], { tenantId });
      const other = await createAccount(t, { tenantId, roles: [] });
      const before = await rolesOfUser(other.userId);
      const above = await post(
        `/api/blade-user/grant?userIds=${other.userId}&roleIds=${hr}`,
        undefined,
        clerk.token,
      );
      expect(above.body).toMatchObject({ code: 403, msg: '无权授予超出自身权限的角色: 人事' });
      expect(await rolesOfUser(other.userId)).toBe(before);
      // Nor change an administrator's roles, nor give the administrator's role.
      const demote = await post(
        `/api/blade-user/grant?userIds=${admin.userId}&roleIds=${clerk.roleIds[0]}`,
        undefined,
        clerk.token,
      );
      expect(demote.status).toBe(403);
      expect(await rolesOfUser(admin.userId)).toBe(admin.roleIds.join(','));
      const promote = await post(
        `/api/blade-user/grant?userIds=${other.userId}&roleIds=${admin.roleIds[0]}`,
        undefined,
        clerk.token,
      );
      expect(promote.status).toBe(403);
      // A role within the giver's own grants may be given.
      const within = await post(
        `/api/blade-user/grant?userIds=${other.userId}&roleIds=${clerk.roleIds[0]}`,
        undefined,
        clerk.token,
      );
      expect(within.status).toBe(200);
      expect(await rolesOfUser(other.userId)).toBe(clerk.roleIds[0]);
      // The tenant's administrator keeps full rights in its tenant.
      expect(
        (await post(`/api/blade-user/grant?userIds=${other.userId}&roleIds=${hr}`, undefined, admin.token))
          .status,
      ).toBe(200);
    });

    it('refuses resetting the password of an account with more rights (its new password is shown)', async () => {
      const resetter = await createOperator(t, ['user', 'user_reset'], { tenantId });
      const hashOf = async (userId: string) =>
        (
          await t.store.db
            .selectFrom('blade_user')
            .select('password')
            .where('id', '=', BigInt(userId))
            .executeTakeFirstOrThrow()
        ).password;
      const reset = (userId: string) =>
        post(`/api/blade-user/reset-password?userIds=${userId}`, undefined, resetter.token);
      const adminHash = await hashOf(admin.userId);
      expect((await reset(admin.userId)).body).toMatchObject({
        code: 403,
        msg: '无权重置权限超出自身的账号的密码',
      });
      expect(await hashOf(admin.userId)).toBe(adminHash);
      const hrUser = await createAccount(t, { tenantId, roles: [] });
      await post(`/api/blade-user/grant?userIds=${hrUser.userId}&roleIds=${hr}`, undefined, admin.token);
      expect((await reset(hrUser.userId)).status).toBe(403);
      // An account within the resetter's own rights may be reset; the administrator resets anyone.
      const peer = await createAccount(t, { tenantId, roles: [] });
      expect((await reset(peer.userId)).status).toBe(200);
      expect(
        (await post(`/api/blade-user/reset-password?userIds=${hrUser.userId}`, undefined, admin.token))
          .status,
      ).toBe(200);
    });

    it("refuses replacing the administrator role's menus with role_grant (item 3)", async () => {
      const granter = await createOperator(t, ['role', 'role_grant', 'dept'], { tenantId });
      const before = await menusOf(admin.roleIds[0]!);
      const res = await post(
        `${ROLE}/grant`,
        { roleIds: [admin.roleIds[0]], menuIds: [menuId('dept')] },
        granter.token,
      );
      expect(res.body).toMatchObject({ code: 403, msg: '只有管理员可以授予管理员角色' });
      expect(await menusOf(admin.roleIds[0]!)).toEqual(before);
      // Nor rename or remove it.
      const rename = await post(
        `${ROLE}/submit`,
        { id: admin.roleIds[0], roleName: 'x', roleAlias: 'x', sort: 1 },
        (await createOperator(t, ['role', 'role_edit'], { tenantId })).token,
      );
      expect(rename.status).toBe(403);
      const remove = await post(
        `${ROLE}/remove?ids=${admin.roleIds[0]}`,
        undefined,
        (await createOperator(t, ['role', 'role_delete'], { tenantId })).token,
      );
      expect(remove.status).toBe(403);
      expect(
        (await t.store.db
          .selectFrom('blade_role')
          .select(['role_alias', 'is_deleted'])
          .where('id', '=', BigInt(admin.roleIds[0]!))
          .executeTakeFirstOrThrow()) as object,
      ).toMatchObject({ role_alias: 'admin' });
    });

    it('refuses lifting data scopes: on its own role or by clearing the last rule (item 4)', async () => {
      const ownDept = await insertScope(t, 'data', {
        menuId: menuId('user'),
        resourceCode: 'user',
        scopeType: 3,
      });
      const scoped = await createOperator(t, ['user', 'role', 'role_grant'], { tenantId });
      await t.store.db
        .insertInto('blade_role_scope')
        .values({
          id: BigInt(t.store.ids.next()),
          scope_category: 1,
          role_id: BigInt(scoped.roleIds[0]!),
          scope_id: BigInt(ownDept),
        })
        .execute();
      const visible = async () =>
        (await get('/api/blade-user/page?current=1&size=200', scoped.token)).body.data.total as number;
      const seen = await visible();
      const own = await post(
        `${ROLE}/grant`,
        { roleIds: [scoped.roleIds[0]], menuIds: codes(['user', 'role', 'role_grant']), dataScopeIds: [] },
        scoped.token,
      );
      expect(own.body).toMatchObject({ code: 403, msg: '不能修改自己所属角色的权限' });
      expect(await scopesOf(scoped.roleIds[0]!)).toEqual([ownDept]);
      expect(await visible()).toBe(seen);

      // Another role limited on users by the same rule may not be cleared of it …
      const peer = await createOperator(t, ['user'], { tenantId });
      await t.store.db
        .insertInto('blade_role_scope')
        .values({
          id: BigInt(t.store.ids.next()),
          scope_category: 1,
          role_id: BigInt(peer.roleIds[0]!),
          scope_id: BigInt(ownDept),
        })
        .execute();
      const lift = await post(
        `${ROLE}/grant`,
        { roleIds: [peer.roleIds[0]], menuIds: codes(['user']), dataScopeIds: [] },
        scoped.token,
      );
      expect(lift).toMatchObject({ status: 403, body: { msg: '无权取消角色在 user 上的数据权限限制' } });
      expect(await scopesOf(peer.roleIds[0]!)).toEqual([ownDept]);
      // … nor given a scope the granter does not hold (a rule of type "all").
      const all = await insertScope(t, 'data', {
        menuId: menuId('user'),
        resourceCode: 'user',
        scopeType: 1,
      });
      const wider = await post(
        `${ROLE}/grant`,
        { roleIds: [peer.roleIds[0]], menuIds: codes(['user']), dataScopeIds: [all] },
        scoped.token,
      );
      expect(wider.status).toBe(403);
      expect(await scopesOf(peer.roleIds[0]!)).toEqual([ownDept]);
      // Keeping the rule is fine.
      const keep = await post(
        `${ROLE}/grant`,
        { roleIds: [peer.roleIds[0]], menuIds: codes(['user']), dataScopeIds: [ownDept] },
        scoped.token,
      );
      expect(keep.status).toBe(200);
    });
  });

  it("ends a removed role's rights at once, without waiting for the token (item 5)", async () => {
    const holder = await createAccount(t, {
      roles: [{ alias: 'admin', menuIds: codes(['role', 'role_add']) }],
    });
    const token = (await signInAs(t, holder)).access_token;
    expect((await get('/api/blade-auth/oauth/clear-cache', token)).status).toBe(200);
    expect((await post(`${ROLE}/remove?ids=${holder.roleIds[0]}`, undefined, t.adminToken)).status).toBe(200);
    expect((await get('/api/blade-auth/oauth/clear-cache', token)).status).toBe(403);
    // Nor do its menus count: the removed role's grants are gone from the token's user.
    expect((await get('/api/blade-system/menu/buttons', token)).body.data).toEqual([]);
  });

  describe('revocation at the precision tokens are issued (item 6)', () => {
    const claims = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
        iat: number;
        iat_ms?: number;
      };
    const issuedMs = (token: string) => claims(token).iat_ms ?? claims(token).iat * 1000;

    it('refuses access and refresh tokens issued in the same second, before a reset', async () => {
      const user = await createAccount(t, { roles: [{ menuIds: codes(['role']) }] });
      const signedIn = await signInAs(t, user);
      // The reset happened 1 ms after the tokens were issued: the same second, but after them.
      const reset = await post(
        `/api/blade-user/reset-password?userIds=${user.userId}`,
        undefined,
        t.adminToken,
      );
      expect(reset.status).toBe(200);
      const issued = Math.max(issuedMs(signedIn.access_token), issuedMs(signedIn.refresh_token));
      await t.store.db
        .updateTable('blade_user')
        .set({ token_valid_after: new Date(issued + 1) })
        .where('id', '=', BigInt(user.userId))
        .execute();
      expect((await get(`${ROLE}/list`, signedIn.access_token)).status).toBe(401);
      const refresh = await t.call(
        {
          method: 'POST',
          url: '/api/blade-auth/oauth/token',
          query: { grant_type: 'refresh_token', refresh_token: signedIn.refresh_token, scope: 'all' },
        },
        null,
      );
      expect(refresh.status).toBe(401);
    });

    it('ends every token of a session at logout, not only the one presented', async () => {
      const user = await createAccount(t, { roles: [{ menuIds: codes(['role']) }] });
      const first = await signInAs(t, user);
      const refreshed = await t.call(
        {
          method: 'POST',
          url: '/api/blade-auth/oauth/token',
          query: { grant_type: 'refresh_token', refresh_token: first.refresh_token, scope: 'all' },
        },
        null,
      );
      expect(refreshed.status).toBe(200);
      const second = refreshed.body.access_token as string;
      expect((await get(`${ROLE}/list`, first.access_token)).status).toBe(200);
      expect((await get('/api/blade-auth/oauth/logout', second)).status).toBe(200);
      expect((await get(`${ROLE}/list`, second)).status).toBe(401);
      expect((await get(`${ROLE}/list`, first.access_token)).status).toBe(401);
      // Another session of the same user goes on.
      const other = await signInAs(t, user);
      expect((await get(`${ROLE}/list`, other.access_token)).status).toBe(200);
    });
  });

  it('keeps the platform administrator able to do all of it', async () => {
    const res = await post(
      `${ROLE}/grant`,
      { roleIds: [SEED_IDS.administratorRole], menuIds: [] },
      (await createOperator(t, ['role', 'role_grant'])).token,
    );
    expect(res.status).toBe(403);
    const user = await createAccount(t, { roles: [] });
    expect(
      (
        await post(
          `/api/blade-user/grant?userIds=${user.userId}&roleIds=${SEED_IDS.administratorRole}`,
          undefined,
          t.adminToken,
        )
      ).status,
    ).toBe(200);
  });
});
