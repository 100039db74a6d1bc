import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdGenerator } from '../../src/core/ids.js';
import { menuId } from '../../src/db/seed/menus.js';
import { captchaKey } from '../../src/modules/auth/captcha.js';
import { createAccount, initialPasswordChange } from './support/accounts.js';
import { oneEngineFor, type TestDatabase } from './support/databases.js';
import { createSeededDatabase } from './support/template-databases.js';
import { closeSharedInstances, sharedRedisInstance, type SharedInstance } from './support/shared-redis.js';
import { md5, SABER_BASIC } from './support/test-app.js';

// Two server instances behind one load balancer: one database, one Redis, one signing key. What one
// instance decides (a captcha, a logout, a rotation, a lock, a change of state) holds on the other.

type Instance = SharedInstance;

describe.each(oneEngineFor(import.meta.url))('two server instances sharing Redis on %s', (kind) => {
  let testDb: TestDatabase;
  let a: Instance;
  let b: Instance;
  const prefix = `test:${randomUUID()}:`;
  const jwtSecret = new Uint8Array(randomBytes(48));

  const instance = (worker: number) => sharedRedisInstance(kind, testDb, { worker, prefix, jwtSecret });

  const request = async (
    on: Instance,
    method: 'GET' | 'POST',
    url: string,
    options: {
      token?: string;
      query?: Record<string, string>;
      headers?: Record<string, string>;
      payload?: object;
    } = {},
  ) => {
    const headers: Record<string, string> = { authorization: SABER_BASIC, ...options.headers };
    if (options.token) headers['blade-auth'] = `bearer ${options.token}`;
    const res = await on.app.inject({
      method,
      url,
      query: options.query,
      headers,
      ...(options.payload ? { payload: options.payload } : {}),
    });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };
  const signIn = (
    on: Instance,
    account: string,
    password: string,
    extra: { query?: Record<string, string>; headers?: Record<string, string> } = {},
  ) =>
    request(on, 'POST', '/api/blade-auth/oauth/token', {
      query: {
        tenantId: '000000',
        username: account,
        password: md5(password),
        grant_type: 'password',
        scope: 'all',
        ...extra.query,
      },
      headers: extra.headers,
    });

  beforeAll(async () => {
    testDb = await createSeededDatabase(kind);
    a = await instance(1);
    b = await instance(2);
  });
  afterAll(() => closeSharedInstances([a, b], testDb));

  it('accepts a captcha issued by the other instance, once', async () => {
    const issued = await request(a, 'GET', '/api/blade-auth/oauth/captcha');
    const code = (await a.cache.get(captchaKey(issued.body.key)))!;
    const attempt = (on: Instance) =>
      request(on, 'POST', '/api/blade-auth/oauth/token', {
        query: {
          tenantId: '000000',
          username: 'admin',
          password: md5('admin'),
          grant_type: 'captcha',
          scope: 'all',
        },
        headers: { 'captcha-key': issued.body.key, 'captcha-code': code },
      });
    expect((await attempt(b)).status).toBe(200);
    expect((await attempt(a)).body.error_description).toBe('验证码不正确或已过期');
  });

  it('honours a logout and a rotation made on the other instance', async () => {
    const session = (await signIn(a, 'admin', 'admin')).body;
    expect(
      (await request(b, 'GET', '/api/blade-auth/oauth/user-info', { token: session.access_token })).status,
    ).toBe(200);
    const rotated = await request(b, 'POST', '/api/blade-auth/oauth/token', {
      query: { grant_type: 'refresh_token', refresh_token: session.refresh_token, scope: 'all' },
    });
    expect(rotated.status).toBe(200);
    const replay = await request(a, 'POST', '/api/blade-auth/oauth/token', {
      query: { grant_type: 'refresh_token', refresh_token: session.refresh_token, scope: 'all' },
    });
    expect(replay.status).toBe(401);

    const fresh = (await signIn(b, 'admin', 'admin')).body;
    expect(
      (await request(a, 'GET', '/api/blade-auth/oauth/user-info', { token: fresh.access_token })).status,
    ).toBe(200);
    expect(
      (await request(b, 'GET', '/api/blade-auth/oauth/logout', { token: fresh.access_token })).status,
    ).toBe(200);
    expect(
      (await request(a, 'GET', '/api/blade-auth/oauth/user-info', { token: fresh.access_token })).status,
    ).toBe(401);
  });

  it('counts failures across instances and locks the account for both', async () => {
    for (const on of [a, b, a, b])
      expect((await signIn(on, 'admin', 'wrong')).body.error_description).toBe('用户名或密码错误');
    const locked = '登录失败次数过多，账号已临时锁定，请 1 分钟后再试';
    expect((await signIn(b, 'admin', 'wrong')).body.error_description).toBe(locked);
    expect((await signIn(a, 'admin', 'admin')).body.error_description).toBe(locked);
    await a.database.db.deleteFrom('blade_sign_in_lock').execute();
    await a.cache.deleteByPrefix('auth:fail:');
  });

  it('shows a lock set through one instance on the other, and an unlock on either holds on both (issue 45)', async () => {
    const store = { db: a.database.db, kind, ids: new IdGenerator(4), timeZone: 'Asia/Shanghai' };
    const user = await createAccount({ store }, { password: 'pw-lock' });
    const admin = (await signIn(b, 'admin', 'admin')).body.access_token as string;
    const shownOn = async (on: Instance) =>
      (await request(on, 'GET', `/api/blade-user/detail?id=${user.userId}`, { token: admin })).body.data;
    for (const on of [a, b, a, b, a]) await signIn(on, user.account, 'wrong');
    for (const on of [a, b])
      expect(await shownOn(on)).toMatchObject({ isLocked: 1, lockedUntil: expect.any(String) });
    expect(
      (await request(a, 'POST', `/api/blade-user/unlock?userIds=${user.userId}`, { token: admin })).status,
    ).toBe(200);
    for (const on of [a, b]) expect(await shownOn(on)).toMatchObject({ isLocked: 0, lockedUntil: null });
    expect((await signIn(b, user.account, 'pw-lock')).status).toBe(200);
    await a.cache.deleteByPrefix('auth:fail:');
  });

  it("drops an account's cached state in every instance when one announces a change", async () => {
    const session = (await signIn(a, 'admin', 'admin')).body;
    // Both instances have the state cached now.
    expect(
      (await request(a, 'GET', '/api/blade-auth/oauth/user-info', { token: session.access_token })).status,
    ).toBe(200);
    expect(
      (await request(b, 'GET', '/api/blade-auth/oauth/user-info', { token: session.access_token })).status,
    ).toBe(200);
    await a.database.db
      .updateTable('blade_tenant')
      .set({ status: 0 })
      .where('tenant_id', '=', '000000')
      .execute();
    // Still cached on b until someone announces the change; a clear-cache on a does.
    expect(
      (await request(b, 'GET', '/api/blade-auth/oauth/user-info', { token: session.access_token })).status,
    ).toBe(200);
    // Sign-in reads the database, not the cache: refused at once.
    expect((await signIn(a, 'admin', 'admin')).body.error_description).toBe('租户已被禁用，请联系管理员');
    await a.database.db
      .updateTable('blade_tenant')
      .set({ status: 1 })
      .where('tenant_id', '=', '000000')
      .execute();
    const admin = (await signIn(a, 'admin', 'admin')).body.access_token as string;
    await a.database.db
      .updateTable('blade_tenant')
      .set({ status: 0 })
      .where('tenant_id', '=', '000000')
      .execute();
    expect((await request(a, 'GET', '/api/blade-auth/oauth/clear-cache', { token: admin })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200)); // pub/sub delivery
    expect(
      (await request(b, 'GET', '/api/blade-auth/oauth/user-info', { token: session.access_token })).status,
    ).toBe(401);
    await a.database.db
      .updateTable('blade_tenant')
      .set({ status: 1 })
      .where('tenant_id', '=', '000000')
      .execute();
  });

  it('keeps the session that changed the password and cuts the others, on every instance', async () => {
    const store = { db: a.database.db, kind, ids: new IdGenerator(3), timeZone: 'Asia/Shanghai' };
    const user = await createAccount({ store }, { password: 'before' });
    const mine = (await signIn(a, user.account, 'before')).body;
    const other = (await signIn(b, user.account, 'before')).body;
    const info = (on: Instance, token: string) => request(on, 'GET', '/api/blade-user/info', { token });
    // b has the account's state cached now.
    expect((await info(b, other.access_token)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100)); // tokens carry whole seconds

    const changed = await request(a, 'POST', '/api/blade-user/update-password', {
      token: mine.access_token,
      query: { oldPassword: md5('before'), newPassword: md5('after'), newPassword1: md5('after') },
    });
    expect(changed.status).toBe(200);
    await new Promise((r) => setTimeout(r, 200)); // pub/sub delivery
    expect((await info(b, other.access_token)).status).toBe(401);
    expect((await info(a, other.access_token)).status).toBe(401);
    expect((await info(b, mine.access_token)).status).toBe(200);
    const refreshed = await request(b, 'POST', '/api/blade-auth/oauth/token', {
      query: { grant_type: 'refresh_token', refresh_token: mine.refresh_token, scope: 'all' },
    });
    expect(refreshed.status).toBe(200);
    expect((await signIn(b, user.account, 'after')).status).toBe(200);
  });

  it('applies grants and API scope rules made on one instance on the other at once', async () => {
    const store = { db: a.database.db, kind, ids: new IdGenerator(4), timeZone: 'Asia/Shanghai' };
    const user = await createAccount({ store }, { password: 'pw', roles: [{ menuIds: [menuId('dept')] }] });
    const token = (await signIn(b, user.account, 'pw')).body.access_token as string;
    const admin = (await signIn(a, 'admin', 'admin')).body.access_token as string;
    const addDept = () =>
      request(b, 'POST', '/api/blade-system/dept/submit', { token, payload: { deptName: 'd', sort: 1 } });
    expect((await addDept()).status).toBe(403); // b knows the role's grants now
    const granted = await request(a, 'POST', '/api/blade-system/role/grant', {
      token: admin,
      payload: { roleIds: user.roleIds, menuIds: [menuId('dept'), menuId('dept_add')] },
    });
    expect(granted.status).toBe(200);
    await new Promise((r) => setTimeout(r, 200)); // pub/sub delivery
    expect((await addDept()).status).toBe(200);

    const list = () => request(b, 'GET', '/api/blade-system/dept/list', { token });
    expect((await list()).status).toBe(200); // b knows there are no rules now
    const rule = await request(a, 'POST', '/api/blade-system/api-scope/submit', {
      token: admin,
      payload: {
        menuId: menuId('dept'),
        resourceCode: 'dept',
        scopeName: 'dept list',
        scopePath: '/blade-system/dept/list',
        scopeType: 1,
      },
    });
    expect(rule.status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect((await list()).status).toBe(403);
  });

  it('drops cached dictionary lookups in every instance when one changes a dictionary', async () => {
    const admin = (await signIn(a, 'admin', 'admin')).body.access_token as string;
    // Any signed-in user reads dictionaries; b's reader is not the administrator, whose state an
    // earlier test left cached on b.
    const store = { db: a.database.db, kind, ids: new IdGenerator(5), timeZone: 'Asia/Shanghai' };
    const reader = await createAccount({ store }, { password: 'pw' });
    const readerToken = (await signIn(b, reader.account, 'pw')).body.access_token as string;
    for (const base of ['/api/blade-system/dict', '/api/blade-system/dict-biz']) {
      const submit = (payload: object) => request(a, 'POST', `${base}/submit`, { token: admin, payload });
      const lookup = async (on: Instance) =>
        (
          await request(on, 'GET', `${base}/dictionary`, { token: readerToken, query: { code: 'mp_dict' } })
        ).body.data.map((item: { dictValue: string }) => item.dictValue);
      const parent = (await submit({ code: 'mp_dict', dictValue: '多进程', sort: 1, isSealed: 0 })).body.data;
      const entry = (
        await submit({
          code: 'mp_dict',
          parentId: parent.id,
          dictKey: '1',
          dictValue: '一',
          sort: 1,
          isSealed: 0,
        })
      ).body.data;
      expect(await lookup(b)).toEqual(['一']); // cached on b now
      // A change behind the servers' backs is not seen: b answers from its cache.
      const table = base.endsWith('biz') ? 'blade_dict_biz' : 'blade_dict';
      await a.database.db
        .updateTable(table)
        .set({ dict_value: '幺' })
        .where('id', '=', BigInt(entry.id))
        .execute();
      expect(await lookup(b)).toEqual(['一']);
      // A change through a reaches b's cache at once.
      const changed = await submit({
        id: entry.id,
        code: 'mp_dict',
        parentId: parent.id,
        dictKey: '1',
        dictValue: '壹',
        sort: 2,
        isSealed: 0,
      });
      expect(changed.status).toBe(200);
      await submit({
        code: 'mp_dict',
        parentId: parent.id,
        dictKey: '2',
        dictValue: '二',
        sort: 1,
        isSealed: 0,
      });
      await new Promise((r) => setTimeout(r, 200)); // pub/sub delivery
      expect(await lookup(b)).toEqual(['二', '壹']);
    }
  });

  it("applies a change of a tenant's package made on one instance on the other at once", async () => {
    const admin = (await signIn(a, 'admin', 'admin')).body.access_token as string;
    const pkg = await request(a, 'POST', '/api/blade-system/tenant-package/submit', {
      token: admin,
      payload: { packageName: 'mp', menuId: menuId('post') },
    });
    const tenant = await request(a, 'POST', '/api/blade-system/tenant/submit', {
      token: admin,
      payload: { tenantName: '多进程医院', packageId: pkg.body.data.id },
    });
    expect(tenant.status).toBe(200);
    const tenantAdmin = await signIn(b, 'admin', '123456', {
      query: { tenantId: tenant.body.data.tenantId },
    });
    const token = tenantAdmin.body.access_token as string;
    // The initial password is changed first (issue 44); the session carries on.
    const changed = await request(b, 'POST', '/api/blade-user/update-password', {
      token,
      query: initialPasswordChange(),
    });
    expect(changed.status).toBe(200);
    const addDept = () =>
      request(b, 'POST', '/api/blade-system/dept/submit', { token, payload: { deptName: '门诊', sort: 1 } });
    expect((await addDept()).status).toBe(403); // b knows the tenant's codes now
    const grown = await request(a, 'POST', '/api/blade-system/tenant-package/submit', {
      token: admin,
      payload: { id: pkg.body.data.id, packageName: 'mp', menuId: `${menuId('post')},${menuId('dept')}` },
    });
    expect(grown.status).toBe(200);
    await new Promise((r) => setTimeout(r, 200)); // pub/sub delivery
    expect((await addDept()).status).toBe(200);
    const routes = await request(b, 'GET', '/api/blade-system/menu/routes', { token });
    expect(JSON.stringify(routes.body.data)).toContain('"code":"dept"');
    // And back: the package shrinks, b refuses at once.
    await request(a, 'POST', '/api/blade-system/tenant-package/submit', {
      token: admin,
      payload: { id: pkg.body.data.id, packageName: 'mp', menuId: menuId('post') },
    });
    await new Promise((r) => setTimeout(r, 200));
    expect((await addDept()).status).toBe(403);
  });

  it('takes a workflow step on either instance: started on one, completed on the other, one winner', async () => {
    const token = (await signIn(a, 'admin', 'admin')).body.access_token as string;
    // An earlier test re-enabled the tenant behind the instances' backs: announce it first.
    expect((await request(a, 'GET', '/api/blade-auth/oauth/clear-cache', { token })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200)); // pub/sub delivery
    // The approver: someone else (nobody approves their own leave).
    const store = { db: a.database.db, kind, ids: new IdGenerator(4), timeZone: 'Asia/Shanghai' };
    const approver = await createAccount(
      { store },
      { password: 'pw', roles: [{ menuIds: ['work_todo_handle'].map(menuId) }] },
    );
    const approverToken = (await signIn(b, approver.account, 'pw')).body.access_token as string;
    const offered = (await request(a, 'GET', '/api/blade-flow/work/start-list', { token })).body.data.records;
    const leave = offered.find((d: { key: string }) => d.key === 'Leave');
    const started = await request(a, 'POST', '/api/blade-desk/process/leave/start-process', {
      token,
      payload: {
        processDefinitionId: leave.id,
        startTime: '2026-12-01 09:00:00',
        endTime: '2026-12-03 09:00:00',
        days: 2,
        reason: 'two instances',
        taskUser: approver.userId,
      },
    });
    expect(started.status).toBe(200);
    const todo = await request(b, 'GET', '/api/blade-flow/work/todo-list', { token: approverToken });
    expect(todo.body).toMatchObject({ code: 200 });
    const [task] = todo.body.data.records;
    expect(task).toMatchObject({ taskName: '审批人审批', businessId: started.body.data.id });
    const complete = (on: Instance) =>
      request(on, 'POST', '/api/blade-flow/work/complete-task', {
        token: approverToken,
        payload: {
          taskId: task.taskId,
          processInstanceId: task.processInstanceId,
          flag: 'ok',
          comment: 'ok',
        },
      });
    const both = await Promise.all([complete(a), complete(b)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    const detail = await request(
      a,
      'GET',
      `/api/blade-desk/process/leave/detail?businessId=${started.body.data.id}`,
      {
        token,
      },
    );
    expect(detail.body.data.leaveState).toBe(2);
  });
});
