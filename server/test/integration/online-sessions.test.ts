import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_HEADER } from '@console/contract';
import { lastActivityKey } from '../../src/core/auth/account-states.js';
import { IdGenerator } from '../../src/core/ids.js';
import { menuId } from '../../src/db/seed/menus.js';
import { OnlineSessionRepository } from '../../src/modules/system/online/online-session.repository.js';
import { createAccount, type TestAccount } from './support/accounts.js';
import { oneEngineFor, type TestDatabase } from './support/databases.js';
import { createSeededDatabase } from './support/template-databases.js';
import { openStream } from './support/event-stream-client.js';
import {
  closeSharedInstances,
  listening,
  sharedRedisInstance,
  signInOver,
  type SharedInstance,
} from './support/shared-redis.js';
import { md5, SABER_BASIC, startTestApp, type TestApp } from './support/test-app.js';

// Issue 48, 在线用户: every live sign-in session, listed the same by whichever process answers (two
// processes sharing one database and one Redis, as behind a load balancer), and 强退: the ended
// session's tokens stop working on every process at once, and its open page is told why.

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';

interface Instance extends SharedInstance {
  origin: string;
}

interface Listed {
  id: string;
  tenantId: string;
  account: string;
  ip: string | null;
  browser: string | null;
  os: string | null;
  current: boolean;
}

