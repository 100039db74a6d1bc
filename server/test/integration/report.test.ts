import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDefinition } from '@console/contract';
import type { Store } from '../../src/core/repository/store.js';
import { openDatabase } from '../../src/db/database.js';
import { Migrator } from 'kysely';
import { IdGenerator } from '../../src/core/ids.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { migrationProvider } from '../../src/db/migrations/index.js';
import { menuId } from '../../src/db/seed/menus.js';
import { seededReportId, SEEDED_REPORTS } from '../../src/db/seed/reports.js';
import { SEED_IDS, seedDatabase } from '../../src/db/seed/seed.js';
import { recordEvent } from '../../src/modules/log/request-logs.js';
import { ReportService } from '../../src/modules/report/report.service.js';
import { createOperator, createTenantAdmin } from './support/accounts.js';
import { createTestDatabase, enginesUnderTest } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Reports (issue 19): definitions (CRUD, permissions, tenants), the data sets, runs with subtotals
// and grand totals aggregated in the database (months cut in the store's zone on every engine), an
// operator's grants, injection strings in filters, and the exports read back.

const API = '/api/blade-report/report';
const BIZ = '/api/zxgxg-api';

const refundDefinition: ReportDefinition = {
  filters: [
    { field: 'machineNo', op: 'eq' },
    { field: 'reason', op: 'like' },
    { field: 'hospitalId', op: 'eq' },
    { field: 'applyTime', op: 'gte' },
  ],
  columns: ['orderNo', 'hospitalId', 'machineNo', 'refundAmount', 'applyTime'],
  groupBy: ['hospitalId', 'applyTime:month'],
  aggregates: [
    { field: 'id', fn: 'count' },
    { field: 'refundAmount', fn: 'sum' },
  ],
  sort: [{ field: 'orderNo', dir: 'asc' }],
  chart: { type: 'bar', groupField: 'hospitalId', valueAggregate: 1 },
};

