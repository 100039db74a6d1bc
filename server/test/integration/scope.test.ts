import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuId } from '../../src/db/seed/menus.js';
import { createOperator, createTenantAdmin } from './support/accounts.js';
import { enginesUnderTest } from './support/databases.js';
import { setRoleScopes } from './support/scopes.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const DATA = '/api/blade-system/data-scope';
const API = '/api/blade-system/api-scope';

describe.each(enginesUnderTest())('data scopes and API scopes on %s', (kind) => {
  let t: TestApp;
  let tenantAdmin: { token: string };

  const submit = (base: string, body: object, token?: string, language = 'zh-CN') =>
    t.call(
      { method: 'POST', url: `${base}/submit`, payload: body, headers: { 'accept-language': language } },
      token ?? t.adminToken,
    );
  const get = (url: string, token?: string) => t.call({ method: 'GET', url }, token ?? t.adminToken);
  const remove = (base: string, ids: string, token?: string) =>
    t.call({ method: 'POST', url: `${base}/remove?ids=${ids}` }, token ?? t.adminToken);
  const dataScope = (overrides: object = {}) => ({
    menuId: menuId('user'),
    resourceCode: 'user',
    scopeName: '本人数据',
    scopeType: 2,
    ...overrides,
  });
  const apiScope = (overrides: object = {}) => ({
    menuId: menuId('post'),
    resourceCode: 'post_list',
    scopeName: '岗位列表',
    scopePath: '/blade-system/post/list',
    scopeMethod: 'get',
    scopeType: 1,
    ...overrides,
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    tenantAdmin = await createTenantAdmin(t, '450001');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('creates, reads, lists, updates and removes data scopes', async () => {
    const created = await submit(DATA, dataScope({ scopeField: '*', remark: 'r' }));
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      msg: '新增成功',
      data: {
        menuId: menuId('user'),
        resourceCode: 'user',
        scopeName: '本人数据',
        scopeField: '*',
        scopeClass: null,
        scopeColumn: null,
        scopeType: 2,
        scopeValue: null,
        remark: 'r',
      },
    });
    const id = created.body.data.id as string;
    const custom = await submit(
      DATA,
      dataScope({ scopeName: '指定账号', scopeType: 5, scopeColumn: 'account', scopeValue: 'a,b' }),
    );
    expect(custom.status).toBe(200);
    // A list this server does not know yet (business lists later): any column.
    expect(
      (await submit(DATA, dataScope({ resourceCode: 'hospital', scopeType: 3, scopeColumn: 'area_id' })))
        .status,
    ).toBe(200);

    expect((await get(`${DATA}/detail?id=${id}`)).body.data).toMatchObject({ id, scopeType: 2 });
    const page = await get(`${DATA}/list?menuId=${menuId('user')}&resourceCode_equal=user&ascs=scopeName`);
    expect(page.body.data).toMatchObject({ total: 2 });
    expect(page.body.data.records.map((r: { scopeName: string }) => r.scopeName)).toEqual(
      ['指定账号', '本人数据'].sort(),
    );
    expect((await get(`${DATA}/list?resourceCode_equal=hospital`)).body.data.total).toBe(1);
    const updated = await submit(DATA, { ...created.body.data, scopeType: 4, scopeColumn: 'deptId' });
    expect(updated.body).toMatchObject({ msg: '更新成功', data: { scopeType: 4, scopeColumn: 'deptId' } });

    expect((await remove(DATA, `${id},42`)).status).toBe(404);
    expect((await get(`${DATA}/detail?id=${id}`)).status).toBe(200);
    expect((await remove(DATA, id)).body).toMatchObject({ success: true, msg: '删除成功' });
    expect((await get(`${DATA}/detail?id=${id}`)).status).toBe(404);
  });

  it('validates data scopes: the column must be one the list has', async () => {
    const before = (await get(`${DATA}/list`)).body.data.total;
    const cases: Array<[object, string, string]> = [
      [dataScope({ menuId: undefined }), '请选择菜单', 'Please select the menu'],
      [dataScope({ resourceCode: ' ' }), '请输入资源编号', 'Please enter the resource code'],
      [dataScope({ scopeName: undefined }), '请输入权限名称', 'Please enter the scope name'],
      [dataScope({ scopeType: undefined }), '请选择权限类型', 'Please select the scope type'],
      [dataScope({ scopeType: 6 }), '权限类型不能大于5', 'scope type must be at most 5'],
      [dataScope({ menuId: '42' }), '菜单不存在: 42', 'No such menu: 42'],
      [
        dataScope({ menuId: menuId('user_add') }),
        `菜单不存在: ${menuId('user_add')}`,
        `No such menu: ${menuId('user_add')}`,
      ],
      [
        dataScope({ scopeType: 5, scopeColumn: 'account' }),
        '自定义权限需要填写权限字段和权限值域',
        'A custom scope needs a column and values',
      ],
      [
        dataScope({ scopeType: 5, scopeColumn: 'password', scopeValue: 'x' }),
        '资源 user 的列表没有可用字段 password',
        'The list of user has no usable column password',
      ],
      [
        dataScope({ scopeType: 3, scopeColumn: 'account' }),
        '资源 user 的列表没有可用字段 account',
        'The list of user has no usable column account',
      ],
      [
        dataScope({ scopeType: 2, scopeColumn: 'nosuch' }),
        '资源 user 的列表没有可用字段 nosuch',
        'The list of user has no usable column nosuch',
      ],
    ];
    for (const [body, zh, en] of cases) {
      const res = await submit(DATA, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toBe(zh);
      expect((await submit(DATA, body, undefined, 'en')).body.msg).toBe(en);
    }
    expect((await submit(DATA, dataScope({ id: '42' }))).status).toBe(404);
    expect((await get(`${DATA}/list`)).body.data.total).toBe(before);
  });

  it('creates, reads and validates API scopes', async () => {
    const created = await submit(API, apiScope());
    expect(created.body).toMatchObject({
      msg: '新增成功',
      data: {
        scopePath: '/blade-system/post/list',
        scopeMethod: 'GET',
        scopeType: 1,
        resourceCode: 'post_list',
      },
    });
    const id = created.body.data.id as string;
    expect((await get(`${API}/detail?id=${id}`)).body.data.id).toBe(id);
    expect((await get(`${API}/list?scopePath=post`)).body.data.total).toBe(1);
    const cases: Array<[object, string, string]> = [
      [apiScope({ scopePath: '' }), '请输入接口地址', 'Please enter the API path'],
      [apiScope({ scopePath: '/a b' }), '接口地址格式不正确: /a b', 'Invalid API path: /a b'],
      [apiScope({ scopePath: '/a//b' }), '接口地址格式不正确: /a//b', 'Invalid API path: /a//b'],
      [apiScope({ scopeMethod: 'TRACE' }), '请求方法的值不正确', 'HTTP method has an invalid value'],
      [apiScope({ scopeType: 3 }), '权限类型不能大于2', 'scope type must be at most 2'],
      [apiScope({ menuId: '42' }), '菜单不存在: 42', 'No such menu: 42'],
    ];
    for (const [body, zh, en] of cases) {
      const res = await submit(API, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toBe(zh);
      expect((await submit(API, body, undefined, 'en')).body.msg).toBe(en);
    }
    expect((await remove(API, id)).status).toBe(200);
    expect((await get(`${API}/list`)).body.data.total).toBe(0);
  });

  it('lets administrators read and only the platform administrator write (S4)', async () => {
    const data = (await submit(DATA, dataScope())).body.data;
    const api = (await submit(API, apiScope({ scopePath: '/never/called' }))).body.data;
    for (const [base, row] of [
      [DATA, data],
      [API, api],
    ] as const) {
      expect((await get(`${base}/list`, tenantAdmin.token)).status).toBe(200);
      expect((await get(`${base}/detail?id=${row.id}`, tenantAdmin.token)).status).toBe(200);
      const body =
        base === DATA
          ? dataScope({ id: row.id, scopeName: 'mine' })
          : apiScope({ id: row.id, scopeName: 'mine' });
      expect((await submit(base, body, tenantAdmin.token)).status).toBe(403);
      expect((await submit(base, { ...body, id: undefined }, tenantAdmin.token)).status).toBe(403);
      expect((await remove(base, row.id, tenantAdmin.token)).status).toBe(403);
      expect((await get(`${base}/detail?id=${row.id}`)).body.data).toEqual(row);
    }
    const operator = await createOperator(t, [
      'data_scope',
      'data_scope_setting',
      'api_scope',
      'api_scope_setting',
    ]);
    expect((await get(`${DATA}/list`, operator.token)).status).toBe(403);
    expect((await submit(DATA, dataScope(), operator.token)).status).toBe(403);
    await remove(API, api.id);
  });

  it('enforces API scopes in the guard: covered paths only for roles granted a covering rule', async () => {
    const allowed = await createOperator(t, ['post', 'dept', 'role', 'role_add']);
    const denied = await createOperator(t, ['post', 'dept', 'role', 'role_add']);
    const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
      t.call({ method, url, ...(payload ? { payload } : {}) }, token);
    const postList = (token: string) => call('GET', '/api/blade-system/post/list', token);
    expect((await postList(denied.token)).status).toBe(200);

    const rule = (await submit(API, apiScope())).body.data.id as string;
    await setRoleScopes(t, allowed.roleIds[0]!, 'api', [rule]);
    await t.call({ method: 'POST', url: `${API}/submit`, payload: apiScope({ id: rule }) }); // reaches the guard's cache
    expect((await postList(allowed.token)).status).toBe(200);
    const refused = await postList(denied.token);
    expect(refused).toMatchObject({ status: 403, body: { code: 403, success: false, msg: '缺少接口权限' } });
    expect((await postList(t.adminToken)).status).toBe(200); // the platform administrator passes
    expect((await call('GET', '/api/blade-system/post/select', denied.token)).status).toBe(200); // not covered

    // Wildcards: ** across segments, * within one.
    const trees = (
      await submit(API, apiScope({ menuId: menuId('dept'), scopePath: '/api/blade-system/dept/*-tree' }))
    ).body.data.id as string;
    expect((await call('GET', '/api/blade-system/dept/lazy-tree', denied.token)).status).toBe(403);
    expect((await call('GET', '/api/blade-system/dept/tree', denied.token)).status).toBe(200);
    expect((await call('GET', '/api/blade-system/dept/list', denied.token)).status).toBe(200);
    const all = (
      await submit(
        API,
        apiScope({ menuId: menuId('dept'), scopePath: '/blade-system/dept/**', scopeMethod: '' }),
      )
    ).body.data.id as string;
    expect((await call('GET', '/api/blade-system/dept/list', denied.token)).status).toBe(403);
    await setRoleScopes(t, denied.roleIds[0]!, 'api', [all]);
    await remove(API, trees);
    expect((await call('GET', '/api/blade-system/dept/lazy-tree', denied.token)).status).toBe(200);
    expect((await call('GET', '/api/blade-system/dept/list', allowed.token)).status).toBe(403);

    // A method limits a rule to that method.
    await submit(
      API,
      apiScope({ menuId: menuId('role'), scopePath: '/blade-system/role/**', scopeMethod: 'POST' }),
    );
    expect((await call('GET', '/api/blade-system/role/list', denied.token)).status).toBe(200);
    const create = await call('POST', '/api/blade-system/role/submit', denied.token, {
      roleName: 'r',
      roleAlias: 'r',
      sort: 1,
    });
    expect(create.status).toBe(403);

    // Removing a rule frees its paths at once.
    await remove(API, rule);
    expect((await postList(denied.token)).status).toBe(200);
  });
});
