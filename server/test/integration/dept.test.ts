import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/db/seed/seed.js';
import {
  createAccount,
  createOperator,
  createTenantAdmin,
  insertDept,
  signInAs,
} from './support/accounts.js';
import { enginesUnderTest } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const BASE = '/api/blade-system/dept';

interface Node {
  id: string;
  parentId: string;
  deptName: string;
  ancestors: string;
  hasChildren: boolean;
  children?: Node[];
}
interface Choice {
  id: string;
  title: string;
  hasChildren: boolean;
  children?: Choice[];
}

/** name → child names, for compact expectations. */
const shape = (nodes: Array<Node | Choice>): unknown =>
  nodes.map((n) => {
    const name = 'deptName' in n ? n.deptName : n.title;
    return n.children && n.children.length > 0 ? { [name]: shape(n.children) } : name;
  });

describe.each(enginesUnderTest())('departments on %s', (kind) => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  const submit = (body: object, token?: string, language = 'zh-CN') =>
    t.call(
      { method: 'POST', url: `${BASE}/submit`, payload: body, headers: { 'accept-language': language } },
      token ?? t.adminToken,
    );
  const get = (path: string, token?: string) =>
    t.call({ method: 'GET', url: `${BASE}/${path}` }, token ?? t.adminToken);
  const remove = (list: string, token?: string) =>
    t.call({ method: 'POST', url: `${BASE}/remove?ids=${list}` }, token ?? t.adminToken);
  const row = async (id: string) =>
    t.store.db.selectFrom('blade_dept').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
  const create = async (name: string, parent?: string, sort = 1) => {
    const res = await submit({ deptName: name, parentId: parent ? ids[parent] : undefined, sort });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids[name] = res.body.data.id;
    return res.body.data;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    // 集团 ─┬─ 华东 ─┬─ 上海
    //       │        └─ 杭州
    //       └─ 华南
    await create('集团', undefined, 2);
    await create('华东', '集团', 1);
    await create('华南', '集团', 2);
    await create('上海', '华东', 1);
    await create('杭州', '华东', 2);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('creates departments with their ancestors and audit columns', async () => {
    const shanghai = (await get(`detail?id=${ids['上海']}`)).body.data;
    expect(shanghai).toMatchObject({
      tenantId: '000000',
      parentId: ids['华东'],
      ancestors: `0,${ids['集团']},${ids['华东']}`,
      deptName: '上海',
      fullName: null,
      deptCategory: null,
      sort: 1,
      createUser: SEED_IDS.admin,
      status: 1,
      isDeleted: 0,
    });
    expect((await get(`detail?id=${ids['集团']}`)).body.data).toMatchObject({
      parentId: '0',
      ancestors: '0',
    });
  });

  it('lists the tenant as a tree, and one level at a time', async () => {
    const list = await get('list?current=1&size=10');
    expect(list.status).toBe(200);
    // The seeded 总部 (sort 1) comes before 集团 (sort 2).
    expect(shape(list.body.data)).toEqual(['总部', { 集团: [{ 华东: ['上海', '杭州'] }, '华南'] }]);
    const group = (list.body.data as Node[])[1]!;
    expect(group.hasChildren).toBe(true);
    // Filters keep matching rows; a row whose parent was filtered out becomes a root.
    expect(shape((await get(`list?deptName=${encodeURIComponent('州')}`)).body.data)).toEqual(['杭州']);
    expect((await get('list?descs=nosuch')).status).toBe(400);

    const top = await get('lazy-list?parentId=0');
    expect(top.body.data.map((n: Node) => [n.deptName, n.hasChildren])).toEqual([
      ['总部', false],
      ['集团', true],
    ]);
    expect(top.body.data[0].children).toBeUndefined();
    const east = await get(`lazy-list?parentId=${ids['华东']}`);
    expect(east.body.data.map((n: Node) => n.deptName)).toEqual(['上海', '杭州']);
    // Without parentId: every department under the filters, flat.
    const flat = await get(`lazy-list?deptName=${encodeURIComponent('华')}`);
    expect(flat.body.data.map((n: Node) => [n.deptName, n.hasChildren])).toEqual([
      ['华东', true],
      ['华南', false],
    ]);
    expect((await get('lazy-list?parentId=x')).status).toBe(400);
  });

  it('answers the trees of choices', async () => {
    const tree = await get('tree');
    expect(tree.status).toBe(200);
    expect(shape(tree.body.data)).toEqual(['总部', { 集团: [{ 华东: ['上海', '杭州'] }, '华南'] }]);
    expect(tree.body.data[1]).toMatchObject({
      id: ids['集团'],
      parentId: '0',
      title: '集团',
      key: ids['集团'],
      value: ids['集团'],
      hasChildren: true,
    });
    const lazy = await get('lazy-tree');
    expect(lazy.body.data.map((n: Choice) => [n.title, n.hasChildren])).toEqual([
      ['总部', false],
      ['集团', true],
    ]);
    expect((await get(`lazy-tree?parentId=${ids['华东']}`)).body.data.map((n: Choice) => n.title)).toEqual([
      '上海',
      '杭州',
    ]);
    expect((await get('lazy-tree?parentId=abc')).status).toBe(400);
  });

  it("selects a user's departments: the caller's own without userId", async () => {
    const own = await get('select');
    expect(own.status).toBe(200);
    expect(own.body.data.map((d: Node) => d.deptName)).toEqual(['总部']);
    const user = await createAccount(t, { deptId: `${ids['杭州']},${ids['华南']},123` });
    expect((await get(`select?userId=${user.userId}`)).body.data.map((d: Node) => d.deptName)).toEqual([
      '杭州',
      '华南',
    ]);
    const token = (await signInAs(t, user)).access_token;
    expect((await get('select?userId=', token)).body.data.map((d: Node) => d.deptName)).toEqual([
      '杭州',
      '华南',
    ]);
    expect((await get('select?userId=42')).status).toBe(404);
  });

  it('validates submits in form order, in both languages, storing nothing', async () => {
    const before = (await get('list')).body.data;
    const cases: Array<[object, string, string]> = [
      [{ sort: 1 }, '请输入部门名称', 'Please enter the department name'],
      [{ deptName: '  ', sort: 1 }, '请输入部门名称', 'Please enter the department name'],
      [
        { deptName: 'x'.repeat(46), sort: 1 },
        '部门名称不能超过45个字符',
        'department name must be at most 45 characters',
      ],
      [{ deptName: 'd' }, '请输入排序', 'Please enter the sort order'],
      [{ deptName: 'd', sort: 'first' }, '排序格式不正确', 'sort has the wrong format'],
      [
        { deptName: 'd', sort: 1, deptCategory: 100 },
        '部门类型不能大于99',
        'department type must be at most 99',
      ],
      [
        { deptName: 'd', sort: 1, parentId: 'x' },
        '上级部门的值不正确',
        'parent department has an invalid value',
      ],
      [{ deptName: 'd', sort: 1, parentId: '42' }, '上级部门不存在', 'The parent department does not exist'],
    ];
    for (const [body, zh, en] of cases) {
      const res = await submit(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ code: 400, success: false, data: null, msg: zh });
      expect((await submit(body, undefined, 'en')).body.msg).toBe(en);
    }
    expect((await submit({ id: '42', deptName: 'd', sort: 1 })).status).toBe(404);
    expect((await get('list')).body.data).toEqual(before);
  });

  it('moves a department with everything below it, in one go', async () => {
    await create('苏州', '杭州');
    await create('园区', '苏州');
    // 杭州 (with 苏州 and 园区 below) moves from 华东 to 华南.
    const moved = await submit({ id: ids['杭州'], deptName: '杭州', parentId: ids['华南'], sort: 3 });
    expect(moved.status).toBe(200);
    expect(moved.body.msg).toBe('更新成功');
    expect(moved.body.data.ancestors).toBe(`0,${ids['集团']},${ids['华南']}`);
    expect((await row(ids['苏州']!)).ancestors).toBe(`0,${ids['集团']},${ids['华南']},${ids['杭州']}`);
    expect((await row(ids['园区']!)).ancestors).toBe(
      `0,${ids['集团']},${ids['华南']},${ids['杭州']},${ids['苏州']}`,
    );
    expect(shape((await get('tree')).body.data)).toEqual([
      '总部',
      { 集团: [{ 华东: ['上海'] }, { 华南: [{ 杭州: [{ 苏州: ['园区'] }] }] }] },
    ]);
    // To the top, and back.
    const top = await submit({ id: ids['苏州'], deptName: '苏州', parentId: '0', sort: 9 });
    expect(top.body.data).toMatchObject({ parentId: '0', ancestors: '0' });
    expect((await row(ids['园区']!)).ancestors).toBe(`0,${ids['苏州']}`);
    await submit({ id: ids['苏州'], deptName: '苏州', parentId: ids['杭州'], sort: 9 });
    expect((await row(ids['园区']!)).ancestors).toBe(
      `0,${ids['集团']},${ids['华南']},${ids['杭州']},${ids['苏州']}`,
    );

    // Never under itself or below itself; nothing changes.
    const snapshot = await Promise.all(['集团', '华南', '杭州', '苏州', '园区'].map((n) => row(ids[n]!)));
    for (const parent of ['杭州', '苏州', '园区']) {
      const res = await submit({ id: ids['杭州'], deptName: '杭州', parentId: ids[parent], sort: 3 });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('上级部门不能是自身或其下级部门');
    }
    expect(await Promise.all(['集团', '华南', '杭州', '苏州', '园区'].map((n) => row(ids[n]!)))).toEqual(
      snapshot,
    );
  });

  it('refuses removal while departments or users remain below, naming them', async () => {
    const south = await remove(ids['华南']!);
    expect(south.status).toBe(400);
    expect(south.body.msg).toBe('请先删除下级部门: 杭州');
    const user = await createAccount(t, { account: 'in-garden', deptId: ids['园区'] });
    const garden = await remove(ids['园区']!);
    expect(garden.body.msg).toBe('部门下还有用户，不能删除: in-garden');
    await t.store.db
      .updateTable('blade_user')
      .set({ is_deleted: 1 })
      .where('id', '=', BigInt(user.userId))
      .execute();
    // A department removed with everything below it is fine; all or nothing.
    expect((await remove(`${ids['苏州']},42`)).status).toBe(404);
    expect(Number((await row(ids['苏州']!)).is_deleted)).toBe(0);
    expect((await remove('')).status).toBe(400);
    const removed = await remove(`${ids['苏州']},${ids['园区']}`);
    expect(removed).toMatchObject({ status: 200, body: { success: true, data: true, msg: '删除成功' } });
    expect(Number((await row(ids['园区']!)).is_deleted)).toBe(1);
    expect((await get(`detail?id=${ids['苏州']}`)).status).toBe(404);
    expect((await get(`lazy-list?parentId=${ids['杭州']}`)).body.data).toEqual([]);
  });

  it('needs the buttons to write: add, edit and delete are separate', async () => {
    const reader = await createOperator(t, ['dept']);
    expect((await get('list', reader.token)).status).toBe(200);
    const denied = await submit({ deptName: 'x', sort: 1 }, reader.token);
    expect(denied).toMatchObject({ status: 403, body: { code: 403, success: false, msg: '缺少按钮权限' } });
    expect((await remove(ids['华东']!, reader.token)).status).toBe(403);

    const adder = await createOperator(t, ['dept_add']);
    const added = await submit({ deptName: '新部门', sort: 5 }, adder.token);
    expect(added.status).toBe(200);
    expect((await submit({ id: added.body.data.id, deptName: '改名', sort: 5 }, adder.token)).status).toBe(
      403,
    );
    const editor = await createOperator(t, ['dept_edit']);
    expect((await submit({ deptName: 'y', sort: 1 }, editor.token)).status).toBe(403);
    expect((await submit({ id: added.body.data.id, deptName: '改名', sort: 5 }, editor.token)).status).toBe(
      200,
    );
    const deleter = await createOperator(t, ['dept_delete']);
    expect((await remove(added.body.data.id, deleter.token)).status).toBe(200);
  });

  it("keeps tenants apart: another tenant's administrator gets 404 and changes nothing", async () => {
    const other = await createTenantAdmin(t, '400001');
    const own = await submit({ deptName: '分公司', sort: 1 }, other.token);
    expect(own.body.data).toMatchObject({ tenantId: '400001', ancestors: '0' });
    const target = ids['华东']!;
    const before = await row(target);
    expect((await get(`detail?id=${target}`, other.token)).status).toBe(404);
    expect((await submit({ id: target, deptName: 'mine', sort: 1 }, other.token)).status).toBe(404);
    expect((await remove(target, other.token)).status).toBe(404);
    expect((await submit({ deptName: 'under', sort: 1, parentId: target }, other.token)).status).toBe(400);
    // Moving one's own department under another tenant's is refused too.
    expect(
      (await submit({ id: own.body.data.id, deptName: '分公司', sort: 1, parentId: target }, other.token))
        .status,
    ).toBe(400);
    expect((await get(`select?userId=${SEED_IDS.admin}`, other.token)).status).toBe(404);
    expect((await get(`lazy-list?parentId=${ids['集团']}`, other.token)).body.data).toEqual([]);
    expect(shape((await get('tree', other.token)).body.data)).toEqual(['分公司']);
    // tenantId is the platform administrator's to choose.
    expect(shape((await get('tree?tenantId=000000', other.token)).body.data)).toEqual(['分公司']);
    expect(shape((await get('tree?tenantId=400001')).body.data)).toEqual(['分公司']);
    expect((await get(`lazy-tree?tenantId=400001`)).body.data.map((n: Choice) => n.title)).toEqual([
      '分公司',
    ]);
    expect(await row(target)).toEqual(before);
  });

  it('answers 401 without a token', async () => {
    for (const path of ['list', 'lazy-list', 'tree', 'lazy-tree', 'select', `detail?id=${ids['集团']}`])
      expect((await t.call({ method: 'GET', url: `${BASE}/${path}` }, null)).status, path).toBe(401);
    expect((await t.call({ method: 'POST', url: `${BASE}/remove?ids=1` }, null)).status).toBe(401);
  });

  it('keeps deep trees within the ancestors column', async () => {
    // A chain as deep as 2000 characters of ancestors hold: one more level does not fit.
    let ancestors = '0';
    let parent = await insertDept(t, { deptName: 'd0', ancestors });
    for (let i = 1; ; i++) {
      const next = `${ancestors},${parent}`;
      if (next.length > 2000) break;
      ancestors = next;
      parent = await insertDept(t, { deptName: `d${i}`, parentId: parent, ancestors });
    }
    const res = await submit({ deptName: 'too deep', sort: 1, parentId: parent });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('部门层级过深');
  });
});
