import { readFileSync } from 'node:fs';
import path from 'node:path';
// sm-crypto is the library the SpringBlade console (Saber 4.9) itself encrypts passwords with.
import smCrypto from 'sm-crypto';
import type { InjectOptions } from 'fastify';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/core/dates.js';
import { SM2_KEY_FILE } from '../../src/core/auth/sm2-key.js';
import { LogRepository, type LogRow } from '../../src/modules/log/log.repository.js';
import { createAccount, createOperator, createTenantAdmin, type TestAccount } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { md5, SABER_BASIC, startTestApp, type TestApp } from './support/test-app.js';

// Issue 48, "Login log": every attempt through the token endpoints (both dialects) and every logout
// lands in blade_log_login with what was typed, the address and the browser, never a secret; the
// administrators read it as the other logs (filters, pages, tenants), export it, and unlock from it.

const TOKEN = '/api/blade-auth/oauth/token';
const SABER_TOKEN = '/api/blade-auth/token';
const LOGIN = '/api/blade-log/login';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.85 Safari/537.36';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';
const PASSWORD = 'Right-pass-48';
const TZ = 'Asia/Shanghai';
/** Each attempt below comes from an address of its own: the rows are told apart by it. */
const from = (n: number) => `203.0.113.${n}`;

type Row = Record<string, unknown> & { id: string; outcome: string; createTime: string };

