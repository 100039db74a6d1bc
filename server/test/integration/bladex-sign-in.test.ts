import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
// sm-crypto is the library the SpringBlade console (Saber 4.9) itself encrypts with.
import smCrypto from 'sm-crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSm2KeyPair, SM2_KEY_FILE } from '../../src/core/auth/sm2-key.js';
import { captchaKey } from '../../src/modules/auth/captcha.js';
import { createAccount, type TestAccount } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { md5, SABER_BASIC, startTestApp, type TestApp } from './support/test-app.js';

// Issue 20, items 1 and 2: the open-source SpringBlade console's sign-in. Saber 4.9 posts
// grantType, tenantId, account and an SM2-encrypted password as query parameters to
// /api/blade-auth/token (src/api/user.js, src/utils/sm2.js: sm-crypto's doEncrypt with cipher
// mode 0 under website.js's auth.publicKey) and reads an R envelope around SpringBlade's AuthInfo.
// The same AuthService as the spec's /api/blade-auth/oauth/token: one set of rules, one session.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);
const SPEC_TOKEN = '/api/blade-auth/oauth/token';
const SABER_TOKEN = '/api/blade-auth/token';
/** The key pair published in Saber's website.js and SpringBlade's configuration (CVE-2021-44910). */
const PUBLISHED_PUBLIC_KEY =
  '048ecaec81db406275b5fd8a18164c4a58cc8575159b89d3cb61871cab34bd267fe0a7543277d4c9cfd13c946c507c3e8dfe0121b845ba968221eaf64a242cf7f0';
const MINUTE = 60_000;

const BAD_CREDENTIALS = '用户名或密码错误';
const accountLocked = (minutes: number) => `登录失败次数过多，账号已临时锁定，请 ${minutes} 分钟后再试`;
const failed = (code: number, msg: string) => ({
  status: code,
  body: { code, success: false, data: null, msg },
});

