import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/core/errors.js';
import { OutboundPolicy, parseOutboundHosts, type OutboundEntry } from '../../src/core/outbound/policy.js';
import { SecretBox } from '../../src/core/secret-box.js';
import { mysqlConfig } from '../../src/modules/develop/datasource/connection.js';
import { DatasourceService } from '../../src/modules/develop/datasource/datasource.service.js';
import { createOperator, createTenantAdmin } from './support/accounts.js';
import {
  createTestDatabase,
  enginesUnderTest,
  MYSQL_ADMIN_URL,
  POSTGRES_ADMIN_URL,
} from './support/databases.js';
import { openDatabase, sqliteFile } from '../../src/db/database.js';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from './support/test-app.js';

// Data sources (issue 18; security S3, S5, S6): the platform administrator's only; the password is
// write-only and sealed; the connection test reaches only DATASOURCE_HOSTS (here 127.0.0.1, where
// this machine's PostgreSQL and MariaDB listen), never a metadata address or an unlisted host,
// reads no local file through MySQL and opens SQLite files only inside DATA_DIR.

const entries = (text: string): OutboundEntry[] => {
  const parsed = parseOutboundHosts(text);
  if ('bad' in parsed) throw new Error(parsed.bad);
  return parsed;
};

const BASE = '/api/blade-develop/datasource';
const PG = new URL(POSTGRES_ADMIN_URL);
const MY = new URL(MYSQL_ADMIN_URL);
/** A password nobody else uses, so finding it anywhere in an answer means it leaked. */
const SECRET = 'Pw-7f3c9a-never-shown';

