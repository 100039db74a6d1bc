import { MENU_CATEGORY } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenMenus, MENU_TREE, menuId } from '../../src/db/seed/menus.js';
import { createAccount, createTopMenu, signInAs, type TestAccount } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const BASE = '/api/blade-system/menu';

interface Node {
  id: string;
  parentId: string;
  code: string;
  name: string;
  path: string | null;
  sort: number;
  category: number;
  hasChildren: boolean;
  /** Only on a branch (issue 20 item 6): a leaf has no `children` key. */
  children?: Node[];
  meta?: { i18n?: string };
}

/** The keys of a leaf; a branch has `children` too. */
const NODE_KEYS = [
  'action',
  'alias',
  'category',
  'code',
  'hasChildren',
  'id',
  'isOpen',
  'meta',
  'name',
  'parentId',
  'path',
  'remark',
  'sort',
  'source',
].sort();

const walk = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...walk(n.children ?? [])]);
const leaves = (nodes: Node[]): string[] =>
  nodes.flatMap((n) => (n.children ? leaves(n.children) : [n.code]));
/** code → child codes, for compact expectations. */
const shape = (nodes: Node[]): unknown =>
  nodes.map((n) => (n.children ? { [n.code]: shape(n.children) } : n.code));
/** The keys a node has: those of a leaf, and `children` on a branch (never an empty one). */
const keysOf = (node: Node) => (node.children ? [...NODE_KEYS, 'children'].sort() : NODE_KEYS);

const seeded = flattenMenus();
const pages = seeded.filter((m) => m.category === MENU_CATEGORY.MENU);
const buttons = seeded.filter((m) => m.category === MENU_CATEGORY.BUTTON);

