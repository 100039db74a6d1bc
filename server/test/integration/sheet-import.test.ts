import { readSheet } from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, createTenantAdmin, insertDept } from './support/accounts.js';
import { enginesUnderTest } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { multipart } from './support/uploads.js';

// Imports with a dry run on the system pages (issue 52): posts and departments (a tree by the
// parent's name). Every row is checked as its page's save checks it; a commit stores all or
// nothing, or only the valid rows; a key column updates the records it names.

const SYSTEM = '/api/blade-system';

type Cell = string | number | null;

describe.each(enginesUnderTest())('sheet imports on %s', (kind) => {
  let t: TestApp;

  const sheet = (rows: Cell[][]) => writeXlsxFile(rows).toBuffer();
  const importSheet = async (
    area: string,
    rows: Cell[][] | Buffer,
    query = '',
    token?: string,
    language = 'zh-CN',
  ) => {
    const body = multipart(`${area}.xlsx`, Buffer.isBuffer(rows) ? rows : await sheet(rows));
    return t.call(
      {
        method: 'POST',
        url: `${SYSTEM}/${area}/import${query ? `?${query}` : ''}`,
        payload: body.payload,
        headers: { ...body.headers, 'accept-language': language },
      },
      token,
    );
  };
  const posts = async (tenantId = '000000') =>
    (
      await t.store.db
        .selectFrom('blade_post')
        .select(['post_code', 'post_name', 'category'])
        .where('is_deleted', '=', 0)
        .where('tenant_id', '=', tenantId)
        .orderBy('post_code')
        .execute()
    ).map((r) => [r.post_code, r.post_name, Number(r.category)]);
  const depts = async (tenantId: string) =>
    t.store.db
      .selectFrom('blade_dept')
      .select(['id', 'dept_name', 'parent_id', 'ancestors'])
      .where('is_deleted', '=', 0)
      .where('tenant_id', '=', tenantId)
      .execute();

  beforeAll(async () => {
    t = await startTestApp(kind, [], false, { regions: true });
  });

  afterAll(async () => {
    await t?.close();
  });

  const POST_HEADER = ['岗位类型', '岗位编号', '岗位名称', '岗位排序', '岗位描述'];

  it('checks a sheet of posts in a dry run, then stores all or nothing, or the valid rows only', async () => {
    const before = await posts();
    const rows: Cell[][] = [
      POST_HEADER,
      ['高层', 'imp-ceo', '首席执行官', 1, null],
      ['没有这个类型', 'imp-x', '未知类型', 2, null],
      ['基层', 'imp-ceo', '重复的编号', 3, null],
      [1, 'imp-cto', '', 4, null],
      [3, 'imp-dev', '开发', 5, '写代码'],
    ];

    const dry = await importSheet('post', rows, 'dryRun=true');
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({ dryRun: true, total: 5, valid: 2, imported: 0 });
    expect(dry.body.data.errors).toEqual([
      { row: 3, column: '岗位类型', message: '没有这个选项: 没有这个类型' },
      { row: 4, column: '岗位编号', message: '岗位编号已存在: imp-ceo' },
      { row: 5, column: '岗位名称', message: expect.stringContaining('岗位名称') },
    ]);
    expect(await posts()).toEqual(before);

    // The report as the same sheet with an error column.
    const body = multipart('post.xlsx', await sheet(rows));
    const signedReport = await t.app.inject({
      method: 'POST',
      url: `${SYSTEM}/post/import?dryRun=true&format=xlsx`,
      payload: body.payload,
      headers: {
        ...body.headers,
        authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'blade-auth': `bearer ${t.adminToken}`,
        'accept-language': 'zh-CN',
      },
    });
    expect(signedReport.headers['content-type']).toContain('spreadsheetml');
    const reported = await readSheet(signedReport.rawPayload);
    expect(reported[0]).toEqual([...POST_HEADER, '错误']);
    expect(reported[1]![5]).toBeNull();
    expect(String(reported[3]![5])).toContain('岗位编号已存在');

    // All or nothing: refused, nothing stored.
    const all = await importSheet('post', rows, 'mode=all');
    expect(all.status).toBe(400);
    expect(all.body.data).toMatchObject({ dryRun: false, imported: 0 });
    expect(all.body.msg).toContain('第 4 行: 岗位编号已存在: imp-ceo');
    expect(await posts()).toEqual(before);

    // The valid rows only.
    const valid = await importSheet('post', rows, 'mode=valid');
    expect(valid.status).toBe(200);
    expect(valid.body.data).toMatchObject({ imported: 2, created: 2, updated: 0 });
    expect(valid.body.data.errors).toHaveLength(3);
    const stored = await posts();
    expect(stored).toEqual(
      expect.arrayContaining([
        ['imp-ceo', '首席执行官', 1],
        ['imp-dev', '开发', 3],
      ]),
    );
    expect(stored).toHaveLength(before.length + 2);

    // Without a key the same codes again are duplicates; with postCode as the key they update.
    const again = await importSheet(
      'post',
      [POST_HEADER, ['中层', 'imp-ceo', '总裁', 1, null]],
      'dryRun=true',
    );
    expect(again.body.data.errors).toEqual([
      { row: 2, column: '岗位编号', message: '岗位编号已存在: imp-ceo' },
    ]);
    const updated = await importSheet(
      'post',
      [POST_HEADER, ['中层', 'imp-ceo', '总裁', 1, null], ['基层', 'imp-new', '新岗位', 9, null]],
      'key=postCode',
    );
    expect(updated.body.data).toMatchObject({ imported: 2, created: 1, updated: 1, key: 'postCode' });
    expect(await posts()).toEqual(
      expect.arrayContaining([
        ['imp-ceo', '总裁', 2],
        ['imp-new', '新岗位', 3],
      ]),
    );
    expect((await importSheet('post', [POST_HEADER, [1, 'a', 'b', 1, null]], 'key=postName')).body.msg).toBe(
      '不能按此列匹配已有数据: postName',
    );
  });

  it('needs the add button, and the edit button to update by a key; a tenant imports into itself', async () => {
    const adder = await createOperator(t, ['post', 'post_add']);
    const rows: Cell[][] = [POST_HEADER, ['高层', 'op-1', '操作员导入', 1, null]];
    expect((await importSheet('post', rows, 'dryRun=true', adder.token)).status).toBe(200);
    expect((await importSheet('post', rows, 'key=postCode', adder.token)).status).toBe(403);
    const viewer = await createOperator(t, ['post']);
    expect((await importSheet('post', rows, 'dryRun=true', viewer.token)).status).toBe(403);

    const other = await createTenantAdmin(t, '710001');
    const mine = await importSheet('post', rows, '', other.token);
    expect(mine.body.data).toMatchObject({ imported: 1 });
    expect(await posts('710001')).toEqual([['op-1', '操作员导入', 1]]);
    expect((await posts()).some(([code]) => code === 'op-1')).toBe(false);
  });

  it("imports departments as a tree by the parent name, never under another tenant's department", async () => {
    const tenant = '710002';
    const admin = await createTenantAdmin(t, tenant);
    await insertDept(t, { tenantId: '000000', deptName: '别家的部门' });
    const header = ['部门名称', '上级部门', '部门全称', '部门类型', '排序', '备注'];
    const rows: Cell[][] = [
      header,
      ['总部', null, '集团总部', '公司', 1, null],
      ['研发部', '总部', null, '部门', 2, null],
      ['前端组', '研发部', null, '小组', 3, null],
      ['外派组', '别家的部门', null, '小组', 4, null],
      ['孤儿组', '不存在的部门', null, '小组', 5, null],
    ];
    const dry = await importSheet('dept', rows, 'dryRun=true', admin.token);
    expect(dry.body.data).toMatchObject({ total: 5, valid: 3, imported: 0 });
    expect(dry.body.data.errors).toEqual([
      { row: 5, column: '上级部门', message: '不存在: 别家的部门' },
      { row: 6, column: '上级部门', message: '不存在: 不存在的部门' },
    ]);
    expect(await depts(tenant)).toHaveLength(0);

    expect((await importSheet('dept', rows, '', admin.token)).status).toBe(400);
    expect(await depts(tenant)).toHaveLength(0);

    const valid = await importSheet('dept', rows, 'mode=valid', admin.token);
    expect(valid.body.data).toMatchObject({ imported: 3 });
    const stored = await depts(tenant);
    const id = (name: string) => String(stored.find((d) => d.dept_name === name)!.id);
    const front = stored.find((d) => d.dept_name === '前端组')!;
    expect(String(front.parent_id)).toBe(id('研发部'));
    expect(front.ancestors).toBe(`0,${id('总部')},${id('研发部')}`);

    // Update by name: the front-end group moves under headquarters.
    const moved = await importSheet(
      'dept',
      [header, ['前端组', '总部', null, '小组', 3, '搬家']],
      'key=deptName',
      admin.token,
    );
    expect(moved.body.data).toMatchObject({ imported: 1, updated: 1 });
    const after = (await depts(tenant)).find((d) => d.dept_name === '前端组')!;
    expect(after.ancestors).toBe(`0,${id('总部')}`);
  });

  it('imports users with departments, posts and roles by name or code, and generated passwords to change', async () => {
    const tenant = '710003';
    const admin = await createTenantAdmin(t, tenant);
    const sales = await insertDept(t, { tenantId: tenant, deptName: '销售部' });
    await insertDept(t, { tenantId: '000000', deptName: '平台的部门' });
    expect(
      (await importSheet('post', [POST_HEADER, ['基层', 'rep', '销售代表', 1, null]], '', admin.token))
        .status,
    ).toBe(200);
    const header = ['登录账号', '姓名', '所属部门', '所属岗位', '所属角色', '手机号码', '性别'];
    const rows: Cell[][] = [
      header,
      ['amy', '艾米', '销售部', 'rep', 'admin', '13800000001', '女'],
      ['bob', '鲍勃', '销售部', '销售代表', 'admin', null, '男'],
      ['amy', '重复', '销售部', null, 'admin', null, null],
      ['cat', '凯特', '平台的部门', null, 'admin', null, null],
      ['dan', '丹', '销售部', null, '没有的角色', null, '不男不女'],
    ];
    const users = async () =>
      t.store.db
        .selectFrom('blade_user')
        .select(['account', 'dept_id', 'post_id', 'password_change_required'])
        .where('tenant_id', '=', tenant)
        .where('is_deleted', '=', 0)
        .where('account', 'in', ['amy', 'bob', 'cat', 'dan'])
        .orderBy('account')
        .execute();

    const dry = await importSheet('user', rows, 'dryRun=true', admin.token);
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({ total: 5, valid: 2, imported: 0, secrets: [] });
    expect(dry.body.data.errors).toEqual([
      { row: 4, column: '登录账号', message: '当前账号已被使用: amy' },
      { row: 5, column: '所属部门', message: '不存在: 平台的部门' },
      { row: 6, column: '性别', message: '没有这个选项: 不男不女' },
    ]);
    expect(await users()).toHaveLength(0);

    const committed = await importSheet('user', rows, 'mode=valid', admin.token);
    expect(committed.body.data).toMatchObject({ imported: 2 });
    const secrets = committed.body.data.secrets as Array<{ row: number; account: string; password: string }>;
    expect(secrets.map((s) => [s.row, s.account])).toEqual([
      [2, 'amy'],
      [3, 'bob'],
    ]);
    const stored = await users();
    expect(stored.map((u) => [u.account, String(u.dept_id), Number(u.password_change_required)])).toEqual([
      ['amy', sales, 1],
      ['bob', sales, 1],
    ]);
    expect(stored[0]!.post_id).toBe(stored[1]!.post_id);

    // The generated password signs in, and must be changed first.
    const signedIn = await t.signIn('amy', secrets[0]!.password, tenant);
    expect(signedIn.status).toBe(200);

    // S12: an operator who may add users cannot give a role they may not give (the administrators').
    const operator = await createOperator(t, ['user', 'user_add'], { tenantId: tenant });
    const refused = await importSheet(
      'user',
      [header, ['eve', '伊芙', '销售部', null, 'admin', null, null]],
      'dryRun=true',
      operator.token,
    );
    expect(refused.body.data.errors).toEqual([{ row: 2, column: null, message: expect.any(String) }]);
    expect(refused.body.data.valid).toBe(0);
  });

  it('imports dictionaries with their entries, business dictionaries per tenant, regions and parameters', async () => {
    // System dictionaries: a dictionary (no key) and its entries; an entry of a code with no dictionary.
    const dictHeader = ['字典编号', '字典键值', '字典名称', '字典排序', '封存', '字典备注'];
    const dictRows: Cell[][] = [
      dictHeader,
      ['imp_color', null, '颜色', 1, 0, null],
      ['imp_color', 'red', '红', 1, 0, null],
      ['imp_color', 'red', '又一个红', 2, 0, null],
      ['imp_nothing', 'x', '无字典', 1, 0, null],
      ['imp_color', 'blue', '蓝', 2, 0, null],
    ];
    const dictDry = await importSheet('dict', dictRows, 'dryRun=true');
    expect(dictDry.body.data).toMatchObject({ total: 5, valid: 3, imported: 0 });
    expect(dictDry.body.data.errors).toEqual([
      { row: 4, column: '字典键值', message: '当前字典键值已存在: red' },
      { row: 5, column: '字典编号', message: '不存在: imp_nothing' },
    ]);
    expect((await importSheet('dict', dictRows, 'mode=valid')).body.data).toMatchObject({ imported: 3 });
    const entries = await t.call({ method: 'GET', url: `${SYSTEM}/dict/dictionary?code=imp_color` });
    expect(
      entries.body.data.map((e: { dictKey: string; dictValue: string }) => [e.dictKey, e.dictValue]),
    ).toEqual([
      ['red', '红'],
      ['blue', '蓝'],
    ]);
    const renamed = await importSheet(
      'dict',
      [dictHeader, ['imp_color', 'red', '朱红', 1, 0, null]],
      'key=dictKey',
    );
    expect(renamed.body.data).toMatchObject({ imported: 1, updated: 1 });
    // A tenant administrator writes no system dictionary (S4), but its own business ones.
    const tenantAdmin = await createTenantAdmin(t, '710004');
    expect((await importSheet('dict', dictRows, 'dryRun=true', tenantAdmin.token)).status).toBe(403);
    const biz = await importSheet('dict-biz', dictRows.slice(0, 3), '', tenantAdmin.token);
    expect(biz.body.data).toMatchObject({ imported: 2 });
    const bizRows = await t.store.db
      .selectFrom('blade_dict_biz')
      .select(['tenant_id', 'dict_key'])
      .where('code', '=', 'imp_color')
      .where('is_deleted', '=', 0)
      .execute();
    expect(bizRows.map((r) => r.tenant_id)).toEqual(['710004', '710004']);

    // Regions: a city under Beijing and a district below it, parents first; a parent that is not there.
    const regionHeader = ['上级区划编号', '区划编号', '区划名称', '排序', '备注'];
    const regionRows: Cell[][] = [
      regionHeader,
      ['11', '1199', '测试市', 1, null],
      ['1199', '119901', '测试区', 1, null],
      ['98', '9801', '无上级', 1, null],
    ];
    const regionDry = await importSheet('region', regionRows, 'dryRun=true');
    expect(regionDry.body.data.errors).toEqual([{ row: 4, column: null, message: '上级区划不存在' }]);
    expect((await importSheet('region', regionRows, 'mode=valid')).body.data).toMatchObject({ imported: 2 });
    const again = await importSheet(
      'region',
      [regionHeader, ['1199', '119901', '改名区', 1, null]],
      'dryRun=true',
    );
    expect(again.body.data.errors).toEqual([
      { row: 2, column: '区划编号', message: expect.stringContaining('119901') },
    ]);
    expect(
      (await importSheet('region', [regionHeader, ['1199', '119901', '改名区', 1, null]], 'key=code')).body
        .data,
    ).toMatchObject({ imported: 1, updated: 1 });
    const district = await t.call({ method: 'GET', url: `${SYSTEM}/region/detail?code=119901` });
    expect(district.body.data).toMatchObject({ name: '改名区', cityName: '测试市', parentCode: '1199' });

    // Parameters: the platform administrator's; a key once only.
    const paramHeader = ['参数名称', '参数键名', '参数键值', '可见范围', '备注'];
    const params: Cell[][] = [
      paramHeader,
      ['导入参数', 'imp.param', 'v1', 1, null],
      ['重复', 'imp.param', 'v2', 1, null],
    ];
    const paramAll = await importSheet('param', params);
    expect(paramAll.status).toBe(400);
    expect(paramAll.body.data.errors).toEqual([
      { row: 3, column: '参数键名', message: '参数键名已存在: imp.param' },
    ]);
    expect((await importSheet('param', params, 'key=paramKey')).body.data).toMatchObject({
      imported: 2,
      created: 1,
      updated: 1,
    });
    const stored = await t.store.db
      .selectFrom('blade_param')
      .select('param_value')
      .where('param_key', '=', 'imp.param')
      .execute();
    expect(stored.map((p) => p.param_value)).toEqual(['v2']);
  });

  it("keeps to the importer's tenant: another tenant's dictionaries, the platform's regions and parameters", async () => {
    const dictHeader = ['字典编号', '字典键值', '字典名称', '字典排序', '封存', '字典备注'];
    const owner = await createTenantAdmin(t, '710005');
    const other = await createTenantAdmin(t, '710006');
    const shape: Cell[][] = [
      dictHeader,
      ['imp_shape', null, '形状', 1, 0, null],
      ['imp_shape', 'round', '圆', 1, 0, null],
    ];
    expect((await importSheet('dict-biz', shape, '', owner.token)).body.data).toMatchObject({ imported: 2 });
    const shapes = async () =>
      (
        await t.store.db
          .selectFrom('blade_dict_biz')
          .select(['tenant_id', 'dict_key', 'dict_value'])
          .where('code', '=', 'imp_shape')
          .where('is_deleted', '=', 0)
          .orderBy('dict_key')
          .execute()
      ).map((r) => [r.tenant_id, r.dict_key, r.dict_value]);
    const before = await shapes();
    expect(before).toEqual([
      ['710005', '-1', '形状'],
      ['710005', 'round', '圆'],
    ]);

    // Another tenant's business dictionary is no dictionary of this tenant: its entries are refused,
    // and updating by the key finds nothing of the other tenant to change.
    const entry: Cell[][] = [dictHeader, ['imp_shape', 'round', '方', 1, 0, null]];
    const dry = await importSheet('dict-biz', entry, 'dryRun=true', other.token);
    expect(dry.body.data.errors).toEqual([{ row: 2, column: '字典编号', message: '不存在: imp_shape' }]);
    expect((await importSheet('dict-biz', entry, 'key=dictKey', other.token)).status).toBe(400);
    expect(await shapes()).toEqual(before);

    // Regions and parameters are the platform's (S4): a tenant administrator imports neither.
    const regionRows: Cell[][] = [
      ['上级区划编号', '区划编号', '区划名称', '排序', '备注'],
      ['11', '1198', '租户市', 1, null],
    ];
    expect((await importSheet('region', regionRows, '', other.token)).status).toBe(403);
    expect((await t.call({ method: 'GET', url: `${SYSTEM}/region/detail?code=1198` })).status).not.toBe(200);
    const paramRows: Cell[][] = [
      ['参数名称', '参数键名', '参数键值', '可见范围', '备注'],
      ['租户参数', 'imp.tenant', 'x', 1, null],
    ];
    expect((await importSheet('param', paramRows, '', other.token)).status).toBe(403);
    const tenantParams = await t.store.db
      .selectFrom('blade_param')
      .select('id')
      .where('param_key', '=', 'imp.tenant')
      .execute();
    expect(tenantParams).toEqual([]);

    // A parameter's visibility that is no number, a dictionary's sort neither: the cell is named.
    const bad = await importSheet(
      'param',
      [paramRows[0]!, ['参数', 'imp.bad', 'x', '公开给所有人', null]],
      'dryRun=true',
    );
    expect(bad.body.data.errors).toEqual([{ row: 2, column: '可见范围', message: expect.any(String) }]);
  });

  it('refuses a label that matches no entry of the dictionary, naming the cell', async () => {
    const tenant = '710007';
    const admin = await createTenantAdmin(t, tenant);
    const header = ['部门名称', '上级部门', '部门全称', '部门类型', '排序', '备注'];
    const dry = await importSheet(
      'dept',
      [header, ['总部', null, null, '公司', 1, null], ['研发部', '总部', null, '没有这个类型', 2, null]],
      'dryRun=true',
      admin.token,
    );
    expect(dry.body.data).toMatchObject({ total: 2, valid: 1 });
    expect(dry.body.data.errors).toEqual([
      { row: 3, column: '部门类型', message: '没有这个选项: 没有这个类型' },
    ]);
    expect(await depts(tenant)).toHaveLength(0);
  });

  it('refuses a file over 20 MB with a clear 400 and stores nothing', async () => {
    const before = await posts();
    // 20 MB and one byte: the upload's limit, read no further (not even as a sheet).
    const oversize = Buffer.alloc(20 * 1024 * 1024 + 1, 0x41);
    const refused = await importSheet('post', oversize);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 400, success: false, msg: '导入文件不能超过 20MB' });
    expect(await posts()).toEqual(before);
    const english = await importSheet('post', oversize, 'dryRun=true', undefined, 'en');
    expect(english.status).toBe(400);
    expect(english.body.msg).toBe('An import file cannot exceed 20MB');
    expect(await posts()).toEqual(before);
  });

  it('gives a template with the columns, an explanation sheet and drop-downs; refuses what is no sheet', async () => {
    const template = await t.app.inject({
      method: 'GET',
      url: `${SYSTEM}/post/import-template`,
      headers: {
        authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'blade-auth': `bearer ${t.adminToken}`,
        'accept-language': 'zh-CN',
      },
    });
    expect(template.statusCode).toBe(200);
    expect((await readSheet(template.rawPayload))[0]).toEqual(POST_HEADER);
    const notes = await readSheet(template.rawPayload, '说明');
    expect(notes[0]).toEqual(['列', '必填', '说明']);
    expect(notes[2]).toEqual(['岗位编号', '是', expect.stringContaining('匹配已有数据')]);
    const choices = await readSheet(template.rawPayload, '选项');
    expect(choices.map((r) => r[0])).toEqual(expect.arrayContaining(['岗位类型', '高层', '基层']));
    const xml = strFromU8(unzipSync(new Uint8Array(template.rawPayload))['xl/worksheets/sheet1.xml']!);
    expect(xml).toContain('<dataValidation type="list"');
    expect(xml).toContain("'选项'!$A$2");

    // A formula's value is read (as Excel saved it).
    const written = unzipSync(
      new Uint8Array(await sheet([POST_HEADER, ['高层', 'imp-formula', '公式岗位', 7, null]])),
    );
    const sheetXml = strFromU8(written['xl/worksheets/sheet1.xml']!);
    expect(sheetXml).toContain('<c r="D2"><v>7</v></c>');
    written['xl/worksheets/sheet1.xml'] = strToU8(
      sheetXml.replace('<c r="D2"><v>7</v></c>', '<c r="D2"><f>3+4</f><v>7</v></c>'),
    );
    expect((await importSheet('post', Buffer.from(zipSync(written)))).body.data).toMatchObject({
      imported: 1,
    });
    const formula = await t.store.db
      .selectFrom('blade_post')
      .select('sort')
      .where('post_code', '=', 'imp-formula')
      .executeTakeFirstOrThrow();
    expect(Number(formula.sort)).toBe(7);

    expect((await importSheet('post', Buffer.from('not a sheet'))).body.msg).toBe(
      '无法读取该文件，请上传 .xlsx 格式的表格',
    );
    expect((await importSheet('post', [[null], ['x']])).body.msg).toBe('表格第一行应为列标题');
    expect((await importSheet('post', [['岗位名称'], ['x']])).body.msg).toBe(
      '表格缺少必填列: 岗位类型, 岗位编号, 岗位排序',
    );
  });
});
