import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, createTenantAdmin } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// The code generator's records (issue 18): which table of which data source becomes which module,
// with its column grid; submit checks the data source, the names, and that the generator takes the
// record and the table has its columns (issue 45); copy makes a named copy; the platform
// administrator's only (S3). Generating the module: code-generator*.test.ts.

const BASE = '/api/blade-develop/code';

describe.each(oneEngineFor(import.meta.url))('code records on %s', (kind) => {
  let t: TestApp;
  let datasourceId: string;
  const get = (url: string, token?: string) => t.call({ method: 'GET', url: `${BASE}/${url}` }, token);
  const post = (url: string, payload: object, token?: string) =>
    t.call({ method: 'POST', url: `${BASE}/${url}`, payload }, token);
  const record = (extra: object = {}) => ({
    codeName: '设备',
    datasourceId,
    tableName: 'demo_device',
    moduleName: 'demo-device',
    apiPrefix: '/api/zxgxg-api/demo-device',
    pageTitle: '设备管理',
    columns: [
      {
        name: 'device_name',
        label: ' 设备名称 ',
        dataType: 'varchar',
        control: 'input',
        required: true,
        searchable: true,
        inTable: true,
      },
      {
        name: 'status',
        label: '状态',
        dataType: 'int',
        control: 'select',
        required: false,
        searchable: true,
        inTable: true,
        dict: 'yes_no',
      },
    ],
    ...extra,
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    // The records' tables, in an SQLite file of the data folder registered as a data source.
    const file = new SqliteDatabase(path.join(t.dataDir, 'code-records.db'));
    file.exec(`create table demo_device (id bigint primary key, device_name varchar(64) not null, status int);
      create table demo_cabinet (id bigint primary key, cabinet_name varchar(64), capacity int)`);
    file.close();
    const source = await t.call({
      method: 'POST',
      url: '/api/blade-develop/datasource/submit',
      payload: { name: 'local', kind: 'sqlite', database: 'code-records.db' },
    });
    datasourceId = source.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps a record with its column grid, lists, copies and removes it', async () => {
    const created = await post('submit', record());
    expect(created.status).toBe(200);
    const id = created.body.data.id as string;
    expect(created.body.data).toMatchObject({
      codeName: '设备',
      moduleName: 'demo-device',
      menuParentId: null,
    });
    expect(created.body.data.columns[0]).toMatchObject({ label: '设备名称', dict: null });
    expect(created.body.data.columns[1]).toMatchObject({ control: 'select', dict: 'yes_no' });

    const edited = await post('submit', record({ id, pageTitle: '柜机设备' }));
    expect(edited.body.data).toMatchObject({ id, pageTitle: '柜机设备' });
    expect((await get(`detail?id=${id}`)).body.data.columns).toHaveLength(2);
    expect((await get('list?current=1&size=10&moduleName=dev')).body.data.records).toEqual([
      expect.objectContaining({ id, tableName: 'demo_device' }),
    ]);

    const copy = await post(`copy?id=${id}`, {});
    expect(copy.body.data).toMatchObject({ codeName: '设备 副本', tableName: 'demo_device' });
    expect(copy.body.data.id).not.toBe(id);
    expect(copy.body.data.columns).toEqual(edited.body.data.columns);
    expect((await post(`remove?ids=${id},${copy.body.data.id}`, {})).status).toBe(200);
    expect((await get(`detail?id=${id}`)).status).toBe(404);
  });

  it('refuses an unknown data source, bad names and a column listed twice, and changes nothing', async () => {
    expect((await post('submit', record({ datasourceId: '4242' }))).body.msg).toBe('数据源不存在: 4242');
    for (const bad of [
      { moduleName: 'Device' },
      { moduleName: '../x' },
      { apiPrefix: '/blade-x/device' },
      { apiPrefix: '/api/../etc' },
      { tableName: 'x; drop table blade_user' },
    ])
      expect((await post('submit', record(bad))).status, JSON.stringify(bad)).toBe(400);
    const twice = record();
    twice.columns.push({ ...twice.columns[0]! });
    expect((await post('submit', twice)).body.msg).toBe('列名重复: device_name');
    expect((await get('list?current=1&size=10')).body.data.total).toBe(0);
  });

  it('refuses at submit a record the generator would refuse, with its reason (issue 45)', async () => {
    const envelope = (msg: string) => ({ code: 400, success: false, data: null, msg });
    // A table of the console's own database: its migration would fail.
    const consoleTable = await post('submit', record({ tableName: 'blade_post' }));
    expect(consoleTable.status).toBe(400);
    expect(consoleTable.body).toEqual(envelope('表名 blade_post 已是控制台的表'));
    expect((await post('submit', record({ moduleName: 'device' }))).body).toEqual(
      envelope('模块 device 已存在（server/src/modules 下已有同名目录）'),
    );
    expect((await post('submit', record({ apiPrefix: '/api/blade-system/post' }))).body).toEqual(
      envelope('接口路径 /api/blade-system/post 已被占用'),
    );
    expect((await post('submit', record({ columns: [] }))).body).toEqual(
      envelope('表 demo_device 没有可生成的列：请先从表中读取列'),
    );
    expect((await get('list?current=1&size=10')).body.data.total).toBe(0);
  });

  it('refuses at submit columns the table does not have, naming them, and a table the source lacks (issue 45)', async () => {
    const envelope = (msg: string) => ({ code: 400, success: false, data: null, msg });
    const id = (await post('submit', record())).body.data.id as string;
    // The table changed, the grid kept from the one before.
    const moved = await post('submit', record({ id, tableName: 'demo_cabinet' }));
    expect(moved.status).toBe(400);
    expect(moved.body).toEqual(
      envelope('表 demo_cabinet 没有这些列: device_name, status（请重新从表读取列）'),
    );
    const en = await t.call({
      method: 'POST',
      url: `${BASE}/submit`,
      payload: record({ id, tableName: 'demo_cabinet' }),
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.msg).toBe(
      'Table demo_cabinet has no such columns: device_name, status (read the columns from the table again)',
    );
    expect((await get(`detail?id=${id}`)).body.data.tableName).toBe('demo_device');
    // With the new table's columns it is saved.
    const cabinet = [{ ...record().columns[0]!, name: 'cabinet_name', required: false }];
    const saved = await post('submit', record({ id, tableName: 'demo_cabinet', columns: cabinet }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ tableName: 'demo_cabinet', columns: [{ name: 'cabinet_name' }] });
    expect((await post('submit', record({ tableName: 'demo_missing' }))).body).toEqual(
      envelope('数据源中没有表 demo_missing'),
    );
    await post(`remove?ids=${id}`, {});
  });

  it('refuses titles and labels holding what ends a line or hides it, naming the field, in both languages', async () => {
    const envelope = (msg: string) => ({ code: 400, success: false, data: null, msg });
    const submitIn = (language: string, extra: object) =>
      t.call({
        method: 'POST',
        url: `${BASE}/submit`,
        payload: record(extra),
        headers: { 'accept-language': language },
      });
    // The title: U+2028 ends a line comment, so the text after it ran in the generated files.
    const title = await submitIn('zh', { pageTitle: 'T\u2028globalThis.PWNED=1;\u2028//' });
    expect(title.status).toBe(400);
    expect(title.body).toEqual(envelope('页面标题不能包含控制字符、换行符、段落分隔符或文字方向控制符'));
    expect((await submitIn('en', { pageTitle: 'T\u2029x' })).body).toEqual(
      envelope(
        'The page title must not contain control characters, line or paragraph separators or text direction controls',
      ),
    );
    // A lone CR in a label: a 500 from the generator's formatter before.
    const columns = record().columns.map((column, i) => (i === 1 ? { ...column, label: '状\r态' } : column));
    const label = await submitIn('zh', { columns });
    expect(label.status).toBe(400);
    expect(label.body).toEqual(
      envelope('列 status 的标签不能包含控制字符、换行符、段落分隔符或文字方向控制符'),
    );
    expect((await submitIn('en', { columns })).body.msg).toBe(
      'The label of column status must not contain control characters, line or paragraph separators or text direction controls',
    );
    expect((await submitIn('zh', { codeName: '设\u202e备' })).body).toEqual(
      envelope('名称不能包含控制字符、换行符、段落分隔符或文字方向控制符'),
    );
    // Nothing was stored, and an edit is refused alike, the record left as it was.
    expect((await get('list?current=1&size=10')).body.data.total).toBe(0);
    const id = (await post('submit', record())).body.data.id as string;
    expect((await submitIn('zh', { id, pageTitle: '柜机\n设备' })).status).toBe(400);
    expect((await get(`detail?id=${id}`)).body.data.pageTitle).toBe('设备管理');
    // Spaces, tabs and line breaks around a text are trimmed away, as before: only what is kept counts.
    const trimmed = await post('submit', record({ id, pageTitle: ' 柜机设备\n' }));
    expect(trimmed.body.data.pageTitle).toBe('柜机设备');
    await post(`remove?ids=${id}`, {});
  });

  it("is the platform administrator's only (S3)", async () => {
    const tenantAdmin = await createTenantAdmin(t, '480001');
    const operator = await createOperator(t, ['code', 'code_add', 'code_edit', 'code_delete', 'code_copy']);
    for (const token of [tenantAdmin.token, operator.token]) {
      expect((await get('list', token)).status).toBe(403);
      expect((await post('submit', record(), token)).status).toBe(403);
    }
  });
});
