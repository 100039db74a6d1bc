import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { RedisCache } from '../../src/core/cache/redis-cache.js';
import { IdGenerator } from '../../src/core/ids.js';
import { parseOutboundHosts, type OutboundEntry } from '../../src/core/outbound/policy.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { migrationProvider } from '../../src/db/migrations/index.js';
import { menuId } from '../../src/db/seed/menus.js';
import { seedDatabase } from '../../src/db/seed/seed.js';
import { clearSeededAdminPasswordChange } from './support/template-databases.js';
import { createAccount, initialPasswordChange } from './support/accounts.js';
import {
  createTestDatabase,
  enginesUnderTest,
  POSTGRES_ADMIN_URL,
  type TestDatabase,
} from './support/databases.js';
import { startServer, type Running } from './support/server-process.js';
import { createSeededDatabase } from './support/template-databases.js';
import { md5, SABER_BASIC } from './support/test-app.js';
import { addDongcheng } from './support/regions.js';

// Tenant data routing (issue 18; decision 0020): a tenant bound to a data source keeps its business
// and workflow records in that database — here a separate PostgreSQL database, whatever the main
// one is. Two in-process instances and a real server process share the main database and Redis;
// what one binds, the others route at once, and a restarted process routes the same.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const API = '/api/zxgxg-api';
const TENANT = '/api/blade-system/tenant';
const PG = new URL(POSTGRES_ADMIN_URL);

const entries = (text: string): OutboundEntry[] => {
  const parsed = parseOutboundHosts(text);
  if ('bad' in parsed) throw new Error(parsed.bad);
  return parsed;
};

interface Instance {
  app: FastifyInstance;
  database: DatabaseHandle;
  cache: RedisCache;
  dataDir: string;
}

type Target = Instance | Running;