describe.each(oneEngineFor(import.meta.url))('SpringBlade sign-in on %s', (kind) => {
  let t: TestApp;
  let publicKey: string;
  let clock = Date.now();
  let addresses = 0;
  /** A client address of its own for each test, so that address limits do not carry over. */
  const newAddress = () => `198.51.100.${++addresses}`;
  /**
   * As Saber's src/utils/sm2.js. Each text is encrypted once per key and sent again after that, as a
   * browser that kept it would: sm-crypto's pure-JavaScript big numbers took about 10 CPU-seconds of
   * this file's runs on three engines.
   */
  const encrypted = new Map<string, string>();
  const encrypt = (password: string, key = publicKey) => {
    const cacheKey = `${key}\n${password}`;
    let text = encrypted.get(cacheKey);
    if (text === undefined) encrypted.set(cacheKey, (text = smCrypto.sm2.doEncrypt(password, key, 0)));
    return text;
  };

  type Reply = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  const inject = async (options: InjectOptions): Promise<Reply> => {
    const res = await t.app.inject(options);
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
  };
  /** Saber's loginByUsername / refreshToken: everything in the query string. */
  const saberToken = (
    query: Record<string, string>,
    options: { headers?: Record<string, string>; from?: string } = {},
  ) =>
    inject({
      method: 'POST',
      url: SABER_TOKEN,
      query,
      remoteAddress: options.from ?? '127.0.0.1',
      headers: { authorization: SABER_BASIC, ...options.headers },
    });
  const saberSignIn = (
    user: Pick<TestAccount, 'account' | 'tenantId'>,
    password: string,
    options: { from?: string; headers?: Record<string, string>; grantType?: string } = {},
  ) =>
    saberToken(
      {
        tenantId: user.tenantId,
        account: user.account,
        password: encrypt(password),
        grantType: options.grantType ?? 'password',
        type: 'account',
      },
      options,
    );
  const specSignIn = (user: Pick<TestAccount, 'account' | 'tenantId'>, password: string, from: string) =>
    inject({
      method: 'POST',
      url: SPEC_TOKEN,
      remoteAddress: from,
      query: {
        tenantId: user.tenantId,
        username: user.account,
        password: md5(password),
        grant_type: 'password',
        scope: 'all',
      },
      headers: { authorization: SABER_BASIC },
    });
  const saberRefresh = (refreshToken: string) =>
    saberToken({ refreshToken, grantType: 'refresh_token', scope: 'all' });
  const specRefresh = (refreshToken: string) =>
    inject({
      method: 'POST',
      url: SPEC_TOKEN,
      query: { grant_type: 'refresh_token', refresh_token: refreshToken, scope: 'all' },
      headers: { authorization: SABER_BASIC },
    });
  const info = (accessToken: string) =>
    t.call({ method: 'GET', url: '/api/blade-user/info' }, accessToken).then((r) => r.status);
  const newUser = (options: Parameters<typeof createAccount>[1] = {}) =>
    createAccount(t, { roles: [{ alias: 'operator' }], ...options });

  beforeAll(async () => {
    t = await startTestApp(kind, [], false, { signInLockout: { now: () => clock } });
    publicKey = (
      JSON.parse(readFileSync(path.join(t.dataDir, SM2_KEY_FILE), 'utf8')) as { publicKey: string }
    ).publicKey;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs in with an SM2-encrypted password as Saber sends it, answering AuthInfo in the R envelope', async () => {
    const user = await newUser({ name: '方言', deptId: '7' });
    const res = await saberSignIn(user, user.password);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    const data = res.body.data;
    expect(data).toMatchObject({
      tokenType: 'bearer',
      tenantId: '000000',
      userId: user.userId,
      account: user.account,
      authority: 'operator',
      roleName: 'operator',
      roleId: user.roleIds.join(','),
      deptId: '7',
      clientId: 'saber',
      oauthId: '',
    });
    expect(data.accessToken).toMatch(/^ey/);
    expect(data.refreshToken).toMatch(/^ey/);
    expect(data.expiresIn).toBeGreaterThan(0);
    for (const field of ['userName', 'realName', 'nickName', 'avatar', 'postId', 'license'])
      expect(typeof data[field], field).toBe('string');
    expect(Object.keys(data).some((key) => key.includes('_'))).toBe(false);
    // No hash and no password or its digest (passwordChangeRequired is a flag, neither).
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|"password"/i);
    expect(JSON.stringify(res.body)).not.toContain(md5(user.password));
    expect(data.passwordChangeRequired).toBe(false);
    // The token works on the API with the console's Blade-Auth header.
    expect(await info(data.accessToken)).toBe(200);
  });

  it('reads the password from a form or JSON body as well, and a ciphertext with the 04 prefix', async () => {
    const user = await newUser();
    const fields = { tenantId: user.tenantId, account: user.account, grantType: 'password' };
    const form = await inject({
      method: 'POST',
      url: SABER_TOKEN,
      headers: { authorization: SABER_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...fields, password: encrypt(user.password) }).toString(),
    });
    expect(form).toMatchObject({ status: 200, body: { success: true, data: { userId: user.userId } } });
    const json = await inject({
      method: 'POST',
      url: SABER_TOKEN,
      headers: { authorization: SABER_BASIC },
      payload: { ...fields, password: `04${encrypt(user.password)}` },
    });
    expect(json).toMatchObject({ status: 200, body: { success: true, data: { userId: user.userId } } });
    const notText = await inject({
      method: 'POST',
      url: SABER_TOKEN,
      headers: { authorization: SABER_BASIC },
      payload: { ...fields, password: { value: encrypt(user.password) } },
    });
    expect(notText).toMatchObject({
      status: 400,
      body: { code: 400, success: false, msg: '参数无效: password' },
    });
  });

  it('records the sign-in in the API log under the account, the ciphertext masked', async () => {
    const user = await newUser();
    const password = encrypt('wrong');
    expect(
      (await saberToken({ account: user.account, password, grantType: 'password' }, { from: newAddress() }))
        .status,
    ).toBe(400);
    await t.app.logWriter.flush();
    const logged = await t.call({
      method: 'GET',
      url: `/api/blade-log/api/list?requestUri=${encodeURIComponent(SABER_TOKEN)}&size=50`,
    });
    const row = logged.body.data.records.find((r: { createBy: string }) => r.createBy === user.account);
    expect(row).toMatchObject({
      method: 'POST',
      tenantId: '000000',
      methodClass: 'blade-auth',
      methodName: 'token',
    });
    expect(row.params).toContain('"password":"******"');
    expect(row.params).not.toContain(password);
  });

  it('refuses a wrong, a plain or an undecryptable password as bad credentials, in the request language', async () => {
    const from = newAddress();
    const user = await newUser();
    expect(await saberSignIn(user, 'wrong', { from })).toEqual(failed(400, BAD_CREDENTIALS));
    expect(await saberSignIn(user, 'wrong', { from, headers: { 'accept-language': 'en' } })).toEqual(
      failed(400, 'Wrong account or password'),
    );
    // The spec's MD5, the plain text, no hex, the published key's ciphertext: each a wrong password
    // (one account each, so that no lock answers instead).
    for (const password of [
      (u: TestAccount) => md5(u.password),
      (u: TestAccount) => u.password,
      () => 'zz',
      (u: TestAccount) => encrypt(u.password, PUBLISHED_PUBLIC_KEY),
    ]) {
      const other = await newUser();
      expect(
        await saberToken(
          { account: other.account, password: password(other), grantType: 'password' },
          { from },
        ),
      ).toEqual(failed(400, BAD_CREDENTIALS));
    }
    expect(await saberToken({ account: user.account, grantType: 'password' }, { from })).toEqual(
      failed(400, '缺少参数: password'),
    );
    expect(await saberToken({ password: encrypt('x'), grantType: 'password' }, { from })).toEqual(
      failed(400, '缺少参数: account'),
    );
    expect(await saberToken({ grantType: 'implicit' }, { from })).toEqual(failed(400, '不支持的授权类型'));
    // Two failures do not lock: the right password still signs in.
    expect((await saberSignIn(user, user.password, { from })).status).toBe(200);
  });

  it('counts failures on either endpoint toward one account lock', async () => {
    const user = await newUser();
    const from = newAddress();
    expect((await specSignIn(user, 'wrong', from)).body.error_description).toBe(BAD_CREDENTIALS);
    expect(await saberSignIn(user, 'wrong', { from })).toEqual(failed(400, BAD_CREDENTIALS));
    expect((await specSignIn(user, 'wrong', from)).body.error_description).toBe(BAD_CREDENTIALS);
    // A ciphertext that does not decrypt counts too.
    expect(
      await saberToken(
        { account: user.account, password: 'ab'.repeat(120), grantType: 'password' },
        { from },
      ),
    ).toEqual(failed(400, BAD_CREDENTIALS));
    // The fifth failure locks the account, on both endpoints, even for the right password.
    expect(await saberSignIn(user, 'wrong', { from })).toEqual(failed(400, accountLocked(1)));
    expect(await saberSignIn(user, user.password, { from })).toEqual(failed(400, accountLocked(1)));
    expect((await specSignIn(user, user.password, from)).body).toEqual({
      error_code: 400,
      error_description: accountLocked(1),
    });
    clock += 2 * MINUTE;
    expect((await saberSignIn(user, user.password, { from })).status).toBe(200);
  });

  it('takes the captcha grant with a five-character code from /api/blade-auth/captcha, once', async () => {
    const user = await newUser();
    const issued = await t.call({ method: 'GET', url: '/api/blade-auth/captcha' }, null);
    expect(issued).toMatchObject({ status: 200, body: { code: 200, success: true } });
    expect(issued.body.data.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(issued.body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    // The same larger image as the spec's captcha (issue 45), in Saber's envelope.
    const svg = Buffer.from(issued.body.data.image.split(',')[1], 'base64').toString();
    expect(svg).toMatch(/^<svg [^>]*width="180" height="60" viewBox="0 0 180 60"/);
    const code = (await t.cache.get(captchaKey(issued.body.data.key)))!;
    expect(code).toMatch(/^[a-z2-9]{5}$/);
    const headers = { 'captcha-key': issued.body.data.key, 'captcha-code': code.toUpperCase() };
    const from = newAddress();
    const signedIn = await saberSignIn(user, user.password, { from, headers, grantType: 'captcha' });
    expect(signedIn).toMatchObject({ status: 200, body: { success: true, data: { userId: user.userId } } });
    expect(await saberSignIn(user, user.password, { from, headers, grantType: 'captcha' })).toEqual(
      failed(400, '验证码不正确或已过期'),
    );
    expect(await saberSignIn(user, user.password, { from, grantType: 'captcha' })).toEqual(
      failed(400, '请输入验证码'),
    );
    // The spec's captcha issues the same five characters.
    const spec = await t.call({ method: 'GET', url: '/api/blade-auth/oauth/captcha' }, null);
    expect(await t.cache.get(captchaKey(spec.body.key))).toMatch(/^[a-z2-9]{5}$/);
  });

  it('rotates the refresh token across both endpoints; an old one is refused on both', async () => {
    const user = await newUser();
    // Spec sign-in → SpringBlade refresh → spec refresh → SpringBlade refresh: one session throughout.
    const spec = (await specSignIn(user, user.password, newAddress())).body;
    const first = await saberRefresh(spec.refresh_token);
    expect(first).toMatchObject({ status: 200, body: { success: true, data: { userId: user.userId } } });
    const second = await specRefresh(first.body.data.refreshToken);
    expect(second.status).toBe(200);
    expect(second.body.user_id).toBe(user.userId);
    const third = await saberRefresh(second.body.refresh_token);
    expect(third.status).toBe(200);
    expect(await info(third.body.data.accessToken)).toBe(200);
    // A rotated-out refresh token is refused (and, replayed, ends the session: security S8).
    expect(await saberRefresh(first.body.data.refreshToken)).toEqual(failed(401, '登录已失效，请重新登录'));
    expect((await specRefresh(third.body.data.refreshToken)).status).toBe(401);

    // SpringBlade sign-in → spec refresh; its old token is refused by the spec's endpoint…
    const saber = (await saberSignIn(user, user.password)).body.data;
    const fourth = await specRefresh(saber.refreshToken);
    expect(fourth.status).toBe(200);
    expect((await specRefresh(saber.refreshToken)).status).toBe(401);
    // …and another's by SpringBlade's.
    const again = (await saberSignIn(user, user.password)).body.data;
    const fifth = await specRefresh(again.refreshToken);
    expect(fifth.status).toBe(200);
    expect(await saberRefresh(again.refreshToken)).toEqual(failed(401, '登录已失效，请重新登录'));
    expect((await saberRefresh(fifth.body.refresh_token)).status).toBe(401);

    expect(await saberRefresh('not-a-token')).toEqual(failed(401, '登录已失效，请重新登录'));
    expect(await saberToken({ grantType: 'refresh_token' })).toEqual(failed(400, '缺少参数: refreshToken'));
  });

  it('ends its session by logout on either path', async () => {
    const user = await newUser();
    for (const logout of ['/api/blade-auth/logout', '/api/blade-auth/oauth/logout']) {
      const session = (await saberSignIn(user, user.password)).body.data;
      expect(await info(session.accessToken)).toBe(200);
      expect((await t.call({ method: 'GET', url: logout }, session.accessToken)).status).toBe(200);
      expect(await info(session.accessToken)).toBe(401);
      expect(await saberRefresh(session.refreshToken)).toEqual(failed(401, '登录已失效，请重新登录'));
      expect((await specRefresh(session.refreshToken)).status).toBe(401);
    }
  });

  it('applies the client and tenant rules of the spec endpoint', async () => {
    const from = newAddress();
    const noClient = await inject({
      method: 'POST',
      url: SABER_TOKEN,
      query: { account: 'admin', password: encrypt('admin'), grantType: 'password' },
    });
    expect(noClient).toEqual(failed(401, '客户端认证失败'));
    expect(
      await inject({
        method: 'GET',
        url: '/api/blade-auth/captcha',
        headers: { authorization: 'Basic eDp5' },
      }),
    ).toEqual(failed(401, '客户端认证失败'));

    const other = await newUser({ tenantId: '310001' });
    const signedIn = await saberSignIn(other, other.password, { from });
    expect(signedIn.body.data.tenantId).toBe('310001');
    // The tenant from the Tenant-Id header when the query has none.
    const byHeader = await saberToken(
      { account: other.account, password: encrypt(other.password), grantType: 'password' },
      { from, headers: { 'tenant-id': '310001' } },
    );
    expect(byHeader.body.data?.userId).toBe(other.userId);
    // Without either, the platform tenant: no such account there.
    expect(
      await saberToken(
        { account: other.account, password: encrypt(other.password), grantType: 'password' },
        { from },
      ),
    ).toEqual(failed(400, BAD_CREDENTIALS));
    expect(await saberSignIn({ account: 'admin', tenantId: '999998' }, 'admin', { from })).toEqual(
      failed(400, '租户不存在'),
    );
    const disabled = await newUser({ tenantId: '310002', tenantStatus: 0 });
    expect(await saberSignIn(disabled, disabled.password, { from })).toEqual(
      failed(400, '租户已被禁用，请联系管理员'),
    );
    const expired = await newUser({ tenantId: '310003', expireTime: new Date(Date.now() - MINUTE) });
    expect(await saberSignIn(expired, expired.password, { from })).toEqual(
      failed(400, '租户授权已过期，请联系管理员'),
    );
    const pending = await newUser({ userStatus: 2 });
    expect(await saberSignIn(pending, pending.password, { from })).toEqual(
      failed(400, '账号正在等待管理员审核'),
    );
    expect(
      await saberToken({ grantType: 'social', source: 'nowhere', code: 'c', state: 's' }, { from }),
    ).toEqual(failed(400, '未配置的第三方平台: nowhere'));
  });
});

