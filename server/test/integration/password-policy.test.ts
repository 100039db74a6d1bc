import { PASSWORD_POLICY_DEFAULTS } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markSeededAdmin } from '../../src/db/migrations/0016-password-policy.js';
import { hashPassword, SEED_IDS } from '../../src/db/seed/seed.js';
import { CAPTCHA_LIMIT } from '../../src/modules/auth/sign-in-limits.js';
import { createAccount } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { md5, SABER_BASIC, startTestApp, type TestApp } from './support/test-app.js';

// Issue 44, item 9: the tenant's password policy (read by the console, which checks length and
// character classes before hashing), common passwords and the last N refused by the server, and a
// password change required at the next sign-in (seeded admin, reset, new tenant administrator,
// administrator-chosen), enforced by the guard.

const USER = '/api/blade-user';
const TENANT = '/api/blade-system/tenant';
/** A call every signed-in user may make otherwise (the menus of the console's shell). */
const MENU_ROUTES = '/api/blade-system/menu/routes';

describe.each(oneEngineFor(import.meta.url))('password policy on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  const get = (url: string, token: string | null, language = 'zh-CN') =>
    t.call({ method: 'GET', url, headers: { 'accept-language': language } }, token);
  const changePassword = (token: string, from: string, to: string, language = 'zh-CN') =>
    t.call(
      {
        method: 'POST',
        url: `${USER}/update-password`,
        query: { oldPassword: md5(from), newPassword: md5(to), newPassword1: md5(to) },
        headers: { 'accept-language': language },
      },
      token,
    );
  const tokenOf = async (account: string, password: string, tenantId = '000000') => {
    const res = await t.signIn(account, password, tenantId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { access_token: string; password_change_required: boolean };
  };
  const flagOf = async (userId: string) =>
    Number(
      (
        await t.store.db
          .selectFrom('blade_user')
          .select('password_change_required')
          .where('id', '=', BigInt(userId))
          .executeTakeFirstOrThrow()
      ).password_change_required,
    );
  const platformTenantId = async () =>
    String(
      (
        await t.store.db
          .selectFrom('blade_tenant')
          .select('id')
          .where('tenant_id', '=', '000000')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const setPolicy = (id: string, policy: Record<string, number>, token = t.adminToken) =>
    t.call(
      { method: 'POST', url: `${TENANT}/submit`, payload: { id, tenantName: '管理组', ...policy } },
      token,
    );

  it('answers the tenant policy to its users and, numbers only, by tenant id before sign-in', async () => {
    const own = await get(`${USER}/password-policy`, t.adminToken);
    expect(own.body).toMatchObject({ code: 200, success: true, data: { ...PASSWORD_POLICY_DEFAULTS } });
    const open = await get(`${TENANT}/password-policy?tenantId=000000`, null);
    expect(open.status).toBe(200);
    expect(open.body.data).toEqual({ ...PASSWORD_POLICY_DEFAULTS });
    // An unknown tenant answers the defaults: the read tells nobody which tenants exist.
    const unknown = await get(`${TENANT}/password-policy?tenantId=999999`, null);
    expect(unknown.body.data).toEqual({ ...PASSWORD_POLICY_DEFAULTS });
    // Still a known client's call (S3).
    const noClient = await t.app.inject({ method: 'GET', url: `${TENANT}/password-policy?tenantId=000000` });
    expect(noClient.statusCode).toBe(401);
  });

  it('lets the platform administrator edit a tenant policy within its limits, refused values changing nothing', async () => {
    const id = await platformTenantId();
    const refused = await setPolicy(id, { passwordMinLength: 10, passwordMinClasses: 5 });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 400, success: false, data: null });
    expect((await get(`${USER}/password-policy`, t.adminToken)).body.data).toEqual({
      ...PASSWORD_POLICY_DEFAULTS,
    });
    const saved = await setPolicy(id, { passwordMinLength: 10, passwordMinClasses: 3, passwordHistory: 4 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({
      passwordMinLength: 10,
      passwordMinClasses: 3,
      passwordHistory: 4,
    });
    const read = await get(`${TENANT}/password-policy?tenantId=000000`, null);
    expect(read.body.data).toEqual({ minLength: 10, minClasses: 3, history: 4 });
    // An edit that leaves the policy out keeps it.
    expect((await setPolicy(id, {})).status).toBe(200);
    expect((await get(`${USER}/password-policy`, t.adminToken)).body.data).toEqual({
      minLength: 10,
      minClasses: 3,
      history: 4,
    });
    await setPolicy(id, {
      passwordMinLength: PASSWORD_POLICY_DEFAULTS.minLength,
      passwordMinClasses: PASSWORD_POLICY_DEFAULTS.minClasses,
      passwordHistory: PASSWORD_POLICY_DEFAULTS.history,
    });
  });

  it('limits the public policy read per address as the captcha', async () => {
    const from = (ip: string) =>
      t.app.inject({
        method: 'GET',
        url: `${TENANT}/password-policy?tenantId=000000`,
        headers: { authorization: SABER_BASIC },
        remoteAddress: ip,
      });
    for (let i = 0; i < CAPTCHA_LIMIT; i++) expect((await from('10.9.9.9')).statusCode).toBe(200);
    const refused = await from('10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({
      code: 429,
      success: false,
      msg: '请求过于频繁，请稍后再试',
    });
    expect((await from('10.9.9.10')).statusCode).toBe(200);
  });

  it('refuses the digest of a common password wherever one is chosen, nothing changed', async () => {
    const user = await createAccount(t, { password: 'Start-pw-1' });
    const token = (await tokenOf(user.account, 'Start-pw-1')).access_token;
    const zh = await changePassword(token, 'Start-pw-1', 'password');
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({
      code: 400,
      success: false,
      msg: '该密码是最常见的密码之一，很容易被猜到，请换一个',
    });
    const en = await changePassword(token, 'Start-pw-1', 'qwerty123', 'en');
    expect(en.body.msg).toBe(
      'This password is one of the most common ones and easy to guess; choose another',
    );
    expect((await t.signIn(user.account, 'Start-pw-1')).status).toBe(200);

    const me = await get(`${USER}/info`, t.adminToken);
    const created = await t.call({
      method: 'POST',
      url: `${USER}/submit`,
      payload: {
        account: 'common-pw',
        password: md5('123456'),
        password2: md5('123456'),
        roleId: user.roleIds[0],
        deptId: me.body.data.deptId,
      },
    });
    expect(created.status).toBe(400);
    expect(created.body.msg).toBe('该密码是最常见的密码之一，很容易被猜到，请换一个');
    expect((await t.signIn('common-pw', '123456')).status).toBe(400);

    // An uncommon one is taken (length and classes are the console's to check: md5 hides them).
    expect((await changePassword(token, 'Start-pw-1', 'x')).status).toBe(200);
  });

  it('refuses the last N passwords and takes the one before them (N from the tenant policy)', async () => {
    await setPolicy(await platformTenantId(), { passwordHistory: 3 });
    const user = await createAccount(t, { password: 'Pw-zero-0' });
    const token = (await tokenOf(user.account, 'Pw-zero-0')).access_token;
    // The current password, set before any history was kept, counts.
    const same = await changePassword(token, 'Pw-zero-0', 'Pw-zero-0', 'en');
    expect(same.body).toMatchObject({
      code: 400,
      msg: 'The new password may not be one of the last 3 passwords used',
    });
    for (const [from, to] of [
      ['Pw-zero-0', 'Pw-one-1'],
      ['Pw-one-1', 'Pw-two-2'],
      ['Pw-two-2', 'Pw-three-3'],
    ])
      expect((await changePassword(token, from!, to!)).status).toBe(200);
    for (const recent of ['Pw-one-1', 'Pw-two-2', 'Pw-three-3']) {
      const refused = await changePassword(token, 'Pw-three-3', recent);
      expect(refused.body).toMatchObject({ code: 400, msg: '新密码不能与最近 3 次使用过的密码相同' });
    }
    expect((await t.signIn(user.account, 'Pw-three-3')).status).toBe(200);
    // Kept to N: the history holds three hashes, and the fourth-latest is taken again.
    const kept = await t.store.db
      .selectFrom('blade_user_password_history')
      .select('id')
      .where('user_id', '=', BigInt(user.userId))
      .execute();
    expect(kept).toHaveLength(3);
    expect((await changePassword(token, 'Pw-three-3', 'Pw-zero-0')).status).toBe(200);
    await setPolicy(await platformTenantId(), { passwordHistory: PASSWORD_POLICY_DEFAULTS.history });
  });

  it('requires a change after a reset: the token says so, other calls answer 403 until it is changed', async () => {
    const user = await createAccount(t, { password: 'Before-reset-1' });
    const reset = await t.call({ method: 'POST', url: `${USER}/reset-password?userIds=${user.userId}` });
    expect(reset.status).toBe(200);
    const given = reset.body.data[0].password as string;
    expect(await flagOf(user.userId)).toBe(1);

    const session = await tokenOf(user.account, given);
    expect(session.password_change_required).toBe(true);
    const token = session.access_token;
    const refused = await get(MENU_ROUTES, token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 403,
      success: false,
      data: null,
      msg: '请先修改密码：当前密码是初始或重置的密码，修改后才能继续使用',
    });
    expect((await get(MENU_ROUTES, token, 'en')).body.msg).toMatch(/^Change your password first/);
    // What the change needs stays open.
    const info = await get(`${USER}/info`, token);
    expect(info.status).toBe(200);
    expect(info.body.data.passwordChangeRequired).toBe(1);
    expect((await get('/api/blade-auth/oauth/user-info', token)).body.data.passwordChangeRequired).toBe(1);
    expect((await get(`${USER}/password-policy`, token)).status).toBe(200);
    // A user without the flag is not concerned.
    expect((await get(MENU_ROUTES, (await tokenOf('admin', 'admin')).access_token)).status).toBe(200);

    // The generated password cannot be kept: it is in the history.
    expect((await changePassword(token, given, given)).status).toBe(400);
    expect((await get(MENU_ROUTES, token)).status).toBe(403);
    expect((await changePassword(token, given, 'Chosen-by-me-1')).status).toBe(200);
    // The same session carries on.
    expect((await get(MENU_ROUTES, token)).status).toBe(200);
    expect(await flagOf(user.userId)).toBe(0);
    expect((await tokenOf(user.account, 'Chosen-by-me-1')).password_change_required).toBe(false);
  });

  it('lets the refresh and logout through while a change is required', async () => {
    const user = await createAccount(t, { password: 'Before-reset-2' });
    const reset = await t.call({ method: 'POST', url: `${USER}/reset-password?userIds=${user.userId}` });
    const session = (await t.signIn(user.account, reset.body.data[0].password)).body;
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      query: { grant_type: 'refresh_token', refresh_token: session.refresh_token, scope: 'all' },
      headers: { authorization: SABER_BASIC },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(JSON.parse(refreshed.body).password_change_required).toBe(true);
    const token = JSON.parse(refreshed.body).access_token as string;
    expect((await get('/api/blade-auth/oauth/logout', token)).status).toBe(200);
    expect((await get(`${USER}/info`, token)).status).toBe(401);
  });

  it("requires a new tenant's administrator to change the initial password", async () => {
    const created = await t.call({
      method: 'POST',
      url: `${TENANT}/submit`,
      payload: { tenantName: '新租户' },
    });
    expect(created.status).toBe(200);
    const tenantId = created.body.data.tenantId as string;
    expect(created.body.data).toMatchObject({
      ...{ passwordMinLength: 8, passwordMinClasses: 2, passwordHistory: 5 },
    });
    const session = await tokenOf('admin', '123456', tenantId);
    expect(session.password_change_required).toBe(true);
    expect((await get(MENU_ROUTES, session.access_token)).status).toBe(403);
    expect((await changePassword(session.access_token, '123456', 'Tenant-own-1')).status).toBe(200);
    expect((await get(MENU_ROUTES, session.access_token)).status).toBe(200);
  });

  it('requires a change of a password an administrator chose when the form asks for it', async () => {
    const role = (await createAccount(t)).roleIds[0];
    const dept = (await get(`${USER}/info`, t.adminToken)).body.data.deptId as string;
    const add = (account: string, passwordChangeRequired?: number) =>
      t.call({
        method: 'POST',
        url: `${USER}/submit`,
        payload: {
          account,
          password: md5('Given-pw-1'),
          password2: md5('Given-pw-1'),
          roleId: role,
          deptId: dept,
          ...(passwordChangeRequired === undefined ? {} : { passwordChangeRequired }),
        },
      });
    const flagged = await add('chosen-flagged', 1);
    expect(flagged.status, JSON.stringify(flagged.body)).toBe(200);
    expect(flagged.body.data.passwordChangeRequired).toBe(1);
    expect((await tokenOf('chosen-flagged', 'Given-pw-1')).password_change_required).toBe(true);
    // Without the field (BladeX consoles), as before.
    expect((await add('chosen-plain')).body.data.passwordChangeRequired).toBe(0);
    expect((await tokenOf('chosen-plain', 'Given-pw-1')).password_change_required).toBe(false);
  });
});