describe.each(enginesUnderTest())('data sources on %s', (kind) => {
  let t: TestApp;
  const get = (url: string, token?: string) => t.call({ method: 'GET', url: `${BASE}/${url}` }, token);
  const post = (url: string, payload: object, token?: string) =>
    t.call({ method: 'POST', url: `${BASE}/${url}`, payload }, token);
  const postgresSource = (extra: object = {}) => ({
    name: 'pg-main',
    kind: 'postgres',
    host: PG.hostname,
    port: Number(PG.port || 5432),
    database: 'postgres',
    username: PG.username || 'postgres',
    password: SECRET,
    ...extra,
  });

  beforeAll(async () => {
    t = await startTestApp(kind, [], false, { config: { datasourceHosts: entries('127.0.0.1') } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the password sealed and write-only; an edit without one keeps it', async () => {
    const created = await post('submit', postgresSource({ options: { ssl: false, schema: 'public' } }));
    expect(created.status).toBe(200);
    const id = created.body.data.id as string;
    expect(created.body.data).toMatchObject({ name: 'pg-main', kind: 'postgres', hasPassword: true });
    expect(created.body.data.options).toEqual({ ssl: false, schema: 'public' });
    const stored = await t.store.db
      .selectFrom('blade_datasource')
      .select('password')
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow();
    expect(stored.password).toMatch(/^v1:/);
    expect(stored.password).not.toContain(SECRET);

    const edited = await post('submit', { ...postgresSource({ id, name: 'pg-renamed' }), password: '' });
    expect(edited.body.data).toMatchObject({ name: 'pg-renamed', hasPassword: true });
    const answers = [
      created,
      edited,
      await get(`detail?id=${id}`),
      await get('list?current=1&size=10'),
      await get('select'),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain(SECRET);
      expect(JSON.stringify(answer.body)).not.toContain('v1:');
    }
    expect((await get('list?current=1&size=10')).body.data.records).toEqual([
      expect.objectContaining({ id, name: 'pg-renamed', hasPassword: true }),
    ]);
    expect((await get('select')).body.data).toEqual([{ id, name: 'pg-renamed', kind: 'postgres' }]);
    // Nor in the API log, which keeps the submitted bodies.
    const logs = await t.store.db.selectFrom('blade_log_api').select('params').execute();
    expect(JSON.stringify(logs)).not.toContain(SECRET);
    expect((await post('remove?ids=' + id, {})).status).toBe(200);
  });

  it('connects to PostgreSQL and MariaDB on allowed hosts, and says why it could not', async () => {
    // This machine's PostgreSQL trusts local connections: any password passes.
    const pg = await post('test', postgresSource());
    expect(pg.status).toBe(200);
    expect(pg.body.data).toMatchObject({ connected: true, message: null });
    expect(pg.body.data.serverVersion).toMatch(/^PostgreSQL/);

    const mysql = await post('test', {
      name: 'maria',
      kind: 'mysql',
      host: MY.hostname,
      port: Number(MY.port || 3306),
      database: MY.pathname.slice(1),
      username: MY.username || 'root',
    });
    expect(mysql.body.data).toMatchObject({ connected: true });
    expect(mysql.body.data.serverVersion).toMatch(/MariaDB|MySQL/);

    // A wrong password: not connected, the reason given, the password not repeated.
    const refused = await post('test', {
      name: 'maria',
      kind: 'mysql',
      host: MY.hostname,
      database: MY.pathname.slice(1),
      username: 'nobody_here',
      password: SECRET,
    });
    expect(refused.status).toBe(200);
    expect(refused.body.data.connected).toBe(false);
    expect(refused.body.data.message).toMatch(/denied|nobody_here/i);
    expect(JSON.stringify(refused.body)).not.toContain(SECRET);

    // A stored source is tested with its stored password when none is typed.
    const saved = await post('submit', postgresSource({ name: 'pg-stored' }));
    const again = await post('test', { ...postgresSource({ id: saved.body.data.id }), password: '' });
    expect(again.body.data.connected).toBe(true);
  });

  it('refuses unlisted hosts, metadata and link-local addresses, when saved and when tested (S6, S13)', async () => {
    for (const host of [
      '169.254.169.254',
      'localhost',
      '10.0.0.5',
      'db.example.com',
      '[::1]',
      '2130706433',
    ]) {
      for (const call of ['submit', 'test']) {
        const answer = await post(call, postgresSource({ host }));
        expect(answer.status, `${call} ${host}`).toBe(400);
        expect(answer.body.msg).toContain('DATASOURCE_HOSTS');
      }
    }
    // An allowed host on a port where nothing listens: not connected, within the time limit.
    const closed = await post('test', postgresSource({ port: 9 }));
    expect(closed.body.data.connected).toBe(false);
    expect(closed.body.data.millis).toBeLessThan(6_000);
  });

  it('opens SQLite files inside DATA_DIR only, read-only', async () => {
    mkdirSync(path.join(t.dataDir, 'sources'), { recursive: true });
    const file = path.join(t.dataDir, 'sources', 'shop.db');
    const db = new SqliteDatabase(file);
    db.exec('create table item (id integer primary key)');
    db.close();
    const sqlite = (database: string) => ({ name: 'local', kind: 'sqlite', database });
    const inside = await post('test', sqlite('sources/shop.db'));
    expect(inside.body.data).toMatchObject({ connected: true });
    expect(inside.body.data.serverVersion).toMatch(/^SQLite 3\./);
    const saved = await post('submit', { ...sqlite('sources/shop.db'), host: 'ignored', password: SECRET });
    expect(saved.body.data).toMatchObject({ host: null, hasPassword: false });

    writeFileSync(path.join(t.dataDir, '..', 'outside.db'), '');
    symlinkSync('/etc', path.join(t.dataDir, 'sources', 'etc'));
    for (const database of [
      '/etc/passwd',
      '../outside.db',
      'sources/../../outside.db',
      'sources/etc/passwd',
    ]) {
      for (const call of ['submit', 'test']) {
        const answer = await post(call, sqlite(database));
        expect(answer.status, `${call} ${database}`).toBe(400);
        expect(answer.body.msg).toContain('DATA_DIR');
      }
    }
    // A file that is not there is not created.
    const missing = await post('test', sqlite('sources/none.db'));
    expect(missing.body.data.connected).toBe(false);
  });

  it("is the platform administrator's only (S3)", async () => {
    const tenantAdmin = await createTenantAdmin(t, '470001');
    const operator = await createOperator(t, [
      'datasource',
      'datasource_add',
      'datasource_edit',
      'datasource_delete',
    ]);
    for (const token of [tenantAdmin.token, operator.token]) {
      expect((await get('list', token)).status).toBe(403);
      expect((await get('select', token)).status).toBe(403);
      expect((await post('submit', postgresSource({ name: 'mine' }), token)).status).toBe(403);
      expect((await post('test', postgresSource(), token)).status).toBe(403);
    }
  });
});

// The console's own database (issue 44, item 11): as a data source, its tables (every tenant's rows,
// the password digests, the sealed secrets) would be the platform administrator's to browse. The
// console on SQLite with its file in DATA_DIR, as by default (DATA_DIR/console.db).
describe("the console's own database is never a data source", () => {
  let t: TestApp;
  /** The console's database file, by its name in DATA_DIR. */
  let own: string;
  const post = (url: string, payload: object, language = 'zh') =>
    t.call({ method: 'POST', url: `${BASE}/${url}`, payload, headers: { 'accept-language': language } });
  const sqlite = (database: string) => ({ name: 'own', kind: 'sqlite', database });
  const refusal = (database: string) => ({
    code: 400,
    success: false,
    data: null,
    msg: `不能使用控制台自己的数据库（或其 -wal、-shm、-journal 文件）作为数据源: ${database}`,
  });

  beforeAll(async () => {
    t = await startTestApp('sqlite', [], false, { databaseInDataDir: true });
    own = path.basename(sqliteFile(t.databaseUrl));
    const shop = new SqliteDatabase(path.join(t.dataDir, 'shop.db'));
    shop.exec('create table item (id integer primary key)');
    shop.close();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses it when saved and when tested, however it is spelt, and saves nothing', async () => {
    expect(path.dirname(sqliteFile(t.databaseUrl))).toBe(t.dataDir);
    const links = path.join(t.dataDir, 'links');
    mkdirSync(links);
    symlinkSync(path.join('..', own), path.join(links, 'relative.db'));
    symlinkSync(path.join(t.dataDir, own), path.join(links, 'absolute.db'));
    symlinkSync('..', path.join(links, 'up'));
    linkSync(path.join(t.dataDir, own), path.join(links, 'hard.db'));
    // The console keeps its database in WAL mode: the log and the shared memory are there.
    expect(existsSync(path.join(t.dataDir, `${own}-wal`))).toBe(true);
    const spellings = [
      own,
      `./${own}`,
      `links/../${own}`,
      `links//..//./${own}`,
      'links/relative.db',
      'links/absolute.db',
      `links/up/${own}`,
      'links/hard.db',
      `${own}-wal`,
      `${own}-shm`,
      `${own}-journal`,
      `links/up/${own}-wal`,
    ];
    for (const database of spellings)
      for (const call of ['submit', 'test']) {
        const answer = await post(call, sqlite(database));
        expect(answer.status, `${call} ${database}`).toBe(400);
        expect(answer.body, `${call} ${database}`).toEqual(refusal(database));
      }
    expect((await post('test', sqlite(own), 'en')).body.msg).toBe(
      `The console's own database (or its -wal, -shm or -journal file) cannot be a data source: ${own}`,
    );
    expect((await t.call({ method: 'GET', url: `${BASE}/list?current=1&size=10` })).body.data.total).toBe(0);
    // Another SQLite file beside it is a data source as before.
    expect((await post('test', sqlite('shop.db'))).body.data).toMatchObject({ connected: true });
    expect((await post('submit', sqlite('shop.db'))).status).toBe(200);
  });

  it('refuses it when connecting to one stored another way: its tables, a tenant’s pool', async () => {
    const saved = await post('submit', { ...sqlite('shop.db'), name: 'stored' });
    const id = saved.body.data.id as string;
    expect((await t.call({ method: 'GET', url: `${BASE}/tables?id=${id}` })).status).toBe(200);
    // As a row saved before this check, or written some other way than submit.
    await t.store.db
      .updateTable('blade_datasource')
      .set({ database: `links/../${own}` })
      .where('id', '=', id)
      .execute();
    const tables = await t.call({ method: 'GET', url: `${BASE}/tables?id=${id}` });
    expect(tables.status).toBe(400);
    expect(tables.body).toEqual(refusal(`links/../${own}`));
    // Tenant routing opens a bound tenant's pool through the same service.
    const service = new DatasourceService({
      store: t.store,
      secrets: new SecretBox(new Uint8Array(randomBytes(32))),
      hosts: new OutboundPolicy([]),
      dataDir: t.dataDir,
      ownDatabase: sqliteFile(t.databaseUrl),
    });
    const opened = await service.open(id).then(
      () => null,
      (error: unknown) => error,
    );
    expect(opened).toBeInstanceOf(ApiError);
    expect(opened).toMatchObject({ code: 400, messageKey: 'datasource.ownDatabase' });
  });
});

describe('the tables of a data source, read from the database itself', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', [], false, { config: { datasourceHosts: entries('127.0.0.1') } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(enginesUnderTest())('on %s: names, types, nullability and keys of each column', async (engine) => {
    const target = await createTestDatabase(engine);
    const handle = openDatabase(
      engine === 'sqlite' ? `sqlite:${path.join(t.dataDir, 'intro.db')}` : target.url,
      engine,
    );
    try {
      await sql`create table demo_device (id bigint not null primary key, device_name varchar(64) not null, remark text)`.execute(
        handle.db,
      );
      await sql`create view demo_view as select id from demo_device`.execute(handle.db);
    } finally {
      await handle.close();
    }
    const url = new URL(engine === 'sqlite' ? 'file:///x' : target.url);
    const source = await t.call({
      method: 'POST',
      url: `${BASE}/submit`,
      payload:
        engine === 'sqlite'
          ? { name: 'intro', kind: 'sqlite', database: 'intro.db' }
          : {
              name: 'intro',
              kind: engine,
              host: url.hostname,
              port: Number(url.port || (engine === 'postgres' ? 5432 : 3306)),
              database: url.pathname.slice(1),
              username: url.username || (engine === 'postgres' ? 'postgres' : 'root'),
            },
    });
    expect(source.status).toBe(200);
    try {
      const tables = await t.call({ method: 'GET', url: `${BASE}/tables?id=${source.body.data.id}` });
      expect(tables.status).toBe(200);
      const demo = (
        tables.body.data as Array<{ name: string; columns: Array<Record<string, unknown>> }>
      ).find((table) => table.name === 'demo_device');
      expect(demo?.columns.map((column) => [column.name, column.nullable])).toEqual([
        ['id', false],
        ['device_name', false],
        ['remark', true],
      ]);
      expect(String(demo?.columns[1]!.dataType).toLowerCase()).toMatch(/varchar|character varying/);
      expect(tables.body.data.map((table: { name: string }) => table.name)).not.toContain('demo_view');
    } finally {
      await target.drop();
    }
  });
});

describe('a MySQL data source reads no local file', () => {
  it('neither announces LOCAL INFILE nor answers a request for one', async () => {
    const connection = await createConnection(
      mysqlConfig(
        {
          kind: 'mysql',
          host: MY.hostname,
          port: Number(MY.port || 3306),
          database: MY.pathname.slice(1),
          username: MY.username || 'root',
          password: null,
          options: {},
        },
        MY.hostname,
        Number(MY.port || 3306),
        5_000,
      ),
    );
    try {
      const table = `infile_${Date.now().toString(36)}`;
      await connection.query(`create temporary table ${table} (line text)`);
      await expect(
        connection.query(`load data local infile '/etc/hostname' into table ${table}`),
      ).rejects.toThrow();
      const [rows] = await connection.query(`select count(*) as n from ${table}`);
      expect(Number((rows as Array<{ n: number }>)[0]!.n)).toBe(0);
    } finally {
      connection.destroy();
    }
  });
});
