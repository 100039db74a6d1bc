import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_TENANT_ID } from '@console/contract';
import { defineTable } from '../../src/core/repository/table.js';
import { TableRepository } from '../../src/core/repository/table-repository.js';
import { inTransaction, type Actor, type Store } from '../../src/core/repository/store.js';
import { parseListQuery } from '../../src/core/list-query.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { seedDatabase, SEED_IDS } from '../../src/db/seed/seed.js';
import { flattenMenus } from '../../src/db/seed/menus.js';
import { IdGenerator } from '../../src/core/ids.js';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

interface Role {
  id: string;
  tenantId: string;
  roleName: string;
  roleAlias: string;
  sort: number;
  parentId: string;
  createUser: string | null;
  createDept: string | null;
  createTime: string | null;
  updateUser: string | null;
  updateTime: string | null;
}

/** A tenant table exercised through the shared repository base (its real module comes later). */
const roleTable = defineTable<Role, 'blade_role'>(
  'blade_role',
  { tenantScoped: true },
  {
    parentId: ['id', { filter: true }],
    roleName: ['string', { filter: true, sort: true }],
    roleAlias: ['string', { filter: true }],
    sort: ['int', { sort: true }],
  },
);
/** The same table with a row scope: one user sees only the roles sorted below 2. */
const SCOPED_USER = '5009';
const scopedRoleTable = defineTable<Role, 'blade_role'>(
  'blade_role',
  {
    tenantScoped: true,
    rowScope: (actor) => (actor.userId === SCOPED_USER ? (eb) => eb('blade_role.sort', '<', 2) : null),
  },
  { parentId: ['id', { filter: true }], roleName: ['string', { filter: true, sort: true }], sort: ['int'] },
);
class RoleRepository extends TableRepository<Role, 'blade_role'> {
  /** `fast`: the fast reads on or off (core/repository/fast-path.ts); by default as the server runs. */
  constructor(store: Store, def = roleTable, fast?: boolean) {
    super(store, def, fast);
  }
}