describe.each(oneEngineFor(import.meta.url))('a new installation on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind, [], false, { freshDatabase: true });
  });
  afterAll(() => t?.close());

  it('makes admin / admin change the password at the first sign-in', async () => {
    const seeded = await t.store.db
      .selectFrom('blade_user')
      .select('password_change_required')
      .where('id', '=', BigInt(SEED_IDS.admin))
      .executeTakeFirstOrThrow();
    expect(Number(seeded.password_change_required)).toBe(1);
    const session = await t.signIn('admin', 'admin');
    expect(session.body.password_change_required).toBe(true);
    const token = session.body.access_token as string;
    expect((await t.call({ method: 'GET', url: MENU_ROUTES }, token)).status).toBe(403);
    // admin is one of the most common passwords: it cannot be kept.
    const kept = await t.call(
      {
        method: 'POST',
        url: `${USER}/update-password`,
        query: { oldPassword: md5('admin'), newPassword: md5('admin'), newPassword1: md5('admin') },
      },
      token,
    );
    expect(kept.status).toBe(400);
    const changed = await t.call(
      {
        method: 'POST',
        url: `${USER}/update-password`,
        query: {
          oldPassword: md5('admin'),
          newPassword: md5('Fleet-admin-1'),
          newPassword1: md5('Fleet-admin-1'),
        },
      },
      token,
    );
    expect(changed.status).toBe(200);
    expect((await t.call({ method: 'GET', url: MENU_ROUTES }, token)).status).toBe(200);
    expect((await t.signIn('admin', 'Fleet-admin-1')).body.password_change_required).toBe(false);

    // Migration 0016 on an existing installation marks the admin only while its password is admin.
    await markSeededAdmin(t.store.db);
    expect(await adminFlag()).toBe(0);
    await t.store.db
      .updateTable('blade_user')
      .set({ password: await hashPassword(md5('admin')) })
      .where('id', '=', BigInt(SEED_IDS.admin))
      .execute();
    await markSeededAdmin(t.store.db);
    expect(await adminFlag()).toBe(1);
  });

  const adminFlag = async () =>
    Number(
      (
        await t.store.db
          .selectFrom('blade_user')
          .select('password_change_required')
          .where('id', '=', BigInt(SEED_IDS.admin))
          .executeTakeFirstOrThrow()
      ).password_change_required,
    );
});
