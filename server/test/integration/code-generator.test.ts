import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { strFromU8, unzipSync } from 'fflate';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedMenu } from '../../src/db/generated-modules.js';
import { GENERATED_MIGRATION_TABLE, migrateGenerated } from '../../src/db/generated-migrations.js';
import { ensureGeneratedMenus } from '../../src/db/seed/generated-menus.js';
import { menuId } from '../../src/db/seed/menus.js';
import { SEED_IDS } from '../../src/db/seed/seed.js';
import { createOperator, createTenantAdmin } from './support/accounts.js';
import { enginesUnderTest } from './support/databases.js';
import { SABER_BASIC, startTestApp, type TestApp } from './support/test-app.js';
import { readSource } from '../support/generated-source.js';

// The code generator's endpoints (issue 18): gen-code answers a zip of the records' modules (BladeX
// sends `system=saber`, which is this console; any other system is refused), preview their files;
// both the platform administrator's only; a module that would take a name the console has is
// refused with a 400 saying which. That the files work is code-generator-proof.test.ts's part.

const BASE = '/api/blade-develop/code';

describe.each(enginesUnderTest())('the code generator on %s', (kind) => {
  let t: TestApp;
  let datasourceId: string;
  const get = (url: string, token?: string) => t.call({ method: 'GET', url: `${BASE}/${url}` }, token);
  const post = (url: string, payload: object, token?: string) =>
    t.call({ method: 'POST', url: `${BASE}/${url}`, payload }, token);
  /** gen-code as the console calls it; the answer's body raw (a zip, or the error's JSON). */
  const genCode = async (query: string, token = t.adminToken) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/gen-code?${query}`,
      headers: { authorization: SABER_BASIC, 'blade-auth': `bearer ${token}` },
    });
    return { status: res.statusCode, headers: res.headers, raw: res.rawPayload, json: () => res.json() };
  };
  const record = (extra: object = {}) => ({
    codeName: '柜门',
    datasourceId,
    tableName: 'codegen_probe',
    moduleName: 'codegen-probe',
    apiPrefix: '/api/zxgxg-api/codegen-probe',
    menuParentId: menuId('business'),
    pageTitle: '柜门管理',
    columns: [
      {
        name: 'door_name',
        label: '柜门名称',
        dataType: 'varchar(64)',
        control: 'input',
        required: true,
        searchable: true,
        inTable: true,
      },
      {
        name: 'kind',
        label: '类型',
        dataType: 'integer',
        control: 'select',
        required: false,
        searchable: true,
        inTable: true,
        dict: 'yes_no',
      },
    ],
    ...extra,
  });
  /** Writes the record's row as it is, past submit's checks. */
  const storePast = async (id: string, values: Record<string, unknown>) => {
    const { moduleName, tableName, apiPrefix, columns } = values;
    await t.store.db
      .updateTable('blade_code')
      .set({
        ...(moduleName === undefined ? {} : { module_name: moduleName as string }),
        ...(tableName === undefined ? {} : { table_name: tableName as string }),
        ...(apiPrefix === undefined ? {} : { api_prefix: apiPrefix as string }),
        ...(columns === undefined ? {} : { columns: JSON.stringify(columns) }),
      })
      .where('id', '=', id)
      .execute();
  };
  const create = async (extra: object = {}) => {
    const res = await post('submit', record(extra));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as string;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    // The records' tables (submit holds a record to its table's columns), in an SQLite data source.
    const file = new SqliteDatabase(path.join(t.dataDir, 'codegen.db'));
    for (const suffix of ['', '_a', '_b', '_c', '_d', '_e', '_f', '_g', '_h'])
      file.exec(
        `create table codegen_probe${suffix} (id bigint primary key, door_name varchar(64), kind integer)`,
      );
    file.close();
    const source = await t.call({
      method: 'POST',
      url: '/api/blade-develop/datasource/submit',
      payload: { name: 'local', kind: 'sqlite', database: 'codegen.db' },
    });
    datasourceId = source.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a zip of the module, for system=saber and for no system; preview lists the same files', async () => {
    const id = await create();
    const files = (raw: Buffer) => Object.keys(unzipSync(new Uint8Array(raw))).sort();
    for (const query of [`ids=${id}&system=saber`, `ids=${id}`]) {
      const res = await genCode(query);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe('attachment; filename="codegen-probe.zip"');
      const paths = files(res.raw);
      expect(paths.filter((path) => path.includes('/migrations/'))).toEqual([
        expect.stringMatching(/^server\/src\/db\/migrations\/generated\/\d{14}-codegen-probe\.ts$/),
      ]);
      expect(paths.filter((path) => !path.includes('/migrations/'))).toEqual(
        [
          'packages/contract/src/generated/codegen-probe.ts',
          'server/src/modules/generated/codegen-probe/codegen-probe.messages.ts',
          'server/src/modules/generated/codegen-probe/codegen-probe.module.ts',
          'server/src/modules/generated/codegen-probe/codegen-probe.repository.ts',
          'server/src/modules/generated/codegen-probe/codegen-probe.routes.ts',
          'server/src/modules/generated/codegen-probe/codegen-probe.service.ts',
          'server/test/integration/generated/codegen-probe.test.ts',
          'web/src/api/generated/codegen-probe.ts',
          'web/src/pages/generated/codegen-probe/index.tsx',
          'web/src/pages/generated/codegen-probe/locales.ts',
        ].sort(),
      );
    }
    const zip = unzipSync(new Uint8Array((await genCode(`ids=${id}`)).raw));
    const module = strFromU8(zip['server/src/modules/generated/codegen-probe/codegen-probe.module.ts']!);
    // The menu parent is stored by id and written by code: the seed places the page under it.
    expect(module).toContain("parentCode: 'business',");

    const preview = await get(`preview?id=${id}`);
    expect(preview.status).toBe(200);
    expect(preview.body.success).toBe(true);
    const previewed = preview.body.data as Array<{ path: string; content: string }>;
    // The same files; the migration is named by the moment of each call.
    const named = (paths: string[]) => paths.map((path) => path.replace(/\d{14}/, '<moment>')).sort();
    expect(named(previewed.map((file) => file.path))).toEqual(named(Object.keys(zip)));
    const page = previewed.find((file) => file.path === 'web/src/pages/generated/codegen-probe/index.tsx')!;
    expect(page.content).toContain("dict: { code: 'yes_no', numeric: true },");
  });

  it('puts several records in one zip, and refuses an unknown id', async () => {
    const first = await create({
      moduleName: 'codegen-probe-a',
      tableName: 'codegen_probe_a',
      apiPrefix: '/api/x/codegen-probe-a',
    });
    const second = await create({
      moduleName: 'codegen-probe-b',
      tableName: 'codegen_probe_b',
      apiPrefix: '/api/x/codegen-probe-b',
    });
    const res = await genCode(`ids=${first},${second}&system=saber`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="modules.zip"');
    const paths = Object.keys(unzipSync(new Uint8Array(res.raw)));
    expect(paths).toContain('server/src/modules/generated/codegen-probe-a/codegen-probe-a.module.ts');
    expect(paths).toContain('server/src/modules/generated/codegen-probe-b/codegen-probe-b.module.ts');
    expect((await genCode(`ids=${first},42`)).status).toBe(404);
    expect((await genCode('ids=x')).status).toBe(400);
  });

  it('refuses another system in the contract’s shape', async () => {
    const id = await create({
      moduleName: 'codegen-probe-c',
      tableName: 'codegen_probe_c',
      apiPrefix: '/api/x/codegen-probe-c',
    });
    const res = await genCode(`ids=${id}&system=sword`);
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      success: false,
      data: null,
      msg: '不支持的前端系统: sword（可用: saber）',
    });
  });

  it('refuses a module that would take a name the console has, saying which', async () => {
    const cases: Array<[object, string]> = [
      [{ moduleName: 'post' }, '模块 post 已存在（server/src/modules 下已有同名目录）'],
      [{ moduleName: 'hospital' }, '模块 hospital 已存在（server/src/modules 下已有同名目录）'],
      [{ moduleName: 'class' }, '模块名 class 是保留字'],
      [{ moduleName: 'report-list' }, '菜单编号 report_list 已被占用'],
      [{ tableName: 'blade_post' }, '表名 blade_post 已是控制台的表'],
      [{ apiPrefix: '/api/blade-system/post' }, '接口路径 /api/blade-system/post 已被占用'],
      [
        {
          columns: [
            {
              name: 'Door',
              label: '门',
              dataType: 'int',
              control: 'input',
              required: false,
              searchable: false,
              inTable: true,
            },
          ],
        },
        '列名 Door 无法生成字段：须由小写字母、数字和下划线组成，下划线分开的每一段以小写字母开头（如 cabinet_name），且不能是 current、size、ascs、descs',
      ],
      [{ columns: [] }, '表 codegen_probe_d 没有可生成的列：请先从表中读取列'],
    ];
    const probe = {
      moduleName: 'codegen-probe-d',
      tableName: 'codegen_probe_d',
      apiPrefix: '/api/x/codegen-probe-d',
    };
    const id = await create(probe);
    for (const [extra, msg] of cases) {
      // Submit refuses it with the generator's reason (issue 45), and stores nothing.
      const submitted = await post('submit', record({ ...probe, ...extra }));
      expect(submitted.status, JSON.stringify(extra)).toBe(400);
      expect(submitted.body).toEqual({ code: 400, success: false, data: null, msg });
      // A record stored some other way (before submit checked it, by hand) is refused when generated.
      await storePast(id, extra as Record<string, unknown>);
      const res = await genCode(`ids=${id}`);
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.json()).toEqual({ code: 400, success: false, data: null, msg });
      expect((await get(`preview?id=${id}`)).body.msg).toBe(msg);
      await storePast(id, { ...probe, columns: record().columns });
    }
    expect((await get('list?current=1&size=100&moduleName=codegen-probe-d')).body.data.total).toBe(1);
    const twice = await create({
      moduleName: 'codegen-probe-e',
      tableName: 'codegen_probe_e',
      apiPrefix: '/api/x/codegen-probe-e',
    });
    const again = await create({
      moduleName: 'codegen-probe-e',
      tableName: 'codegen_probe_f',
      apiPrefix: '/api/x/codegen-probe-f',
    });
    expect((await genCode(`ids=${twice},${again}`)).json().msg).toBe(
      'codegen-probe-e 在所选记录中出现多次（模块名、表名或接口路径）',
    );
  });

  it('writes a stored record’s title and labels as inert text, whatever they hold (issue 44)', async () => {
    const id = await create({
      moduleName: 'codegen-probe-h',
      tableName: 'codegen_probe_h',
      apiPrefix: '/api/x/codegen-probe-h',
    });
    const preview = async () => {
      const res = await get(`preview?id=${id}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as Array<{ path: string; content: string }>;
    };
    const plain = await preview();
    // As a record stored before submit refused such texts, or stored some other way than submit.
    const title = 'T\u2028globalThis.PWNED=1;\u2028//';
    const labels = ['a\rb', '*/ globalThis.PWNED=1; /* \' " ` ${(globalThis.PWNED=1)} x\u2029y </script> \\'];
    await t.store.db
      .updateTable('blade_code')
      .set({
        page_title: title,
        columns: JSON.stringify(record().columns.map((column, i) => ({ ...column, label: labels[i] }))),
      })
      .where('id', '=', id)
      .execute();
    const files = await preview();
    // The migration is named by the moment of each call.
    const named = (path: string) => path.replace(/\d{14}/, '<moment>');
    expect(files.map((file) => named(file.path))).toEqual(plain.map((file) => named(file.path)));
    files.forEach((file, i) => {
      const read = readSource(file);
      const expected = readSource(plain[i]!);
      expect(read.syntaxErrors, file.path).toEqual([]);
      expect(read.statements, file.path).toEqual(expected.statements);
      expect(read.identifiers, file.path).toEqual(expected.identifiers);
      expect(read.identifiers.has('PWNED'), file.path).toBe(false);
    });
    const locales = files.find((file) => file.path.endsWith('codegen-probe-h/locales.ts'))!;
    expect(readSource(locales).strings).toEqual(expect.arrayContaining([title, ...labels]));
  });

  it("is the platform administrator's only (S3)", async () => {
    const id = await create({
      moduleName: 'codegen-probe-g',
      tableName: 'codegen_probe_g',
      apiPrefix: '/api/x/codegen-probe-g',
    });
    const tenantAdmin = await createTenantAdmin(t, '480002');
    const operator = await createOperator(t, ['code', 'code_gen', 'code_view']);
    for (const token of [tenantAdmin.token, operator.token]) {
      const res = await genCode(`ids=${id}&system=saber`, token);
      expect(res.status).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, success: false, data: null });
      expect((await get(`preview?id=${id}`, token)).status).toBe(403);
    }
  });
});

