import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/db/seed/seed.js';
import { captchaKey } from '../../src/modules/auth/captcha.js';
import { oneEngineFor } from './support/databases.js';
import { createAccount as createTestAccount } from './support/accounts.js';
import { md5, SABER_BASIC, startTestApp, type TestApp } from './support/test-app.js';

const TOKEN_URL = '/api/blade-auth/oauth/token';
// A read every signed-in user may make (their own info): what these tests call with a token.
const OWN_INFO = '/api/blade-user/info';

describe.each(oneEngineFor(import.meta.url))('sign-in on %s', (kind) => {
  let t: TestApp;
  let n = 0;

  /** A tenant with one role and one user (support/accounts.ts), numbered per test. */
  async function createAccount(
    options: {
      tenantId?: string;
      account?: string;
      password?: string;
      userStatus?: number;
      tenantStatus?: number;
      expireTime?: Date | null;
      roleAlias?: string;
    } = {},
  ) {
    n += 1;
    const { roleAlias, ...rest } = options;
    const created = await createTestAccount(t, {
      ...rest,
      tenantId: options.tenantId ?? String(200000 + n),
      account: options.account ?? `user${n}`,
      roles: [{ alias: roleAlias ?? 'operator' }],
    });
    return { ...created, roleId: created.roleIds[0]! };
  }

  const captchaSignIn = (code: string | undefined, key: string | undefined, password = 'admin') =>
    t.app
      .inject({
        method: 'POST',
        url: TOKEN_URL,
        query: {
          tenantId: '000000',
          username: 'admin',
          password: md5(password),
          grant_type: 'captcha',
          scope: 'all',
          type: 'account',
        },
        headers: {
          authorization: SABER_BASIC,
          ...(key ? { 'captcha-key': key } : {}),
          ...(code ? { 'captcha-code': code } : {}),
        },
      })
      .then((r) => ({ status: r.statusCode, body: JSON.parse(r.body) }));

  const refresh = (refreshToken: string, headers: Record<string, string> = {}) =>
    t.app
      .inject({
        method: 'POST',
        url: TOKEN_URL,
        query: { grant_type: 'refresh_token', refresh_token: refreshToken, scope: 'all', tenantId: '000000' },
        headers: { authorization: SABER_BASIC, ...headers },
      })
      .then((r) => ({ status: r.statusCode, body: JSON.parse(r.body) }));

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the token response of the contract for the password grant', async () => {
    const res = await t.signIn('admin', 'admin');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'access_token',
        'token_type',
        'refresh_token',
        'expires_in',
        'scope',
        'tenant_id',
        'user_id',
        'user_name',
        'real_name',
        'nick_name',
        'account',
        'avatar',
        'role_id',
        'role_name',
        'dept_id',
        'post_id',
        'oauth_id',
        'client_id',
        'license',
        'jti',
        'password_change_required',
        'second_factor_setup_required',
      ].sort(),
    );
    expect(res.body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      password_change_required: false,
      second_factor_setup_required: false,
      tenant_id: '000000',
      user_id: SEED_IDS.admin,
      account: 'admin',
      role_id: SEED_IDS.administratorRole,
      role_name: 'administrator',
      dept_id: SEED_IDS.dept,
      client_id: 'saber',
    });
    // No hash and no password or its digest (password_change_required is a flag, neither).
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|"password"/i);
    expect(JSON.stringify(res.body)).not.toContain(md5('admin'));
  });

  it('issues single-use captchas through the cache', async () => {
    const issued = await t.call({ method: 'GET', url: '/api/blade-auth/oauth/captcha' }, null);
    expect(issued.status).toBe(200);
    expect(issued.body.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(issued.body.image).toMatch(/^data:image\/svg\+xml;base64,/);
    // Large enough to read (issue 45: 120×40 was not), and scalable whole by whoever shows it.
    const svg = Buffer.from(issued.body.image.split(',')[1], 'base64').toString();
    expect(svg).toMatch(/^<svg [^>]*width="180" height="60" viewBox="0 0 180 60"/);
    const code = (await t.cache.get(captchaKey(issued.body.key)))!;
    expect(code).toMatch(/^[a-z0-9]{5}$/);

    expect((await captchaSignIn(code.toUpperCase(), issued.body.key)).status).toBe(200);
    const reused = await captchaSignIn(code, issued.body.key);
    expect(reused).toEqual({
      status: 400,
      body: { error_code: 400, error_description: '验证码不正确或已过期' },
    });

    const other = await t.call({ method: 'GET', url: '/api/blade-auth/oauth/captcha' }, null);
    expect((await captchaSignIn('zzzz', other.body.key)).body.error_description).toBe('验证码不正确或已过期');
    // The wrong guess used it up too.
    const right = (await t.cache.get(captchaKey(other.body.key))) ?? 'gone';
    expect(right).toBe('gone');
    expect((await captchaSignIn(undefined, undefined)).body.error_description).toBe('请输入验证码');
  });

  it('refuses wrong accounts and passwords with one message, in the request language', async () => {
    const wrong = await t.signIn('admin', 'nope');
    expect(wrong).toEqual({ status: 400, body: { error_code: 400, error_description: '用户名或密码错误' } });
    const unknown = await t.signIn('nobody', 'admin');
    expect(unknown.body).toEqual(wrong.body);
    const en = await t.signIn('nobody', 'admin', '000000', { 'accept-language': 'en' });
    expect(en.body.error_description).toBe('Wrong account or password');
    await t.signIn('admin', 'admin'); // clears admin's failure count
  });

  it('refuses missing, disabled and expired tenants, disabled and pending users', async () => {
    expect((await t.signIn('admin', 'admin', '999999')).body.error_description).toBe('租户不存在');
    const disabledTenant = await createAccount({ tenantStatus: 0 });
    expect(
      (await t.signIn(disabledTenant.account, 'secret', disabledTenant.tenantId)).body.error_description,
    ).toBe('租户已被禁用，请联系管理员');
    const expired = await createAccount({ expireTime: new Date(Date.now() - 60_000) });
    expect((await t.signIn(expired.account, 'secret', expired.tenantId)).body.error_description).toBe(
      '租户授权已过期，请联系管理员',
    );
    const disabled = await createAccount({ userStatus: 0 });
    expect((await t.signIn(disabled.account, 'secret', disabled.tenantId)).body.error_description).toBe(
      '账号已被禁用',
    );
    const pending = await createAccount({ userStatus: 2 });
    expect((await t.signIn(pending.account, 'secret', pending.tenantId)).body.error_description).toBe(
      '账号正在等待管理员审核',
    );
    // Status is told only to someone who knows the password.
    expect((await t.signIn(pending.account, 'wrong', pending.tenantId)).body.error_description).toBe(
      '用户名或密码错误',
    );
  });

  it('locks an account for a while after five failures; an administrator can unlock it sooner', async () => {
    const user = await createAccount({ tenantId: '000000' });
    for (let i = 1; i <= 4; i++)
      expect((await t.signIn(user.account, 'bad')).body.error_description).toBe('用户名或密码错误');
    const locked = '登录失败次数过多，账号已临时锁定，请 1 分钟后再试';
    expect((await t.signIn(user.account, 'bad')).body.error_description).toBe(locked);
    expect((await t.signIn(user.account, user.password)).body.error_description).toBe(locked);

    const forbidden = await t.call(
      { method: 'POST', url: `/api/blade-user/unlock?userIds=${user.userId}` },
      (await t.signIn('user-op', 'x')).body.access_token ?? null,
    );
    expect(forbidden.status).toBe(401);
    const unlocked = await t.call({ method: 'POST', url: `/api/blade-user/unlock?userIds=${user.userId}` });
    expect(unlocked).toMatchObject({ status: 200, body: { success: true } });
    expect((await t.signIn(user.account, user.password)).status).toBe(200);
  });

  it('limits failures per address across accounts', async () => {
    // Without TRUST_PROXY a client cannot dodge the limit by claiming another address.
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    let last = await t.signIn('ghost0', 'x', '000000', headers);
    for (let i = 1; i < 30 && last.status !== 429; i++)
      last = await t.signIn(`ghost${i}`, 'x', '000000', headers);
    expect(last).toEqual({
      status: 429,
      body: { error_code: 429, error_description: '登录失败次数过多，请 1 分钟后再试' },
    });
    // Even the right password is refused from that address for a while.
    expect((await t.signIn('admin', 'admin')).status).toBe(429);
    await t.cache.deleteByPrefix('auth:fail:ip:');
    await t.cache.deleteByPrefix('auth:lock:ip:');
  });

  it('rotates refresh tokens: the new pair works, the old refresh token does not, a replay ends the session', async () => {
    const first = (await t.signIn('admin', 'admin')).body;
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.access_token).not.toBe(first.access_token);
    expect((await t.call({ method: 'GET', url: OWN_INFO }, second.body.access_token)).status).toBe(200);

    const replay = await refresh(first.refresh_token);
    expect(replay.status).toBe(401);
    expect(replay.body.error_description).toBe('登录已失效，请重新登录');
    // The replay ended the session: the rotated refresh token is dead too.
    expect((await refresh(second.body.refresh_token)).status).toBe(401);
    expect((await refresh(first.access_token)).status).toBe(401); // an access token is not a refresh token
  });

  it('switches department and role on refresh only to ones the user holds', async () => {
    const first = (await t.signIn('admin', 'admin')).body;
    const same = await refresh(first.refresh_token, {
      'dept-id': SEED_IDS.dept,
      'role-id': SEED_IDS.administratorRole,
    });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ dept_id: SEED_IDS.dept, role_id: SEED_IDS.administratorRole });
    const foreign = await refresh(same.body.refresh_token, { 'dept-id': '42' });
    expect(foreign.body.error_description).toBe('所选部门或角色不属于当前账号');
    // The refused switch did not use the refresh token up.
    expect((await refresh(same.body.refresh_token)).status).toBe(200);
  });

  it('answers 401 to anonymous, forged, expired, revoked and wrong-client tokens', async () => {
    expect((await t.call({ method: 'GET', url: OWN_INFO }, null)).status).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: OWN_INFO })).statusCode).toBe(401); // no client either
    const unknownClient = await t.app.inject({
      method: 'GET',
      url: '/api/blade-auth/oauth/captcha',
      headers: { authorization: `Basic ${Buffer.from('saber:wrong').toString('base64')}` },
    });
    expect(unknownClient.statusCode).toBe(401);
    // The secret is compared whole: one differing in its last character, one longer by a character,
    // and the right one under a lower-case scheme.
    const captchaWith = (authorization: string) =>
      t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha', headers: { authorization } });
    const basic = (credentials: string) => Buffer.from(credentials).toString('base64');
    expect((await captchaWith(`Basic ${basic('saber:saber_secreT')}`)).statusCode).toBe(401);
    expect((await captchaWith(`Basic ${basic('saber:saber_secret!')}`)).statusCode).toBe(401);
    expect((await captchaWith(`basic ${basic('saber:saber_secret')}`)).statusCode).toBe(200);

    const session = (await t.signIn('admin', 'admin')).body;
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1], 'base64url').toString());
    const forge = (key: Uint8Array, exp: number, extra: object = {}) =>
      new SignJWT({ ...claims, ...extra })
        .setProtectedHeader({ alg: 'HS512' })
        .setIssuer('cabinet-console')
        .setJti(claims.jti)
        .setIssuedAt(claims.iat)
        .setExpirationTime(exp)
        .sign(key);
    const forged = await forge(
      new TextEncoder().encode('a-well-known-default-key-that-attackers-know!!'),
      claims.exp,
    );
    expect((await t.call({ method: 'GET', url: OWN_INFO }, forged)).status).toBe(401);
    const expired = await forge(t.jwtSecret, Math.floor(Date.now() / 1000) - 10);
    expect((await t.call({ method: 'GET', url: OWN_INFO }, expired)).status).toBe(401);
    const otherClient = await forge(t.jwtSecret, claims.exp, { client_id: 'sword' });
    expect((await t.call({ method: 'GET', url: OWN_INFO }, otherClient)).status).toBe(401);
    const unsigned = `${session.access_token.split('.').slice(0, 2).join('.')}.`;
    expect((await t.call({ method: 'GET', url: OWN_INFO }, unsigned)).status).toBe(401);

    expect((await t.call({ method: 'GET', url: OWN_INFO }, session.access_token)).status).toBe(200);
    // The genuine token is now remembered by its signature: its signature under another payload is
    // still refused (the whole token is compared).
    const [head, , signature] = session.access_token.split('.');
    const raised = Buffer.from(JSON.stringify({ ...claims, user_id: '1' })).toString('base64url');
    expect((await t.call({ method: 'GET', url: OWN_INFO }, `${head}.${raised}.${signature}`)).status).toBe(
      401,
    );
    // The scheme's spelling and spacing do not matter; a blank inside the token does.
    const withHeader = (value: string) =>
      t.app.inject({
        method: 'GET',
        url: OWN_INFO,
        headers: { authorization: SABER_BASIC, 'blade-auth': value },
      });
    for (const value of [`Bearer ${session.access_token}`, `BEARER ${session.access_token}`])
      expect((await withHeader(value)).statusCode).toBe(200);
    expect((await withHeader(`bearer \t${session.access_token}`)).statusCode).toBe(200);
    expect((await withHeader(`bearer ${session.access_token} x`)).statusCode).toBe(401);
    expect((await withHeader(`bearer${session.access_token}`)).statusCode).toBe(401);
    const out = await t.call({ method: 'GET', url: '/api/blade-auth/oauth/logout' }, session.access_token);
    expect(out).toMatchObject({ status: 200, body: { success: true } });
    expect((await t.call({ method: 'GET', url: OWN_INFO }, session.access_token)).status).toBe(401);
    expect((await refresh(session.refresh_token)).status).toBe(401); // logout ended the session
  });

  it("stops a disabled tenant's and a disabled user's existing tokens", async () => {
    const user = await createAccount();
    const token = (await t.signIn(user.account, user.password, user.tenantId)).body.access_token;
    expect((await t.call({ method: 'GET', url: OWN_INFO }, token)).status).toBe(200);
    await t.store.db
      .updateTable('blade_tenant')
      .set({ status: 0 })
      .where('tenant_id', '=', user.tenantId)
      .execute();
    // The change takes effect through clear-cache (or the 30 s cache); the tenancy issue announces it itself.
    await t.call({ method: 'GET', url: '/api/blade-auth/oauth/clear-cache' });
    expect((await t.call({ method: 'GET', url: OWN_INFO }, token)).status).toBe(401);

    const other = await createAccount();
    const otherToken = (await t.signIn(other.account, other.password, other.tenantId)).body.access_token;
    await t.store.db
      .updateTable('blade_user')
      .set({ status: 0 })
      .where('id', '=', BigInt(other.userId))
      .execute();
    await t.call({ method: 'GET', url: '/api/blade-auth/oauth/clear-cache' });
    expect((await t.call({ method: 'GET', url: OWN_INFO }, otherToken)).status).toBe(401);
  });

  it('keeps platform-wide writes and administration to administrators', async () => {
    const operator = await createAccount();
    const token = (await t.signIn(operator.account, operator.password, operator.tenantId)).body.access_token;
    const submit = await t.call(
      {
        method: 'POST',
        url: '/api/blade-system/param/submit',
        payload: { paramName: 'n', paramKey: 'op.key', paramValue: 'v' },
      },
      token,
    );
    expect(submit).toMatchObject({ status: 403, body: { code: 403, success: false } });
    expect((await t.call({ method: 'GET', url: '/api/blade-auth/oauth/clear-cache' }, token)).status).toBe(
      403,
    );
    const tenantAdmin = await createAccount({ roleAlias: 'admin' });
    const adminToken = (await t.signIn(tenantAdmin.account, tenantAdmin.password, tenantAdmin.tenantId)).body
      .access_token;
    const tenantSubmit = await t.call(
      {
        method: 'POST',
        url: '/api/blade-system/param/submit',
        payload: { paramName: 'n', paramKey: 'op.key', paramValue: 'v' },
      },
      adminToken,
    );
    expect(tenantSubmit.status).toBe(403); // a tenant's administrator does not edit platform parameters (S4)
  });

  it('answers the user info without the password', async () => {
    const info = await t.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info' });
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ id: SEED_IDS.admin, account: 'admin', tenantId: '000000' });
    expect(JSON.stringify(info.body)).not.toMatch(/argon2|"password"|tokenValidAfter/);
  });

  it('limits captcha images per address', async () => {
    let last = 200;
    for (let i = 0; i < 70 && last === 200; i++)
      last = (await t.call({ method: 'GET', url: '/api/blade-auth/oauth/captcha' }, null)).status;
    expect(last).toBe(429);
    await t.cache.deleteByPrefix('auth:captcha:ip:');
  });

  it('keeps public calls public and everything else behind a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/blade-auth/oauth/captcha' }, null)).status).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/blade-system/param/detail?id=1'],
      ['POST', '/api/blade-system/param/remove?ids=1'],
      ['GET', '/api/blade-auth/oauth/user-info'],
      ['GET', '/api/blade-auth/oauth/logout'],
      ['GET', '/api/blade-auth/oauth/clear-cache'],
      ['POST', '/api/blade-user/unlock?userIds=1'],
    ] as const) {
      expect((await t.call({ method, url }, null)).status, url).toBe(401);
    }
  });
});

describe.each(oneEngineFor(import.meta.url))('sign-in behind a trusted proxy on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, [], ['127.0.0.1']);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("limits each client's address, not the proxy's", async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    let last = await t.signIn('ghost', 'x', '000000', from('198.51.100.7'));
    for (let i = 1; i < 30 && last.status !== 429; i++)
      last = await t.signIn(`ghost${i}`, 'x', '000000', from('198.51.100.7'));
    expect(last.status).toBe(429);
    // Another client behind the same proxy still signs in.
    expect((await t.signIn('admin', 'admin', '000000', from('198.51.100.8'))).status).toBe(200);
  });
});
