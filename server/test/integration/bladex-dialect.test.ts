import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/db/seed/seed.js';
import {
  createAccount,
  createOperator,
  createTenantAdmin,
  insertDept,
  signInAs,
} from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { regionRow } from './support/regions.js';
import { insertScope, setRoleScopes } from './support/scopes.js';
import { md5, SABER_BASIC, startTestApp, type TestApp } from './support/test-app.js';
import { flattenMenus, menuId } from '../../src/db/seed/menus.js';
import { BLADE_MENU_ICONS } from '@console/contract/menu-icons';

// Issue 20: the open-source SpringBlade console's paths reach the spec's handlers, with the same
// access rules. Each call is made under both paths side by side.

const SPEC_USER = '/api/blade-user';
const SABER_USER = '/api/blade-system/user';
const BOTH_USER = [SPEC_USER, SABER_USER] as const;

interface WireNode {
  hasChildren: boolean;
  children?: WireNode[];
  [key: string]: unknown;
}

/**
 * Every node of a tree as BladeX's TreeNode serialises it (item 6): a leaf has no `children` key
 * and `hasChildren: false`; a branch a non-empty `children` and `hasChildren: true`. Answers the
 * numbers of leaves and branches.
 */
function expectBladeTree(nodes: WireNode[], where: string): { leaves: number; branches: number } {
  const count = { leaves: 0, branches: 0 };
  const visit = (node: WireNode) => {
    if (Object.hasOwn(node, 'children')) {
      expect(Array.isArray(node.children), where).toBe(true);
      expect(node.children!.length, `${where}: an empty children`).toBeGreaterThan(0);
      expect(node.hasChildren, `${where}: a branch's hasChildren`).toBe(true);
      count.branches += 1;
      node.children!.forEach(visit);
    } else {
      expect(node.hasChildren, `${where}: a leaf's hasChildren`).toBe(false);
      count.leaves += 1;
    }
  };
  nodes.forEach(visit);
  return count;
}

