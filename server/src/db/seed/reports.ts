import { PLATFORM_TENANT_ID, type ReportDefinition } from '@console/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { menuId, type SeedAudit } from './menus.js';
import { isUniqueViolation } from '../errors.js';

// The two reports an operator of the fleet wants on day one (issue 19), in the platform tenant.
// Stable ids: each is seeded once, on a new database or at the first start of an older one; a
// seeded report an administrator removed (soft-deleted, its row still there) is not brought back.

export const SEEDED_REPORTS: Array<{
  key: string;
  name: string;
  dataSet: string;
  definition: ReportDefinition;
}> = [
  {
    key: 'refunds-by-hospital-month',
    name: '退款统计（按医院、月份）',
    dataSet: 'refund',
    definition: {
      filters: [
        { field: 'applyTime', op: 'gte' },
        { field: 'applyTime', op: 'lte' },
        { field: 'hospitalId', op: 'eq' },
      ],
      columns: ['orderNo', 'hospitalId', 'machineNo', 'slotNo', 'refundAmount', 'applyTime', 'reviewStatus'],
      groupBy: ['hospitalId', 'applyTime:month'],
      aggregates: [
        { field: 'id', fn: 'count' },
        { field: 'refundAmount', fn: 'sum' },
      ],
      sort: [{ field: 'applyTime', dir: 'desc' }],
      chart: { type: 'bar', groupField: 'applyTime:month', valueAggregate: 1 },
    },
  },
  {
    key: 'machines-by-hospital-status',
    name: '机器统计（按医院、运行状态）',
    dataSet: 'machine',
    definition: {
      filters: [
        { field: 'hospitalId', op: 'eq' },
        { field: 'runStatus', op: 'eq' },
      ],
      columns: ['machineNo', 'machineName', 'hospitalId', 'runStatus', 'slotCount', 'lastHeartbeatTime'],
      groupBy: ['hospitalId', 'runStatus'],
      aggregates: [
        { field: 'id', fn: 'count' },
        { field: 'slotCount', fn: 'sum' },
      ],
      sort: [{ field: 'machineNo', dir: 'asc' }],
      chart: { type: 'bar', groupField: 'hospitalId', valueAggregate: 0 },
    },
  },
];

export const seededReportId = (key: string) => menuId(`blade_report:${key}`);

/** Inserts the seeded reports not there yet (removed ones count as there); answers how many. */
export async function seedReports(db: Kysely<Database>, audit: SeedAudit): Promise<number> {
  // A schema migrated only part of the way (before 0014) has no reports to seed yet.
  const tables = await db.introspection.getTables();
  if (!tables.some((t) => t.name === 'blade_report')) return 0;
  let added = 0;
  for (const report of SEEDED_REPORTS) {
    const id = BigInt(seededReportId(report.key));
    const present = await db.selectFrom('blade_report').select('id').where('id', '=', id).executeTakeFirst();
    if (present) continue;
    try {
      await db
        .insertInto('blade_report')
        .values({
          id,
          tenant_id: PLATFORM_TENANT_ID,
          name: report.name,
          data_set: report.dataSet,
          definition: JSON.stringify(report.definition),
          author: 'admin',
          ...audit,
        })
        .execute();
      added++;
    } catch (error) {
      // Another process starting at the same moment seeded it first: it is there, as wanted.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return added;
}