/** A data source's detail as its submit form sends it back. */
const pick = (d: Record<string, unknown>) => ({
  id: d.id,
  name: d.name,
  kind: d.kind,
  host: d.host,
  port: d.port,
  database: d.database,
  username: d.username,
  options: d.options,
  remark: d.remark,
});
type Answer = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(enginesUnderTest())('tenant data routing with the main database on %s', (kind) => {
  const prefix = `test:${randomUUID()}:`;
  const jwtSecret = randomBytes(36).toString('base64url');
  const dataKey = randomBytes(36).toString('base64url');
  let mainDb: TestDatabase;
  let boundDb: TestDatabase;
  let bound: DatabaseHandle;
  let a: Instance;
  let b: Instance;
  let server: Running | undefined;
  let serverDataDir: string;
  let platformToken: string;
  let sourceId: string;
  /** Stays in the main database. */
  let t1: { id: string; tenantId: string; token: string };
  /** Bound to the PostgreSQL data source. */
  let t2: { id: string; tenantId: string; token: string };
  let t2Machine: { id: string; machineNo: string; deviceSecret: string };
  let t1Machine: { id: string; machineNo: string; deviceSecret: string };

  async function instance(worker: number): Promise<Instance> {
    const database = openDatabase(mainDb.url, kind);
    const ids = new IdGenerator(worker);
    await migrateToLatest(database.db);
    await seedDatabase(database.db, ids, { regions: false });
    await clearSeededAdminPasswordChange(database.db);
    const cache = await RedisCache.connect(REDIS_URL, prefix);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'console-routing-'));
    const app = await buildApp({
      config: {
        logLevel: 'silent',
        webDist: null,
        socialProviders: [],
        dataDir,
        datasourceHosts: entries('127.0.0.1'),
      },
      store: { db: database.db, kind, ids, timeZone: 'Asia/Shanghai' },
      cache,
      jwtSecret: new TextEncoder().encode(jwtSecret),
      dataKey: new TextEncoder().encode(dataKey),
      ping: database.ping,
    });
    return { app, database, cache, dataDir };
  }

  const serverEnv = () => ({
    DATABASE_URL: mainDb.url,
    DATA_DIR: serverDataDir,
    JWT_SECRET: jwtSecret,
    DATA_KEY: dataKey,
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    DATASOURCE_HOSTS: '127.0.0.1',
  });

  /** A console call (the saber client, a bearer token) to an instance or the server process. */
  async function call(
    on: Target,
    method: 'GET' | 'POST',
    url: string,
    token: string | null,
    payload?: object,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const all: Record<string, string> = { authorization: SABER_BASIC, ...headers };
    if (token) all['blade-auth'] = `bearer ${token}`;
    if ('app' in on) {
      const res = await on.app.inject({ method, url, headers: all, ...(payload ? { payload } : {}) });
      return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
    }
    const res = await fetch(`http://127.0.0.1:${on.port}${url}`, {
      method,
      headers: { ...all, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { body: JSON.stringify(payload) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  const signIn = async (tenantId: string, account: string, password: string) => {
    const query = new URLSearchParams({
      tenantId,
      username: account,
      password: md5(password),
      grant_type: 'password',
      scope: 'all',
    });
    const res = await call(a, 'POST', `/api/blade-auth/oauth/token?${query}`, null);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.access_token as string;
  };

  const newTenant = async (tenantName: string) => {
    const res = await call(a, 'POST', `${TENANT}/submit`, platformToken, { tenantName });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { id, tenantId } = res.body.data as { id: string; tenantId: string };
    const token = await signIn(tenantId, 'admin', '123456');
    // The initial password is changed first (issue 44); the session carries on.
    const query = new URLSearchParams(initialPasswordChange());
    expect((await call(a, 'POST', `/api/blade-user/update-password?${query}`, token)).status).toBe(200);
    return { id, tenantId, token };
  };

  const bind = (on: Target, tenantId: string, datasourceId: string) =>
    call(on, 'POST', `${TENANT}/datasource?tenantId=${tenantId}&datasourceId=${datasourceId}`, platformToken);
  const bindingOf = async (id: string) =>
    (await call(a, 'GET', `${TENANT}/detail?id=${id}`, platformToken)).body.data.datasourceId as
      string | null;

  const hospital = async (on: Target, token: string, hospitalCode: string) => {
    const res = await call(on, 'POST', `${API}/hospital/submit`, token, {
      hospitalCode,
      hospitalName: `医院${hospitalCode}`,
      regionCode: '110101',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: string; provinceName: string | null };
  };
  const machine = async (on: Target, token: string, machineNo: string, hospitalId: string) =>
    call(on, 'POST', `${API}/machine/submit`, token, {
      machineNo,
      machineName: `柜${machineNo}`,
      hospitalId,
      slotCount: 4,
    });
  const codes = async (on: Target, token: string, what: 'hospital' | 'machine') =>
    (
      (await call(on, 'GET', `${API}/${what}/list?size=100`, token)).body.data.records as Array<
        Record<string, string>
      >
    )
      .map((r) => (what === 'hospital' ? r.hospitalCode : r.machineNo))
      .sort();

  /** The tenants whose rows a table holds in a database, with how many. */
  const rowsIn = async (database: DatabaseHandle, table: string) => {
    const result = await sql<{ tenant_id: string; n: number | string }>`
      select tenant_id, count(*) as n from ${sql.table(table)} group by tenant_id`.execute(database.db);
    return Object.fromEntries(result.rows.map((r) => [r.tenant_id, Number(r.n)]));
  };

  beforeAll(async () => {
    mainDb = await createSeededDatabase(kind);
    boundDb = await createTestDatabase('postgres');
    bound = openDatabase(boundDb.url, 'postgres');
    serverDataDir = mkdtempSync(path.join(tmpdir(), 'console-routing-server-'));
    a = await instance(1);
    b = await instance(2);
    // One region (the regions are platform reference data, read from the main database).
    await addDongcheng(a.database.db);
    platformToken = await signIn('000000', 'admin', 'admin');
    const source = await call(a, 'POST', '/api/blade-develop/datasource/submit', platformToken, {
      name: 'tenant-b-db',
      kind: 'postgres',
      host: '127.0.0.1',
      port: Number(PG.port || 5432),
      database: new URL(boundDb.url).pathname.slice(1),
      username: PG.username || 'postgres',
      ...(PG.password ? { password: decodeURIComponent(PG.password) } : {}),
    });
    expect(source.status, JSON.stringify(source.body)).toBe(200);
    sourceId = source.body.data.id;
    t1 = await newTenant('主库医院');
    t2 = await newTenant('独立库医院');
  });

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    for (const i of [a, b]) {
      if (!i) continue;
      await i.app.close();
      await i.cache.deleteByPrefix('');
      await i.cache.close();
      await i.database.close();
      rmSync(i.dataDir, { recursive: true, force: true });
    }
    await bound?.close();
    await boundDb?.drop();
    await mainDb?.drop();
    if (serverDataDir) rmSync(serverDataDir, { recursive: true, force: true });
  });

  it('refuses a data source that cannot be reached, a tenant with records where it is, and the platform tenant: nothing changes', async () => {
    const nowhere = await call(a, 'POST', '/api/blade-develop/datasource/submit', platformToken, {
      name: 'nowhere',
      kind: 'postgres',
      host: '127.0.0.1',
      port: Number(PG.port || 5432),
      database: 'no_such_database_here',
      username: PG.username || 'postgres',
    });
    const unreachable = await bind(a, t2.tenantId, nowhere.body.data.id);
    expect(unreachable.status).toBe(400);
    expect(unreachable.body).toMatchObject({ code: 400, success: false, data: null });
    expect(unreachable.body.msg).toContain('数据源 nowhere 无法连接，未作任何修改');
    expect(await bindingOf(t2.id)).toBeNull();

    // A tenant whose records are in the main database stays there: no split, and the data source is
    // not even touched (no migration ran there).
    await hospital(a, t1.token, 'H1-MAIN');
    const split = await bind(a, t1.tenantId, sourceId);
    expect(split.status).toBe(400);
    expect(split.body.msg).toBe(
      `租户 ${t1.tenantId} 在主数据库中已有业务数据（zx_hospital 表 1 行），不能绑定数据源：一个租户的数据不能分在两个数据库`,
    );
    expect(await bindingOf(t1.id)).toBeNull();
    const tables =
      await sql`select table_name from information_schema.tables where table_schema = 'public'`.execute(
        bound.db,
      );
    expect(tables.rows).toEqual([]);

    const platform = await call(a, 'GET', `${TENANT}/list?tenantId=000000`, platformToken);
    const refused = await bind(a, '000000', sourceId);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('平台租户的数据保存在主数据库，不能绑定数据源');
    expect(await bindingOf(platform.body.data.records[0].id)).toBeNull();
  });

  it('binds an empty tenant: its database is migrated, and every instance and process routes it at once', async () => {
    server = await startServer(serverEnv());
    // Every instance has read (and keeps) the tenant's binding before it changes.
    for (const on of [a, b, server]) expect(await codes(on, t2.token, 'hospital')).toEqual([]);

    const bindRes = await bind(b, t2.tenantId, sourceId);
    expect(bindRes.status, JSON.stringify(bindRes.body)).toBe(200);
    expect(await bindingOf(t2.id)).toBe(sourceId);
    const migrated = await bound.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .orderBy('name' as never)
      .execute();
    expect(migrated.map((r) => (r as { name: string }).name)).toEqual(
      Object.keys(await migrationProvider.getMigrations()),
    );

    // Written through each of them, right after the binding: all in the tenant's database.
    const h2 = await hospital(server, t2.token, 'H2-PROC');
    expect(h2.provinceName).toBe('北京市');
    await hospital(a, t2.token, 'H2-A');
    const created = await machine(b, t2.token, 'RT-0001', h2.id);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    t2Machine = created.body.data;
    const other = await machine(a, t1.token, 'RT-1001', (await hospital(a, t1.token, 'H1-B')).id);
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    t1Machine = other.body.data;

    const main = a.database;
    expect(await rowsIn(bound, 'zx_hospital')).toEqual({ [t2.tenantId]: 2 });
    expect(await rowsIn(main, 'zx_hospital')).toEqual({ [t1.tenantId]: 2 });
    expect(await rowsIn(bound, 'zx_machine')).toEqual({ [t2.tenantId]: 1 });
    expect(await rowsIn(main, 'zx_machine')).toEqual({ [t1.tenantId]: 1 });
    expect(await rowsIn(bound, 'zx_slot')).toEqual({ [t2.tenantId]: 4 });
    expect(await rowsIn(main, 'zx_slot')).toEqual({ [t1.tenantId]: 4 });
    // Machine numbers are the platform's: which tenant holds each is kept in the main database.
    const keys = await main.db
      .selectFrom('zx_tenant_key')
      .select(['key_value', 'tenant_id'])
      .where('key_kind', '=', 'machine')
      .orderBy('key_value')
      .execute();
    expect(keys).toEqual([
      { key_value: 'RT-0001', tenant_id: t2.tenantId },
      { key_value: 'RT-1001', tenant_id: t1.tenantId },
    ]);
    // The platform's own tables stay empty there.
    expect(await rowsIn(bound, 'blade_user')).toEqual({});
  }, 90_000);

  it('keeps both tenants’ lists right everywhere, reads names from the main database, serves devices and keeps numbers unique', async () => {
    for (const on of [a, b, server!]) {
      expect(await codes(on, t2.token, 'hospital')).toEqual(['H2-A', 'H2-PROC']);
      expect(await codes(on, t1.token, 'hospital')).toEqual(['H1-B', 'H1-MAIN']);
      expect(await codes(on, t2.token, 'machine')).toEqual(['RT-0001']);
      expect(await codes(on, t1.token, 'machine')).toEqual(['RT-1001']);
      expect(await codes(on, platformToken, 'hospital')).toEqual([]);
    }
    const listed = (await call(a, 'GET', `${API}/machine/list`, t2.token)).body.data.records[0];
    expect(listed).toMatchObject({ machineNo: 'RT-0001', hospitalName: '医院H2-PROC' });

    // A machine number taken in one database is taken for every tenant.
    const h1 = (await call(a, 'GET', `${API}/hospital/list`, t1.token)).body.data.records[0].id as string;
    const taken = await machine(a, t1.token, 'RT-0001', h1);
    expect(taken.status).toBe(400);
    expect(taken.body.msg).toContain('RT-0001');

    // The device API finds the machine by its number, in its tenant's database.
    const device = (on: Target, url: string, payload: object, of = t2Machine) =>
      call(on, 'POST', `${API}/device${url}`, null, payload, {
        'machine-no': of.machineNo,
        'machine-secret': of.deviceSecret,
      });
    const beat = await device(server!, '/heartbeat', { slots: [{ slotNo: 2, status: 2 }] });
    expect(beat.status, JSON.stringify(beat.body)).toBe(200);
    const slot = await bound.db
      .selectFrom('zx_slot')
      .select('status')
      .where('machine_id', '=', BigInt(t2Machine.id))
      .where('slot_no', '=', 2)
      .executeTakeFirstOrThrow();
    expect(Number(slot.status)).toBe(2);
    const refund = await device(b, '/refund-request', {
      orderNo: 'ORDER-RT-1',
      slotNo: 2,
      orderAmount: 500,
      refundAmount: 500,
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(await rowsIn(bound, 'zx_refund_review')).toEqual({ [t2.tenantId]: 1 });
    // An order number is the tenant's own (issue 44, item 8): another tenant's machine files the
    // same one, kept in that tenant's database; the bound tenant's second request is refused.
    const theirs = await device(
      a,
      '/refund-request',
      { orderNo: 'ORDER-RT-1', orderAmount: 500, refundAmount: 500 },
      t1Machine,
    );
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    expect((await rowsIn(a.database, 'zx_refund_review'))[t1.tenantId]).toBe(1);
    const again = await device(a, '/refund-request', {
      orderNo: 'ORDER-RT-1',
      orderAmount: 500,
      refundAmount: 500,
    });
    expect(again.status).toBe(400);
    expect(again.body.msg).toContain('ORDER-RT-1');
    expect(await rowsIn(bound, 'zx_refund_review')).toEqual({ [t2.tenantId]: 1 });
    const agreed = await call(a, 'POST', `${API}/refund/review/agree?id=${refund.body.data.id}`, t2.token);
    expect(agreed.status, JSON.stringify(agreed.body)).toBe(200);
    expect(agreed.body.data).toMatchObject({
      reviewStatus: 1,
      reviewerName: 'admin',
      hospitalName: '医院H2-PROC',
    });

    // Grants are the tenant's rows, their users the main database's: the grant tree joins the two.
    const operator = await createAccount(
      { store: { db: a.database.db, kind, ids: new IdGenerator(9), timeZone: 'Asia/Shanghai' } },
      { tenantId: t2.tenantId, account: 'routed-op', roles: [{ menuIds: [menuId('slot')] }] },
    );
    const granted = await call(b, 'POST', `${API}/slot/grant/machine`, t2.token, {
      userIds: [operator.userId],
      machineNos: ['RT-0001'],
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const tree = await call(server!, 'GET', `${API}/slot/grant-tree?machineNo=RT-0001`, t2.token);
    expect(tree.body.data[0].holders).toEqual([
      { userId: operator.userId, account: 'routed-op', realName: operator.account, via: 'machine' },
    ]);
    expect(await rowsIn(bound, 'zx_slot_grant')).toEqual({ [t2.tenantId]: 1 });
    const board = (await call(a, 'GET', `${API}/dashboard`, t2.token)).body.data;
    expect(board.machines.total).toBe(1);
    expect(board.slots.inUse).toBe(1);

    // The workflow's records too: the leave process deployed to the tenant lands in its database.
    const models = await call(a, 'GET', '/api/blade-flow/model/list?size=50', platformToken);
    const leave = (models.body.data.records as Array<{ id: string; modelKey: string }>).find(
      (m) => m.modelKey === 'Leave',
    )!;
    const deployed = await call(
      a,
      'POST',
      `/api/blade-flow/model/deploy?modelId=${leave.id}&tenantIds=${t2.tenantId},${t1.tenantId}`,
      platformToken,
    );
    expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
    expect(await rowsIn(bound, 'blade_flow_definition')).toEqual({ [t2.tenantId]: 1 });
    expect((await rowsIn(a.database, 'blade_flow_definition'))[t2.tenantId]).toBeUndefined();
    expect((await rowsIn(a.database, 'blade_flow_definition'))[t1.tenantId]).toBe(1);
    const startable = await call(server!, 'GET', '/api/blade-flow/work/start-list', t2.token);
    expect(startable.body.data.records.map((d: { key: string }) => d.key)).toEqual(['Leave']);
  }, 60_000);

  it('refuses to unbind a tenant with records in its data source; an empty one binds and unbinds', async () => {
    const unbind = await bind(a, t2.tenantId, '');
    expect(unbind.status).toBe(400);
    expect(unbind.body.msg).toContain(`租户 ${t2.tenantId} 在数据源 tenant-b-db 中还有业务数据`);
    expect(await bindingOf(t2.id)).toBe(sourceId);

    // The bound data source keeps its place; a change of its other settings reopens its pools.
    const ds = (await call(a, 'GET', `/api/blade-develop/datasource/detail?id=${sourceId}`, platformToken))
      .body.data;
    const moved = await call(a, 'POST', '/api/blade-develop/datasource/submit', platformToken, {
      ...pick(ds),
      database: 'elsewhere',
    });
    expect(moved.status).toBe(400);
    const edited = await call(a, 'POST', '/api/blade-develop/datasource/submit', platformToken, {
      ...pick(ds),
      remark: 'tenant 2',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    for (const on of [a, b, server!])
      expect(await codes(on, t2.token, 'hospital')).toEqual(['H2-A', 'H2-PROC']);

    const t3 = await newTenant('搬家医院');
    expect((await bind(a, t3.tenantId, sourceId)).status).toBe(200);
    expect((await bind(b, t3.tenantId, '')).status).toBe(200);
    expect(await bindingOf(t3.id)).toBeNull();
    await hospital(server!, t3.token, 'H3');
    expect((await rowsIn(a.database, 'zx_hospital'))[t3.tenantId]).toBe(1);
    expect((await rowsIn(bound, 'zx_hospital'))[t3.tenantId]).toBeUndefined();
  }, 60_000);

  it('routes the same after a restart', async () => {
    server!.child.kill('SIGTERM');
    expect(await server!.exited).toBe(0);
    server = await startServer(serverEnv());
    expect(await codes(server, t2.token, 'hospital')).toEqual(['H2-A', 'H2-PROC']);
    await hospital(server, t2.token, 'H2-AFTER');
    expect(await rowsIn(bound, 'zx_hospital')).toEqual({ [t2.tenantId]: 3 });
    expect(await codes(server, t1.token, 'hospital')).toEqual(['H1-B', 'H1-MAIN']);
  }, 90_000);
});
