import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/db/seed/seed.js';
import { createAccount, signInAs, type TestAccount } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { md5, SABER_BASIC, startTestApp, type TestApp } from './support/test-app.js';

const BASE = '/api/blade-user';
const SECRETS = /argon2|"password"|tokenValidAfter|token_valid_after/i;

describe.each(oneEngineFor(import.meta.url))('own user record on %s', (kind) => {
  let t: TestApp;
  let alice: TestAccount;
  let aliceToken: string;
  let bob: TestAccount;

  const info = (token: string) => t.call({ method: 'GET', url: `${BASE}/info` }, token);
  const updateInfo = (body: object, token: string, language = 'zh-CN') =>
    t.call(
      { method: 'POST', url: `${BASE}/update-info`, payload: body, headers: { 'accept-language': language } },
      token,
    );
  const updatePassword = (query: Record<string, string>, token: string, language = 'zh-CN') =>
    t.call(
      { method: 'POST', url: `${BASE}/update-password`, query, headers: { 'accept-language': language } },
      token,
    );
  const refresh = (refreshToken: string) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/blade-auth/oauth/token',
        query: { grant_type: 'refresh_token', refresh_token: refreshToken, scope: 'all', tenantId: '000000' },
        headers: { authorization: SABER_BASIC },
      })
      .then((r) => ({ status: r.statusCode, body: JSON.parse(r.body) }));

  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await createAccount(t, { account: 'alice' });
    aliceToken = (await signInAs(t, alice)).access_token;
    bob = await createAccount(t, { account: 'bob' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers the signed-in user their own record, without the password', async () => {
    const admin = await info(t.adminToken);
    expect(admin.status).toBe(200);
    expect(admin.body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    expect(admin.body.data).toMatchObject({
      id: SEED_IDS.admin,
      tenantId: '000000',
      account: 'admin',
      name: '管理员',
      realName: '管理员',
      roleId: SEED_IDS.administratorRole,
      deptId: SEED_IDS.dept,
      avatar: null,
      status: 1,
      isDeleted: 0,
    });
    expect(admin.body.data.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Object.keys(admin.body.data).sort()).toEqual(
      [
        'id',
        'tenantId',
        'code',
        'userType',
        'account',
        'name',
        'realName',
        'avatar',
        'email',
        'phone',
        'birthday',
        'sex',
        'roleId',
        'deptId',
        'postId',
        'isLocked',
        'passwordChangeRequired',
        'createUser',
        'createDept',
        'createTime',
        'updateUser',
        'updateTime',
        'status',
        'isDeleted',
      ].sort(),
    );
    expect(JSON.stringify(admin.body)).not.toMatch(SECRETS);
    expect((await info(aliceToken)).body.data).toMatchObject({ id: alice.userId, account: 'alice' });
    expect((await t.call({ method: 'GET', url: `${BASE}/info` }, null)).status).toBe(401);
  });

  it("updates only the caller's own row, whatever id the body names", async () => {
    const bobBefore = await t.store.db
      .selectFrom('blade_user')
      .selectAll()
      .where('id', '=', BigInt(bob.userId))
      .executeTakeFirstOrThrow();
    const res = await updateInfo(
      {
        id: bob.userId,
        account: 'mallory',
        tenantId: '999999',
        roleId: SEED_IDS.administratorRole,
        password: md5('x'),
        avatar: 'https://example.com/a.png',
        realName: '爱丽丝',
        name: 'Alice',
        phone: '13800138000',
        email: 'alice@example.com',
      },
      aliceToken,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, success: true, msg: '操作成功!' });
    expect(res.body.data).toMatchObject({
      id: alice.userId,
      account: 'alice',
      tenantId: '000000',
      roleId: alice.roleIds[0],
      avatar: 'https://example.com/a.png',
      realName: '爱丽丝',
      name: 'Alice',
      phone: '13800138000',
      email: 'alice@example.com',
      updateUser: alice.userId,
    });
    expect(JSON.stringify(res.body)).not.toMatch(SECRETS);
    expect((await info(aliceToken)).body.data).toMatchObject({ realName: '爱丽丝', phone: '13800138000' });

    const bobAfter = await t.store.db
      .selectFrom('blade_user')
      .selectAll()
      .where('id', '=', BigInt(bob.userId))
      .executeTakeFirstOrThrow();
    expect(bobAfter).toEqual(bobBefore);
    // Alice still signs in with her own password: the body's password was ignored.
    expect((await t.signIn('alice', alice.password)).status).toBe(200);

    // Absent fields stay; null or blank ones clear.
    const partial = await updateInfo({ name: 'Al', phone: '', realName: null }, aliceToken, 'en');
    expect(partial.body.msg).toBe('Operation succeeded');
    expect(partial.body.data).toMatchObject({
      name: 'Al',
      realName: null,
      phone: null,
      email: 'alice@example.com',
      avatar: 'https://example.com/a.png',
    });
  });

  it('validates the details with messages in both languages', async () => {
    const cases: Array<[object, string, string]> = [
      [{ avatar: 'a'.repeat(2001) }, '头像不能超过2000个字符', 'avatar must be at most 2000 characters'],
      [
        { realName: '一二三四五六七八九十一' },
        '姓名不能超过10个字符',
        'real name must be at most 10 characters',
      ],
      [{ name: 'n'.repeat(21) }, '用户昵称不能超过20个字符', 'nickname must be at most 20 characters'],
      [{ phone: '1380013800' }, '手机号码必须是11位数字', 'The phone number must have 11 digits'],
      [{ phone: '1380013800a' }, '手机号码必须是11位数字', 'The phone number must have 11 digits'],
      [{ phone: '138001380001' }, '手机号码不能超过11个字符', 'phone must be at most 11 characters'],
      [{ email: 'alice' }, '电子邮箱格式不正确', 'The email address is not valid'],
      [
        { email: `${'a'.repeat(40)}@example.com` },
        '电子邮箱不能超过45个字符',
        'email must be at most 45 characters',
      ],
    ];
    for (const [body, zh, en] of cases) {
      const res = await updateInfo(body, aliceToken);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 400, success: false, data: null, msg: zh });
      expect((await updateInfo(body, aliceToken, 'en')).body.msg).toBe(en);
    }
    expect((await info(aliceToken)).body.data).toMatchObject({ name: 'Al', email: 'alice@example.com' });
  });

  it('changes the password: the old one must match and the new one twice', async () => {
    const carol = await createAccount(t, { account: 'carol', password: 'old-secret' });
    const other = await signInAs(t, carol); // another session of the same user
    const own = await signInAs(t, carol);
    // Tokens carry whole seconds: let them be issued strictly before the change.
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const wrong = await updatePassword(
      { oldPassword: md5('nope'), newPassword: md5('new-secret'), newPassword1: md5('new-secret') },
      own.access_token,
    );
    expect(wrong).toEqual({
      status: 400,
      body: { code: 400, success: false, data: null, msg: '原密码不正确' },
    });
    const wrongEn = await updatePassword(
      { oldPassword: md5('nope'), newPassword: md5('new-secret'), newPassword1: md5('new-secret') },
      own.access_token,
      'en',
    );
    expect(wrongEn.body.msg).toBe('The old password is incorrect');
    const mismatch = await updatePassword(
      { oldPassword: md5('old-secret'), newPassword: md5('new-secret'), newPassword1: md5('new-secret2') },
      own.access_token,
    );
    expect(mismatch).toMatchObject({ status: 400, body: { msg: '两次密码输入不一致' } });
    expect(
      (
        await updatePassword(
          { oldPassword: md5('old-secret'), newPassword: md5('a'), newPassword1: md5('b') },
          own.access_token,
          'en',
        )
      ).body.msg,
    ).toBe('The two passwords do not match');
    const missing = await updatePassword({ oldPassword: md5('old-secret') }, own.access_token);
    expect(missing).toMatchObject({ status: 400, body: { msg: '请输入新密码' } });
    expect((await updatePassword({}, own.access_token, 'en')).body.msg).toBe('Please enter the old password');
    // Nothing changed so far.
    expect((await t.signIn('carol', 'old-secret')).status).toBe(200);

    const changed = await updatePassword(
      { oldPassword: md5('old-secret'), newPassword: md5('new-secret'), newPassword1: md5('new-secret') },
      own.access_token,
    );
    expect(changed).toEqual({
      status: 200,
      body: { code: 200, success: true, data: true, msg: '操作成功!' },
    });

    expect((await t.signIn('carol', 'old-secret')).body).toEqual({
      error_code: 400,
      error_description: '用户名或密码错误',
    });
    const fresh = await t.signIn('carol', 'new-secret');
    expect(fresh.status).toBe(200);
    expect((await info(fresh.body.access_token)).status).toBe(200);

    // The session that changed the password carries on, refresh included; every other is cut off (S8).
    expect((await info(own.access_token)).status).toBe(200);
    expect((await info(other.access_token)).status).toBe(401);
    expect((await refresh(other.refresh_token)).status).toBe(401);
    const renewed = await refresh(own.refresh_token);
    expect(renewed.status).toBe(200);
    expect((await info(renewed.body.access_token)).status).toBe(200);

    const row = await t.store.db
      .selectFrom('blade_user')
      .select('password')
      .where('id', '=', BigInt(carol.userId))
      .executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^\$argon2id\$/);
  });

  it('takes the change as a JSON body too, and changes only the caller', async () => {
    const dave = await createAccount(t, { account: 'dave', password: 'd1' });
    const token = (await signInAs(t, dave)).access_token;
    const res = await t.call(
      {
        method: 'POST',
        url: `${BASE}/update-password`,
        payload: { oldPassword: md5('d1'), newPassword: md5('d2'), newPassword1: md5('d2'), id: bob.userId },
      },
      token,
    );
    expect(res.status).toBe(200);
    expect((await t.signIn('dave', 'd2')).status).toBe(200);
    expect((await t.signIn('bob', bob.password)).status).toBe(200);
    expect((await t.call({ method: 'POST', url: `${BASE}/update-password` }, null)).status).toBe(401);
  });
});