// What the server does with a generated module at start, on each engine: its page and buttons
// added to the menu tree once (db/seed/generated-menus.ts), its migrations run once in their own
// sequence (db/generated-migrations.ts).
describe.each(enginesUnderTest())('a generated module at start on %s', (kind) => {
  let t: TestApp;
  const button = (code: string, alias: string) => ({ code, name: alias, alias, source: 'plus', action: 1 });
  const menu: GeneratedMenu = {
    parentCode: 'business',
    code: 'codegen_box',
    name: '盒子',
    path: '/generated/codegen-box',
    source: 'TableOutlined',
    sort: 99,
    buttons: [button('codegen_box_add', 'add')],
  };
  const rows = () =>
    t.store.db
      .selectFrom('blade_menu')
      .select(['id', 'code', 'parent_id', 'path', 'is_deleted'])
      .where('code', 'like', 'codegen_box%')
      .execute();
  const holders = async (code: string) =>
    (
      await t.store.db
        .selectFrom('blade_role_menu')
        .select('role_id')
        .where('menu_id', '=', BigInt(menuId(code)))
        .execute()
    ).map((row) => String(row.role_id));

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds its page under the parent once, granted to the administrator; a deleted page stays deleted', async () => {
    expect(await ensureGeneratedMenus(t.store.db, [menu], SEED_IDS.administratorRole)).toBe(2);
    expect(await ensureGeneratedMenus(t.store.db, [menu], SEED_IDS.administratorRole)).toBe(0);
    const [page, add] = [...(await rows())].sort((a, b) => a.code.localeCompare(b.code));
    expect(page).toMatchObject({ code: 'codegen_box', path: '/generated/codegen-box' });
    expect(String(page!.parent_id)).toBe(menuId('business'));
    expect(String(add!.parent_id)).toBe(menuId('codegen_box'));
    expect(await holders('codegen_box')).toEqual([SEED_IDS.administratorRole]);
    expect(await holders('codegen_box_add')).toEqual([SEED_IDS.administratorRole]);
    const routes = await t.call({ method: 'GET', url: '/api/blade-system/menu/routes' });
    const business = (routes.body.data as Array<{ code: string; children: Array<{ code: string }> }>).find(
      (node) => node.code === 'business',
    );
    expect(business?.children.map((child) => child.code)).toContain('codegen_box');

    // A button added later reaches the roles that hold the page.
    const other = t.store.ids.next();
    await t.store.db
      .insertInto('blade_role_menu')
      .values({
        id: BigInt(t.store.ids.next()),
        menu_id: BigInt(menuId('codegen_box')),
        role_id: BigInt(other),
      })
      .execute();
    const more = { ...menu, buttons: [...menu.buttons, button('codegen_box_view', 'view')] };
    expect(await ensureGeneratedMenus(t.store.db, [more], SEED_IDS.administratorRole)).toBe(1);
    expect((await holders('codegen_box_view')).sort()).toEqual([SEED_IDS.administratorRole, other].sort());

    await t.store.db
      .updateTable('blade_menu')
      .set({ is_deleted: 1 })
      .where('id', '=', BigInt(menuId('codegen_box')))
      .execute();
    expect(await ensureGeneratedMenus(t.store.db, [more], SEED_IDS.administratorRole)).toBe(0);
    expect(Number((await rows()).find((row) => row.code === 'codegen_box')?.is_deleted)).toBe(1);
  });

  it('runs its migrations once, in their own sequence after the core ones', async () => {
    const db = t.store.db as unknown as Kysely<unknown>;
    const migrations = {
      '20250101000000-codegen-box': {
        up: async (schema: Kysely<unknown>) => {
          await schema.schema.createTable('codegen_box_t').addColumn('id', 'bigint').execute();
        },
      },
    };
    expect(await migrateGenerated(db, migrations)).toEqual({ names: ['20250101000000-codegen-box'] });
    expect(await migrateGenerated(db, migrations)).toEqual({ names: [] });
    const ran = async () =>
      (await sql<{ name: string }>`select name from ${sql.table(GENERATED_MIGRATION_TABLE)}`.execute(db)).rows
        .map((row) => row.name)
        .filter((name) => name.endsWith('-codegen-box') || name.endsWith('-codegen-early'));
    expect(await ran()).toEqual(['20250101000000-codegen-box']);
    const core = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    expect(core.rows.map((row) => row.name)).not.toContain('20250101000000-codegen-box');
    await sql`select id from codegen_box_t`.execute(db);

    // A module generated earlier and unpacked later still runs; a removed module does not stop the start.
    const early = {
      '20240101000000-codegen-early': {
        up: async (schema: Kysely<unknown>) => {
          await schema.schema.createTable('codegen_early_t').addColumn('id', 'bigint').execute();
        },
      },
    };
    expect(await migrateGenerated(db, { ...migrations, ...early })).toEqual({
      names: ['20240101000000-codegen-early'],
    });
    expect(await migrateGenerated(db, early)).toEqual({ names: [] });
    expect((await ran()).sort()).toEqual(['20240101000000-codegen-early', '20250101000000-codegen-box']);
  });
});
