import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/core/dates.js';
import { buildApp } from '../../src/app.js';
import { MemoryCache } from '../../src/core/cache/memory-cache.js';
import { captchaKey } from '../../src/modules/auth/captcha.js';
import { createAccount } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { md5, SABER_BASIC, startTestApp, type TestApp } from './support/test-app.js';

// Issue 13, items 11 and 12 (security S7, decision 0013): a captcha whose markup does not hold its
// answer, and sign-in locks that are temporary, grow with each failure, are kept per account and
// per address, never end a live session, and can be lifted by an administrator or an operator.
// The lock's clock is the test's (moved, never waited for).

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TOKEN_URL = '/api/blade-auth/oauth/token';
const MINUTE = 60_000;
const run = promisify(execFile);

const accountLocked = (minutes: number) => `登录失败次数过多，账号已临时锁定，请 ${minutes} 分钟后再试`;
const addressLocked = (minutes: number) => `登录失败次数过多，请 ${minutes} 分钟后再试`;

describe.each(oneEngineFor(import.meta.url))('sign-in defences on %s', (kind) => {
  let t: TestApp;
  let clock = Date.now();
  let addresses = 0;
  /** A client address of its own for each test, so that address limits do not carry over. */
  const newAddress = () => `192.0.2.${++addresses}`;

  const signIn = async (
    account: string,
    password: string,
    from: string,
    extra: { tenantId?: string; headers?: Record<string, string>; grant?: string } = {},
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      remoteAddress: from,
      query: {
        tenantId: extra.tenantId ?? '000000',
        username: account,
        password: md5(password),
        grant_type: extra.grant ?? 'password',
        scope: 'all',
        type: 'account',
      },
      headers: { authorization: SABER_BASIC, ...extra.headers },
    });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };
  const lockRow = (userId: string) =>
    t.store.db
      .selectFrom('blade_sign_in_lock')
      .selectAll()
      .where('user_id', '=', BigInt(userId))
      .executeTakeFirst();
  /** Five wrong passwords: the fifth locks the account for a minute. */
  const lockOut = async (account: string, from: string) => {
    for (let i = 1; i <= 4; i++)
      expect((await signIn(account, 'wrong', from)).body.error_description).toBe('用户名或密码错误');
    expect((await signIn(account, 'wrong', from)).body).toEqual({
      error_code: 400,
      error_description: accountLocked(1),
    });
  };
  const newUser = () => createAccount(t, { roles: [{ alias: 'operator' }] });

  beforeAll(async () => {
    t = await startTestApp(kind, [], false, { signInLockout: { now: () => clock } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('draws captchas as glyph paths with noise: no <text>, never the answer in the markup; a code works once', async () => {
    for (let i = 0; i < 150; i++) {
      const issued = await t.app.inject({
        method: 'GET',
        url: '/api/blade-auth/oauth/captcha',
        remoteAddress: `198.51.100.${1 + Math.floor(i / 50)}`, // 60 images per address and window
        headers: { authorization: SABER_BASIC },
      });
      expect(issued.statusCode).toBe(200);
      const { key, image } = JSON.parse(issued.body) as { key: string; image: string };
      expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
      const svg = Buffer.from(image.slice(image.indexOf(',') + 1), 'base64').toString('utf8');
      const code = (await t.cache.get(captchaKey(key)))!;
      expect(code).toMatch(/^[a-z2-9]{5}$/);
      expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg).not.toMatch(/<text|<tspan|<font|font-family|<use|<image/i);
      expect(svg.toLowerCase()).not.toContain(code);
      // Four glyphs and some noise, all paths.
      expect(svg.match(/<path /g)!.length).toBeGreaterThanOrEqual(8);
    }

    const from = newAddress();
    const captchaSignIn = async (key: string, code: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: TOKEN_URL,
        remoteAddress: from,
        query: {
          tenantId: '000000',
          username: 'admin',
          password: md5('admin'),
          grant_type: 'captcha',
          scope: 'all',
        },
        headers: { authorization: SABER_BASIC, 'captcha-key': key, 'captcha-code': code },
      });
      return { status: res.statusCode, body: JSON.parse(res.body) };
    };
    const issued = JSON.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/blade-auth/oauth/captcha',
          remoteAddress: from,
          headers: { authorization: SABER_BASIC },
        })
      ).body,
    ) as { key: string };
    const code = (await t.cache.get(captchaKey(issued.key)))!;
    expect((await captchaSignIn(issued.key, code.toUpperCase())).status).toBe(200);
    expect(await captchaSignIn(issued.key, code)).toEqual({
      status: 400,
      body: { error_code: 400, error_description: '验证码不正确或已过期' },
    });
  });

  it('locks an account for a while after five failures, refuses even the right password meanwhile, and lets the lock expire; each further failure doubles it up to an hour', async () => {
    const user = await newUser();
    const from = newAddress();
    await lockOut(user.account, from);
    // The right password is refused while the lock lasts, and that attempt does not extend it.
    expect(await signIn(user.account, user.password, from)).toEqual({
      status: 400,
      body: { error_code: 400, error_description: accountLocked(1) },
    });
    const en = await signIn(user.account, user.password, from, { headers: { 'accept-language': 'en' } });
    expect(en.body.error_description).toBe(
      'Too many failed sign-ins: the account is locked for now; try again in 1 min',
    );
    expect(Number((await lockRow(user.userId))!.failures)).toBe(5);

    // The lock expires on its own; the next failure locks for twice as long.
    clock += MINUTE + 1000;
    expect((await signIn(user.account, 'wrong', from)).body.error_description).toBe(accountLocked(2));
    clock += MINUTE;
    expect((await signIn(user.account, user.password, from)).body.error_description).toBe(accountLocked(1));
    clock += MINUTE + 1000;
    expect((await signIn(user.account, 'wrong', from)).body.error_description).toBe(accountLocked(4));
    // 8, 16, 32, then never more than an hour.
    for (const minutes of [8, 16, 32, 60, 60]) {
      clock += 64 * MINUTE;
      expect((await signIn(user.account, 'wrong', from)).body.error_description).toBe(accountLocked(minutes));
    }
    clock += 59 * MINUTE;
    expect((await signIn(user.account, user.password, from)).body.error_description).toBe(accountLocked(1));
    clock += MINUTE + 1000;
    expect((await signIn(user.account, user.password, from)).status).toBe(200);

    // A successful sign-in forgets the failures: four more are four, not a lock.
    expect(await lockRow(user.userId)).toBeUndefined();
    for (let i = 1; i <= 4; i++)
      expect((await signIn(user.account, 'wrong', from)).body.error_description).toBe('用户名或密码错误');
    expect((await signIn(user.account, user.password, from)).status).toBe(200);
  });

  it("never ends or refuses a live session: the platform administrator's tokens keep working during and after anonymous failures", async () => {
    const from = newAddress();
    const session = (await signIn('admin', 'admin', from)).body;
    const use = (token: string) =>
      t.call({ method: 'GET', url: '/api/blade-system/param/list' }, token).then((r) => r.status);
    expect(await use(session.access_token)).toBe(200);

    // Someone else guesses admin's password from elsewhere until it is locked, and keeps going.
    const attacker = newAddress();
    for (let i = 0; i < 8; i++) await signIn('admin', 'guess', attacker);
    expect((await signIn('admin', 'admin', from)).status).toBe(400); // locked: no new session

    expect(await use(session.access_token)).toBe(200);
    expect(await use(t.adminToken)).toBe(200);
    expect(
      (await t.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info' }, session.access_token)).status,
    ).toBe(200);
    // The session also renews itself (refresh grant) while the lock lasts.
    const renewed = await t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      remoteAddress: from,
      query: {
        tenantId: '000000',
        grant_type: 'refresh_token',
        refresh_token: session.refresh_token,
        scope: 'all',
      },
      headers: { authorization: SABER_BASIC },
    });
    expect(renewed.statusCode).toBe(200);
    expect(await use(JSON.parse(renewed.body).access_token)).toBe(200);
    expect((await signIn('admin', 'admin', from)).body.error_description).toBe(accountLocked(1));

    // And after the lock has expired.
    clock += MINUTE + 1000;
    expect(await use(session.access_token)).toBe(200);
    expect((await signIn('admin', 'admin', from)).status).toBe(200);
  });

  it('limits each client address on its own, with growing delays, whatever accounts it tries', async () => {
    const sprayer = newAddress();
    const user = await newUser();
    for (let i = 1; i <= 19; i++) {
      const res = await signIn(`ghost${i}`, 'x', sprayer);
      expect(res.body.error_description, `failure ${i}`).toBe('用户名或密码错误');
    }
    expect(await signIn('ghost20', 'x', sprayer)).toEqual({
      status: 429,
      body: { error_code: 429, error_description: addressLocked(1) },
    });
    // Every sign-in from that address waits, the right password too, in both languages …
    expect((await signIn(user.account, user.password, sprayer)).status).toBe(429);
    expect(
      (await signIn(user.account, user.password, sprayer, { headers: { 'accept-language': 'en' } })).body
        .error_description,
    ).toBe('Too many failed sign-ins from your address; try again in 1 min');
    // … but not another address, and the accounts tried are not locked by it.
    expect((await signIn(user.account, user.password, newAddress())).status).toBe(200);

    clock += MINUTE + 1000;
    expect(await signIn('ghost21', 'x', sprayer)).toMatchObject({
      status: 429,
      body: { error_description: addressLocked(2) },
    });
    clock += 2 * MINUTE + 1000;
    expect((await signIn(user.account, user.password, sprayer)).status).toBe(200);
  });

  it('keeps the lock in the database (it holds for a restarted server) and lets an operator lift it with npm run unlock', async () => {
    const user = await newUser();
    const from = newAddress();
    await lockOut(user.account, from);
    const row = await lockRow(user.userId);
    expect(row).toMatchObject({ tenant_id: '000000' });
    expect(new Date(row!.locked_until as string).getTime()).toBe(clock + MINUTE);

    // A restarted server (new memory, same database) still refuses the account.
    const restarted = await buildApp({
      config: { logLevel: 'silent', webDist: null, socialProviders: [], dataDir: t.dataDir },
      store: t.store,
      cache: new MemoryCache(),
      jwtSecret: t.jwtSecret,
      dataKey: new Uint8Array(randomBytes(32)),
      ping: t.database.ping,
      signInLockout: { now: () => clock },
    });
    try {
      const res = await restarted.inject({
        method: 'POST',
        url: TOKEN_URL,
        query: {
          tenantId: '000000',
          username: user.account,
          password: md5(user.password),
          grant_type: 'password',
          scope: 'all',
        },
        headers: { authorization: SABER_BASIC },
      });
      expect(JSON.parse(res.body).error_description).toBe(accountLocked(1));
    } finally {
      await restarted.close();
    }

    // The command line, with the server's environment (no REDIS_URL), against this database.
    const env: Record<string, string | undefined> = {
      ...process.env,
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: t.dataDir,
    };
    delete env.REDIS_URL;
    const unlock = (...args: string[]) =>
      run('npm', ['run', '-s', 'unlock', '--', ...args], { cwd: ROOT, env }).then(
        (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({
          code: e.code,
          stdout: e.stdout,
          stderr: e.stderr,
        }),
      );
    const done = await unlock('000000', user.account);
    expect(done.stderr.replace(/npm warn.*\n/g, '')).toBe('');
    expect(done.code).toBe(0);
    expect(done.stdout).toContain(`Unlocked "${user.account}" of tenant 000000 (user ${user.userId})`);
    expect(done.stdout).toContain('cleared 5 failed sign-ins');
    expect(await lockRow(user.userId)).toBeUndefined();
    expect((await signIn(user.account, user.password, from)).status).toBe(200);

    const again = await unlock('000000', user.account);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('was not locked and had no failed sign-ins');

    const missing = await unlock('000000', 'nobody-here');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No account "nobody-here" in tenant 000000');
    const noTenant = await unlock('999999', user.account);
    expect(noTenant.code).toBe(1);
    expect(noTenant.stderr).toContain('No tenant 999999');
    expect((await unlock('000000')).code).toBe(2);
  }, 120_000);

  it('user/unlock lifts the lock at once, for the administrator only', async () => {
    const user = await newUser();
    const from = newAddress();
    await lockOut(user.account, from);
    const url = `/api/blade-user/unlock?userIds=${user.userId}`;
    // Without the user_unlock button: refused, and the lock stays.
    const plain = await createAccount(t, { roles: [{ alias: 'clerk' }] });
    const plainToken = (await signIn(plain.account, plain.password, newAddress())).body
      .access_token as string;
    expect((await t.call({ method: 'POST', url }, plainToken)).status).toBe(403);
    expect((await signIn(user.account, user.password, from)).body.error_description).toBe(accountLocked(1));

    expect(await t.call({ method: 'POST', url })).toMatchObject({ status: 200, body: { success: true } });
    expect(await lockRow(user.userId)).toBeUndefined();
    expect((await signIn(user.account, user.password, from)).status).toBe(200);
  });

  it('shows a lock on the user page and in the detail while it lasts, with when it ends; unlock or time clears it (issue 45)', async () => {
    const user = await newUser();
    const from = newAddress();
    const shown = async () => {
      const page = await t.call({
        method: 'GET',
        url: `/api/blade-user/page?current=1&size=10&account=${user.account}`,
      });
      expect(page.status).toBe(200);
      const row = page.body.data.records.find((r: { id: string }) => r.id === user.userId);
      const views = [row];
      for (const url of [
        `/api/blade-user/detail?id=${user.userId}`,
        `/api/blade-system/user/detail?id=${user.userId}`,
        `/api/blade-user/platform-detail?id=${user.userId}`,
      ])
        views.push((await t.call({ method: 'GET', url })).body.data);
      const locks = views.map(({ isLocked, lockedUntil }) => ({ isLocked, lockedUntil }));
      for (const each of locks) expect(each).toEqual(locks[0]);
      return locks[0]!;
    };
    expect(await shown()).toEqual({ isLocked: 0, lockedUntil: null });
    await lockOut(user.account, from);
    const until = formatDateTime(new Date(clock + MINUTE), 'Asia/Shanghai');
    expect(await shown()).toEqual({ isLocked: 1, lockedUntil: until });

    // unlock clears it at once.
    expect(
      (await t.call({ method: 'POST', url: `/api/blade-user/unlock?userIds=${user.userId}` })).status,
    ).toBe(200);
    expect(await shown()).toEqual({ isLocked: 0, lockedUntil: null });

    // Locked again, it ends on its own: shown until then, not after.
    await lockOut(user.account, newAddress());
    clock += MINUTE - 1000;
    expect((await shown()).isLocked).toBe(1);
    clock += 2000;
    expect(await shown()).toEqual({ isLocked: 0, lockedUntil: null });
  });
});