describe.each(oneEngineFor(import.meta.url))('foundation on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers health and readiness', async () => {
    expect(await t.call({ method: 'GET', url: '/api/health' })).toMatchObject({
      status: 200,
      body: { code: 200, success: true, data: { status: 'UP' } },
    });
    expect((await t.call({ method: 'GET', url: '/api/ready' })).status).toBe(200);
  });

  it('answers an unknown API route with a 404 envelope in the request language', async () => {
    const zh = await t.call({ method: 'GET', url: '/api/blade-system/nosuch/list' });
    expect(zh).toEqual({
      status: 404,
      body: { code: 404, success: false, data: null, msg: '接口不存在: /api/blade-system/nosuch/list' },
    });
    const en = await t.call({ method: 'POST', url: '/api/x?y=1', headers: { 'accept-language': 'en' } });
    expect(en.body.msg).toBe('No such API: /api/x');
  });

  it('tags every answer with a request id, keeping a sane incoming one', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-123' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-123');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'a b<script>' },
    });
    expect(replaced.headers['x-request-id']).not.toBe('a b<script>');
  });

  it('sends security headers, the API its own strict policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('answers a URL that does not decode with the 400 envelope and the security headers', async () => {
    for (const url of ['/api/blade-system/%zz', '/system/%zz']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ code: 400, success: false, data: null, msg: 'Bad request' });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });

  it('refuses oversized and malformed bodies with 4xx envelopes', async () => {
    const big = await t.call({
      method: 'POST',
      url: '/api/blade-system/param/submit',
      payload: JSON.stringify({ paramName: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big).toMatchObject({ status: 413, body: { code: 413, success: false } });
    const bad = await t.call({
      method: 'POST',
      url: '/api/blade-system/param/submit',
      payload: '{"paramName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad).toMatchObject({ status: 400, body: { code: 400, msg: '请求体不是有效的 JSON' } });
  });

  it('seeds once: a second migrate and seed changes nothing', async () => {
    const counts = async () => {
      const out: Record<string, number> = {};
      for (const table of [
        'blade_tenant',
        'blade_user',
        'blade_role',
        'blade_dept',
        'blade_client',
        'blade_menu',
        'blade_role_menu',
        'blade_param',
      ] as const) {
        const row = await t.store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        out[table] = Number(row.n);
      }
      return out;
    };
    const before = await counts();
    expect(await migrateToLatest(t.store.db)).toEqual([]);
    // The test app seeds without the regions (region.test.ts covers their load and its restart).
    expect(await seedDatabase(t.store.db, new IdGenerator(2), { regions: false })).toBe(false);
    expect(await counts()).toEqual(before);
    expect(before).toMatchObject({
      blade_tenant: 1,
      blade_user: 1,
      // The administrator's role, and 经理 (the leave process's second approval).
      blade_role: 2,
      blade_dept: 1,
      blade_client: 1,
      blade_param: 2,
    });
    expect(before.blade_menu).toBe(flattenMenus().length);
    // The administrator holds every menu; 经理 the 我的事务 pages and buttons.
    const work = flattenMenus().filter((menu) => menu.code === 'work' || menu.code.startsWith('work_'));
    expect(work.length).toBeGreaterThan(5);
    expect(before.blade_role_menu).toBe(flattenMenus().length + work.length);
  });

  it('seeds the platform tenant, the admin account with a slow hash, and the saber client', async () => {
    const admin = await t.store.db
      .selectFrom('blade_user')
      .selectAll()
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(String(admin.id)).toBe(SEED_IDS.admin);
    expect(admin.tenant_id).toBe(PLATFORM_TENANT_ID);
    expect(admin.password).toMatch(/^\$argon2id\$/);
    expect(admin.role_id).toBe(SEED_IDS.administratorRole);
    const client = await t.store.db.selectFrom('blade_client').selectAll().executeTakeFirstOrThrow();
    expect(client).toMatchObject({ client_id: 'saber', scope: 'all' });
    expect(Number(client.access_token_validity)).toBe(3600);
    expect(Number(client.refresh_token_validity)).toBe(604_800);
  });

  it('seeds the whole menu tree with button codes, parents before children', async () => {
    const rows = await t.store.db
      .selectFrom('blade_menu')
      .select(['id', 'parent_id', 'code', 'category'])
      .execute();
    const codes = new Set(rows.map((r) => r.code));
    for (const code of [
      'param',
      'param_add',
      'param_edit',
      'param_delete',
      'param_view',
      'tenant_package',
      'hospital',
      'machine_bind',
      'refund_agree',
      'slot_grant',
      'apk_publish',
      'flow_model',
      'work_todo',
      'log_api',
      'oss_enable',
      'sms_send',
      'code_gen',
      'datasource',
      'region',
      'dict',
      'dictbiz',
      'topmenu_setting',
      'role_grant',
      'user_unlock',
      'client',
      'notice',
      'attach',
      'report_list',
    ]) {
      expect(codes.has(code), code).toBe(true);
    }
    expect(codes.size).toBe(rows.length); // codes are unique
    const ids = new Set(rows.map((r) => String(r.id)));
    for (const r of rows) if (String(r.parent_id) !== '0') expect(ids.has(String(r.parent_id))).toBe(true);
    expect(rows.filter((r) => Number(r.category) === 2).every((r) => /_/.test(r.code))).toBe(true);
  });

  it('scopes tenant tables to the caller and fills the audit columns', async () => {
    const roles = new RoleRepository(t.store);
    const a: Actor = { tenantId: '100001', userId: '5001', deptId: '6001' };
    const b: Actor = { tenantId: '100002', userId: '5002', deptId: '6002' };
    const id = await roles.insert(a, {
      roleName: '运营',
      roleAlias: 'operator',
      sort: 2,
      parentId: '0',
      tenantId: '100002',
    } as Partial<Role>);

    const own = await roles.findById(a, id);
    expect(own).toMatchObject({
      id,
      tenantId: '100001',
      roleName: '运营',
      createUser: '5001',
      createDept: '6001',
      updateUser: '5001',
    });
    expect(own?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // Another tenant sees nothing, changes nothing, deletes nothing.
    expect(await roles.findById(b, id)).toBeUndefined();
    expect(await roles.update(b, id, { roleName: 'hijacked' })).toBe(false);
    expect(await roles.softDelete(b, [id])).toBe(0);
    const pageB = await roles.page(b, parseListQuery({ roleAlias: 'operator' }, roleTable, 'Asia/Shanghai'));
    expect(pageB.total).toBe(0);
    expect((await roles.findById(a, id))?.roleName).toBe('运营');

    expect(await roles.update(a, id, { roleName: '运营主管', createUser: '1' } as Partial<Role>)).toBe(true);
    const updated = await roles.findById(a, id);
    expect(updated).toMatchObject({ roleName: '运营主管', createUser: '5001' });
    const pageA = await roles.page(a, parseListQuery({ roleAlias: 'operator' }, roleTable, 'Asia/Shanghai'));
    expect(pageA.records.map((r) => r.id)).toEqual([id]);

    expect(await roles.softDelete(a, [id])).toBe(1);
    expect(await roles.findById(a, id)).toBeUndefined();
  });

  it('answers lists from statements compiled once per shape, each call with its own tenant, values and page', async () => {
    // The fast path (core/repository/fast-path.ts) compiles a list's statements once per shape and
    // binds each call's values: the same repository must never carry one call's tenant, filter or
    // page into another's.
    const roles = new RoleRepository(t.store);
    const a: Actor = { tenantId: '100005', userId: '5005', deptId: '6005' };
    const b: Actor = { tenantId: '100006', userId: '5006', deptId: '6006' };
    for (const [i, roleName] of ['巡检-甲', '巡检-乙', '维修-丙'].entries())
      await roles.insert(a, { roleName, roleAlias: `a${i}`, sort: i, parentId: '7' });
    await roles.insert(b, { roleName: '巡检-丁', roleAlias: 'b0', sort: 0, parentId: '7' });
    const list = (actor: Actor, raw: Record<string, string>) =>
      roles.page(actor, parseListQuery(raw, roleTable, 'Asia/Shanghai'));
    const names = (page: { records: Role[] }) => page.records.map((r) => r.roleName);
    const aliases = (page: { records: Role[] }) => page.records.map((r) => r.roleAlias);

    expect(names(await list(a, { roleName: '巡检', ascs: 'sort' }))).toEqual(['巡检-甲', '巡检-乙']);
    expect(names(await list(b, { roleName: '巡检', ascs: 'sort' }))).toEqual(['巡检-丁']);
    expect(names(await list(a, { roleName: '维修', ascs: 'sort' }))).toEqual(['维修-丙']);
    const second = await list(a, { roleName: '巡检', ascs: 'sort', current: '2', size: '1' });
    expect({ total: second.total, names: names(second) }).toEqual({ total: 2, names: ['巡检-乙'] });
    expect((await list(a, { roleName: '巡检', ascs: 'sort', current: '3', size: '1' })).records).toEqual([]);

    // An id, a "not contains" and a date bound, each a parameter of its own.
    const shape = { parentId: '7', roleAlias_notlike: 'a1', descs: 'sort' };
    expect(aliases(await list(a, shape))).toEqual(['a2', 'a0']);
    expect(aliases(await list(b, shape))).toEqual(['b0']);
    expect((await list(a, { ...shape, parentId: '8' })).total).toBe(0);
    expect(aliases(await list(a, { ...shape, roleAlias_notlike: 'a2' }))).toEqual(['a1', 'a0']);
    expect((await list(a, { createTime_dategt: '2000-01-01', roleName: '巡检' })).total).toBe(2);
    expect((await list(a, { createTime_dategt: '2999-01-01', roleName: '巡检' })).total).toBe(0);
  });

  it('answers pages, reads by id and updates the same through the fast reads and the plain ones', async () => {
    // core/repository/fast-path.ts: statements compiled once per shape, run on the driver. With
    // FAST_PATH off the same calls go through Kysely: every answer must be the same either way.
    const actor: Actor = { tenantId: '100007', userId: '5007', deptId: '6007' };
    const scoped: Actor = { ...actor, userId: SCOPED_USER };
    const other: Actor = { tenantId: '100008', userId: '5008', deptId: '6008' };
    const both = (def = roleTable) => [true, false].map((fast) => new RoleRepository(t.store, def, fast));
    const [fast, plain] = both() as [RoleRepository, RoleRepository];
    const ids: string[] = [];
    for (const [i, roleName] of ['巡检-甲', '巡检-乙', '维修-丙', '维修-丁'].entries())
      ids.push(await fast.insert(actor, { roleName, roleAlias: `a${i}`, sort: i, parentId: '7' }));
    await plain.insert(other, { roleName: '巡检-戊', roleAlias: 'b0', sort: 0, parentId: '7' });
    await fast.softDelete(actor, [ids[3]!]);

    const lists: Array<Record<string, string>> = [
      {},
      { roleName: '巡检', ascs: 'sort' },
      { roleName: '巡检', ascs: 'sort', current: '2', size: '1' },
      { parentId: '7', roleAlias_notlike: 'a1', descs: 'sort' },
      { createTime_dategt: '2000-01-01', roleName: '维修' },
      { current: '9' },
    ];
    for (const [who, repositories] of [
      [actor, [fast, plain]],
      [other, [fast, plain]],
      [scoped, both(scopedRoleTable)],
    ] as const) {
      for (const raw of lists) {
        const query = parseListQuery(raw, roleTable, 'Asia/Shanghai');
        // Twice on each: the fast path compiles a shape at its first call and reuses it after.
        const answers = [];
        for (const roles of repositories)
          answers.push(await roles.page(who, query), await roles.page(who, query));
        for (const answer of answers.slice(1)) expect(answer, JSON.stringify(raw)).toEqual(answers[0]);
      }
      for (const id of [...ids, '1']) {
        const found = [];
        for (const roles of repositories)
          found.push(await roles.findById(who, id), await roles.findById(who, id));
        for (const row of found.slice(1)) expect(row, id).toEqual(found[0]);
      }
    }
    expect((await fast.page(actor, parseListQuery({ ascs: 'sort' }, roleTable, 'Asia/Shanghai'))).total).toBe(
      3,
    );

    // Updates: each path changes what the other then reads, and neither reaches another tenant's row.
    expect(await fast.update(actor, ids[0]!, { roleName: '巡检-甲改' })).toBe(true);
    expect(await plain.update(actor, ids[1]!, { roleName: '巡检-乙改' })).toBe(true);
    expect(await plain.update(other, ids[0]!, { roleName: 'x' })).toBe(false);
    expect(await fast.update(other, ids[0]!, { roleName: 'x' })).toBe(false);
    expect(await fast.update(actor, ids[3]!, { roleName: 'x' })).toBe(false);
    const names = async (roles: RoleRepository) =>
      (await roles.page(actor, parseListQuery({ ascs: 'sort' }, roleTable, 'Asia/Shanghai'))).records.map(
        (r) => r.roleName,
      );
    expect(await names(fast)).toEqual(['巡检-甲改', '巡检-乙改', '维修-丙']);
    expect(await names(plain)).toEqual(await names(fast));
    expect(await plain.findById(actor, ids[0]!)).toEqual(await fast.findById(actor, ids[0]!));
  });

  it('reads by id inside a transaction from it, and outside it only what is committed', async () => {
    // findById runs on the driver directly outside a transaction (db/database.ts, DirectRead):
    // inside one it must read through the transaction, and outside it never see its open writes.
    const actor: Actor = { tenantId: '100004', userId: '5004', deptId: '6004' };
    const roles = new RoleRepository(t.store);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let id = '';
    const tx = inTransaction(t.store, async (store) => {
      const own = new RoleRepository(store);
      id = await own.insert(actor, { roleName: '事务中', roleAlias: 'in-tx', sort: 1, parentId: '0' });
      expect((await own.findById(actor, id))?.roleName).toBe('事务中');
      await held;
    });
    // Wait until the row is written and still uncommitted.
    for (let i = 0; i < 200 && !id; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(id).not.toBe('');
    // It sees nothing yet: on PostgreSQL and MySQL from another connection of the pool, on SQLite
    // from the read-only connection beside the writer (decision 0047), at once.
    let committing = false;
    const outside = roles.findById(actor, id).then((row) => ({ row, beforeCommit: !committing }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    committing = true;
    release();
    await tx;
    expect(await outside).toEqual({ row: undefined, beforeCommit: true });
    expect((await roles.findById(actor, id))?.roleName).toBe('事务中');
  });

  it('keeps 64-bit ids exact through every driver', async () => {
    const roles = new RoleRepository(t.store);
    const actor: Actor = { tenantId: '100003', userId: '9223372036854775807', deptId: '9007199254740993' };
    const id = await roles.insert(actor, {
      roleName: 'x',
      roleAlias: 'x',
      sort: 1,
      parentId: '9007199254740993',
    });
    const found = await roles.findById(actor, id);
    expect(found).toMatchObject({
      createUser: '9223372036854775807',
      createDept: '9007199254740993',
      parentId: '9007199254740993',
    });
    // A neighbouring id (equal as a double) must not match.
    expect(await roles.findById(actor, (BigInt(id) + 1n).toString())).toBeUndefined();
  });

  it('answers faults with a 500 envelope and no internals', async () => {
    const other = await startTestApp(kind);
    await other.database.close();
    const res = await other.call({ method: 'GET', url: '/api/blade-system/param/list' });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 500, success: false, data: null, msg: '服务器异常，请稍后重试' });
    expect((await other.call({ method: 'GET', url: '/api/ready' })).status).toBe(503);
    await other.close();
  });
});