describe.each(oneEngineFor(import.meta.url))('menus on %s', (kind) => {
  let t: TestApp;
  let pageOnly: TestAccount;
  let pageOnlyToken: string;
  let withButtons: TestAccount;
  let withButtonsToken: string;
  let twoRolesToken: string;

  const routes = (query = '', token?: string | null) =>
    t.call({ method: 'GET', url: `${BASE}/routes${query}` }, token === undefined ? t.adminToken : token);
  const buttonTree = (token?: string) =>
    t.call({ method: 'GET', url: `${BASE}/buttons` }, token ?? t.adminToken);

  beforeAll(async () => {
    t = await startTestApp(kind);
    pageOnly = await createAccount(t, { roles: [{ menuIds: [menuId('param')] }] });
    pageOnlyToken = (await signInAs(t, pageOnly)).access_token;
    // Buttons alone (no page, no group): SpringBlade still shows their page and its group.
    withButtons = await createAccount(t, {
      roles: [{ menuIds: [menuId('param_add'), menuId('param_view'), menuId('notice')] }],
    });
    withButtonsToken = (await signInAs(t, withButtons)).access_token;
    const twoRoles = await createAccount(t, {
      roles: [{ menuIds: [menuId('param')] }, { menuIds: [menuId('dict'), menuId('dict_add')] }],
    });
    twoRolesToken = (await signInAs(t, twoRoles)).access_token;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers the platform administrator the whole menu tree, menus only, in order', async () => {
    const res = await routes();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    const tree = res.body.data as Node[];
    expect(tree.map((n) => n.code)).toEqual(MENU_TREE.map((n) => n.code));
    const all = walk(tree);
    expect(all).toHaveLength(pages.length);
    expect(all.every((n) => n.category === MENU_CATEGORY.MENU)).toBe(true);
    for (const node of all) {
      expect(Object.keys(node).sort()).toEqual(keysOf(node));
      expect(node.meta).toEqual({ i18n: node.code });
      expect(node.hasChildren).toBe(node.children !== undefined);
      if (node.children) expect(node.children.length).toBeGreaterThan(0);
      const order = (node.children ?? []).map((c) => [c.sort, BigInt(c.id)] as const);
      const sorted = [...order].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
      expect(order).toEqual(sorted);
      for (const child of node.children ?? []) expect(child.parentId).toBe(node.id);
    }
    const system = tree.find((n) => n.code === 'system')!;
    expect(system).toMatchObject({ id: menuId('system'), parentId: '0', path: '/system', name: '系统管理' });
    const param = system.children!.find((n) => n.code === 'param')!;
    expect(param).toMatchObject({
      id: menuId('param'),
      parentId: menuId('system'),
      path: '/system/param',
      // The seed's ControlOutlined as BladeX's icon-font class (issue 20 item 8).
      source: 'iconfont iconicon_community_line',
      category: 1,
      isOpen: 1,
      hasChildren: false,
    });
    expect(param).not.toHaveProperty('children');
    expect(system.children!.map((n) => n.code)).toContain('tenant_package');
  });

  it('answers other users the menus of all their roles, with the ancestors of each grant', async () => {
    const page = await routes('', pageOnlyToken);
    expect(page.status).toBe(200);
    expect(shape(page.body.data)).toEqual([{ system: ['param'] }]);
    expect(page.body.data[0]).toMatchObject({ code: 'system', path: '/system', hasChildren: true });
    expect(page.body.data[0].children[0]).toMatchObject({ path: '/system/param', hasChildren: false });
    expect(page.body.data[0].children[0]).not.toHaveProperty('children');

    // Granted buttons bring their page and its group (the console's grant tree sends half-checked
    // parents only as their checked children).
    expect(shape((await routes('', withButtonsToken)).body.data)).toEqual([
      { desk: ['notice'] },
      { system: ['param'] },
    ]);
    // Two roles: the union of their grants.
    expect(shape((await routes('', twoRolesToken)).body.data)).toEqual([{ system: ['dict', 'param'] }]);
  });

  it('filters by a top menu: the allowed menus it lists, with their ancestors', async () => {
    const ops = await createTopMenu(t, { code: 'ops', menuIds: [menuId('notice'), menuId('param')] });
    const desk = await createTopMenu(t, { code: 'desk-only', menuIds: [menuId('desk'), menuId('notice')] });

    expect(shape((await routes(`?topMenuId=${ops}`)).body.data)).toEqual([
      { desk: ['notice'] },
      { system: ['param'] },
    ]);
    expect(shape((await routes(`?topMenuId=${desk}`)).body.data)).toEqual([{ desk: ['notice'] }]);
    expect(shape((await routes(`?topMenuId=${ops}`, pageOnlyToken)).body.data)).toEqual([
      { system: ['param'] },
    ]);
    expect((await routes(`?topMenuId=${desk}`, pageOnlyToken)).body.data).toEqual([]);
    expect(shape((await routes(`?topMenuId=${ops}`, withButtonsToken)).body.data)).toEqual([
      { desk: ['notice'] },
    ]);

    // Unknown and deleted top menus list nothing.
    const unknown = await routes('?topMenuId=123456789');
    expect(unknown).toMatchObject({ status: 200, body: { success: true, data: [] } });
    await t.store.db
      .updateTable('blade_top_menu')
      .set({ is_deleted: 1 })
      .where('id', '=', BigInt(desk))
      .execute();
    expect((await routes(`?topMenuId=${desk}`)).body.data).toEqual([]);
    // An empty topMenuId means none.
    expect(walk((await routes('?topMenuId=')).body.data)).toHaveLength(pages.length);
  });

  it('refuses a topMenuId that is not an id, and callers without a token', async () => {
    for (const bad of ['abc', '1%20or%201%3D1', '-1', '99999999999999999999', '9999999999999999999']) {
      const res = await routes(`?topMenuId=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, success: false, data: null });
      expect(typeof res.body.msg).toBe('string');
    }
    for (const bad of ['abc', '9999999999999999999']) {
      const en = await t.call({
        method: 'GET',
        url: `${BASE}/routes?topMenuId=${bad}`,
        headers: { 'accept-language': 'en' },
      });
      expect(en.body.msg).toBe('topMenuId has an invalid value');
      expect((await routes(`?topMenuId=${bad}`)).body.msg).toBe('顶部菜单编号的值不正确');
    }
    expect((await routes('', null)).status).toBe(401);
    expect((await t.call({ method: 'GET', url: `${BASE}/buttons` }, null)).status).toBe(401);
    expect((await t.call({ method: 'GET', url: `${BASE}/top-menu` }, null)).status).toBe(401);
  });

  it('answers the button tree: pages with their allowed buttons, leaves are permission codes', async () => {
    const admin = await buttonTree();
    expect(admin.status).toBe(200);
    const tree = admin.body.data as Node[];
    expect(leaves(tree).sort()).toEqual(buttons.map((b) => b.code).sort());
    expect(leaves(tree)).toEqual(
      expect.arrayContaining(['param_add', 'param_edit', 'param_delete', 'param_view']),
    );
    for (const page of tree) {
      expect(page.category).toBe(MENU_CATEGORY.MENU);
      expect(page.hasChildren).toBe(true);
      expect(Object.keys(page).sort()).toEqual(keysOf(page));
      for (const button of page.children!) {
        expect(button).toMatchObject({
          category: MENU_CATEGORY.BUTTON,
          parentId: page.id,
          hasChildren: false,
        });
        expect(button).not.toHaveProperty('children');
      }
    }
    const param = tree.find((n) => n.code === 'param')!;
    expect(param.children!.map((b) => b.code)).toEqual([
      'param_add',
      'param_edit',
      'param_delete',
      'param_view',
      'param_export',
    ]);

    expect(shape((await buttonTree(withButtonsToken)).body.data)).toEqual([
      { param: ['param_add', 'param_view'] },
    ]);
    // A page without granted buttons does not appear.
    expect((await buttonTree(pageOnlyToken)).body.data).toEqual([]);
    expect(shape((await buttonTree(twoRolesToken)).body.data)).toEqual([{ dict: ['dict_add'] }]);
  });

  it('counts only the roles that still exist', async () => {
    const user = await createAccount(t, { roles: [{ menuIds: [menuId('param'), menuId('param_add')] }] });
    const token = (await signInAs(t, user)).access_token;
    expect(shape((await routes('', token)).body.data)).toEqual([{ system: ['param'] }]);
    await t.store.db
      .updateTable('blade_role')
      .set({ is_deleted: 1 })
      .where('id', '=', BigInt(user.roleIds[0]!))
      .execute();
    expect((await routes('', token)).body.data).toEqual([]);
    expect((await buttonTree(token)).body.data).toEqual([]);
  });

  it('answers every menu, without buttons, as a tree of choices', async () => {
    const res = await t.call({ method: 'GET', url: `${BASE}/tree` }, t.adminToken);
    expect(res.status).toBe(200);
    interface Choice {
      id: string;
      parentId: string;
      title: string;
      key: string;
      value: string;
      hasChildren: boolean;
      children?: Choice[];
    }
    const flat = (nodes: Choice[]): Choice[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const tree = res.body.data as Choice[];
    expect(tree.map((n) => n.id)).toEqual(MENU_TREE.map((n) => menuId(n.code)));
    const all = flat(tree);
    expect(all).toHaveLength(pages.length);
    const system = tree.find((n) => n.id === menuId('system'))!;
    expect(system).toMatchObject({
      parentId: '0',
      title: '系统管理',
      key: menuId('system'),
      value: menuId('system'),
    });
    expect(system.hasChildren).toBe(true);
    expect(system.children!.find((n) => n.id === menuId('param'))).toEqual({
      id: menuId('param'),
      parentId: menuId('system'),
      title: '参数管理',
      key: menuId('param'),
      value: menuId('param'),
      hasChildren: false,
    });
    expect((await t.call({ method: 'GET', url: `${BASE}/tree` }, null)).status).toBe(401);
  });

  it('lists the top menus by sort', async () => {
    await createTopMenu(t, { code: 'later', name: '后台', sort: 20, source: 'AppstoreOutlined' });
    await createTopMenu(t, { code: 'first', name: '首页', sort: 0 });
    const res = await t.call({ method: 'GET', url: `${BASE}/top-menu` }, pageOnlyToken);
    expect(res.status).toBe(200);
    const list = res.body.data as Array<Record<string, unknown>>;
    // 'desk-only' was deleted above.
    expect(list.map((m) => m.code)).toEqual(['first', 'ops', 'later']);
    expect(list[2]).toMatchObject({
      name: '后台',
      sort: 20,
      source: 'AppstoreOutlined',
      status: 1,
      isDeleted: 0,
    });
    expect(Object.keys(list[0]!).sort()).toEqual(
      [
        'id',
        'code',
        'name',
        'source',
        'sort',
        'createUser',
        'createDept',
        'createTime',
        'updateUser',
        'updateTime',
        'status',
        'isDeleted',
      ].sort(),
    );
  });
});
