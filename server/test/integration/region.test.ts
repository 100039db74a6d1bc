import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdGenerator } from '../../src/core/ids.js';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { regionRows, seedRegions } from '../../src/db/seed/regions.js';
import { seedDatabase } from '../../src/db/seed/seed.js';
import { createOperator, createTenantAdmin } from './support/accounts.js';
import { createTestDatabase, enginesUnderTest } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const BASE = '/api/blade-system/region';

describe.each(enginesUnderTest())('regions on %s', (kind) => {
  let t: TestApp;

  const get = (path: string, token?: string) =>
    t.call({ method: 'GET', url: `${BASE}/${path}` }, token ?? t.adminToken);
  const submit = (body: object, token?: string, language = 'zh-CN') =>
    t.call(
      { method: 'POST', url: `${BASE}/submit`, payload: body, headers: { 'accept-language': language } },
      token ?? t.adminToken,
    );
  const remove = (code: string, token?: string) =>
    t.call({ method: 'POST', url: `${BASE}/remove?id=${code}` }, token ?? t.adminToken);
  const counts = async () => {
    const rows = await t.store.db
      .selectFrom('blade_region')
      .select((eb) => ['level', eb.fn.countAll().as('n')])
      .groupBy('level')
      .orderBy('level')
      .execute();
    return Object.fromEntries(rows.map((row) => [Number(row.level), Number(row.n)]));
  };

  beforeAll(async () => {
    // The real load, as a first start does it.
    t = await startTestApp(kind, [], false, { regions: true });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('loads the provinces, cities and districts of China on first start, and never again', async () => {
    expect(await counts()).toEqual({ 0: 1, 1: 34, 2: 342, 3: 3285 });
    expect(regionRows()).toHaveLength(3662);
    // A restart loads nothing again.
    expect(await seedDatabase(t.store.db, new IdGenerator(2))).toBe(false);
    expect(await counts()).toEqual({ 0: 1, 1: 34, 2: 342, 3: 3285 });

    expect((await get('detail?code=110101')).body.data).toEqual({
      code: '110101',
      parentCode: '1101',
      ancestors: '00,11,1101',
      name: '东城区',
      level: 3,
      sort: 1,
      remark: null,
      provinceCode: '11',
      provinceName: '北京市',
      cityCode: '1101',
      cityName: '北京市',
      districtCode: '110101',
      districtName: '东城区',
      townCode: null,
      townName: null,
      villageCode: null,
      villageName: null,
    });
    // Municipalities get a city row per group of districts; county-level groups lose the prefix.
    const names = async (codes: string[]) =>
      Promise.all(codes.map(async (code) => (await get(`detail?code=${code}`)).body.data?.name));
    expect(await names(['1101', '1201', '3101', '5001', '5002', '4290', '6590', '4190', '81', '71'])).toEqual(
      [
        '北京市',
        '天津市',
        '上海市',
        '重庆市',
        '县',
        '省直辖县级行政区划',
        '自治区直辖县级行政区划',
        '省直辖县级行政区划',
        '香港特别行政区',
        '台湾省',
      ],
    );
    expect((await get('detail?code=500229')).body.data).toMatchObject({ parentCode: '5002', cityName: '县' });
  });

  it('loads within seconds on an empty database, in one go', async () => {
    const fresh = await createTestDatabase(kind);
    const database = openDatabase(fresh.url, kind);
    try {
      await migrateToLatest(database.db);
      const started = performance.now();
      expect(await seedRegions(database.db)).toBe(3662);
      const elapsed = performance.now() - started;
      expect(elapsed).toBeLessThan(10_000);
      expect(await seedRegions(database.db)).toBe(0);
    } finally {
      await database.close();
      await fresh.drop();
    }
  });

  it('answers the lazy tree one level at a time', async () => {
    const provinces = await get('lazy-tree');
    expect(provinces.status).toBe(200);
    expect(provinces.body.data).toHaveLength(34);
    expect(provinces.body.data[0]).toEqual({
      id: '11',
      parentId: '00',
      title: '北京市',
      key: '11',
      value: '11',
      hasChildren: true,
    });
    const leaves = provinces.body.data.filter((n: { hasChildren: boolean }) => !n.hasChildren);
    expect(leaves.map((n: { id: string }) => n.id)).toEqual(['71', '81', '82']);
    expect((await get('lazy-tree?parentCode=00')).body.data).toEqual(provinces.body.data);
    expect((await get('lazy-tree?parentCode=0')).body.data.map((n: { title: string }) => n.title)).toEqual([
      '中华人民共和国',
    ]);
    expect((await get('lazy-tree?parentCode=11')).body.data.map((n: { id: string }) => n.id)).toEqual([
      '1101',
    ]);
    const beijing = (await get('lazy-tree?parentCode=1101')).body.data;
    expect(beijing).toHaveLength(16);
    expect(beijing.every((n: { hasChildren: boolean }) => !n.hasChildren)).toBe(true);
    expect(beijing[0]).toMatchObject({ id: '110101', parentId: '1101', title: '东城区' });
    // A city without districts (Dongguan) is a leaf.
    const guangdong = (await get('lazy-tree?parentCode=44')).body.data;
    expect(guangdong.find((n: { id: string }) => n.id === '4419')).toMatchObject({ hasChildren: false });
    expect((await get('lazy-tree?parentCode=999')).body.data).toEqual([]);
    const list = (await get('lazy-list?parentCode=11')).body.data;
    expect(list).toEqual([expect.objectContaining({ code: '1101', level: 2, hasChildren: true })]);
  });

  it('lists a page under filters and sorts of declared columns only', async () => {
    const page = await get(`list?name=${encodeURIComponent('朝阳')}&ascs=code`);
    expect(page.status).toBe(200);
    expect(page.body.data.records.map((r: { code: string }) => r.code)).toEqual([
      '110105',
      '2113',
      '211321',
      '220104',
    ]);
    expect((await get('list?level=1&size=100')).body.data.total).toBe(34);
    expect((await get('list?parentCode_equal=1101&size=5')).body.data).toMatchObject({ total: 16, pages: 4 });
    expect((await get('list?descs=remark')).status).toBe(400);
    expect((await get('list?size=201')).status).toBe(400);
    expect((await get('detail?code=999999')).status).toBe(404);
  });

  it('adds, renames and removes regions, deriving ancestors, level and the per-level names', async () => {
    const town = await submit({
      parentCode: '110105',
      code: '110105001',
      name: '建外街道',
      sort: 1,
      level: 9,
    });
    expect(town.status, JSON.stringify(town.body)).toBe(200);
    expect(town.body.msg).toBe('新增成功');
    expect(town.body.data).toMatchObject({
      code: '110105001',
      parentCode: '110105',
      ancestors: '00,11,1101,110105',
      level: 4,
      provinceName: '北京市',
      cityName: '北京市',
      districtCode: '110105',
      districtName: '朝阳区',
      townCode: '110105001',
      townName: '建外街道',
      villageCode: null,
    });
    const village = await submit({
      parentCode: '110105001',
      code: '110105001001',
      name: '永安里社区',
      sort: 1,
    });
    expect(village.body.data).toMatchObject({ level: 5, townName: '建外街道', villageName: '永安里社区' });
    expect((await submit({ parentCode: '110105001001', code: '1', name: 'x', sort: 1 })).body.msg).toBe(
      '村级区划下不能再有区划',
    );

    const renamed = await submit({ parentCode: '110105', code: '110105001', name: '建国门外街道', sort: 2 });
    expect(renamed.body).toMatchObject({
      msg: '更新成功',
      data: { name: '建国门外街道', townName: '建国门外街道', sort: 2 },
    });
    expect((await get('detail?code=110105001001')).body.data.townName).toBe('建国门外街道');
    await submit({ parentCode: '1101', code: '110105', name: '朝阳', sort: 3, remark: '改名' });
    expect((await get('detail?code=110105001001')).body.data.districtName).toBe('朝阳');
    expect((await get('detail?code=110105')).body.data).toMatchObject({
      name: '朝阳',
      districtName: '朝阳',
      remark: '改名',
    });
    await submit({ parentCode: '1101', code: '110105', name: '朝阳区', sort: 3 });

    const cases: Array<[object, string, string]> = [
      [{ code: '1', name: 'x', sort: 1 }, '请选择上级区划', 'Please select the parent region'],
      [{ parentCode: '11', name: 'x', sort: 1 }, '请输入区划编号', 'Please enter the region code'],
      [
        { parentCode: '11', code: 'ab', name: 'x', sort: 1 },
        '区划编号必须是1到12位数字',
        'The region code must have 1 to 12 digits',
      ],
      [{ parentCode: '11', code: '1190', sort: 1 }, '请输入区划名称', 'Please enter the region name'],
      [{ parentCode: '11', code: '1190', name: 'x' }, '请输入排序', 'Please enter the sort order'],
      [
        { parentCode: '11', code: '1190', name: 'x'.repeat(33), sort: 1 },
        '区划名称不能超过32个字符',
        'region name must be at most 32 characters',
      ],
      [
        { parentCode: '999', code: '99901', name: 'x', sort: 1 },
        '上级区划不存在',
        'The parent region does not exist',
      ],
      [
        { parentCode: '12', code: '110101', name: 'x', sort: 1 },
        '区划 110101 已存在于另一个上级区划下，不能更改上级',
        'Region 110101 exists under another parent; a region cannot change its parent',
      ],
    ];
    for (const [body, zh, en] of cases) {
      const res = await submit(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ code: 400, success: false, data: null, msg: zh });
      expect((await submit(body, undefined, 'en')).body.msg).toBe(en);
    }

    expect((await remove('110105')).body.msg).toBe('请先删除下级区划: 建国门外街道');
    expect((await remove('110105001')).body.msg).toBe('请先删除下级区划: 永安里社区');
    expect((await remove('110105001001')).body).toMatchObject({ data: true, msg: '删除成功' });
    expect((await remove('110105001')).status).toBe(200);
    expect((await get('detail?code=110105001')).status).toBe(404);
    expect((await remove('110105001')).status).toBe(404);
    expect((await get('lazy-tree?parentCode=110105')).body.data).toEqual([]);
    expect(await counts()).toEqual({ 0: 1, 1: 34, 2: 342, 3: 3285 });
  });

  it('lets signed-in users read and only the platform administrator write', async () => {
    const tenantAdmin = await createTenantAdmin(t, '700001');
    const operator = await createOperator(t, ['region', 'region_add', 'region_edit', 'region_delete']);
    for (const token of [tenantAdmin.token, operator.token]) {
      expect((await get('lazy-tree?parentCode=11', token)).status).toBe(200);
      expect((await get('detail?code=11', token)).status).toBe(200);
      expect((await get('list', token)).status).toBe(200);
      expect(
        (await submit({ parentCode: '1101', code: '110101', name: 'mine', sort: 1 }, token)).status,
      ).toBe(403);
      expect(
        (await submit({ parentCode: '110101', code: '110101999', name: 'mine', sort: 1 }, token)).status,
      ).toBe(403);
      expect((await remove('110101', token)).status).toBe(403);
    }
    expect((await get('detail?code=110101')).body.data.name).toBe('东城区');
    expect((await get('detail?code=110101999')).status).toBe(404);
  });

  it('exports the regions below the chosen one, their level as its label, to the export button’s holders', async () => {
    const titles = ['区划编号', '区划名称', '上级编号', '区划等级', '排序'];
    // What the region tree sends for 北京市 (a province): every region with its province code but itself.
    const query = `provinceCode_equal=11&code_notequal=11&ascs=code&columns=code,name,parentCode,level,sort&titles=${encodeURIComponent(JSON.stringify(titles))}`;
    const exported = async (token = t.adminToken, language = 'zh-CN') => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${BASE}/export?${query}`,
        headers: {
          authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
          'blade-auth': `bearer ${token}`,
          'accept-language': language,
        },
      });
      return {
        status: res.statusCode,
        rows: res.statusCode === 200 ? ((await readSheet(res.rawPayload)) as unknown[][]) : [],
      };
    };
    const { status, rows } = await exported();
    expect(status).toBe(200);
    expect(rows[0]).toEqual(titles);
    // 北京市's city, then its districts (codes sort as the tree: each region before those below it).
    expect(rows.slice(1, 4)).toEqual([
      ['1101', '北京市', '11', '地市', 1],
      ['110101', '东城区', '1101', '区县', 1],
      ['110102', '西城区', '1101', '区县', 2],
    ]);
    expect(rows.slice(1).every((row) => String(row[0]).startsWith('11') && row[0] !== '11')).toBe(true);
    expect(rows.length - 1).toBe(
      (await get('list?provinceCode_equal=11&code_notequal=11&size=1')).body.data.total,
    );
    // Every signed-in user reads regions; an export is the button's alone (S16).
    const reader = await createOperator(t, ['region']);
    expect((await exported(reader.token)).status).toBe(403);
    const exporter = await createOperator(t, ['region', 'region_export']);
    expect((await exported(exporter.token)).rows).toEqual(rows);
  });
});
