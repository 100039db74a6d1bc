import { RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeAt } from '../../src/modules/user/totp/totp-codes.js';
import { createAccount, type TestAccount } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { md5, SABER_BASIC, startTestApp, type TestApp } from './support/test-app.js';

// Issue 48, the TOTP second factor over the real API: set up from 个人信息 (setup, confirm with one
// code, ten recovery codes once), then every sign-in of the account needs a code (a code, or a
// recovery code, works once; wrong ones count toward the account's lock), an administrator can reset
// it, and a tenant that requires one leads a user without one to set it up before anything else.
// Codes are computed here from the secret, as an authenticator app would.

describe.each(oneEngineFor(import.meta.url))('the second factor on %s', (kind) => {
  let t: TestApp;
  let alice: TestAccount;
  let aliceToken: string;
  let secret: string;
  let recoveryCodes: string[];

  const token = async (query: Record<string, string>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      query: { scope: 'all', ...query },
      headers: { authorization: SABER_BASIC },
    });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  };
  const password = (account: TestAccount) =>
    token({
      tenantId: account.tenantId,
      username: account.account,
      password: md5(account.password),
      grant_type: 'password',
    });
  const second = (challenge: string, code: string) => token({ grant_type: 'totp', challenge, code });
  const challengeOf = async (account: TestAccount) => {
    const asked = await password(account);
    expect(asked.status).toBe(400);
    expect(asked.body).toMatchObject({
      second_factor: 'totp',
      error_description: '请输入身份验证器中的 6 位验证码',
    });
    return asked.body.challenge as string;
  };
  const totp = (path: string, userToken: string, query: Record<string, string> = {}) =>
    t.call(
      { method: path === 'status' ? 'GET' : 'POST', url: `/api/blade-user/totp/${path}`, query },
      userToken,
    );

  beforeAll(async () => {
    // A lock after three failures, so a test reaches it.
    t = await startTestApp(kind, [], false, { signInLockout: { accountFailures: 3 } });
    alice = await createAccount(t);
    aliceToken = (await password(alice)).body.access_token as string;
  });
  afterAll(() => t.close());

  it('is set up with one code of the new secret, which is never shown again', async () => {
    expect((await totp('status', aliceToken)).body.data).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const setup = await totp('setup', aliceToken);
    expect(setup.status).toBe(200);
    secret = setup.body.data.secret as string;
    expect(setup.body.data.uri).toContain(`secret=${secret}`);

    const wrong = await totp('confirm', aliceToken, { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('验证码不正确、已过期或已使用');
    expect((await totp('status', aliceToken)).body.data.enabled).toBe(false);

    const confirmed = await totp('confirm', aliceToken, { code: codeAt(secret, Date.now()) });
    expect(confirmed.status).toBe(200);
    recoveryCodes = confirmed.body.data.recoveryCodes as string[];
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    const status = await totp('status', aliceToken);
    expect(status.body.data).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
    });
    expect(JSON.stringify(status.body)).not.toContain(secret);
    // Sealed at rest: the stored secret is not the secret.
    const row = await t.store.db
      .selectFrom('blade_user_totp')
      .select('secret')
      .where('user_id', '=', BigInt(alice.userId))
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(secret);
    // A second setup while one is on is refused.
    expect((await totp('setup', aliceToken)).body.msg).toBe('两步验证已开启：如需更换，请先关闭');
  });

  it('asks every sign-in for a code, which works once', async () => {
    // The code of the next step (the window allows one either side): the confirmation used this one.
    const code = codeAt(secret, Date.now() + 30_000);
    const signedIn = await second(await challengeOf(alice), code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ account: alice.account, second_factor_setup_required: false });

    const reused = await second(await challengeOf(alice), code);
    expect(reused.status).toBe(400);
    expect(reused.body.error_description).toBe('验证码不正确、已过期或已使用');
    // A challenge nobody was given, or for another client, expired: the password first.
    expect((await second('not-a-challenge', code)).body.error_description).toBe(
      '验证已过期，请重新输入账号和密码',
    );
  });

  it('takes a recovery code once, and counts wrong codes toward the account’s lock', async () => {
    const [first] = recoveryCodes;
    expect((await second(await challengeOf(alice), first!.toUpperCase())).status).toBe(200);
    expect((await second(await challengeOf(alice), first!)).status).toBe(400);
    expect((await totp('status', aliceToken)).body.data.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);

    const challenge = await challengeOf(alice);
    expect((await second(challenge, '111111')).status).toBe(400);
    // The earlier reused recovery code was the first failure; this the third: locked.
    const locked = await second(challenge, '222222');
    expect(locked.body.error_description).toMatch(/账号已临时锁定/);
    expect((await password(alice)).body.error_description).toMatch(/账号已临时锁定/);
    expect(
      (await t.call({ method: 'POST', url: '/api/blade-user/unlock', query: { userIds: alice.userId } }))
        .status,
    ).toBe(200);
  });

  it('is turned off with a code, and reset by an administrator (the usual log says so)', async () => {
    const wrong = await totp('disable', aliceToken, { code: '123456' });
    expect(wrong.status).toBe(400);
    expect((await totp('disable', aliceToken, { code: recoveryCodes[1]! })).status).toBe(200);
    expect((await password(alice)).status).toBe(200);

    // Set up again, then reset by the administrator.
    secret = (await totp('setup', aliceToken)).body.data.secret as string;
    await totp('confirm', aliceToken, { code: codeAt(secret, Date.now()) });
    expect((await password(alice)).body.second_factor).toBe('totp');
    const reset = await t.call({
      method: 'POST',
      url: '/api/blade-user/totp/reset',
      query: { userIds: alice.userId },
    });
    expect(reset.status).toBe(200);
    expect((await password(alice)).status).toBe(200);
    await t.app.logWriter.flush();
    const logged = await t.store.db
      .selectFrom('blade_log_usual')
      .select('log_data')
      .where('log_id', '=', 'totp.reset')
      .execute();
    expect(logged.map((row) => row.log_data).join()).toContain(alice.account);
    // A secret sealed under another key (DATA_KEY changed) refuses every code, and a reset helps.
    secret = (await totp('setup', aliceToken)).body.data.secret as string;
    await totp('confirm', aliceToken, { code: codeAt(secret, Date.now()) });
    await t.store.db
      .updateTable('blade_user_totp')
      .set({ secret: 'sealed-under-another-key' })
      .where('user_id', '=', BigInt(alice.userId))
      .execute();
    const unreadable = await second(await challengeOf(alice), codeAt(secret, Date.now() + 30_000));
    expect(unreadable.status).toBe(400);
    await t.call({ method: 'POST', url: '/api/blade-user/totp/reset', query: { userIds: alice.userId } });
    expect((await password(alice)).status).toBe(200);
    // Someone else's reset is the administrator's only.
    const other = await createAccount(t);
    const otherToken = (await password(other)).body.access_token as string;
    expect(
      (
        await t.call(
          { method: 'POST', url: '/api/blade-user/totp/reset', query: { userIds: alice.userId } },
          otherToken,
        )
      ).status,
    ).toBe(403);
  });

  it('leads a user of a tenant that requires one to set it up before anything else', async () => {
    const bob = await createAccount(t, { tenantId: '200048' });
    await t.store.db
      .updateTable('blade_tenant')
      .set({ totp_required: 1 })
      .where('tenant_id', '=', '200048')
      .execute();
    const answer = await password(bob);
    expect(answer.status).toBe(200);
    expect(answer.body.second_factor_setup_required).toBe(true);
    const bobToken = answer.body.access_token as string;
    const elsewhere = await t.call({ method: 'GET', url: '/api/blade-system/menu/routes' }, bobToken);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.msg).toBe('请先设置两步验证：所在租户或角色要求登录时输入验证码');
    expect((await t.call({ method: 'GET', url: '/api/blade-user/info' }, bobToken)).status).toBe(200);
    expect((await totp('status', bobToken)).body.data).toMatchObject({ enabled: false, required: true });

    const bobSecret = (await totp('setup', bobToken)).body.data.secret as string;
    expect((await totp('confirm', bobToken, { code: codeAt(bobSecret, Date.now()) })).status).toBe(200);
    // The same session carries on; turning it off is refused where it is required.
    expect((await t.call({ method: 'GET', url: '/api/blade-system/menu/routes' }, bobToken)).status).toBe(
      200,
    );
    expect((await totp('disable', bobToken, { code: codeAt(bobSecret, Date.now() + 30_000) })).body.msg).toBe(
      '所在租户或角色要求两步验证，不能关闭',
    );
  });

  it('leads the holders of a role that requires one to set it up, once the role says so', async () => {
    const carol = await createAccount(t);
    const carolToken = (await password(carol)).body.access_token as string;
    expect((await t.call({ method: 'GET', url: '/api/blade-system/menu/routes' }, carolToken)).status).toBe(
      200,
    );
    const saved = await t.call({
      method: 'POST',
      url: '/api/blade-system/role/submit',
      payload: { id: carol.roleIds[0], roleName: '角色', roleAlias: 'operator', sort: 1, totpRequired: 1 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.totpRequired).toBe(1);
    // At once for the session already open, and at the next sign-in.
    expect((await t.call({ method: 'GET', url: '/api/blade-system/menu/routes' }, carolToken)).status).toBe(
      403,
    );
    expect((await password(carol)).body.second_factor_setup_required).toBe(true);
  });
});
