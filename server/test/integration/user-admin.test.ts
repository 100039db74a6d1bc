import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuId } from '../../src/db/seed/menus.js';
import { SEED_IDS } from '../../src/db/seed/seed.js';
import {
  createAccount,
  createOperator,
  createTenantAdmin,
  insertDept,
  signInAs,
} from './support/accounts.js';
import { enginesUnderTest } from './support/databases.js';
import { insertScope, setRoleScopes } from './support/scopes.js';
import { md5, startTestApp, type TestApp } from './support/test-app.js';

const BASE = '/api/blade-user';

interface UserRecord {
  id: string;
  account: string;
  [key: string]: unknown;
}

describe.each(enginesUnderTest())('the user page on %s', (kind) => {
  let t: TestApp;
  const dept: Record<string, string> = {};
  const role: Record<string, string> = {};
  const user: Record<string, string> = {};
  let post: string;

  const submit = (body: object, token?: string, language = 'zh-CN', path = 'submit') =>
    t.call(
      { method: 'POST', url: `${BASE}/${path}`, payload: body, headers: { 'accept-language': language } },
      token ?? t.adminToken,
    );
  const get = (path: string, token?: string) =>
    t.call({ method: 'GET', url: `${BASE}/${path}` }, token ?? t.adminToken);
  const post_ = (path: string, token?: string) =>
    t.call({ method: 'POST', url: `${BASE}/${path}` }, token ?? t.adminToken);
  const row = (id: string) =>
    t.store.db.selectFrom('blade_user').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
  const accounts = async (query: string, token?: string) => {
    const res = await get(`page?size=200&account_like=ua-&${query}`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data.records as UserRecord[]).map((u) => u.account).sort();
  };
  const base = () => ({ roleId: role['医生'], deptId: dept['内科'] });

  beforeAll(async () => {
    t = await startTestApp(kind);
    dept['总院'] = await insertDept(t, { deptName: '总院' });
    dept['内科'] = await insertDept(t, {
      deptName: '内科',
      parentId: dept['总院'],
      ancestors: `0,${dept['总院']}`,
    });
    dept['心内科'] = await insertDept(t, {
      deptName: '心内科',
      parentId: dept['内科'],
      ancestors: `0,${dept['总院']},${dept['内科']}`,
    });
    dept['外科'] = await insertDept(t, {
      deptName: '外科',
      parentId: dept['总院'],
      ancestors: `0,${dept['总院']}`,
    });
    for (const [name, alias] of [
      ['医生', 'doctor'],
      ['护士', 'nurse'],
    ]) {
      const res = await t.call({
        method: 'POST',
        url: '/api/blade-system/role/submit',
        payload: { roleName: name, roleAlias: alias, sort: 1 },
      });
      role[name!] = res.body.data.id;
    }
    post = (
      await t.call({
        method: 'POST',
        url: '/api/blade-system/post/submit',
        payload: { category: 1, postCode: 'doc', postName: '医师', sort: 1 },
      })
    ).body.data.id;
    const create = async (account: string, deptIds: string, roleName: string) => {
      const res = await submit({
        account,
        password: md5('pw-' + account),
        roleId: role[roleName],
        deptId: deptIds,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      user[account] = res.body.data.id;
    };
    await create('ua-a1', dept['内科']!, '医生');
    await create('ua-a2', dept['心内科']!, '护士');
    await create('ua-a3', dept['外科']!, '医生');
    await create('ua-a4', `${dept['外科']},${dept['心内科']}`, '护士');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('creates users: password hashed and never answered, names of roles, departments and posts', async () => {
    const res = await submit({
      account: 'ua-new',
      password: md5('Secret-pw-1'),
      password2: md5('Secret-pw-1'),
      name: '小王',
      realName: '王医生',
      email: 'wang@example.com',
      phone: '13800000000',
      birthday: '1990-05-01',
      sex: 1,
      code: 'E001',
      roleId: `${role['医生']},${role['护士']}`,
      deptId: dept['内科'],
      postId: post,
      tenantId: '999999',
      status: 2,
    });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('新增成功');
    expect(res.body.data).toMatchObject({
      tenantId: '000000',
      account: 'ua-new',
      name: '小王',
      realName: '王医生',
      email: 'wang@example.com',
      phone: '13800000000',
      birthday: '1990-05-01 00:00:00',
      sex: 1,
      code: 'E001',
      userType: 1,
      status: 1,
      isLocked: 0,
      roleName: '医生,护士',
      deptName: '内科',
      postName: '医师',
      createUser: SEED_IDS.admin,
    });
    user['ua-new'] = res.body.data.id;
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|"password"/);
    expect(String((await row(user['ua-new']!)).password)).toMatch(/^\$argon2id\$/);
    expect((await t.signIn('ua-new', 'Secret-pw-1')).status).toBe(200);
    const detail = await get(`detail?id=${user['ua-new']}`);
    expect(detail.body.data).toMatchObject({ account: 'ua-new', roleName: '医生,护士' });
    expect(JSON.stringify(detail.body)).not.toMatch(/argon2|"password"/);
  });

  it('validates submits with clear messages, in both languages', async () => {
    const cases: Array<[object, number, string, string]> = [
      [{ ...base(), password: md5('x') }, 400, '请输入登录账号', 'Please enter the account'],
      [{ ...base(), account: 'ua-x' }, 400, '请输入密码', 'Please enter the password'],
      [{ ...base(), account: 'ua-x', password: 'plain' }, 400, '请输入密码', 'Please enter the password'],
      [
        { ...base(), account: 'ua-x', password: md5('a'), password2: md5('b') },
        400,
        '两次密码输入不一致',
        'The two passwords do not match',
      ],
      [
        { account: 'ua-x', password: md5('x'), deptId: dept['内科'] },
        400,
        '请选择所属角色',
        'Please select the roles',
      ],
      [
        { account: 'ua-x', password: md5('x'), roleId: role['医生'] },
        400,
        '请选择所属部门',
        'Please select the departments',
      ],
      [
        { ...base(), account: 'ua-x', password: md5('x'), roleId: 'a,b' },
        400,
        '所属角色必须是以逗号分隔的角色编号',
        'roles must be role ids separated by commas',
      ],
      [
        { ...base(), account: 'ua-x', password: md5('x'), phone: '123' },
        400,
        '手机号码必须是11位数字',
        'The phone number must have 11 digits',
      ],
      [
        { ...base(), account: 'ua-x', password: md5('x'), email: 'nope' },
        400,
        '电子邮箱格式不正确',
        'The email address is not valid',
      ],
      [
        { ...base(), account: 'ua-x', password: md5('x'), birthday: 'yesterday' },
        400,
        '生日的值不正确',
        'birthday has an invalid value',
      ],
      [
        { ...base(), account: 'ua-x', password: md5('x'), birthday: '2020-13-45' },
        400,
        '生日格式不正确',
        'The birthday is not a valid date',
      ],
      [
        { ...base(), account: 'ua-x', password: md5('x'), sex: 9 },
        400,
        '性别不能大于3',
        'sex must be at most 3',
      ],
      [
        { ...base(), account: 'ua-x', password: md5('x'), realName: 'x'.repeat(11) },
        400,
        '姓名不能超过10个字符',
        'real name must be at most 10 characters',
      ],
      [
        { ...base(), account: 'ua-a1', password: md5('x') },
        400,
        '当前账号已被使用: ua-a1',
        'The account is already in use: ua-a1',
      ],
      [
        { ...base(), account: 'ua-x', password: md5('x'), roleId: '42' },
        404,
        '角色不存在: 42',
        'No such role: 42',
      ],
      [
        { ...base(), account: 'ua-x', password: md5('x'), deptId: `${dept['内科']},43` },
        404,
        '部门不存在: 43',
        'No such department: 43',
      ],
      [
        { ...base(), account: 'ua-x', password: md5('x'), postId: '44' },
        404,
        '岗位不存在: 44',
        'No such post: 44',
      ],
    ];
    for (const [body, status, zh, en] of cases) {
      const res = await submit(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.msg).toBe(zh);
      expect((await submit(body, undefined, 'en')).body.msg).toBe(en);
    }
    expect(await accounts('account_equal=ua-x')).toEqual([]);
    expect((await submit({ ...base(), id: '42', account: 'ua-x' })).status).toBe(404);
    expect((await submit({ ...base(), account: 'ua-x' }, undefined, 'zh-CN', 'update')).status).toBe(400);
  });

  it('updates users without touching the password; accounts unique per tenant', async () => {
    const id = user['ua-a3']!;
    const updated = await submit(
      {
        id,
        account: 'ua-a3',
        realName: '李四',
        roleId: role['护士'],
        deptId: dept['外科'],
        password: md5('ignored'),
      },
      undefined,
      'zh-CN',
      'update',
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ msg: '更新成功', data: { realName: '李四', roleName: '护士' } });
    expect((await t.signIn('ua-a3', 'pw-ua-a3')).status).toBe(200);
    expect((await t.signIn('ua-a3', 'ignored')).status).toBe(400);
    const taken = await submit(
      { id, account: 'ua-a1', roleId: role['护士'], deptId: dept['外科'] },
      undefined,
      'zh-CN',
      'update',
    );
    expect(taken.body.msg).toBe('当前账号已被使用: ua-a1');
    expect(
      (
        await submit(
          { account: 'ua-x', roleId: role['护士'], deptId: dept['外科'] },
          undefined,
          'zh-CN',
          'update',
        )
      ).status,
    ).toBe(400);
    // The same account in another tenant is another user.
    const other = await createTenantAdmin(t, '440001');
    const otherRole = other.roleIds[0]!;
    const otherDept = await insertDept(t, { tenantId: '440001', deptName: '分院' });
    expect(
      (
        await submit(
          { account: 'ua-a1', password: md5('x'), roleId: otherRole, deptId: otherDept },
          other.token,
        )
      ).status,
    ).toBe(200);
  });

  it('pages users: filters, and deptId meaning the department and every one below it', async () => {
    const page = await get('page?current=1&size=2&account_like=ua-a&ascs=account');
    expect(page.body.data).toMatchObject({ total: 4, size: 2, current: 1, pages: 2 });
    expect(page.body.data.records.map((u: UserRecord) => u.account)).toEqual(['ua-a1', 'ua-a2']);
    expect(page.body.data.records[0]).toMatchObject({ roleName: '医生', deptName: '内科', postName: '' });
    expect(JSON.stringify(page.body)).not.toMatch(/argon2|"password"|tokenValidAfter/);
    expect(await accounts(`deptId=${dept['内科']}`)).toEqual(['ua-a1', 'ua-a2', 'ua-a4', 'ua-new']);
    expect(await accounts(`deptId=${dept['心内科']}`)).toEqual(['ua-a2', 'ua-a4']);
    expect(await accounts(`deptId=${dept['外科']}`)).toEqual(['ua-a3', 'ua-a4']);
    expect(await accounts(`deptId=${dept['总院']}`)).toEqual(['ua-a1', 'ua-a2', 'ua-a3', 'ua-a4', 'ua-new']);
    expect(await accounts('deptId=')).toHaveLength(5);
    expect((await get('page?deptId=abc')).status).toBe(400);
    expect(await accounts(`realName=${encodeURIComponent('李')}`)).toEqual(['ua-a3']);
    expect((await get('page?descs=password')).status).toBe(400);
    expect(await accounts('password=x')).toHaveLength(5); // not a filter
  });

  it('sets a platform and its settings', async () => {
    const id = user['ua-a1']!;
    const set = await post_(
      `update-platform?userId=${id}&userType=2&userExt=${encodeURIComponent('{"device":"pad"}')}`,
    );
    expect(set).toMatchObject({ status: 200, body: { success: true } });
    expect((await get(`platform-detail?id=${id}`)).body.data).toMatchObject({
      id,
      userType: 2,
      userExt: '{"device":"pad"}',
      roleName: '医生',
    });
    await submit({ userId: id, userType: 1 }, undefined, 'zh-CN', 'update-platform');
    expect((await get(`platform-detail?id=${id}`)).body.data).toMatchObject({ userType: 1, userExt: null });
    await post_(`update-platform?userId=${id}&userType=2`);
    expect((await get(`platform-detail?id=${id}`)).body.data).toMatchObject({ userType: 2, userExt: null });
    expect((await post_(`update-platform?userId=${id}&userType=4`)).status).toBe(400);
    expect((await post_('update-platform?userId=42&userType=1')).status).toBe(404);
    expect((await get('platform-detail?id=42')).status).toBe(404);
  });

  it('resets passwords to one-time random passwords; earlier tokens stop working', async () => {
    const token = (await t.signIn('ua-a2', 'pw-ua-a2')).body.access_token as string;
    expect((await get('info', token)).status).toBe(200);
    // Tokens carry whole seconds: let this one be issued strictly before the reset.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await post_(`reset-password?userIds=${user['ua-a2']},42`)).status).toBe(404);
    expect((await t.signIn('ua-a2', 'pw-ua-a2')).status).toBe(200);
    const reset = await post_(`reset-password?userIds=${user['ua-a2']},${user['ua-a4']}`);
    expect(reset).toMatchObject({ status: 200, body: { success: true, msg: '操作成功!' } });
    const passwordOf = (id: string) =>
      (reset.body.data as Array<{ userId: string; password: string }>).find((p) => p.userId === id)!.password;
    expect((await t.signIn('ua-a2', 'pw-ua-a2')).status).toBe(400);
    expect((await t.signIn('ua-a2', passwordOf(user['ua-a2']!))).status).toBe(200);
    expect((await t.signIn('ua-a4', passwordOf(user['ua-a4']!))).status).toBe(200);
    expect((await get('info', token)).status).toBe(401);
    const [a2, a4] = [await row(user['ua-a2']!), await row(user['ua-a4']!)];
    expect(a2.password).not.toBe(a4.password); // one salt each
    expect((await post_('reset-password?userIds=')).status).toBe(400);
  });

  it('grants roles to users; an operator cannot hand out administrator roles', async () => {
    const granted = await post_(
      `grant?userIds=${user['ua-a1']},${user['ua-a3']}&roleIds=${role['护士']},${role['医生']}`,
    );
    expect(granted.status).toBe(200);
    for (const account of ['ua-a1', 'ua-a3'])
      expect((await row(user[account]!)).role_id).toBe(`${role['护士']},${role['医生']}`);
    expect((await post_(`grant?userIds=${user['ua-a1']}&roleIds=42`)).status).toBe(404);
    expect((await post_(`grant?userIds=42&roleIds=${role['护士']}`)).status).toBe(404);
    expect((await post_(`grant?userIds=${user['ua-a1']}`)).body.msg).toBe('请选择角色');

    const operator = await createOperator(t, ['user', 'user_role']);
    const admin = await post_(
      `grant?userIds=${user['ua-a1']}&roleIds=${SEED_IDS.administratorRole}`,
      operator.token,
    );
    expect(admin).toMatchObject({ status: 403, body: { msg: '只有管理员可以授予管理员角色' } });
    expect((await row(user['ua-a1']!)).role_id).toBe(`${role['护士']},${role['医生']}`);

    // Taking a role away takes its buttons away at once, without signing in again.
    const holder = await createOperator(t, ['dept_add']);
    const token = holder.token;
    const addDept = () =>
      t.call(
        { method: 'POST', url: '/api/blade-system/dept/submit', payload: { deptName: 'x', sort: 1 } },
        token,
      );
    expect((await addDept()).status).toBe(200);
    expect((await post_(`grant?userIds=${holder.userId}&roleIds=${role['护士']}`)).status).toBe(200);
    expect((await addDept()).status).toBe(403);
  });

  it('approves pending registrations', async () => {
    const pending = await createAccount(t, { account: 'ua-pending', password: 'p' });
    await t.store.db
      .updateTable('blade_user')
      .set({ status: 2 })
      .where('id', '=', BigInt(pending.userId))
      .execute();
    expect((await t.signIn('ua-pending', 'p')).body.error_description).toBe('账号正在等待管理员审核');
    expect(await accounts('status=2')).toEqual(['ua-pending']);
    expect((await post_(`audit-pass?userIds=${pending.userId},${user['ua-a1']}`)).body).toMatchObject({
      code: 400,
      msg: '用户不在待审核状态: ua-a1',
    });
    expect((await post_(`audit-pass?userIds=${pending.userId},42`)).status).toBe(404);
    expect(Number((await row(pending.userId)).status)).toBe(2);
    expect((await post_(`audit-pass?userIds=${pending.userId}`)).body).toMatchObject({
      success: true,
      msg: '审核通过',
    });
    expect(Number((await row(pending.userId)).status)).toBe(1);
    expect((await t.signIn('ua-pending', 'p')).status).toBe(200);
  });

  it('removes users all or nothing, never oneself; their tokens stop working', async () => {
    const victim = await createAccount(t, { account: 'ua-victim', password: 'v' });
    const token = (await signInAs(t, victim)).access_token;
    expect((await post_(`remove?ids=${SEED_IDS.admin}`)).body).toMatchObject({
      code: 400,
      msg: '不能删除当前登录的账号',
    });
    expect((await post_(`remove?ids=${victim.userId},42`)).status).toBe(404);
    expect((await get('info', token)).status).toBe(200);
    expect((await post_(`remove?ids=${victim.userId}`)).body).toMatchObject({
      success: true,
      msg: '删除成功',
    });
    expect(Number((await row(victim.userId)).is_deleted)).toBe(1);
    expect((await get('info', token)).status).toBe(401);
    expect((await get(`detail?id=${victim.userId}`)).status).toBe(404);
  });

  it('unlocks users of the tenant; unknown ids answer 404', async () => {
    // A sign-in lock (decision 0013): failures and a lock in force, kept in blade_sign_in_lock.
    const id = user['ua-a1']!;
    const lock = () =>
      t.store.db.selectFrom('blade_sign_in_lock').selectAll().where('user_id', '=', BigInt(id)).execute();
    await t.store.db
      .insertInto('blade_sign_in_lock')
      .values({
        user_id: BigInt(id),
        tenant_id: String((await row(id)).tenant_id),
        failures: 6,
        last_failure_time: new Date(),
        locked_until: new Date(Date.now() + 3600_000),
      })
      .execute();
    expect((await post_(`unlock?userIds=${id},42`)).status).toBe(404);
    expect(await lock()).toHaveLength(1);
    expect((await post_(`unlock?userIds=${id}`)).body).toMatchObject({
      success: true,
      msg: '解锁成功',
    });
    expect(await lock()).toHaveLength(0);
  });

  it('needs the page to read and the buttons to write', async () => {
    const nobody = await createOperator(t, ['dept']);
    for (const path of ['page', `detail?id=${user['ua-a1']}`, `platform-detail?id=${user['ua-a1']}`])
      expect((await get(path, nobody.token)).status, path).toBe(403);
    const reader = await createOperator(t, ['user']);
    expect((await get('page', reader.token)).status).toBe(200);
    const id = user['ua-a1']!;
    const writes: Array<[string, () => Promise<{ status: number }>]> = [
      ['user_add', () => submit({ ...base(), account: 'ua-denied', password: md5('x') }, reader.token)],
      ['user_edit', () => submit({ ...base(), id, account: 'ua-a1' }, reader.token)],
      ['user_edit', () => submit({ ...base(), id, account: 'ua-a1' }, reader.token, 'zh-CN', 'update')],
      ['user_delete', () => post_(`remove?ids=${id}`, reader.token)],
      ['user_platform', () => post_(`update-platform?userId=${id}&userType=1`, reader.token)],
      ['user_reset', () => post_(`reset-password?userIds=${id}`, reader.token)],
      ['user_role', () => post_(`grant?userIds=${id}&roleIds=${role['医生']}`, reader.token)],
      ['user_unlock', () => post_(`unlock?userIds=${id}`, reader.token)],
      ['user_audit', () => post_(`audit-pass?userIds=${id}`, reader.token)],
    ];
    const before = await row(id);
    for (const [code, call] of writes) {
      const res = await call();
      expect(res.status, code).toBe(403);
    }
    expect(await row(id)).toEqual(before);
    // With the button, the same call goes through.
    const editor = await createOperator(t, ['user_edit']);
    expect((await submit({ ...base(), id, account: 'ua-a1', realName: '张三' }, editor.token)).status).toBe(
      200,
    );
  });

  it('shows an operator only the users its data scopes allow, for every scope type', async () => {
    const op = await createOperator(t, ['user', 'user_add', 'user_edit', 'user_delete', 'user_reset'], {
      deptId: dept['内科'],
    });
    const created = await submit(
      { account: 'ua-own', password: md5('o'), roleId: role['医生'], deptId: dept['外科'] },
      op.token,
    );
    expect(created.status).toBe(200);
    expect((await row(created.body.data.id)).create_dept).toEqual(
      kind === 'sqlite' ? BigInt(dept['内科']!) : dept['内科'],
    );
    const everyone = ['ua-a1', 'ua-a2', 'ua-a3', 'ua-a4', 'ua-new', 'ua-own', 'ua-pending'];
    expect(await accounts('', op.token)).toEqual(everyone);

    const scope = (scopeType: number, scopeColumn: string | null = null, scopeValue: string | null = null) =>
      insertScope(t, 'data', {
        menuId: menuId('user'),
        resourceCode: 'user',
        scopeType,
        scopeColumn,
        scopeValue,
      });
    const cases: Array<[string, () => Promise<string>, string[]]> = [
      ['all', () => scope(1), everyone],
      ['own', () => scope(2), ['ua-own']],
      ['own department (created in it)', () => scope(3), ['ua-own']],
      ['own department (belongs to it)', () => scope(3, 'deptId'), ['ua-a1', 'ua-new']],
      ['own department and below (created)', () => scope(4), ['ua-own']],
      [
        'own department and below (belongs)',
        () => scope(4, 'dept_id'),
        ['ua-a1', 'ua-a2', 'ua-a4', 'ua-new'],
      ],
      ['custom', () => scope(5, 'account', 'ua-a1, ua-a3,'), ['ua-a1', 'ua-a3']],
      ['custom on a number', () => scope(5, 'userType', '2'), ['ua-a1']],
      ['custom on an undeclared column', () => scope(5, 'nosuch', 'x'), []],
      ['custom on a write-only column', () => scope(5, 'password', 'x'), []],
      ['custom without values', () => scope(5, 'account', ''), []],
    ];
    for (const [name, id, expected] of cases) {
      await setRoleScopes(t, op.roleIds[0]!, 'data', [await id()]);
      expect(await accounts('', op.token), name).toEqual(expected);
    }
    // Several scopes (several roles): the union.
    await setRoleScopes(t, op.roleIds[0]!, 'data', [await scope(2), await scope(5, 'account', 'ua-a3')]);
    expect(await accounts('', op.token)).toEqual(['ua-a3', 'ua-own']);
    // A scope of another resource code does not apply; the platform administrator is not scoped.
    await setRoleScopes(t, op.roleIds[0]!, 'data', [
      await scope(2),
      await insertScope(t, 'data', {
        menuId: menuId('user'),
        resourceCode: 'notice',
        scopeType: 5,
        scopeColumn: 'account',
        scopeValue: 'ua-a1',
      }),
    ]);
    expect(await accounts('', op.token)).toEqual(['ua-own']);
    expect(await accounts('')).toEqual(everyone);

    // Reads and writes by id honour the scope too (S4); the user's own record does not depend on it.
    const outside = user['ua-a1']!;
    const before = await row(outside);
    expect((await get(`detail?id=${outside}`, op.token)).status).toBe(404);
    expect((await submit({ ...base(), id: outside, account: 'ua-a1', realName: 'x' }, op.token)).status).toBe(
      404,
    );
    expect((await post_(`remove?ids=${outside}`, op.token)).status).toBe(404);
    expect((await post_(`reset-password?userIds=${outside}`, op.token)).status).toBe(404);
    expect(await row(outside)).toEqual(before);
    expect((await get(`detail?id=${created.body.data.id}`, op.token)).status).toBe(200);
    expect((await get('info', op.token)).body.data.id).toBe(op.userId);
    expect((await submit({ realName: '自己' }, op.token, 'zh-CN', 'update-info')).status).toBe(200);
    // Another deleted role's scopes no longer count.
    await setRoleScopes(t, op.roleIds[0]!, 'data', []);
    expect(await accounts('', op.token)).toEqual(everyone);
  });

  it("keeps tenants apart: another tenant's administrator gets 404 for every id and changes nothing", async () => {
    const other = await createTenantAdmin(t, '440002');
    const target = user['ua-a2']!;
    const before = await row(target);
    expect(
      (await get('page?size=200', other.token)).body.data.records.map((u: UserRecord) => u.account),
    ).toEqual([other.account]);
    expect((await get(`page?deptId=${dept['内科']}`, other.token)).body.data.total).toBe(0);
    for (const path of [`detail?id=${target}`, `platform-detail?id=${target}`])
      expect((await get(path, other.token)).status, path).toBe(404);
    const calls: Array<[string, () => Promise<{ status: number }>]> = [
      [
        'submit',
        () => submit({ id: target, account: 'ua-a2', roleId: other.roleIds[0], deptId: '1' }, other.token),
      ],
      [
        'update',
        () =>
          submit(
            { id: target, account: 'ua-a2', roleId: other.roleIds[0], deptId: '1' },
            other.token,
            'zh-CN',
            'update',
          ),
      ],
      ['remove', () => post_(`remove?ids=${target}`, other.token)],
      ['update-platform', () => post_(`update-platform?userId=${target}&userType=2`, other.token)],
      ['reset-password', () => post_(`reset-password?userIds=${target}`, other.token)],
      ['grant', () => post_(`grant?userIds=${target}&roleIds=${other.roleIds[0]}`, other.token)],
      ['grant roles', () => post_(`grant?userIds=${other.userId}&roleIds=${role['医生']}`, other.token)],
      ['unlock', () => post_(`unlock?userIds=${target}`, other.token)],
      ['audit-pass', () => post_(`audit-pass?userIds=${target}`, other.token)],
      [
        'role of another tenant',
        () => submit({ account: 'ua-z', password: md5('z'), roleId: role['医生'], deptId: '1' }, other.token),
      ],
    ];
    for (const [name, call] of calls) expect((await call()).status, name).toBe(404);
    expect(await row(target)).toEqual(before);
    const detail = await get(`detail?id=${other.userId}`, other.token);
    expect(detail.body.data.tenantId).toBe('440002');
  });
});