describe.each(oneEngineFor(import.meta.url))('online sessions across two processes on %s', (kind) => {
  let testDb: TestDatabase;
  let a: Instance;
  let b: Instance;
  let alice: TestAccount;
  let tenantAdmin: TestAccount;
  let adminToken: string;
  const prefix = `test:${randomUUID()}:`;
  const jwtSecret = new Uint8Array(randomBytes(48));

  const instance = async (worker: number): Promise<Instance> =>
    listening(await sharedRedisInstance(kind, testDb, { worker, prefix, jwtSecret }));

  const signIn = (on: Instance, account: Omit<TestAccount, 'userId' | 'roleIds'>, userAgent?: string) =>
    signInOver(on.origin, account, userAgent ? { 'user-agent': userAgent } : {});

  async function call(on: Instance, method: 'GET' | 'POST', path: string, token: string) {
    const res = await fetch(`${on.origin}${path}`, {
      method,
      headers: { authorization: SABER_BASIC, 'blade-auth': `bearer ${token}` },
    });
    return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: any } }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  async function listed(on: Instance, token: string, query = ''): Promise<Listed[]> {
    const res = await call(on, 'GET', `/api/blade-system/online/list?size=100${query}`, token);
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data.records as Listed[];
  }

  beforeAll(async () => {
    testDb = await createSeededDatabase(kind);
    a = await instance(1);
    b = await instance(2);
    const store = { db: a.database.db, kind, ids: new IdGenerator(7), timeZone: 'Asia/Shanghai' };
    alice = await createAccount({ store });
    tenantAdmin = await createAccount(
      { store },
      {
        tenantId: '100001',
        roles: [{ alias: 'admin', menuIds: [menuId('online'), menuId('online_logout')] }],
      },
    );
    adminToken = await signIn(a, { tenantId: '000000', account: 'admin', password: 'admin' });
  });
  afterAll(() => closeSharedInstances([a, b], testDb));

  it('lists each session of an account signed in twice, the same on either process', async () => {
    await signIn(a, alice, CHROME_ON_WINDOWS);
    await signIn(b, alice, SAFARI_ON_MAC);
    for (const on of [a, b]) {
      const rows = await listed(on, adminToken, `&account=${alice.account}`);
      expect(rows).toHaveLength(2);
      expect(rows.map((row) => [row.browser, row.os]).sort()).toEqual([
        ['Chrome 131', 'Windows 10'],
        ['Safari 17', 'macOS Catalina'],
      ]);
      expect(rows.every((row) => row.ip === '127.0.0.1' && !row.current)).toBe(true);
    }
    // The caller's own session says so.
    const own = await listed(b, adminToken, '&account=admin');
    expect(own.some((row) => row.current)).toBe(true);
  });

  it('ends a session from the other process: its tokens stop everywhere and its page is told why', async () => {
    const kept = await signIn(a, alice);
    const ended = await signIn(a, alice);
    const page = await openStream(a.origin, ended);
    expect(page.status).toBe(200);
    // The session of `ended`: the newest sign-in is listed first.
    const target = (await listed(b, adminToken, `&account=${alice.account}`))[0]!;

    const res = await call(b, 'POST', `/api/blade-system/online/logout?ids=${target.id}`, adminToken);
    expect(res.status).toBe(200);
    expect(await page.next()).toMatchObject({ event: 'session', data: { reason: 'kicked' } });
    expect(await page.next()).toBe('end');
    for (const on of [a, b]) {
      expect((await call(on, 'GET', '/api/blade-user/info', ended)).status).toBe(401);
      expect((await call(on, 'GET', '/api/blade-user/info', kept)).status).toBe(200);
    }
    expect((await listed(a, adminToken, `&account=${alice.account}`)).map((row) => row.id)).not.toContain(
      target.id,
    );

    // Ending it again: it is gone, a clear error, and nothing else ends.
    const again = await call(a, 'POST', `/api/blade-system/online/logout?ids=${target.id}`, adminToken);
    expect(again.status).toBe(404);
    expect(again.body.msg).toBe('所选登录已结束或不存在，请刷新列表');
    expect((await call(a, 'GET', '/api/blade-user/info', kept)).status).toBe(200);
  });

  it('keeps a tenant administrator to its own tenant, and refuses ids that are not sessions', async () => {
    const token = await signIn(b, tenantAdmin);
    const rows = await listed(a, token);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.tenantId === '100001')).toBe(true);

    // A platform session is as good as absent to it: 404, and the session goes on.
    const aliceToken = await signIn(a, alice);
    const aliceRow = (await listed(a, adminToken, `&account=${alice.account}`))[0]!;
    const refused = await call(a, 'POST', `/api/blade-system/online/logout?ids=${aliceRow.id}`, token);
    expect(refused.status).toBe(404);
    expect((await call(b, 'GET', '/api/blade-user/info', aliceToken)).status).toBe(200);

    const bad = await call(a, 'POST', '/api/blade-system/online/logout?ids=not-a-session', adminToken);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('请选择要强退的登录');
    // Someone without the page's buttons is refused.
    expect((await call(a, 'GET', '/api/blade-system/online/list', aliceToken)).status).toBe(403);
  });

  /** Sets tenant 100001's single-session policy through the tenant page's call. */
  const singleSession = (policy: number) => tenantSettings({ singleSession: policy });

  /** Changes settings of tenant 100001 through the tenant page's call. */
  async function tenantSettings(settings: Record<string, number>): Promise<void> {
    const found = await call(a, 'GET', '/api/blade-system/tenant/list?tenantId=100001', adminToken);
    const tenant = (found.body.data.records as Array<{ id: string; tenantName: string }>)[0]!;
    const res = await fetch(`${b.origin}/api/blade-system/tenant/submit`, {
      method: 'POST',
      headers: {
        authorization: SABER_BASIC,
        'blade-auth': `bearer ${adminToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ id: tenant.id, tenantName: tenant.tenantName, ...settings }),
    });
    expect(res.status).toBe(200);
  }

  it('ends the older sessions of an account at a new sign-in when its tenant says so, telling them why', async () => {
    const bob = await createAccount(
      { store: { db: a.database.db, kind, ids: new IdGenerator(9), timeZone: 'Asia/Shanghai' } },
      { tenantId: '100001' },
    );
    await singleSession(1);
    try {
      const first = await signIn(a, bob);
      const page = await openStream(b.origin, first);
      const second = await signIn(b, bob);
      expect(await page.next()).toMatchObject({ event: 'session', data: { reason: 'replaced' } });
      expect((await call(a, 'GET', '/api/blade-user/info', first)).status).toBe(401);
      expect((await call(a, 'GET', '/api/blade-user/info', second)).status).toBe(200);
      expect(await listed(a, adminToken, `&account=${bob.account}`)).toHaveLength(1);

      // Refusing instead: a new sign-in is refused while the session lives, and accepted after it ends.
      await singleSession(2);
      const refused = await fetch(
        `${a.origin}/api/blade-auth/oauth/token?${new URLSearchParams({
          tenantId: bob.tenantId,
          username: bob.account,
          password: md5(bob.password),
          grant_type: 'password',
        })}`,
        { method: 'POST', headers: { authorization: SABER_BASIC } },
      );
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        error_description: '该账号已在别处登录：请先在那里退出，或请管理员强退该登录',
      });
      expect((await call(b, 'GET', '/api/blade-user/info', second)).status).toBe(200);
      expect((await call(b, 'GET', '/api/blade-auth/oauth/logout', second)).status).toBe(200);
      await signIn(a, bob);
    } finally {
      await singleSession(0);
    }
  });

  it('ends a session idle longer than its tenant allows, judged by its own requests only', async () => {
    const carol = await createAccount(
      { store: { db: a.database.db, kind, ids: new IdGenerator(10), timeZone: 'Asia/Shanghai' } },
      { tenantId: '100001' },
    );
    await tenantSettings({ idleTimeoutMinutes: 5 });
    try {
      const query = new URLSearchParams({
        tenantId: carol.tenantId,
        username: carol.account,
        password: md5(carol.password),
        grant_type: 'password',
      });
      const answer = (await (
        await fetch(`${a.origin}/api/blade-auth/oauth/token?${query}`, {
          method: 'POST',
          headers: { authorization: SABER_BASIC },
        })
      ).json()) as { access_token: string; refresh_token: string };
      const token = answer.access_token;
      const sid = (await listed(a, adminToken, `&account=${carol.account}`))[0]!.id;
      /** The refresh grant on process b: the new tokens, or the status of a refusal. */
      const refresh = async (refreshToken: string): Promise<object | number> => {
        const res = await fetch(
          `${b.origin}/api/blade-auth/oauth/token?${new URLSearchParams({
            tenantId: carol.tenantId,
            grant_type: 'refresh_token',
            refresh_token: refreshToken,
          })}`,
          { method: 'POST', headers: { authorization: SABER_BASIC } },
        );
        return res.status === 200 ? ((await res.json()) as object) : res.status;
      };
      const mark = () => a.cache.get(lastActivityKey(sid));
      const ago = (minutes: number) => String(Date.now() - minutes * 60_000);

      // Four minutes without a request of its own: a background request (the dashboard refreshing
      // itself) is let in but does not count, nor do the stream and the refresh; a request of its
      // own does.
      await a.cache.set(lastActivityKey(sid), ago(4));
      const before = await mark();
      const background = await fetch(`${b.origin}/api/blade-user/info`, {
        headers: { authorization: SABER_BASIC, 'blade-auth': `bearer ${token}`, [BACKGROUND_HEADER]: '1' },
      });
      expect(background.status).toBe(200);
      // Nor do the event stream and the token refresh.
      const stream = await openStream(b.origin, token);
      expect(stream.status).toBe(200);
      stream.close();
      const refreshed = (await refresh(answer.refresh_token)) as { refresh_token: string };
      expect(refreshed.refresh_token).toEqual(expect.any(String));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await mark()).toBe(before);
      expect((await call(b, 'GET', '/api/blade-user/info', token)).status).toBe(200);
      await expect.poll(async () => Number(await mark())).toBeGreaterThan(Date.now() - 60_000);

      // Six minutes: refused on either process, the refresh too, and the session is gone.
      await a.cache.set(lastActivityKey(sid), ago(6));
      expect((await call(a, 'GET', '/api/blade-user/info', token)).status).toBe(401);
      expect(await refresh(refreshed.refresh_token)).toBe(401);
      expect(await listed(b, adminToken, `&account=${carol.account}`)).toEqual([]);
    } finally {
      await tenantSettings({ idleTimeoutMinutes: 0 });
    }
  });

  it('removes a session from the list when it signs out', async () => {
    const token = await signIn(a, alice);
    const count = (await listed(b, adminToken, `&account=${alice.account}`)).length;
    expect((await call(b, 'GET', '/api/blade-auth/oauth/logout', token)).status).toBe(200);
    expect(await listed(a, adminToken, `&account=${alice.account}`)).toHaveLength(count - 1);
  });
});

describe.each(oneEngineFor(import.meta.url))('online sessions in one process on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('leaves out, and removes, the row of a session the cache no longer holds (a restarted process)', async () => {
    const forgotten = randomUUID();
    const now = new Date();
    await new OnlineSessionRepository(t.store).insert({
      sessionId: forgotten,
      tenantId: '000000',
      userId: '1123598821738675201',
      account: 'admin',
      realName: '管理员',
      deptId: null,
      ip: '10.0.0.9',
      browser: null,
      os: null,
      clientId: 'saber',
      grantType: 'password',
      loginTime: now,
      expireTime: new Date(now.getTime() + 3_600_000),
    });
    const res = await t.call({ method: 'GET', url: '/api/blade-system/online/list', query: { size: '100' } });
    expect(res.status).toBe(200);
    const ids = (res.body.data.records as Listed[]).map((row) => row.id);
    expect(ids).not.toContain(forgotten);
    // The administrator's own session (the test app's sign-in) is there.
    expect((res.body.data.records as Listed[]).some((row) => row.current)).toBe(true);
    const left = await t.store.db
      .selectFrom('blade_online_session')
      .select('session_id')
      .where('session_id', '=', forgotten)
      .execute();
    expect(left).toEqual([]);
  });
});