describe.each(oneEngineFor(import.meta.url))('login log on %s', (kind) => {
  let t: TestApp;
  let user: TestAccount;
  let lockedUser: TestAccount;
  let other: TestAccount & { token: string };
  /** What the successful sign-ins answered: no row may hold them. */
  const secrets: string[] = [];
  const startedAt = new Date();

  const inject = async (options: InjectOptions) => {
    const res = await t.app.inject(options);
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
  };
  /** The spec's token call from an address, with a browser's User-Agent. */
  const token = (query: Record<string, string>, address: string, userAgent = CHROME) =>
    inject({
      method: 'POST',
      url: TOKEN,
      remoteAddress: address,
      query: { scope: 'all', type: 'account', ...query },
      headers: { authorization: SABER_BASIC, 'user-agent': userAgent },
    });
  const password = (account: string, typed: string, address: string, tenantId = '000000') =>
    token({ tenantId, username: account, password: md5(typed), grant_type: 'password' }, address);
  const list = async (query: string, bearer?: string) => {
    const res = await t.call({ method: 'GET', url: `${LOGIN}/list?${query}` }, bearer);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { records: Row[]; total: number; pages: number };
  };
  const lockedInUserList = async (account: string) =>
    (await t.call({ method: 'GET', url: `/api/blade-user/list?account_equal=${account}` })).body.data
      .records[0].isLocked;

  beforeAll(async () => {
    t = await startTestApp(kind, [], false, { signInLockout: { accountFailures: 3 } });
    user = await createAccount(t, { account: 'll-user', password: PASSWORD });
    lockedUser = await createAccount(t, { account: 'll-locked', password: PASSWORD });
    await createAccount(t, { account: 'll-disabled', password: PASSWORD, userStatus: 0 });
    other = await createTenantAdmin(t, '200048');

    // One attempt of each outcome the token endpoint can give, each from its own address.
    const signedIn = await password('ll-user', PASSWORD, from(1));
    expect(signedIn.status).toBe(200);
    expect((await password('ll-user', 'wrong', from(2))).status).toBe(400);
    expect((await password('ll-nobody', PASSWORD, from(3))).status).toBe(400);
    // The captcha grant without its captcha.
    expect(
      (await token({ username: 'll-user', password: md5(PASSWORD), grant_type: 'captcha' }, from(4))).status,
    ).toBe(400);
    expect((await password('ll-user', PASSWORD, from(5), '999999')).status).toBe(400);
    expect((await password('ll-disabled', PASSWORD, from(6))).status).toBe(400);
    expect((await token({ grant_type: 'refresh_token', refresh_token: 'not-a-token' }, from(7))).status).toBe(
      401,
    );
    const refreshed = await token(
      { grant_type: 'refresh_token', refresh_token: signedIn.body.refresh_token },
      from(8),
    );
    expect(refreshed.status).toBe(200);
    const out = await inject({
      method: 'GET',
      url: '/api/blade-auth/oauth/logout',
      remoteAddress: from(9),
      headers: {
        authorization: SABER_BASIC,
        'blade-auth': `bearer ${refreshed.body.access_token}`,
        'user-agent': SAFARI,
      },
    });
    expect(out.status).toBe(200);
    // Three wrong passwords lock the account (the third answers so); then even the right one is refused.
    for (let i = 0; i < 3; i++) await password('ll-locked', 'wrong', from(10));
    expect((await password('ll-locked', PASSWORD, from(10))).body.error_description).toMatch(/锁定/);
    // SpringBlade's token call: the password SM2-encrypted under the server's key (issue 20).
    const { publicKey } = JSON.parse(readFileSync(path.join(t.dataDir, SM2_KEY_FILE), 'utf8')) as {
      publicKey: string;
    };
    const encrypted = smCrypto.sm2.doEncrypt(PASSWORD, publicKey, 0);
    const saber = await inject({
      method: 'POST',
      url: SABER_TOKEN,
      remoteAddress: from(11),
      query: { tenantId: '000000', account: 'll-user', password: encrypted, grantType: 'password' },
      headers: { authorization: SABER_BASIC, 'user-agent': SAFARI },
    });
    expect(saber.status).toBe(200);
    secrets.push(
      PASSWORD,
      md5(PASSWORD),
      encrypted,
      'not-a-token',
      ...[signedIn.body, refreshed.body].flatMap((b) => [b.access_token, b.refresh_token]),
      saber.body.data.accessToken,
      saber.body.data.refreshToken,
    );
    await t.app.logWriter.flush();
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('records each outcome with the typed account, the address and the browser, and never a secret', async () => {
    const rows = (await list('ip=203.0.113.&size=100')).records;
    const at = (n: number) => rows.filter((r) => r.ip === from(n));
    const chrome = { browser: 'Chrome 131', os: 'Windows 10', userAgent: CHROME, clientId: 'saber' };
    const safari = { browser: 'Safari 17', os: 'macOS Catalina', userAgent: SAFARI, clientId: 'saber' };
    const mine = { tenantId: '000000', account: 'll-user', userId: user.userId };
    expect(at(1)).toEqual([
      expect.objectContaining({
        ...mine,
        ...chrome,
        outcome: 'success',
        grantType: 'password',
        locked: false,
      }),
    ]);
    expect(at(2)).toEqual([expect.objectContaining({ ...mine, ...chrome, outcome: 'badCredentials' })]);
    // An unknown account is logged as typed, and reads as a wrong password did (no user).
    expect(at(3)).toEqual([
      expect.objectContaining({ account: 'll-nobody', userId: null, outcome: 'badCredentials' }),
    ]);
    expect(at(4)).toEqual([
      expect.objectContaining({ account: 'll-user', outcome: 'badCaptcha', grantType: 'captcha' }),
    ]);
    expect(at(5)).toEqual([
      expect.objectContaining({ tenantId: '999999', account: 'll-user', outcome: 'unknownTenant' }),
    ]);
    expect(at(6)).toEqual([expect.objectContaining({ account: 'll-disabled', outcome: 'disabled' })]);
    expect(at(7)).toEqual([
      expect.objectContaining({ account: null, outcome: 'refreshRefused', grantType: 'refresh_token' }),
    ]);
    expect(at(8)).toEqual([
      expect.objectContaining({ ...mine, ...chrome, outcome: 'success', grantType: 'refresh_token' }),
    ]);
    expect(at(9)).toEqual([
      expect.objectContaining({ ...mine, ...safari, outcome: 'signedOut', grantType: 'logout' }),
    ]);
    expect(at(10).map((r) => r.outcome)).toEqual(['locked', 'locked', 'badCredentials', 'badCredentials']);
    expect(at(10).every((r) => r.userId === lockedUser.userId)).toBe(true);
    expect(at(11)).toEqual([
      expect.objectContaining({ ...mine, ...safari, outcome: 'success', grantType: 'password' }),
    ]);

    // No column of any row holds a password, its digest or hash, or a token.
    const stored = JSON.stringify(
      await t.store.db.selectFrom('blade_log_login').selectAll().execute(),
      (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value),
    );
    const hash = await t.store.db
      .selectFrom('blade_user')
      .select('password')
      .where('account', '=', 'll-user')
      .executeTakeFirstOrThrow();
    for (const secret of [...secrets, hash.password]) expect(stored).not.toContain(secret);
  });

  it('cuts what was typed to its column', async () => {
    const res = await inject({
      method: 'POST',
      url: TOKEN,
      remoteAddress: from(12),
      query: { username: 'll-user', password: md5('wrong'), grant_type: 'password', scope: 'all' },
      headers: {
        authorization: SABER_BASIC,
        'user-agent': `${CHROME} ${'x'.repeat(1500)}`,
        'tenant-id': 'T'.repeat(40),
      },
    });
    expect(res.status).toBe(400);
    await t.app.logWriter.flush();
    const [row] = (await list(`ip_equal=${from(12)}`)).records;
    expect(row).toMatchObject({ outcome: 'unknownTenant', browser: 'Chrome 131' });
    expect(String(row!.tenantId)).toHaveLength(12);
    expect(String(row!.userAgent)).toHaveLength(1000);
  });

  it('filters by account, address, outcome and time, and pages newest first', async () => {
    expect((await list('account=ll-lock')).total).toBe(4);
    expect((await list(`ip_equal=${from(10)}`)).total).toBe(4);
    // One outcome exactly: `locked` is not `addressLocked`.
    const locked = await list('outcome=locked');
    expect(locked.records.map((r) => r.account)).toEqual(['ll-locked', 'll-locked']);
    expect((await list('outcome=badCredentials&account=ll-locked')).total).toBe(2);
    const bad = await t.call({ method: 'GET', url: `${LOGIN}/list?outcome=nonsense` });
    expect(bad).toMatchObject({ status: 400, body: { success: false, msg: '查询条件outcome的值不正确' } });

    const around = (minutes: number) => formatDateTime(new Date(startedAt.getTime() + minutes * 60_000), TZ);
    const during = `createTime_dategt=${encodeURIComponent(around(-10))}&createTime_datelt=${encodeURIComponent(around(10))}`;
    expect((await list(`account=ll-locked&${during}`)).total).toBe(4);
    expect((await list(`account=ll-locked&createTime_datelt=${encodeURIComponent(around(-10))}`)).total).toBe(
      0,
    );
    // A bare day is the whole day.
    expect((await list(`account=ll-locked&createTime_dategt=${around(0).slice(0, 10)}`)).total).toBe(4);

    const first = await list('account=ll-locked&size=3&current=1');
    const second = await list('account=ll-locked&size=3&current=2');
    expect([first.total, first.pages, first.records.length, second.records.length]).toEqual([4, 2, 3, 1]);
    const ids = [...first.records, ...second.records].map((r) => BigInt(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    expect(new Set(ids).size).toBe(4);
  });

  it("lets a tenant's administrator read only its tenant's rows (another tenant's detail is 404)", async () => {
    const own = await list('size=100', other.token);
    expect(own.total).toBeGreaterThan(0);
    expect(own.records.every((r) => r.tenantId === '200048')).toBe(true);
    expect(own.records.some((r) => r.account === other.account && r.outcome === 'success')).toBe(true);
    expect((await list('tenantId_equal=200048&size=100')).total).toBe(own.total);

    const foreign = (await list(`ip_equal=${from(1)}`)).records[0]!;
    const detail = (id: string, bearer?: string) =>
      t.call({ method: 'GET', url: `${LOGIN}/detail?id=${id}` }, bearer);
    expect((await detail(foreign.id, other.token)).status).toBe(404);
    expect((await detail(foreign.id)).body.data).toEqual(foreign);
    expect((await detail(own.records[0]!.id, other.token)).body.data).toEqual(own.records[0]);

    // Administrators only (security S3), whatever menus a user holds.
    const operator = await createOperator(t, [
      'log_login',
      'log_login_view',
      'log_login_export',
      'log_login_unlock',
    ]);
    for (const [method, url] of [
      ['GET', `${LOGIN}/list`],
      ['GET', `${LOGIN}/detail?id=${foreign.id}`],
      ['GET', `${LOGIN}/export`],
      ['POST', `${LOGIN}/unlock?ids=${lockedUser.userId}`],
    ] as const) {
      expect((await t.call({ method, url }, operator.token)).status, url).toBe(403);
      expect((await t.call({ method, url }, null)).status, url).toBe(401);
    }
  });

  it('exports the search as .xlsx, the rows as the list has them', async () => {
    const download = (query: string, bearer = t.adminToken, language = 'zh-CN') =>
      t.app.inject({
        method: 'GET',
        url: `${LOGIN}/export?${query}`,
        headers: {
          authorization: SABER_BASIC,
          'blade-auth': `bearer ${bearer}`,
          'accept-language': language,
        },
      });
    const res = await download('account=ll-locked');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('登录日志-');
    const [header, ...rows] = await readSheet(res.rawPayload);
    expect(header).toEqual([
      '登录时间',
      '租户ID',
      '登录账号',
      '登录结果',
      '登录IP',
      '浏览器',
      '操作系统',
      '授权类型',
      '客户端',
      '用户代理',
    ]);
    const listed = (await list('account=ll-locked')).records;
    expect(rows.map((r) => [r[0], r[2], r[3], r[4], r[5]])).toEqual(
      listed.map((r) => [
        r.createTime,
        'll-locked',
        r.outcome === 'locked' ? '账号已锁定' : '账号或密码错误',
        from(10),
        'Chrome 131',
      ]),
    );
    const english = await readSheet((await download('outcome=locked', t.adminToken, 'en')).rawPayload);
    expect(english.slice(1).map((r) => r[3])).toEqual(['Account locked', 'Account locked']);
    // A tenant's administrator exports its own rows only.
    const theirs = await readSheet((await download('', other.token)).rawPayload);
    expect(theirs.slice(1).every((r) => r[1] === '200048')).toBe(true);
    expect((await download('outcome=nonsense')).statusCode).toBe(400);
  });

  it('unlocks from the log: the user list shows the lock before and not after, and the password works again', async () => {
    const lockedRows = async () =>
      (await list('account=ll-locked&outcome=locked')).records.map((r) => r.locked);
    expect(await lockedInUserList('ll-locked')).toBe(1);
    expect(await lockedRows()).toEqual([true, true]);
    const unlock = (ids: string, bearer?: string) =>
      t.call({ method: 'POST', url: `${LOGIN}/unlock?ids=${ids}` }, bearer);
    // Another tenant's user, or one that does not exist, is not there: 404, nothing lifted.
    expect((await unlock(lockedUser.userId, other.token)).status).toBe(404);
    expect((await unlock(`${lockedUser.userId},123`)).status).toBe(404);
    expect((await unlock('abc')).status).toBe(400);
    expect(await lockedInUserList('ll-locked')).toBe(1);

    expect(await unlock(lockedUser.userId)).toMatchObject({
      status: 200,
      body: { data: true, msg: '解锁成功' },
    });
    expect(await lockedInUserList('ll-locked')).toBe(0);
    expect(await lockedRows()).toEqual([false, false]);
    expect((await password('ll-locked', PASSWORD, from(13))).status).toBe(200);
    await t.app.logWriter.flush();
    expect((await list(`ip_equal=${from(13)}`)).records).toEqual([
      expect.objectContaining({ account: 'll-locked', outcome: 'success', locked: false }),
    ]);
  });

  it('purges rows older than the retention with the other logs', async () => {
    const row = (created: Date) =>
      ({
        id: BigInt(t.store.ids.next()),
        tenant_id: '000000',
        account: 'll-old',
        outcome: 'success',
        create_time: created,
      }) as LogRow;
    await new LogRepository(t.store).insert('login', [
      row(new Date(Date.now() - 91 * 86_400_000)),
      row(new Date(Date.now() - 89 * 86_400_000)),
    ]);
    expect((await t.app.logService.purge()).login).toBe(1);
    expect((await list('account=ll-old')).total).toBe(1);
  });
});