describe.each(enginesUnderTest())('reports on %s', (kind) => {
  let t: TestApp;
  const hospital: Record<string, string> = {};

  const post = (url: string, payload?: object, token?: string) =>
    t.call({ method: 'POST', url: `${API}${url}`, payload }, token);
  const get = (url: string, token?: string) => t.call({ method: 'GET', url: `${API}${url}` }, token);
  const biz = (url: string, payload: object) => t.call({ method: 'POST', url: `${BIZ}${url}`, payload });
  const run = async (payload: object, token?: string) => {
    const res = await post('/run', payload, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const download = (url: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `${API}${url}`,
      headers: {
        authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'blade-auth': `bearer ${token ?? t.adminToken}`,
      },
    });

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const [code, name] of [
      ['RA', '甲医院'],
      ['RB', '乙医院'],
    ]) {
      const res = await biz('/hospital/submit', { hospitalCode: code, hospitalName: name });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      hospital[code!] = res.body.data.id;
    }
    for (const [no, code, runStatus] of [
      ['RM-A1', 'RA', 1],
      ['RM-A2', 'RA', 2],
      ['RM-B1', 'RB', 1],
    ] as const) {
      const res = await biz('/machine/submit', {
        machineNo: no,
        machineName: no,
        hospitalId: hospital[code],
        slotCount: 2,
        runStatus,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await t.store.db
        .updateTable('zx_machine')
        .set({ run_status: runStatus })
        .where('machine_no', '=', no)
        .execute();
    }
    // Known refunds. 2026-01-31 20:00 UTC is 1 February in Shanghai: a February refund on every engine.
    const refunds: Array<[string, string, string, number, number, string, number]> = [
      ['RO-1', 'RA', 'RM-A1', 1, 100, '2026-01-10T04:00:00Z', 0],
      ['RO-2', 'RA', 'RM-A1', 2, 200, '2026-01-20T04:00:00Z', 0],
      ['RO-3', 'RA', 'RM-A2', 1, 300, '2026-02-05T04:00:00Z', 0],
      ['RO-4', 'RB', 'RM-B1', 1, 400, '2026-02-15T04:00:00Z', 0],
      ['RO-5', 'RA', 'RM-A1', 1, 50, '2026-01-31T20:00:00Z', 0],
      ['RO-6', 'RA', 'RM-A1', 1, 9000, '2026-01-11T04:00:00Z', 1],
    ];
    const now = new Date();
    for (const [orderNo, code, machineNo, slotNo, amount, at, deleted] of refunds)
      await t.store.db
        .insertInto('zx_refund_review')
        .values({
          id: BigInt(t.store.ids.next()),
          tenant_id: '000000',
          order_no: orderNo,
          machine_no: machineNo,
          slot_no: slotNo,
          hospital_id: BigInt(hospital[code]!),
          customer_open_id: null,
          customer_phone: '13812345678',
          order_amount: amount,
          refund_amount: amount,
          reason: `reason ${orderNo}`,
          apply_time: new Date(at),
          review_status: 0,
          reviewer_id: null,
          review_time: null,
          review_remark: null,
          create_user: null,
          create_dept: null,
          create_time: now,
          update_user: null,
          update_time: now,
          status: 1,
          is_deleted: deleted,
        })
        .execute();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('keeps definitions: list by name, detail, submit checked against the data set, remove; the seeded two are there', async () => {
    const list = await get('/rest/list?size=50');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const names = list.body.data.records.map((r: { name: string }) => r.name);
    expect(names).toEqual(
      expect.arrayContaining(['退款统计（按医院、月份）', '机器统计（按医院、运行状态）']),
    );

    const created = await post('/submit', {
      name: '退款测试',
      dataSet: 'refund',
      definition: refundDefinition,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({
      name: '退款测试',
      dataSet: 'refund',
      author: 'admin',
      tenantId: '000000',
    });
    expect(created.body.data.definition.groupBy).toEqual(['hospitalId', 'applyTime:month']);
    const id = created.body.data.id as string;
    expect((await get(`/detail?id=${id}`)).body.data.definition).toEqual(refundDefinition);
    const byName = await get(`/rest/list?name=${encodeURIComponent('退款测')}`);
    expect(byName.body.data.records.map((r: { id: string }) => r.id)).toEqual([id]);

    const renamed = await post('/submit', {
      id,
      name: '退款测试二',
      dataSet: 'refund',
      definition: refundDefinition,
    });
    expect(renamed.body.data.name).toBe('退款测试二');

    // Fields not declared for that use, unknown data sets, a chart over no grouping: 400.
    for (const definition of [
      { ...refundDefinition, columns: ['customerPhone'] },
      { ...refundDefinition, groupBy: ['orderAmount'] },
      { ...refundDefinition, aggregates: [{ field: 'reason', fn: 'sum' }] },
      { ...refundDefinition, chart: { type: 'pie', groupField: 'machineNo', valueAggregate: 0 } },
      { ...refundDefinition, columns: ['orderNo; drop table blade_user'] },
      { ...refundDefinition, groupBy: ['a', 'b', 'c'] },
    ]) {
      const res = await post('/submit', { name: 'x', dataSet: 'refund', definition });
      expect(res.status, JSON.stringify(definition)).toBe(400);
    }
    expect(
      (await post('/submit', { name: 'x', dataSet: 'blade_user', definition: refundDefinition })).body.msg,
    ).toBe('数据集不存在: blade_user');

    expect((await post(`/remove?ids=${id}`)).status).toBe(200);
    expect((await get(`/detail?id=${id}`)).status).toBe(404);
  });

  it('asks for the report menu’s buttons; another tenant’s reports answer 404', async () => {
    const outsider = await createOperator(t, ['hospital', 'hospital_view']);
    expect((await get('/rest/list', outsider.token)).status).toBe(403);
    expect(
      (await post('/run', { id: seededReportId('machines-by-hospital-status') }, outsider.token)).status,
    ).toBe(403);
    const viewer = await createOperator(t, ['report', 'report_list', 'report_list_view']);
    expect((await get('/rest/list', viewer.token)).status).toBe(200);
    expect(
      (await post('/submit', { name: 'x', dataSet: 'refund', definition: refundDefinition }, viewer.token))
        .status,
    ).toBe(403);
    expect(
      (await post(`/remove?ids=${seededReportId('machines-by-hospital-status')}`, undefined, viewer.token))
        .status,
    ).toBe(403);

    const stranger = await createTenantAdmin(t, '730019');
    const seeded = seededReportId('refunds-by-hospital-month');
    expect(
      (
        await post(
          '/submit',
          { id: seeded, name: 'x', dataSet: 'refund', definition: refundDefinition },
          stranger.token,
        )
      ).status,
    ).toBe(404);
    expect((await get(`/detail?id=${seeded}`, stranger.token)).status).toBe(404);
    expect((await post('/run', { id: seeded }, stranger.token)).status).toBe(404);
    expect((await post(`/remove?ids=${seeded}`, undefined, stranger.token)).status).toBe(404);
    expect((await download(`/export?id=${seeded}`, stranger.token)).statusCode).toBe(404);
    expect((await get('/rest/list', stranger.token)).body.data.total).toBe(0);
    // Their own run over their own (empty) business data sees none of the platform's refunds.
    const theirs = await run({ dataSet: 'refund', definition: refundDefinition }, stranger.token);
    expect(theirs.total).toBe(0);
    expect((await get(`/detail?id=${seeded}`)).status).toBe(200);
  });

  it('says which record an id field names and labels amounts without a unit; a hospital picked for a filter narrows the run (issue 45 item 18)', async () => {
    const sets = (await get('/data-sets')).body.data as Array<{
      code: string;
      fields: Array<{ key: string; label: string; names?: string }>;
    }>;
    const fieldOf = (set: string, key: string) =>
      sets.find((s) => s.code === set)?.fields.find((f) => f.key === key);
    expect(fieldOf('refund', 'hospitalId')).toMatchObject({ type: 'id', names: 'hospital' });
    expect(fieldOf('machine', 'hospitalId')).toMatchObject({ names: 'hospital' });
    expect(fieldOf('refund', 'refundAmount')).toMatchObject({ label: '退款金额', type: 'money' });
    expect(fieldOf('refund', 'orderNo')?.names).toBeUndefined();

    // The id the picker answers filters the run; a name where the id belongs is still refused.
    const definition = { ...refundDefinition, filters: [{ field: 'hospitalId', op: 'eq' as const }] };
    const ofB = await run({ dataSet: 'refund', definition, values: [hospital.RB] });
    expect(ofB.rows.length).toBeGreaterThan(0);
    expect(new Set(ofB.rows.map((row: { hospitalId: string }) => row.hospitalId))).toEqual(
      new Set(['乙医院']),
    );
    const named = await post('/run', { dataSet: 'refund', definition, values: ['乙医院'] });
    expect(named.body).toMatchObject({ code: 400, success: false, msg: '筛选条件 hospitalId 的值无效' });
  });

  it('runs every data set', async () => {
    const sets = (await get('/data-sets')).body.data as Array<{
      code: string;
      fields: Array<{ key: string }>;
    }>;
    expect(sets.map((s) => s.code)).toEqual(
      expect.arrayContaining([
        'hospital',
        'machine',
        'slot',
        'slotGrant',
        'apk',
        'refund',
        'user',
        'apiLog',
        'usualLog',
      ]),
    );
    for (const set of sets) {
      const result = await run({
        dataSet: set.code,
        definition: {
          filters: [],
          columns: set.fields.map((f) => f.key),
          groupBy: [],
          aggregates: [{ field: 'id', fn: 'count' }],
          sort: [],
        },
      });
      expect(result.grandTotal[0], set.code).toBe(result.total);
      expect(result.rows.length).toBe(Math.min(result.total, 20));
    }
  });

  it('totals and subtotals right on known data, months in the store’s zone, rows paged, soft-deleted rows out', async () => {
    const result = await run({ dataSet: 'refund', definition: refundDefinition, size: 2, current: 2 });
    expect(result.total).toBe(5);
    expect(result.rows.map((r: { orderNo: string }) => r.orderNo)).toEqual(['RO-5', 'RO-3']);
    expect(result.rows[0].hospitalId).toBe('甲医院');
    expect(result.grandTotal).toEqual([5, 1050]);
    const full = result.groups
      .filter((g: { level: number }) => g.level === 2)
      .map((g: { labels: Record<string, unknown>; keys: Record<string, unknown>; values: number[] }) => [
        g.labels.hospitalId,
        g.keys['applyTime:month'],
        ...g.values,
      ]);
    expect(full).toEqual(
      expect.arrayContaining([
        ['甲医院', '2026-01', 2, 300],
        ['甲医院', '2026-02', 2, 350],
        ['乙医院', '2026-02', 1, 400],
      ]),
    );
    expect(full).toHaveLength(3);
    const byHospital = result.groups
      .filter((g: { level: number }) => g.level === 1)
      .map((g: { labels: Record<string, unknown>; values: number[] }) => [g.labels.hospitalId, ...g.values]);
    expect(byHospital).toEqual(
      expect.arrayContaining([
        ['甲医院', 4, 650],
        ['乙医院', 1, 400],
      ]),
    );
    expect(result.chart.type).toBe('bar');
    expect(result.chart.series).toEqual(
      expect.arrayContaining([
        { name: '甲医院', value: 650 },
        { name: '乙医院', value: 400 },
      ]),
    );

    // Averages, minima and maxima roll up from the groups' parts: weighted, not an average of averages.
    const spread = await run({
      dataSet: 'refund',
      definition: {
        ...refundDefinition,
        aggregates: [
          { field: 'refundAmount', fn: 'avg' },
          { field: 'refundAmount', fn: 'min' },
          { field: 'refundAmount', fn: 'max' },
        ],
        chart: { type: 'pie', groupField: 'applyTime:month', valueAggregate: 0 },
      },
    });
    expect(spread.grandTotal).toEqual([210, 50, 400]);
    expect(
      spread.groups
        .filter((g: { level: number }) => g.level === 1)
        .map((g: { labels: Record<string, unknown>; values: number[] }) => [
          g.labels.hospitalId,
          ...g.values,
        ]),
    ).toEqual(
      expect.arrayContaining([
        ['甲医院', 162.5, 50, 300],
        ['乙医院', 400, 400, 400],
      ]),
    );
    expect(spread.chart.series).toEqual([
      { name: '2026-01', value: 150 },
      { name: '2026-02', value: 250 },
    ]);

    // Filter values: by machine, by reason text, by hospital id, from a date (defaults when absent).
    const filtered = await run({
      dataSet: 'refund',
      definition: refundDefinition,
      values: ['RM-A1', null, null, '2026-01-15'],
    });
    expect(filtered.grandTotal).toEqual([2, 250]);
    const ofB = await run({
      dataSet: 'refund',
      definition: refundDefinition,
      values: [null, 'RO-4', hospital.RB],
    });
    expect(ofB.grandTotal).toEqual([1, 400]);

    // The seeded machine report: machines by hospital and run status.
    const machines = await run({ id: seededReportId('machines-by-hospital-status') });
    const statuses = machines.groups
      .filter((g: { level: number }) => g.level === 2)
      .map((g: { labels: Record<string, unknown>; keys: Record<string, unknown>; values: number[] }) => [
        g.labels.hospitalId,
        g.keys.runStatus,
        g.values[0],
      ]);
    expect(statuses).toEqual(
      expect.arrayContaining([
        ['甲医院', 1, 1],
        ['甲医院', 2, 1],
        ['乙医院', 1, 1],
      ]),
    );
    // Run statuses are shown by their dictionary label (the key stays for sorting and filtering).
    expect(
      machines.groups
        .filter((g: { level: number }) => g.level === 2)
        .map((g: { labels: Record<string, unknown> }) => [g.labels.hospitalId, g.labels.runStatus]),
    ).toEqual(
      expect.arrayContaining([
        ['甲医院', '正常'],
        ['甲医院', '故障'],
        ['乙医院', '正常'],
      ]),
    );
    expect(new Set(machines.rows.map((r: { runStatus: unknown }) => r.runStatus))).toEqual(
      new Set(['正常', '故障']),
    );
    const inEnglish = await t.call({
      method: 'POST',
      url: `${API}/run`,
      payload: { id: seededReportId('machines-by-hospital-status') },
      headers: { 'accept-language': 'en-US' },
    });
    expect(
      new Set(inEnglish.body.data.rows.map((r: { runStatus: unknown }) => r.runStatus)),
      JSON.stringify(inEnglish.body),
    ).toEqual(new Set(['Normal', 'Fault']));
    const seededRefunds = await run({ id: seededReportId('refunds-by-hospital-month') });
    expect(seededRefunds.grandTotal).toEqual([5, 1050]);
    expect(seededRefunds.chart.series).toEqual([
      { name: '2026-01', value: 300 },
      { name: '2026-02', value: 750 },
    ]);
  });

  it('shows an operator only their granted machines and those machines’ refunds', async () => {
    const operator = await createOperator(t, ['report', 'report_list', 'report_list_view']);
    const granted = await t.call({
      method: 'POST',
      url: `${BIZ}/slot/grant/machine`,
      payload: { userIds: [operator.userId], machineNos: ['RM-A1'] },
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const machines = await run({ id: seededReportId('machines-by-hospital-status') }, operator.token);
    expect(machines.total).toBe(1);
    expect(machines.rows.map((r: { machineNo: string }) => r.machineNo)).toEqual(['RM-A1']);
    const refunds = await run({ dataSet: 'refund', definition: refundDefinition }, operator.token);
    expect(refunds.grandTotal).toEqual([3, 350]);
    expect(new Set(refunds.rows.map((r: { machineNo: string }) => r.machineNo))).toEqual(new Set(['RM-A1']));
    // The grants themselves are the administrators' report: by account and machine number.
    const grants = await run({
      dataSet: 'slotGrant',
      definition: {
        filters: [{ field: 'userId', op: 'eq', defaultValue: operator.userId }],
        columns: ['userId', 'machineId', 'slotId'],
        groupBy: ['machineId'],
        aggregates: [{ field: 'id', fn: 'count' }],
        sort: [],
      },
    });
    expect(grants.rows).toEqual([{ userId: operator.account, machineId: 'RM-A1', slotId: null }]);
    expect(grants.groups.map((g: { labels: Record<string, unknown> }) => g.labels.machineId)).toEqual([
      'RM-A1',
    ]);
    expect(
      (
        await post(
          '/run',
          {
            dataSet: 'slotGrant',
            definition: { filters: [], columns: ['userId'], groupBy: [], aggregates: [], sort: [] },
          },
          operator.token,
        )
      ).status,
    ).toBe(403);
    // Naming another machine in a filter does not reach it.
    expect(
      (await run({ dataSet: 'refund', definition: refundDefinition, values: ['RM-B1'] }, operator.token))
        .total,
    ).toBe(0);
  });

  it('takes injection strings in filters as values: nothing breaks, nothing widens', async () => {
    for (const evil of ["' OR '1'='1", "RM-A1' OR 1=1 --", '%', '_', "'); DROP TABLE zx_machine; --", '!%']) {
      const eq = await run({ dataSet: 'refund', definition: refundDefinition, values: [evil] });
      expect(eq.total, evil).toBe(0);
      const like = await run({ dataSet: 'refund', definition: refundDefinition, values: [null, evil] });
      expect(like.total, evil).toBe(0);
    }
    const id = await post('/run', {
      dataSet: 'refund',
      definition: refundDefinition,
      values: [null, null, '1 OR 1=1'],
    });
    expect(id.status).toBe(400);
    const date = await post('/run', {
      dataSet: 'refund',
      definition: refundDefinition,
      values: [null, null, null, "2026' OR 1=1"],
    });
    expect(date.status).toBe(400);
    expect((await run({ dataSet: 'refund', definition: refundDefinition })).total).toBe(5);
  });

  it('exports the whole result as .xlsx and CSV, every row', async () => {
    const created = await post('/submit', {
      name: '导出',
      dataSet: 'refund',
      definition: { ...refundDefinition, chart: null },
    });
    const id = created.body.data.id as string;
    const xlsx = await download(`/export?id=${id}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const sheet = await readSheet(xlsx.rawPayload);
    // Amounts in yuan, as every page shows them (stored in cents).
    expect(sheet[0]).toEqual(['订单号', '所属医院', '机器编号', '退款金额', '申请时间']);
    expect(sheet.slice(1).map((r) => r[0])).toEqual(['RO-1', 'RO-2', 'RO-5', 'RO-3', 'RO-4']);
    expect(sheet.slice(1).reduce((sum, r) => sum + Math.round(Number(r[3]) * 100), 0)).toBe(1050);
    const csv = await download(`/export?id=${id}&format=csv`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(6);
    expect(lines[1]).toContain('RO-1');

    // The viewer's filter values narrow the export as they narrow the run.
    const values = encodeURIComponent(JSON.stringify(['RM-A1', null, null, null]));
    const narrowed = await download(`/export?id=${id}&format=xlsx&values=${values}`);
    expect(narrowed.statusCode).toBe(200);
    expect((await readSheet(narrowed.rawPayload)).slice(1).map((r) => r[0])).toEqual([
      'RO-1',
      'RO-2',
      'RO-5',
    ]);
    for (const bad of ['not json', '{"a":1}', '[{"x":1}]', JSON.stringify(["' OR 1=1"]).replace(']', '')]) {
      const res = await download(`/export?id=${id}&values=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
    }
    const injected = await download(
      `/export?id=${id}&format=csv&values=${encodeURIComponent(JSON.stringify(["' OR '1'='1"]))}`,
    );
    expect(
      injected.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
  });

  it('delivers a scheduled report into its owner’s messages as .xlsx, read with the owner’s grants', async () => {
    const jobMenus = ['monitor', 'job', 'job_add', 'job_run', 'job_log'];
    const owner = await createOperator(t, [...jobMenus, 'report', 'report_list', 'report_list_view']);
    const granted = await t.call({
      method: 'POST',
      url: `${BIZ}/slot/grant/machine`,
      payload: { userIds: [owner.userId], machineNos: ['RM-A1'] },
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const report = await post('/submit', {
      name: '投递',
      dataSet: 'refund',
      definition: { ...refundDefinition, chart: null },
    });
    const reportId = report.body.data.id as string;
    const job = async (token: string, params: object) => {
      const res = await t.call(
        {
          method: 'POST',
          url: '/api/blade-system/job/submit',
          payload: {
            jobName: '每日报表',
            handler: 'report-delivery',
            params: JSON.stringify(params),
            cron: '0 0 8 * * *',
            timeoutSeconds: 60,
          },
        },
        token,
      );
      return res;
    };
    const runNow = async (token: string, jobId: string) => {
      const res = await t.call({ method: 'POST', url: `/api/blade-system/job/run?ids=${jobId}` }, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const run = () =>
        t.store.db
          .selectFrom('blade_job_run')
          .select(['outcome', 'output'])
          .where('job_id', '=', BigInt(jobId))
          .executeTakeFirst();
      await expect
        .poll(async () => (await run())?.outcome ?? 'none', { timeout: 10_000 })
        .not.toMatch(/^(none|running)$/);
      return (await run())!;
    };
    // Parameters that fail the handler's schema save nothing.
    expect((await job(owner.token, { reportId: 'x' })).status).toBe(400);
    expect((await job(owner.token, { reportId, values: 'RM-A1' })).status).toBe(400);

    const delivery = await job(owner.token, { reportId });
    expect(delivery.status, JSON.stringify(delivery.body)).toBe(200);
    const ran = await runNow(owner.token, delivery.body.data.id);
    expect(ran.outcome, ran.output ?? '').toBe('success');
    expect(ran.output).toMatch(new RegExp(`^投递-\\d{12}\\.xlsx \\(\\d+ bytes\\) to ${owner.account}$`));
    const inbox = await t.call(
      { method: 'GET', url: '/api/blade-desk/message/list?kind_equal=system' },
      owner.token,
    );
    const [message] = inbox.body.data.records as Array<{ id: string; title: string; fileName: string }>;
    expect(message).toMatchObject({
      title: '报表：投递',
      fileName: expect.stringMatching(/^投递-\d{12}\.xlsx$/),
    });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/blade-desk/message/file?id=${message!.id}`,
      headers: {
        authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'blade-auth': `bearer ${owner.token}`,
      },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(encodeURIComponent(message!.fileName));
    // Read as the owner: only the refunds of the machine granted to them.
    expect((await readSheet(file.rawPayload)).slice(1).map((r) => r[0])).toEqual(['RO-1', 'RO-2', 'RO-5']);
    // Nobody else reads it, the administrator neither.
    expect(
      (await t.call({ method: 'GET', url: `/api/blade-desk/message/file?id=${message!.id}` })).status,
    ).toBe(404);
    // Removed with its message.
    await t.call({ method: 'POST', url: `/api/blade-desk/message/remove?ids=${message!.id}` }, owner.token);
    const kept = await t.store.db
      .selectFrom('blade_message_file')
      .select('id')
      .where('id', '=', BigInt(message!.id))
      .execute();
    expect(kept).toEqual([]);

    // An owner who does not hold 报表查看: the run fails, saying why, and nothing is delivered.
    const outsider = await createOperator(t, jobMenus);
    const refused = await job(outsider.token, { reportId });
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(await runNow(outsider.token, refused.body.data.id)).toEqual({
      outcome: 'failure',
      output: 'the job’s owner no longer holds report_list_view',
    });
    const outsiderInbox = await t.call(
      { method: 'GET', url: '/api/blade-desk/message/list' },
      outsider.token,
    );
    expect(outsiderInbox.body.data.total).toBe(0);
  });

  it('reports over the api and usual logs for administrators only, a tenant’s administrator over its own rows', async () => {
    const stamp = new Date();
    for (const [tenant, title] of [
      ['000000', 'report-log-platform'],
      ['730021', 'report-log-tenant'],
    ] as const)
      await t.store.db
        .insertInto('blade_log_api')
        .values({
          id: BigInt(t.store.ids.next()),
          tenant_id: tenant,
          service_id: 'console',
          server_host: 'host',
          server_ip: '10.0.0.1',
          env: 'test',
          method: 'GET',
          request_uri: '/api/report-log',
          user_agent: null,
          remote_ip: '127.0.0.1',
          method_class: null,
          method_name: null,
          params: null,
          time: '12',
          create_by: 'admin',
          create_time: stamp,
          type: '1',
          title,
        })
        .execute();
    const logDefinition = {
      filters: [{ field: 'requestUri', op: 'eq', defaultValue: '/api/report-log' }],
      columns: ['title', 'method', 'requestUri', 'createTime'],
      groupBy: ['title'],
      aggregates: [{ field: 'id', fn: 'count' }],
      sort: [],
    };
    const platform = await run({ dataSet: 'apiLog', definition: logDefinition });
    expect(platform.rows.map((r: { title: string }) => r.title).sort()).toEqual([
      'report-log-platform',
      'report-log-tenant',
    ]);
    const tenantAdmin = await createTenantAdmin(t, '730021');
    const own = await run({ dataSet: 'apiLog', definition: logDefinition }, tenantAdmin.token);
    expect(own.rows.map((r: { title: string }) => r.title)).toEqual(['report-log-tenant']);
    expect(own.grandTotal).toEqual([1]);
    // No server internals are fields of the data set.
    const hidden = await post('/run', {
      dataSet: 'apiLog',
      definition: { ...logDefinition, columns: ['serverHost'] },
    });
    expect(hidden.status).toBe(400);
    // The usual log's messages read as on its page, in the reader's language (issue 45).
    recordEvent(t.app.logWriter, t.store.timeZone, {
      tenantId: '000000',
      account: 'admin',
      logId: 'report-sms',
      message: { key: 'sms.log.sent', args: { smsCode: 'c1', phones: '13800000000', detail: 'ok' } },
    });
    await t.app.logWriter.flush();
    const events = await run({
      dataSet: 'usualLog',
      definition: {
        filters: [
          { field: 'logId', op: 'eq', defaultValue: 'report-sms' },
          { field: 'createBy', op: 'eq', defaultValue: 'admin' },
        ],
        columns: ['logData'],
        groupBy: [],
        aggregates: [],
        sort: [],
      },
    });
    expect(events.rows[0].logData).toBe('c1 → 13800000000：发送成功（ok）');

    const operator = await createOperator(t, [
      'report',
      'report_list',
      'report_list_view',
      'report_list_add',
    ]);
    const sets = (await get('/data-sets', operator.token)).body.data.map((s: { code: string }) => s.code);
    expect(sets).toContain('refund');
    expect(sets).not.toContain('apiLog');
    expect(sets).not.toContain('usualLog');
    for (const dataSet of ['apiLog', 'usualLog']) {
      const res = await post(
        '/run',
        {
          dataSet,
          definition: { ...logDefinition, filters: [], columns: ['requestUri'], groupBy: [] },
        },
        operator.token,
      );
      expect(res.status, dataSet).toBe(403);
      const saved = await post(
        '/submit',
        { name: 'logs', dataSet, definition: { ...logDefinition, filters: [], columns: ['requestUri'] } },
        operator.token,
      );
      expect(saved.status, dataSet).toBe(403);
    }
  });

  it('reads business records where the tenant’s are routed (storeFor), users from the main database', async () => {
    const testDb = await createTestDatabase(kind);
    const other = openDatabase(testDb.url, kind);
    try {
      await migrateToLatest(other.db);
      const routed: Store = {
        db: other.db,
        kind,
        ids: t.store.ids,
        timeZone: t.store.timeZone,
        routed: { datasourceId: '1', main: t.store },
      };
      const asked: string[] = [];
      const reports = new ReportService(t.store, {
        main: t.store,
        storeFor: async (tenant) => {
          asked.push(typeof tenant === 'string' ? tenant : tenant.tenantId);
          return routed;
        },
      });
      const server = { tenantId: '000000', userId: null, deptId: null };
      const refunds = await reports.run(server, { dataSet: 'refund', definition: refundDefinition }, 'zh');
      expect(refunds.total).toBe(0);
      expect(asked).toEqual(['000000']);
      const users = await reports.run(
        server,
        {
          dataSet: 'user',
          definition: {
            filters: [{ field: 'account', op: 'eq', defaultValue: 'admin' }],
            columns: ['account', 'realName'],
            groupBy: [],
            aggregates: [{ field: 'id', fn: 'count' }],
            sort: [],
          },
        },
        'zh',
      );
      expect(users.rows.map((r) => r.account)).toEqual(['admin']);
      expect(asked).toHaveLength(1);
    } finally {
      await other.close();
      await testDb.drop();
    }
  });
});

describe.each(enginesUnderTest())('reports on an older installation on %s', (kind) => {
  it('adds the report page’s new buttons to the roles holding it, and the two reports at the next start, once', async () => {
    const testDb = await createTestDatabase(kind);
    const database = openDatabase(testDb.url, kind);
    try {
      const db = database.db;
      const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo('0013-tenant-keys');
      expect(error).toBeUndefined();
      // An older seed: no blade_report yet, and the report page without its add and edit buttons.
      await seedDatabase(db, new IdGenerator(3), { regions: false, passwordChange: false });
      const added = ['report_list_add', 'report_list_edit'].map(menuId).map(BigInt);
      await db.deleteFrom('blade_role_menu').where('menu_id', 'in', added).execute();
      await db.deleteFrom('blade_menu').where('id', 'in', added).execute();

      await migrateToLatest(db);
      const holders = await db
        .selectFrom('blade_role_menu')
        .select('role_id')
        .where('menu_id', '=', BigInt(menuId('report_list_edit')))
        .execute();
      expect(holders.map((r) => String(r.role_id))).toEqual([SEED_IDS.administratorRole]);
      expect(await db.selectFrom('blade_report').select('id').execute()).toEqual([]);

      expect(await seedDatabase(db, new IdGenerator(4), { regions: false })).toBe(true);
      const reports = await db.selectFrom('blade_report').select(['id', 'tenant_id']).execute();
      expect(reports.map((r) => String(r.id)).sort()).toEqual(
        SEEDED_REPORTS.map((r) => seededReportId(r.key)).sort(),
      );
      expect(await seedDatabase(db, new IdGenerator(5), { regions: false })).toBe(false);
    } finally {
      await database.close();
      await testDb.drop();
    }
  });
});
