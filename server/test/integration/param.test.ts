import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/db/seed/seed.js';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const BASE = '/api/blade-system/param';

describe.each(oneEngineFor(import.meta.url))('parameters on %s', (kind) => {
  let t: TestApp;

  const submit = (body: object, language = 'zh-CN') =>
    t.call({
      method: 'POST',
      url: `${BASE}/submit`,
      payload: body,
      headers: { 'accept-language': language },
    });
  const list = (query: string) => t.call({ method: 'GET', url: `${BASE}/list?${query}` });

  beforeAll(async () => {
    t = await startTestApp(kind);
    // 25 parameters with names that exercise case, wildcards and Chinese text.
    for (let i = 1; i <= 25; i++) {
      const name = i % 5 === 0 ? `Alpha 参数 ${i}` : i === 7 ? 'ratio 100%_done' : `beta 名称 ${i}`;
      const res = await submit({
        paramName: name,
        paramKey: `bench.key.${String(i).padStart(2, '0')}`,
        paramValue: `v${i}`,
      });
      expect(res.status).toBe(200);
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  it('lists the seeded parameters with a page envelope', async () => {
    const res = await list('current=1&size=10&paramKey_like=account.');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.records.map((r: { paramKey: string }) => r.paramKey).sort()).toEqual([
      'account.initPassword',
      'account.registerUser',
    ]);
    const record = res.body.data.records[0];
    expect(typeof record.id).toBe('string');
    expect(record.id).toMatch(/^\d{18,19}$/);
    expect(record.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(record.isDeleted).toBe(0);
    expect(record.status).toBe(1);
  });

  it('pages in the database: totals, pages and the second page', async () => {
    const first = await list('current=1&size=10&paramKey_like=bench.key.&ascs=paramKey');
    expect(first.body.data).toMatchObject({ total: 25, size: 10, current: 1, pages: 3 });
    expect(first.body.data.records).toHaveLength(10);
    const third = await list('current=3&size=10&paramKey_like=bench.key.&ascs=paramKey');
    expect(third.body.data.records.map((r: { paramKey: string }) => r.paramKey)).toEqual([
      'bench.key.21',
      'bench.key.22',
      'bench.key.23',
      'bench.key.24',
      'bench.key.25',
    ]);
    const beyond = await list('current=9&size=10&paramKey_like=bench.key.');
    expect(beyond.body.data).toMatchObject({ total: 25, current: 9, records: [] });
  });

  it('filters: contains is case-insensitive, wildcards are literal, operators by suffix', async () => {
    expect((await list('paramName=ALPHA')).body.data.total).toBe(5);
    expect((await list(`paramName=${encodeURIComponent('参数')}`)).body.data.total).toBe(5);
    expect((await list(`paramName=${encodeURIComponent('%_')}`)).body.data.total).toBe(1);
    expect((await list(`paramName=${encodeURIComponent('_')}`)).body.data.records[0].paramName).toBe(
      'ratio 100%_done',
    );
    expect((await list('paramKey_equal=bench.key.05')).body.data.total).toBe(1);
    expect((await list('paramKey_like=bench.key.&paramName_notlike=beta')).body.data.total).toBe(6);
    expect((await list('paramKey_like=bench.key.&paramKey_notequal=bench.key.05')).body.data.total).toBe(24);
    expect((await list('paramKey_like=bench.key.&paramKey_gt=bench.key.20')).body.data.total).toBe(5);
    expect((await list('paramKey_like=bench.key.&remark_null=1')).body.data.total).toBe(25);
    expect((await list('paramKey_like=bench.key.&remark_notnull=1')).body.data.total).toBe(0);
    // Empty values and unknown fields are ignored.
    expect((await list('paramKey_like=bench.key.&paramName=&nosuch=1&password=x')).body.data.total).toBe(25);
  });

  it('filters by creation date with createTime_dategt and createTime_datelt', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const all = await list(`paramKey_like=bench.key.&createTime_dategt=${today}&createTime_datelt=${today}`);
    expect(all.body.data.total).toBe(25);
    const none = await list(`paramKey_like=bench.key.&createTime_datelt=2000-01-01`);
    expect(none.body.data.total).toBe(0);
    const future = await list(
      `paramKey_like=bench.key.&createTime_dategt=${encodeURIComponent('2999-01-01 00:00:00')}`,
    );
    expect(future.body.data.total).toBe(0);
    const bad = await list('createTime_dategt=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('createTime_dategt');
  });

  it('sorts by whitelisted columns only', async () => {
    const desc = await list('paramKey_like=bench.key.&descs=param_key&size=3');
    expect(desc.body.data.records.map((r: { paramKey: string }) => r.paramKey)).toEqual([
      'bench.key.25',
      'bench.key.24',
      'bench.key.23',
    ]);
    const bad = await list(`descs=${encodeURIComponent('param_key;drop table blade_param')}`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 400, success: false, data: null });
    expect((await list('descs=paramValue')).status).toBe(400); // declared, but not sortable
  });

  it('refuses page sizes above 200 and bad page numbers', async () => {
    expect((await list('size=200')).status).toBe(200);
    const big = await list('size=201');
    expect(big.status).toBe(400);
    expect(big.body.msg).toContain('200');
    expect((await list('size=0')).status).toBe(400);
    expect((await list('current=-1')).status).toBe(400);
    expect((await list('current=abc')).status).toBe(400);
  });

  it('treats injection attempts as plain values', async () => {
    const res = await list(
      `paramName=${encodeURIComponent("' or 1=1 --")}&paramKey_equal=${encodeURIComponent("x' or '1'='1")}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(0);
    const count = await list('size=200');
    expect(count.body.data.total).toBe(27);
  });

  it('submits: validation messages in the spec wording, both languages, nothing stored', async () => {
    const missing = await submit({ paramKey: 'x.y', paramValue: 'v' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 400, success: false, msg: '请输入参数名称' });
    expect((await submit({ paramName: 'n', paramKey: '  ', paramValue: 'v' })).body.msg).toBe(
      '请输入参数键名',
    );
    expect((await submit({ paramName: 'n', paramKey: 'k' })).body.msg).toBe('请输入参数键值');
    expect((await submit({ paramName: '', paramValue: 'v' }, 'en-US,en;q=0.9')).body.msg).toBe(
      'Please enter the parameter name',
    );
    expect((await submit({ paramName: 'n', paramValue: 'v' }, 'en')).body.msg).toBe(
      'Please enter the parameter key',
    );
    expect((await submit({ paramName: 'n', paramKey: 'k' }, 'en')).body.msg).toBe(
      'Please enter the parameter value',
    );
    const tooLong = await submit({ paramName: 'x'.repeat(256), paramKey: 'k', paramValue: 'v' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.msg).toBe('参数名称不能超过255个字符');
    const longRemark = await submit(
      { paramName: 'n', paramKey: 'k', paramValue: 'v', remark: 'r'.repeat(256) },
      'en',
    );
    expect(longRemark.body.msg).toBe('remark must be at most 255 characters');
    expect((await list('size=200')).body.data.total).toBe(27);
  });

  it('creates, reads, updates and keeps keys unique', async () => {
    const created = await submit({
      paramName: '上传大小',
      paramKey: 'upload.maxSize',
      paramValue: '长文本'.repeat(5000),
      remark: 'r',
      tenantId: '999999',
      createUser: '1',
      isDeleted: 1,
    });
    expect(created.status).toBe(200);
    expect(created.body.msg).toBe('新增成功');
    const id = created.body.data.id as string;
    // Audit columns come from the signed-in caller, never from the body.
    expect(created.body.data).toMatchObject({
      paramKey: 'upload.maxSize',
      isDeleted: 0,
      createUser: SEED_IDS.admin,
    });
    expect(created.body.data.paramValue).toHaveLength(15000);

    const detail = await t.call({ method: 'GET', url: `${BASE}/detail?id=${id}` });
    expect(detail.body.data).toMatchObject({ id, paramName: '上传大小', remark: 'r' });

    const dup = await submit({ paramName: 'other', paramKey: 'upload.maxSize', paramValue: '1' });
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toContain('upload.maxSize');

    const updated = await submit({
      id,
      paramName: '上传上限',
      paramKey: 'upload.maxSize',
      paramValue: '10',
      remark: null,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.msg).toBe('更新成功');
    expect(updated.body.data).toMatchObject({ id, paramName: '上传上限', paramValue: '10', remark: null });
    expect(updated.body.data.createTime).toBe(created.body.data.createTime);

    const ghost = await submit({ id: '123456789', paramName: 'n', paramKey: 'ghost.key', paramValue: 'v' });
    expect(ghost.status).toBe(404);
  });

  it('detail answers 404 for a missing id and 400 for a malformed one', async () => {
    expect((await t.call({ method: 'GET', url: `${BASE}/detail?id=42` })).status).toBe(404);
    const bad = await t.call({ method: 'GET', url: `${BASE}/detail?id=1%20or%201=1` });
    expect(bad.status).toBe(400);
    // Beyond BIGINT: refused by the schema before PostgreSQL could fail the query with a 500.
    for (const id of ['9223372036854775808', '9999999999999999999']) {
      const beyond = await t.call({ method: 'GET', url: `${BASE}/detail?id=${id}` });
      expect(beyond.status, id).toBe(400);
    }
    expect((await t.call({ method: 'GET', url: `${BASE}/detail?id=9223372036854775807` })).status).toBe(404);
  });

  it('removes softly, all or nothing', async () => {
    const a = (await submit({ paramName: 'a', paramKey: 'remove.a', paramValue: '1' })).body.data
      .id as string;
    const b = (await submit({ paramName: 'b', paramKey: 'remove.b', paramValue: '1' })).body.data
      .id as string;

    const partial = await t.call({ method: 'POST', url: `${BASE}/remove?ids=${a},999999` });
    expect(partial.status).toBe(404);
    expect((await t.call({ method: 'GET', url: `${BASE}/detail?id=${a}` })).status).toBe(200);

    expect((await t.call({ method: 'POST', url: `${BASE}/remove?ids=` })).status).toBe(400);
    expect((await t.call({ method: 'POST', url: `${BASE}/remove?ids=a,b` })).status).toBe(400);

    const removed = await t.call({ method: 'POST', url: `${BASE}/remove?ids=${a},${b}` });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ success: true, msg: '删除成功' });
    expect((await t.call({ method: 'GET', url: `${BASE}/detail?id=${a}` })).status).toBe(404);
    expect((await list('paramKey_like=remove.')).body.data.total).toBe(0);

    // Soft delete: the row is still there, marked deleted, and its key may be used again.
    const row = await t.store.db
      .selectFrom('blade_param')
      .select('is_deleted')
      .where('id', '=', BigInt(a))
      .executeTakeFirst();
    expect(Number(row?.is_deleted)).toBe(1);
    expect((await submit({ paramName: 'a2', paramKey: 'remove.a', paramValue: '2' })).status).toBe(200);
  });
});