describe('the SM2 key pair in DATA_DIR', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'console-sm2-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is created with mode 0600 on first start, kept on restart, and never the published pair', async () => {
    const first = loadSm2KeyPair(dataDir);
    const file = path.join(dataDir, SM2_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    expect(first.publicKey).toMatch(/^04[0-9a-f]{128}$/);
    expect(first.publicKey).not.toBe(PUBLISHED_PUBLIC_KEY);
    // A restart reads the same pair and leaves the file as it was.
    expect(loadSm2KeyPair(dataDir)).toEqual(first);
    expect(readFileSync(file, 'utf8')).toBe(text);
    // Another DATA_DIR, another pair.
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'console-sm2-'));
    try {
      expect(loadSm2KeyPair(elsewhere).publicKey).not.toBe(first.publicKey);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
    // `npm run sm2-public-key` prints it, reading DATA_DIR as the server does.
    const printed = await run(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'server/src/cli/sm2-public-key.ts')],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } },
    );
    expect(printed.stdout.trim()).toBe(first.publicKey);
    // SM2_PRIVATE_KEY (one pair for every process of a deployment) wins over the file.
    const shared = smCrypto.sm2.generateKeyPairHex();
    const fromEnv = await run(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'server/src/cli/sm2-public-key.ts')],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, SM2_PRIVATE_KEY: shared.privateKey } },
    );
    expect(fromEnv.stdout.trim()).toBe(shared.publicKey);
  });

  it('refuses to start on a key file that is not one', () => {
    const broken = mkdtempSync(path.join(tmpdir(), 'console-sm2-'));
    try {
      loadSm2KeyPair(broken);
      const file = path.join(broken, SM2_KEY_FILE);
      rmSync(file);
      // An empty or foreign file is an operator's mistake to see, not a key to replace silently.
      writeFileSync(file, '{"privateKey":"nope"}', { mode: 0o600 });
      expect(() => loadSm2KeyPair(broken)).toThrow(/not an SM2 key file/);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});