describe.each(oneEngineFor(import.meta.url))('the SpringBlade dialect on %s', (kind) => {
  let t: TestApp;
  let deptId: string;
  let roleId: string;

  const call = (method: 'GET' | 'POST', url: string, token?: string | null, payload?: object) =>
    t.call({ method, url, ...(payload ? { payload } : {}) }, token === undefined ? t.adminToken : token);
  const refresh = (refreshToken: string) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/blade-auth/oauth/token',
        query: { grant_type: 'refresh_token', refresh_token: refreshToken, scope: 'all', tenantId: '000000' },
        headers: { authorization: SABER_BASIC },
      })
      .then((r) => r.statusCode);
  const userRow = (id: string) =>
    t.store.db.selectFrom('blade_user').selectAll().where('id', '=', BigInt(id)).executeTakeFirst();

  beforeAll(async () => {
    t = await startTestApp(kind);
    deptId = await insertDept(t, { deptName: '方言科' });
    const role = await call('POST', '/api/blade-system/role/submit', undefined, {
      roleName: '方言',
      roleAlias: 'dialect',
      sort: 1,
    });
    roleId = role.body.data.id;
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('logout at /api/blade-auth/logout (item 3)', () => {
    for (const method of ['GET', 'POST'] as const) {
      it(`ends the session on ${method} as the spec's logout does`, async () => {
        const user = await createAccount(t);
        const session = await signInAs(t, user);
        expect((await call('GET', `${SPEC_USER}/info`, session.access_token)).status).toBe(200);
        const out = await call(method, '/api/blade-auth/logout', session.access_token);
        expect(out).toMatchObject({ status: 200, body: { success: true, data: true } });
        expect((await call('GET', `${SPEC_USER}/info`, session.access_token)).status).toBe(401);
        expect((await call('GET', `${SABER_USER}/info`, session.access_token)).status).toBe(401);
        expect(await refresh(session.refresh_token)).toBe(401);
      });
    }

    it('needs a signed-in user, on both paths', async () => {
      for (const url of ['/api/blade-auth/logout', '/api/blade-auth/oauth/logout'])
        expect((await call('GET', url, null)).status, url).toBe(401);
    });
  });

  describe('users under /api/blade-system/user as under /api/blade-user (item 4)', () => {
    it('answers the same reads under both prefixes', async () => {
      const user = await createAccount(t, { deptId });
      for (const path of [
        'page?size=50',
        `detail?id=${user.userId}`,
        `platform-detail?id=${user.userId}`,
        'info',
        'user-list',
      ]) {
        const spec = await call('GET', `${SPEC_USER}/${path}`);
        const saber = await call('GET', `${SABER_USER}/${path}`);
        expect(spec.status, path).toBe(200);
        expect(saber, path).toEqual(spec);
      }
      for (const base of BOTH_USER) expect((await call('GET', `${base}/page`, null)).status, base).toBe(401);
      // SpringBlade's console asks the user list as `list`: the same page.
      const list = await call('GET', `${SABER_USER}/list?current=1&size=50`);
      expect(list).toEqual(await call('GET', `${SPEC_USER}/page?current=1&size=50`));
      expect((await call('GET', `${SABER_USER}/list`, null)).status).toBe(401);
    });

    it('writes through the SpringBlade paths with the same handlers', async () => {
      // SpringBlade's console sends the typed password; the server keeps the hash of what was typed.
      const created = await call('POST', `${SABER_USER}/submit`, undefined, {
        account: 'dialect-u1',
        password: 'pw1-Typed',
        password2: 'pw1-Typed',
        roleId,
        deptId,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const id = created.body.data.id as string;
      expect((await t.signIn('dialect-u1', 'pw1-Typed')).status).toBe(200);
      // The spec's console sends the digest under its own path, as before.
      const specCreated = await call('POST', `${SPEC_USER}/submit`, undefined, {
        account: 'dialect-u0',
        password: md5('pw0'),
        roleId,
        deptId,
      });
      expect(specCreated.status, JSON.stringify(specCreated.body)).toBe(200);
      expect((await t.signIn('dialect-u0', 'pw0')).status).toBe(200);
      expect((await call('GET', `${SPEC_USER}/detail?id=${id}`)).body.data.account).toBe('dialect-u1');

      const updated = await call('POST', `${SABER_USER}/update`, undefined, {
        id,
        account: 'dialect-u1',
        realName: '方言',
        roleId,
        deptId,
      });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect((await userRow(id))?.real_name).toBe('方言');

      const reset = await call('POST', `${SABER_USER}/reset-password?userIds=${id}`);
      expect(reset.status).toBe(200);
      const password = reset.body.data[0].password as string;
      const signedIn = await t.signIn('dialect-u1', password);
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
      const session = signedIn.body as { access_token: string };

      // The user's own calls: update-password (a reset password is changed first: issue 44), then
      // update-info in the same session.
      const changed = await t.call(
        {
          method: 'POST',
          url: `${SABER_USER}/update-password`,
          query: { oldPassword: password, newPassword: 'pw2', newPassword1: 'pw2' },
        },
        session.access_token,
      );
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect((await t.signIn('dialect-u1', 'pw2')).status).toBe(200);
      const info = await call('POST', `${SABER_USER}/update-info`, session.access_token, {
        realName: '本人',
      });
      expect(info.status, JSON.stringify(info.body)).toBe(200);
      expect((await userRow(id))?.real_name).toBe('本人');

      expect((await call('POST', `${SABER_USER}/unlock?userIds=${id}`)).status).toBe(200);
      expect((await call('POST', `${SABER_USER}/update-platform?userId=${id}&userType=1`)).status).toBe(200);
      expect((await call('POST', `${SABER_USER}/grant?userIds=${id}&roleIds=${roleId}`)).status).toBe(200);
      expect((await call('POST', `${SABER_USER}/remove?ids=${id}`)).status).toBe(200);
      expect((await call('GET', `${SPEC_USER}/detail?id=${id}`)).status).toBe(404);
    });

    it('checks the page and the buttons alike under both prefixes', async () => {
      const target = await createAccount(t, { deptId });
      const nobody = await createOperator(t, ['dept']);
      const reader = await createOperator(t, ['user']);
      const before = await userRow(target.userId);
      for (const base of BOTH_USER) {
        expect((await call('GET', `${base}/page`, nobody.token)).status, base).toBe(403);
        expect((await call('GET', `${base}/page`, reader.token)).status, base).toBe(200);
        const writes: Array<[string, () => Promise<{ status: number; body: { msg: string } }>]> = [
          ['submit', () => call('POST', `${base}/submit`, reader.token, { account: 'x', roleId, deptId })],
          ['remove', () => call('POST', `${base}/remove?ids=${target.userId}`, reader.token)],
          ['reset', () => call('POST', `${base}/reset-password?userIds=${target.userId}`, reader.token)],
          [
            'grant',
            () => call('POST', `${base}/grant?userIds=${target.userId}&roleIds=${roleId}`, reader.token),
          ],
          ['unlock', () => call('POST', `${base}/unlock?userIds=${target.userId}`, reader.token)],
          [
            'platform',
            () => call('POST', `${base}/update-platform?userId=${target.userId}&userType=1`, reader.token),
          ],
        ];
        for (const [name, write] of writes) {
          const res = await write();
          expect(res.status, `${base} ${name}`).toBe(403);
        }
      }
      expect(await userRow(target.userId)).toEqual(before);
    });

    it('keeps grants within holdings (S12) under both prefixes', async () => {
      const target = await createAccount(t, { deptId });
      const operator = await createOperator(t, ['user', 'user_role']);
      const answers = [];
      for (const base of BOTH_USER) {
        const res = await call(
          'POST',
          `${base}/grant?userIds=${target.userId}&roleIds=${SEED_IDS.administratorRole}`,
          operator.token,
        );
        expect(res.status, base).toBe(403);
        answers.push(res.body);
      }
      expect(answers[1]).toEqual(answers[0]);
      expect((await userRow(target.userId))?.role_id).toBe(target.roleIds.join(','));
    });

    it('applies an API scope written over either path to both', async () => {
      const operator = await createOperator(t, ['user']);
      const clearCache = () => call('GET', '/api/blade-auth/oauth/clear-cache');
      const pages = () =>
        Promise.all(
          BOTH_USER.map((base) => call('GET', `${base}/page`, operator.token).then((r) => r.status)),
        );
      expect(await pages()).toEqual([200, 200]);
      for (const scopePath of ['/blade-user/**', '/blade-system/user/page']) {
        const scope = await insertScope(t, 'api', { menuId: menuId('user'), scopePath, scopeMethod: 'GET' });
        await clearCache();
        expect(await pages(), scopePath).toEqual([403, 403]);
        await setRoleScopes(t, operator.roleIds[0]!, 'api', [scope]);
        await clearCache();
        expect(await pages(), scopePath).toEqual([200, 200]);
        await setRoleScopes(t, operator.roleIds[0]!, 'api', []);
        await t.store.db.deleteFrom('blade_scope_api').where('id', '=', BigInt(scope)).execute();
        await clearCache();
        expect(await pages(), scopePath).toEqual([200, 200]);
      }
    });
  });

  describe("reports removed at BladeX's rest/remove (issue 45)", () => {
    const REPORT = '/api/blade-report/report';
    const REMOVES = [`${REPORT}/remove`, `${REPORT}/rest/remove`] as const;
    const newReport = async () => {
      const res = await call('POST', `${REPORT}/submit`, undefined, {
        name: '方言报表',
        dataSet: 'hospital',
        definition: { filters: [], columns: ['hospitalName'], groupBy: [], aggregates: [], sort: [] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id as string;
    };
    const exists = async (id: string) => (await call('GET', `${REPORT}/detail?id=${id}`)).status === 200;

    it('removes under both paths with the same button rule', async () => {
      const viewer = await createOperator(t, ['report', 'report_list', 'report_list_view']);
      const remover = await createOperator(t, ['report', 'report_list', 'report_list_delete']);
      for (const url of REMOVES) {
        const id = await newReport();
        expect((await call('POST', `${url}?ids=${id}`, null)).status, url).toBe(401);
        expect((await call('POST', `${url}?ids=${id}`, viewer.token)).status, url).toBe(403);
        expect(await exists(id), url).toBe(true);
        const removed = await call('POST', `${url}?ids=${id}`, remover.token);
        expect(removed, url).toMatchObject({ status: 200, body: { success: true, data: true } });
        expect(await exists(id), url).toBe(false);
      }
    });

    it('applies an API scope written over either path to both', async () => {
      const remover = await createOperator(t, ['report', 'report_list', 'report_list_delete']);
      const clearCache = () => call('GET', '/api/blade-auth/oauth/clear-cache');
      for (const scopePath of ['/blade-report/report/remove', '/blade-report/report/rest/remove']) {
        const scope = await insertScope(t, 'api', {
          menuId: menuId('report_list'),
          scopePath,
          scopeMethod: 'POST',
        });
        await clearCache();
        for (const url of REMOVES) {
          const id = await newReport();
          expect((await call('POST', `${url}?ids=${id}`, remover.token)).status, `${scopePath} ${url}`).toBe(
            403,
          );
          expect(await exists(id)).toBe(true);
        }
        await t.store.db.deleteFrom('blade_scope_api').where('id', '=', BigInt(scope)).execute();
        await clearCache();
      }
    });
  });

  describe('trees as BladeX answers them (item 6)', () => {
    it('answers menu/buttons with leaves without children: the leaves are the permission codes', async () => {
      const res = await call('GET', '/api/blade-system/menu/buttons');
      expect(res.status).toBe(200);
      const tree = res.body.data as WireNode[];
      const { leaves, branches } = expectBladeTree(tree, 'buttons');
      expect(branches).toBeGreaterThan(0);
      const buttons = flattenMenus().filter((m) => m.category === 2);
      expect(leaves).toBe(buttons.length);
      const param = tree.find((n) => n.code === 'param')!;
      expect(param).toMatchObject({ hasChildren: true });
      expect(param.children![0]).toMatchObject({ code: 'param_add', hasChildren: false });
      expect(param.children![0]).not.toHaveProperty('children');
      // Saber's rule (any `children` array is a branch) collects the same codes.
      const saberLeaves = (nodes: WireNode[]): unknown[] =>
        nodes.flatMap((n) => (Array.isArray(n.children) ? saberLeaves(n.children) : [n.code]));
      expect(saberLeaves(tree).sort()).toEqual(buttons.map((b) => b.code).sort());
    });

    it('answers menu/routes with pages without children, groups with them', async () => {
      const res = await call('GET', '/api/blade-system/menu/routes');
      expect(res.status).toBe(200);
      const { leaves, branches } = expectBladeTree(res.body.data, 'routes');
      expect(leaves).toBeGreaterThan(0);
      expect(branches).toBeGreaterThan(0);
      const system = (res.body.data as WireNode[]).find((n) => n.code === 'system')!;
      expect(system.hasChildren).toBe(true);
      const param = system.children!.find((n) => n.code === 'param')!;
      expect(param.hasChildren).toBe(false);
      expect(param).not.toHaveProperty('children');
    });

    it('answers the department tree so: a leaf department has no children', async () => {
      const parent = await insertDept(t, { deptName: '方言树' });
      const child = await insertDept(t, { deptName: '方言叶', parentId: parent, ancestors: `0,${parent}` });
      for (const url of ['/api/blade-system/dept/tree', '/api/blade-system/dept/list']) {
        const res = await call('GET', url);
        expect(res.status, url).toBe(200);
        const tree = res.body.data as WireNode[];
        expectBladeTree(tree, url);
        const branch = tree.find((n) => n.id === parent)!;
        expect(branch.hasChildren, url).toBe(true);
        expect(
          branch.children!.map((n) => n.id),
          url,
        ).toEqual([child]);
        expect(branch.children![0], url).not.toHaveProperty('children');
        const lone = tree.find((n) => n.id === deptId)!;
        expect(lone, url).toMatchObject({ hasChildren: false });
        expect(lone, url).not.toHaveProperty('children');
      }
      const lazy = await call('GET', `/api/blade-system/dept/lazy-tree?parentId=${parent}`);
      expect(lazy.body.data).toEqual([expect.objectContaining({ id: child, hasChildren: false })]);
      expect(lazy.body.data[0]).not.toHaveProperty('children');
    });

    it('answers the dictionary tree so: an entry has no children', async () => {
      for (const url of ['/api/blade-system/dict/tree?code=DICT', '/api/blade-system/dict/tree?code=sex']) {
        const res = await call('GET', url);
        expect(res.status, url).toBe(200);
        const { leaves, branches } = expectBladeTree(res.body.data, url);
        expect(leaves, url).toBeGreaterThan(0);
        expect(branches, url).toBeGreaterThan(0);
      }
      const sex = (await call('GET', '/api/blade-system/dict/tree?code=sex')).body.data as WireNode[];
      expect(sex).toHaveLength(1);
      expect(sex[0]!.hasChildren).toBe(true);
      for (const entry of sex[0]!.children!) expect(entry).not.toHaveProperty('children');
    });

    it('answers the region lazy tree with hasChildren and no children', async () => {
      const region = (code: string, parentCode: string, level: 1 | 2) =>
        regionRow(code, parentCode, `树${code}`, level, '树省');
      await t.store.db
        .insertInto('blade_region')
        .values([region('73', '00', 1), region('7301', '73', 2)])
        .execute();
      const top = await call('GET', '/api/blade-system/region/lazy-tree?parentCode=00');
      expect(top.status).toBe(200);
      const province = (top.body.data as WireNode[]).find((n) => n.id === '73')!;
      expect(province).toMatchObject({ hasChildren: true });
      expect(province).not.toHaveProperty('children');
      const below = await call('GET', '/api/blade-system/region/lazy-tree?parentCode=73');
      expect(below.body.data).toEqual([expect.objectContaining({ id: '7301', hasChildren: false })]);
      expect(below.body.data[0]).not.toHaveProperty('children');
    });

    it('answers the grant trees and the other trees of choices so', async () => {
      const grant = await call('GET', '/api/blade-system/menu/grant-tree');
      expect(grant.status).toBe(200);
      const menus = expectBladeTree(grant.body.data.menu, 'grant-tree menu');
      expect(menus.leaves).toBeGreaterThan(0);
      expect(menus.branches).toBeGreaterThan(0);
      expectBladeTree(grant.body.data.dataScope, 'grant-tree dataScope');
      expectBladeTree(grant.body.data.apiScope, 'grant-tree apiScope');
      const top = await call('GET', '/api/blade-system/menu/grant-top-tree');
      expect(top.status).toBe(200);
      expectBladeTree(top.body.data.menu, 'grant-top-tree');
      for (const url of [
        '/api/blade-system/menu/tree',
        '/api/blade-system/menu/list',
        '/api/blade-system/menu/menu-list',
        '/api/blade-system/role/tree',
        '/api/blade-system/role/list',
        '/api/blade-system/dict/list',
      ]) {
        const res = await call('GET', url);
        expect(res.status, url).toBe(200);
        expect(expectBladeTree(res.body.data, url).leaves, url).toBeGreaterThan(0);
      }
    });
  });

  describe('menu icons a BladeX console can show (item 8)', () => {
    it('answers menu/routes with the icon-font classes of the seeded antd icons', async () => {
      const res = await call('GET', '/api/blade-system/menu/routes');
      const walk = (nodes: WireNode[]): WireNode[] => nodes.flatMap((n) => [n, ...walk(n.children ?? [])]);
      const byCode = new Map(walk(res.body.data).map((n) => [n.code, n.source]));
      // SpringBlade's own classes for the menus it has.
      expect(byCode.get('system')).toBe('iconfont iconicon_setting');
      expect(byCode.get('user')).toBe('iconfont iconicon_principal');
      expect(byCode.get('report_list')).toBe('iconfont icon-biaodan');
      for (const seed of flattenMenus().filter((m) => m.category === 1))
        expect(byCode.get(seed.code), seed.code).toBe(BLADE_MENU_ICONS[seed.source]);
      // What is stored stays the seed's antd name (the menu page edits it).
      const detail = await call('GET', `/api/blade-system/menu/detail?id=${menuId('system')}`);
      expect(detail.body.data.source).toBe('SettingOutlined');
    });

    it('answers a class written by a BladeX console as written', async () => {
      const created = await call('POST', '/api/blade-system/menu/submit', undefined, {
        name: '方言图标',
        code: 'dialect_icon',
        path: '/dialect/icon',
        source: 'iconfont icon-zhongyingwen',
        category: 1,
        sort: 50,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const res = await call('GET', '/api/blade-system/menu/routes');
      const node = (res.body.data as WireNode[]).find((n) => n.code === 'dialect_icon')!;
      expect(node).toMatchObject({ source: 'iconfont icon-zhongyingwen', hasChildren: false });
      expect(node).not.toHaveProperty('children');
    });
  });

  describe('the select calls (item 5)', () => {
    it('answers tenant/select: every tenant to the platform administrator, its own to another administrator', async () => {
      const other = await createTenantAdmin(t, '720001');
      const all = await call('GET', '/api/blade-system/tenant/select');
      expect(all.status).toBe(200);
      const codes = (all.body.data as Array<{ tenantId: string }>).map((row) => row.tenantId);
      expect(codes).toContain('000000');
      expect(codes).toContain('720001');
      const platform = await t.store.db
        .selectFrom('blade_tenant')
        .select(['id', 'tenant_name'])
        .where('tenant_id', '=', '000000')
        .executeTakeFirstOrThrow();
      expect(all.body.data).toContainEqual({
        id: String(platform.id),
        tenantId: '000000',
        tenantName: platform.tenant_name,
      });
      for (const row of all.body.data)
        expect(Object.keys(row).sort()).toEqual(['id', 'tenantId', 'tenantName']);

      const own = await call('GET', '/api/blade-system/tenant/select', other.token);
      expect(own.status).toBe(200);
      expect((own.body.data as Array<{ tenantId: string }>).map((row) => row.tenantId)).toEqual(['720001']);

      const operator = await createOperator(t, ['user', 'tenant']);
      expect((await call('GET', '/api/blade-system/tenant/select', operator.token)).status).toBe(403);
      expect((await call('GET', '/api/blade-system/tenant/select', null)).status).toBe(401);
    });

    it('answers region/select: the regions below a code, the provinces by default', async () => {
      // Rows as the region seed writes them (the template database holds no regions).
      const region = (code: string, parentCode: string, name: string, level: 1 | 2) =>
        regionRow(code, parentCode, name, level, '方言省');
      await t.store.db
        .insertInto('blade_region')
        .values([
          region('71', '00', '方言省', 1),
          region('7101', '71', '方言市', 2),
          region('7102', '71', '方言县', 2),
        ])
        .execute();
      const reader = await createOperator(t, ['dept']);
      const provinces = await call('GET', '/api/blade-system/region/select', reader.token);
      expect(provinces.status).toBe(200);
      expect(provinces.body.data.map((r: { code: string }) => r.code)).toContain('71');
      const cities = await call('GET', '/api/blade-system/region/select?code=71', reader.token);
      expect(cities.body.data.map((r: { code: string }) => r.code)).toEqual(['7101', '7102']);
      expect(cities.body.data[0]).toMatchObject({ code: '7101', parentCode: '71', name: '方言市', level: 2 });
      // The same rows as lazy-list answers, without hasChildren.
      const lazy = await call('GET', '/api/blade-system/region/lazy-list?parentCode=71', reader.token);
      expect(cities.body.data).toEqual(
        lazy.body.data.map(({ hasChildren: _, ...row }: { hasChildren: boolean }) => row),
      );
      expect((await call('GET', '/api/blade-system/region/select?code=7101')).body.data).toEqual([]);
      expect((await call('GET', '/api/blade-system/region/select', null)).status).toBe(401);
    });

    it('answers datasource/select to the platform administrator only', async () => {
      const res = await call('GET', '/api/blade-develop/datasource/select');
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body.data)).toBe(true);
      const other = await createTenantAdmin(t, '720002');
      expect((await call('GET', '/api/blade-develop/datasource/select', other.token)).status).toBe(403);
      expect((await call('GET', '/api/blade-develop/datasource/select', null)).status).toBe(401);
    });
  });
});
