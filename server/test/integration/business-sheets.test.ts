import { readSheet } from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_ADMIN_ALIAS } from '../../src/core/auth/principal.js';
import { menuId } from '../../src/db/seed/menus.js';
import { createAccount, createOperator, signInAs } from './support/accounts.js';
import { enginesUnderTest } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { multipart } from './support/uploads.js';

// Excel in and out of the business pages (issue 16): exports of the current search (scoped as the
// list is; the generic list export, decision 0045: the page's visible columns and titles), templates,
// and imports that store every row or none with a report per bad row.

const API = '/api/zxgxg-api';

describe.each(enginesUnderTest())('business sheets on %s', (kind) => {
  let t: TestApp;

  const sheet = (rows: Array<Array<string | number | null>>) => writeXlsxFile(rows).toBuffer();
  const importSheet = async (area: string, content: Buffer, token?: string, language = 'zh-CN', query = '') =>
    t.call(
      {
        method: 'POST',
        url: `${API}/${area}/import${query ? `?${query}` : ''}`,
        ...(() => {
          const body = multipart(`${area}.xlsx`, content);
          return { payload: body.payload, headers: { ...body.headers, 'accept-language': language } };
        })(),
      },
      token,
    );
  const download = async (url: string, token?: string, language = 'zh-CN') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}${url}`,
      headers: {
        authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'blade-auth': `bearer ${token ?? t.adminToken}`,
        'accept-language': language,
      },
    });
    return res;
  };
  /** The columns a page shows, in its order, with its titles: what its 导出 sends. */
  const shown = (columns: string[], titles: string[]) =>
    `columns=${columns.join(',')}&titles=${encodeURIComponent(JSON.stringify(titles))}`;
  const count = async (table: 'zx_hospital' | 'zx_machine') =>
    Number(
      (
        await t.store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('is_deleted', '=', 0)
          .executeTakeFirst()
      )?.n,
    );

  beforeAll(async () => {
    t = await startTestApp(kind);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('imports hospitals all or none, naming each bad row, and exports the search back', async () => {
    const template = await download('/hospital/import-template');
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const headers = (await readSheet(template.rawPayload))[0];
    expect(headers).toEqual([
      '医院编码',
      '医院名称',
      '医院等级',
      '地区编码',
      '详细地址',
      '联系人',
      '联系电话',
      '维修人员账号',
      '经度',
      '纬度',
      '备注',
    ]);

    const bad = await sheet([
      ['医院编码', '医院名称', '医院等级'],
      ['S-1', '第一医院', '三级甲等'],
      ['S-2', '', 1],
      ['S-1', '重复的编码', 2],
      ['S-4', '第四医院', 100],
    ]);
    const refused = await importSheet('hospital', bad);
    expect(refused.status).toBe(400);
    // Every problem at once: the sheet's own duplicate (row 4) is named with the rows the schema refuses.
    expect(refused.body.data.errors.map((e: { row: number }) => e.row)).toEqual([3, 4, 5]);
    expect(refused.body.data.errors[1]).toEqual({
      row: 4,
      column: '医院编码',
      message: '医院编码已存在: S-1',
    });
    expect(refused.body.msg).toContain('第 3 行: 请输入医院名称');
    expect(refused.body.msg).toContain('第 5 行');
    expect(await count('zx_hospital')).toBe(0);

    // Schema-valid rows can still clash in the database: the second S-1 refuses the whole sheet.
    const clash = await importSheet(
      'hospital',
      await sheet([
        ['医院编码', '医院名称'],
        ['S-1', '第一医院'],
        ['S-1', '重复的编码'],
      ]),
    );
    expect(clash.body).toMatchObject({
      code: 400,
      data: { errors: [{ row: 3, message: '医院编码已存在: S-1' }] },
    });
    expect(await count('zx_hospital')).toBe(0);

    // English headers work as well as Chinese ones; labels of the dictionary or its keys.
    const good = await importSheet(
      'hospital',
      await sheet([
        ['hospital code', 'hospital name', 'level', 'contact phone'],
        ['S-1', '第一医院', '三级甲等', '010-1234'],
        ['S-2', '第二医院', 3, null],
        [null, null, null, null],
      ]),
      undefined,
      'en',
    );
    expect(good.body).toMatchObject({ code: 200, data: { imported: 2 }, msg: '2 rows imported' });
    expect(await count('zx_hospital')).toBe(2);

    // The maintainer by account (issue 51): one of the tenant's users, else the row is refused; a
    // sheet without the column (or a blank cell) leaves an existing hospital's maintainer as it is.
    const maintainerOf = async (code: string) =>
      (
        (await t.call({ method: 'GET', url: `${API}/hospital/list?hospitalCode=${code}` })).body.data
          .records as Array<{ maintainerId: string | null; maintainerName: string | null }>
      )[0];
    const unknown = await importSheet(
      'hospital',
      await sheet([
        ['医院编码', '医院名称', '医院等级', '维修人员账号'],
        ['S-2', '第二医院', 3, 'admin'],
        ['S-3', '第三医院', 3, 'nobody-here'],
      ]),
      undefined,
      'zh-CN',
      'key=hospitalCode',
    );
    expect(unknown.body.data.errors).toEqual([
      { row: 3, column: '维修人员账号', message: '维修人员账号不存在: nobody-here' },
    ]);
    expect((await maintainerOf('S-2'))!.maintainerId).toBeNull();
    const withMaintainer = await importSheet(
      'hospital',
      await sheet([
        ['医院编码', '医院名称', '医院等级', '维修人员账号'],
        ['S-2', '第二医院', 3, 'admin'],
      ]),
      undefined,
      'zh-CN',
      'key=hospitalCode',
    );
    expect(withMaintainer.status, JSON.stringify(withMaintainer.body)).toBe(200);
    const kept = await importSheet(
      'hospital',
      await sheet([
        ['医院编码', '医院名称', '医院等级'],
        ['S-2', '第二医院', 3],
      ]),
      undefined,
      'zh-CN',
      'key=hospitalCode',
    );
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(await maintainerOf('S-2')).toMatchObject({
      maintainerId: expect.any(String),
      maintainerName: expect.any(String),
    });

    const exported = await download(
      `/hospital/export?hospitalName=${encodeURIComponent('第一')}&${shown(
        ['hospitalCode', 'hospitalName', 'level'],
        ['医院编码', '医院名称', '医院等级'],
      )}`,
    );
    expect(exported.headers['content-disposition']).toContain("filename*=UTF-8''%E5%8C%BB%E9%99%A2-");
    const rows = await readSheet(exported.rawPayload);
    expect(rows).toEqual([
      ['医院编码', '医院名称', '医院等级'],
      ['S-1', '第一医院', '三级甲等'],
    ]);
    const english = await readSheet(
      (
        await download(
          `/hospital/export?${shown(['hospitalCode', 'level'], ['Hospital Code', 'Level'])}`,
          undefined,
          'en',
        )
      ).rawPayload,
    );
    expect(english[0]).toEqual(['Hospital Code', 'Level']);
    expect(english.map((r) => r[1])).toEqual(
      expect.arrayContaining(['Grade III, class A', 'Grade II, class A']),
    );

    expect((await importSheet('hospital', Buffer.from('not a sheet'))).body.msg).toBe(
      '无法读取该文件，请上传 .xlsx 格式的表格',
    );
    expect((await importSheet('hospital', await sheet([['医院名称'], ['x']]))).body.msg).toBe(
      '表格缺少必填列: 医院编码',
    );
  });

  it('imports machines with their slots by hospital code, and exports only what an operator is granted', async () => {
    const refused = await importSheet(
      'machine',
      await sheet([
        ['机器编号', '机器名称', '医院编码', '格口数量'],
        ['IMP-1', '一号柜', 'S-1', 4],
        ['IMP-2', '二号柜', 'NOPE', 4],
      ]),
    );
    expect(refused.body.data.errors).toEqual([
      { row: 3, column: '医院编码', message: '医院编码不存在: NOPE' },
    ]);
    expect(await count('zx_machine')).toBe(0);

    const good = await sheet([
      ['机器编号', '机器名称', '医院编码', '机器型号', '格口数量'],
      ['IMP-1', '一号柜', 'S-1', '标准柜(24格)', 4],
      ['IMP-2', '二号柜', 'S-2', 2, 6],
    ]);
    // A dry run holds the numbers while it checks, and gives them back.
    const dry = (await importSheet('machine', good, undefined, 'zh-CN', 'dryRun=true')).body.data;
    expect(dry).toMatchObject({ dryRun: true, valid: 2, imported: 0, errors: [] });
    const held = await t.store.db
      .selectFrom('zx_tenant_key')
      .select('key_value')
      .where('key_value', 'like', 'IMP-%')
      .execute();
    expect(held).toEqual([]);
    expect(await count('zx_machine')).toBe(0);

    const imported = await importSheet('machine', good);
    expect(imported.body.data).toMatchObject({ imported: 2, created: 2 });
    const slots = await t.store.db
      .selectFrom('zx_slot')
      .select('machine_no')
      .where('is_deleted', '=', 0)
      .execute();
    expect(slots.filter((s) => s.machine_no === 'IMP-2')).toHaveLength(6);

    const machineColumns = shown(
      ['machineNo', 'machineName', 'hospitalId', 'location', 'model', 'slotCount'],
      ['机器编号', '机器名称', '所属医院', '安装位置', '机器型号', '格口数量'],
    );
    const all = await readSheet((await download(`/machine/export?${machineColumns}`)).rawPayload);
    expect(
      all
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['IMP-1', 'IMP-2']);
    expect(all[0]!.slice(0, 3)).toEqual(['机器编号', '机器名称', '所属医院']);
    // The hospital by its name, the model as its label.
    const one = all.find((r) => r[0] === 'IMP-1')!;
    expect(one.slice(1)).toEqual(['一号柜', '第一医院', null, '标准柜(24格)', 4]);

    const operator = await createOperator(t, ['machine', 'machine_add', 'machine_export']);
    const slot = await t.store.db
      .selectFrom('zx_slot')
      .select('id')
      .where('machine_no', '=', 'IMP-2')
      .executeTakeFirstOrThrow();
    await t.call({
      method: 'POST',
      url: `${API}/slot/grant/slot`,
      payload: { userIds: [operator.userId], slotIds: [String(slot.id)] },
    });
    const theirs = await readSheet(
      (await download(`/machine/export?${machineColumns}`, operator.token)).rawPayload,
    );
    expect(theirs.slice(1).map((r) => r[0])).toEqual(['IMP-2']);
    // The page without the export button: no export.
    const reader = await createOperator(t, ['machine']);
    expect((await download(`/machine/export?${machineColumns}`, reader.token)).statusCode).toBe(403);
    // Importing needs the add button.
    const viewer = await createOperator(t, ['machine']);
    expect((await importSheet('machine', await sheet([['机器编号'], ['X']]), viewer.token)).status).toBe(403);
  });

  it('exports refund reviews with masked phones and amounts in yuan', async () => {
    const machine = await t.call({
      method: 'POST',
      url: `${API}/machine/rotate-secret?id=${String(
        (
          await t.store.db
            .selectFrom('zx_machine')
            .select('id')
            .where('machine_no', '=', 'IMP-1')
            .executeTakeFirstOrThrow()
        ).id,
      )}`,
    });
    const secret = machine.body.data.deviceSecret as string;
    await t.call(
      {
        method: 'POST',
        url: `${API}/device/refund-request`,
        payload: {
          orderNo: 'SHEET-1',
          slotNo: 1,
          orderAmount: 1250,
          refundAmount: 999,
          customerPhone: '13912345678',
        },
        headers: { 'machine-no': 'IMP-1', 'machine-secret': secret },
      },
      null,
    );
    const titles = [
      '订单号',
      '机器编号',
      '格口号',
      '所属医院',
      '用户手机号',
      '订单金额',
      '退款金额',
      '审核状态',
    ];
    const rows = await readSheet(
      (
        await download(
          `/refund/review/export?reviewStatus=0&${shown(
            [
              'orderNo',
              'machineNo',
              'slotNo',
              'hospitalId',
              'customerPhone',
              'orderAmount',
              'refundAmount',
              'reviewStatus',
            ],
            titles,
          )}`,
        )
      ).rawPayload,
    );
    expect(rows[0]).toEqual(titles);
    // Phones masked as the list masks them, amounts in yuan as the page shows them, the status's label.
    expect(rows[1]).toEqual(['SHEET-1', 'IMP-1', 1, '第一医院', '139****5678', 12.5, 9.99, '待审核']);
  });

  it('updates machines by their number with key=machineNo through their save; another tenant’s number is refused', async () => {
    const machineOf = (machineNo: string) =>
      t.store.db
        .selectFrom('zx_machine')
        .select(['id', 'tenant_id', 'machine_name', 'hospital_id', 'slot_count', 'run_status', 'location'])
        .where('machine_no', '=', machineNo)
        .where('is_deleted', '=', 0)
        .executeTakeFirstOrThrow();
    const hospitalId = async (code: string) =>
      String(
        (
          await t.store.db
            .selectFrom('zx_hospital')
            .select('id')
            .where('hospital_code', '=', code)
            .where('tenant_id', '=', '000000')
            .where('is_deleted', '=', 0)
            .executeTakeFirstOrThrow()
        ).id,
      );
    const liveSlots = async (machineNo: string) =>
      (
        await t.store.db
          .selectFrom('zx_slot')
          .select('slot_no')
          .where('machine_no', '=', machineNo)
          .where('is_deleted', '=', 0)
          .execute()
      ).length;
    // IMP-1 (4 slots, in 第一医院) from the import above; its run status is the form's, not the sheet's.
    const before = await machineOf('IMP-1');
    await t.store.db.updateTable('zx_machine').set({ run_status: 3 }).where('id', '=', before.id).execute();
    const rows = await sheet([
      ['机器编号', '机器名称', '医院编码', '安放位置', '格口数量'],
      ['IMP-1', '一号柜(新)', 'S-2', '一楼大厅', 6],
      ['IMP-3', '三号柜', 'S-1', null, 2],
    ]);

    // Without the key an existing number is refused, as the form's create refuses it.
    const plain = await importSheet('machine', rows);
    expect(plain.status).toBe(400);
    expect(plain.body.data.errors).toEqual([
      { row: 2, column: '机器编号', message: '机器编号已存在: IMP-1' },
    ]);
    // A dry run with the key: both rows pass, nothing is written, IMP-3's number is given back.
    const dry = await importSheet('machine', rows, undefined, 'zh-CN', 'dryRun=true&key=machineNo');
    expect(dry.body.data).toMatchObject({
      dryRun: true,
      key: 'machineNo',
      valid: 2,
      imported: 0,
      errors: [],
    });
    expect((await machineOf('IMP-1')).machine_name).toBe(before.machine_name);
    expect(
      await t.store.db
        .selectFrom('zx_tenant_key')
        .select('key_value')
        .where('key_value', '=', 'IMP-3')
        .execute(),
    ).toEqual([]);

    const done = await importSheet('machine', rows, undefined, 'zh-CN', 'key=machineNo');
    expect(done.body.data).toMatchObject({ imported: 2, created: 1, updated: 1, errors: [] });
    const after = await machineOf('IMP-1');
    expect({
      ...after,
      slot_count: Number(after.slot_count),
      run_status: Number(after.run_status),
    }).toMatchObject({
      id: before.id,
      machine_name: '一号柜(新)',
      location: '一楼大厅',
      slot_count: 6,
      run_status: 3,
    });
    expect(String(after.hospital_id)).toBe(await hospitalId('S-2'));
    // The save's slots: two more for IMP-1; IMP-3 new with its own.
    expect(await liveSlots('IMP-1')).toBe(6);
    expect(await liveSlots('IMP-3')).toBe(2);
    // Another tenant's machine: its number names no machine of this tenant, so the row is a new
    // machine's, whose number another tenant holds: refused, and the other machine unchanged.
    // The other tenant's administrators (an operator sees only the machines granted to them).
    const otherAdmin = async (codes: string[]) => {
      const account = await createAccount(t, {
        tenantId: '300052',
        roles: [{ alias: TENANT_ADMIN_ALIAS, menuIds: codes.map(menuId) }],
      });
      return { token: (await signInAs(t, account)).access_token };
    };
    const other = await otherAdmin(['hospital', 'hospital_add', 'machine', 'machine_add']);
    expect(
      (
        await importSheet(
          'hospital',
          await sheet([
            ['医院编码', '医院名称'],
            ['O-1', '他院'],
          ]),
          other.token,
        )
      ).body.data,
    ).toMatchObject({ imported: 1 });
    expect(
      (
        await importSheet(
          'machine',
          await sheet([
            ['机器编号', '机器名称', '医院编码', '格口数量'],
            ['OTHER-1', '他院的柜', 'O-1', 2],
          ]),
          other.token,
        )
      ).body.data,
    ).toMatchObject({ errors: [], imported: 1 });
    const taken = await importSheet(
      'machine',
      await sheet([
        ['机器编号', '机器名称', '医院编码', '格口数量'],
        ['OTHER-1', '抢来的柜', 'S-1', 2],
      ]),
      undefined,
      'zh-CN',
      'key=machineNo&mode=valid',
    );
    expect(taken.body.data).toMatchObject({ imported: 0, updated: 0, created: 0 });
    expect(taken.body.data.errors).toEqual([
      { row: 2, column: '机器编号', message: '机器编号已存在: OTHER-1' },
    ]);
    expect(await machineOf('OTHER-1')).toMatchObject({ tenant_id: '300052', machine_name: '他院的柜' });
    // The other tenant updates its own by the same key.
    const own = await importSheet(
      'machine',
      await sheet([
        ['机器编号', '机器名称', '医院编码', '格口数量'],
        ['OTHER-1', '他院的新柜', 'O-1', 2],
      ]),
      other.token,
      'zh-CN',
      'key=machineNo',
    );
    // Updating asks the page's edit button as well.
    expect(own.status).toBe(403);
    const editor = await otherAdmin(['machine', 'machine_add', 'machine_edit']);
    const edited = await importSheet(
      'machine',
      await sheet([
        ['机器编号', '机器名称', '医院编码', '格口数量'],
        ['OTHER-1', '他院的新柜', 'O-1', 2],
      ]),
      editor.token,
      'zh-CN',
      'key=machineNo',
    );
    expect(edited.body.data).toMatchObject({ imported: 1, updated: 1 });
    expect((await machineOf('OTHER-1')).machine_name).toBe('他院的新柜');
  });
});
