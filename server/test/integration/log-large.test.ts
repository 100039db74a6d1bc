import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseListQuery } from '../../src/core/list-query.js';
import { pageOf } from '../../src/core/repository/page.js';
import {
  LOG_COUNT_LIMIT,
  LogRepository,
  logTables,
  type LogRow,
} from '../../src/modules/log/log.repository.js';
import { enginesUnderTest } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Issue 21, part 3: a log's list counts at most LOG_COUNT_LIMIT rows and says so (totalExact:
// false), while a filter that narrows below the bound answers its exact total; the user page keeps
// its exact count; migration 0015's indexes exist on every engine.

const BULK = LOG_COUNT_LIMIT + 50;
const NEEDLES = 30;

describe.each(enginesUnderTest())('large lists on %s', (kind) => {
  let t: TestApp;
  const list = (log: string, query: string) =>
    t.call({ method: 'GET', url: `/api/blade-log/${log}/list?${query}` });

  beforeAll(async () => {
    t = await startTestApp(kind);
    const repo = new LogRepository(t.store);
    const start = Date.UTC(2026, 0, 1);
    const rows: LogRow[] = [];
    for (let i = 0; i < BULK; i++) {
      rows.push({
        id: BigInt(t.store.ids.next()),
        tenant_id: i % 2 === 0 ? '000000' : '100001',
        // One row a minute from 2026-01-01 00:00 UTC: the needles are the first NEEDLES rows.
        create_time: new Date(start + i * 60_000),
        method: 'GET',
        request_uri: i < NEEDLES ? '/api/bulk/Needle' : '/api/bulk/hay',
        create_by: 'bulk',
      } as LogRow);
    }
    await repo.insert('api', rows);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('stops counting at the bound and says the total is not exact', async () => {
    const res = await list('api', 'current=1&size=10&descs=createTime');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      total: LOG_COUNT_LIMIT,
      totalExact: false,
      size: 10,
      current: 1,
      pages: LOG_COUNT_LIMIT / 10,
    });
    expect(typeof res.body.data.total).toBe('number');
    expect(res.body.data.records).toHaveLength(10);
    // Newest first.
    const times = res.body.data.records.map((r: { createTime: string }) => r.createTime);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('reads a page past the bound, and its total reaches that far', async () => {
    const res = await list('api', 'current=1003&size=10&createBy_equal=bulk&descs=createTime');
    expect(res.status).toBe(200);
    expect(res.body.data.records).toHaveLength(10);
    expect(res.body.data).toMatchObject({ total: 10_030, totalExact: false, pages: 1003 });
    const last = await list('api', 'current=1006&size=10&createBy_equal=bulk&descs=createTime');
    expect(last.body.data.records).toHaveLength(0);
    expect(last.body.data).toMatchObject({ total: LOG_COUNT_LIMIT, totalExact: false });
  });

  it('answers the exact total when a filter narrows below the bound', async () => {
    const contains = await list('api', 'requestUri=needle&size=10');
    expect(contains.status).toBe(200);
    expect(contains.body.data.total).toBe(NEEDLES);
    expect(contains.body.data.pages).toBe(3);
    expect(contains.body.data).not.toHaveProperty('totalExact');
    expect(contains.body.data.records).toHaveLength(10);

    // 2026-01-01 00:00 to 01:59 UTC, the first 120 rows (TZ Asia/Shanghai: 08:00 to 09:59).
    const range = await list(
      'api',
      'createBy=bulk&createTime_dategt=2026-01-01%2007:59:59&createTime_datelt=2026-01-01%2010:00:00',
    );
    expect(range.body.data.total).toBe(120);
    expect(range.body.data).not.toHaveProperty('totalExact');

    // Exactly as many as the bound is still exact: every row after the 50th (00:49 UTC).
    const atBound = await list('api', 'createBy_equal=bulk&createTime_dategt=2026-01-01%2008:49:00&size=10');
    expect(atBound.body.data.total).toBe(LOG_COUNT_LIMIT);
    expect(atBound.body.data).not.toHaveProperty('totalExact');
  });

  it('reads at most the scan limit of rows to count a "contains" no index serves', async () => {
    const scoped = () => t.store.db.selectFrom('blade_log_api').where('create_by', '=', 'bulk');
    const page = (raw: Record<string, string>) =>
      pageOf(scoped(), parseListQuery(raw, logTables.api, t.store.timeZone), (row) => row, {
        countLimit: LOG_COUNT_LIMIT,
        scanLimit: 1000,
        db: t.store.db,
      });
    // 10,020 matches, of which the count sees those among 1,000 rows: a lower bound.
    const hay = await page({ requestUri: 'hay', size: '10' });
    expect(hay.totalExact).toBe(false);
    expect(hay.total).toBeGreaterThanOrEqual(10);
    expect(hay.total).toBeLessThanOrEqual(1000);
    expect(hay.records).toHaveLength(10);
    // A short page shows where the list ends: exact again.
    const needles = await page({ requestUri: 'needle', size: '50' });
    expect(needles.total).toBe(NEEDLES);
    expect(needles.totalExact).toBeUndefined();
    // Under the other filters fewer rows than the scan limit: the count is exact.
    const narrow = await page({ requestUri: 'needle', createTime_datelt: '2026-01-01 08:59:00', size: '10' });
    expect(narrow.total).toBe(NEEDLES);
    expect(narrow.totalExact).toBeUndefined();
    // Through the list call (scan limit 100,000 rows, more than the table holds): exact.
    const notLike = await list('api', 'createBy_equal=bulk&requestUri_notlike=hay&size=10');
    expect(notLike.body.data.total).toBe(NEEDLES);
    expect(notLike.body.data).not.toHaveProperty('totalExact');
  });

  it('keeps the exact count of the user page', async () => {
    const res = await t.call({ method: 'GET', url: '/api/blade-system/user/page?current=1&size=10' });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBeGreaterThanOrEqual(1);
    expect(res.body.data).not.toHaveProperty('totalExact');
  });

  it('has the indexes of migration 0015', async () => {
    const names = async (table: string): Promise<string[]> => {
      const db = t.store.db;
      if (kind === 'sqlite')
        return (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(db)
        ).rows.map((r) => r.name);
      if (kind === 'postgres')
        return (
          await sql<{
            name: string;
          }>`select indexname as name from pg_indexes where tablename = ${table}`.execute(db)
        ).rows.map((r) => r.name);
      return (
        await sql<{ name: string }>`select distinct index_name as name from information_schema.statistics
          where table_schema = database() and table_name = ${table}`.execute(db)
      ).rows.map((r) => r.name);
    };
    for (const table of ['blade_log_api', 'blade_log_error', 'blade_log_usual']) {
      const found = await names(table);
      expect(found).toEqual(expect.arrayContaining([`idx_${table}_time_id`, `idx_${table}_tenant_time_id`]));
      expect(found).not.toContain(`idx_${table}_time`);
      expect(found).not.toContain(`idx_${table}_tenant_time`);
    }
    expect(await names('blade_user')).toEqual(
      expect.arrayContaining([
        'idx_blade_user_tenant_live_id',
        'idx_blade_user_tenant_live_status',
        'idx_blade_user_tenant_live_account',
        'idx_blade_user_tenant_live_real_name',
      ]),
    );
    if (kind === 'postgres') {
      // pg_trgm is installed on the test server (the migration adds the trigram indexes only then).
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_extension
        where extname = 'pg_trgm'`.execute(t.store.db);
      if (rows[0]!.n > 0) {
        expect(await names('blade_log_api')).toEqual(
          expect.arrayContaining(['idx_blade_log_api_request_uri_trgm', 'idx_blade_log_api_create_by_trgm']),
        );
        expect(await names('blade_user')).toContain('idx_blade_user_account_trgm');
      }
    }
  });
});
