import type { Job } from '@console/contract';
import { JobSchema } from '@console/contract/schema';
import type { Store } from '../../../core/repository/store.js';
import { TableRepository } from '../../../core/repository/table-repository.js';
import { defineTable, rowToEntity } from '../../../core/repository/table.js';
import { unscoped } from '../../../core/repository/unscoped.js';

/** Jobs (blade_job): each of a tenant; the platform's jobs are the platform tenant's. */
export const jobTable = defineTable(
  JobSchema,
  'blade_job',
  { tenantScoped: true },
  {
    kinds: { params: 'text' },
    filter: ['jobName', 'handler', 'remark'],
    sort: ['jobName', 'handler'],
  },
);

export class JobRepository extends TableRepository<Job, 'blade_job'> {
  constructor(store: Store) {
    super(store, jobTable);
  }

  /** Every tenant's live jobs that are scheduled (not paused): what the scheduler runs. */
  async scheduled(): Promise<Job[]> {
    const rows = await unscoped(this.store)
      .selectFrom('blade_job')
      .selectAll()
      .where('is_deleted', '=', 0)
      .where('status', '=', 1)
      .execute();
    return rows.map((row) => rowToEntity(jobTable, row, this.store.timeZone));
  }

  /** A live job of any tenant (a run being finished or retried). */
  async anyTenant(id: string): Promise<Job | undefined> {
    const row = await unscoped(this.store)
      .selectFrom('blade_job')
      .selectAll()
      .where('is_deleted', '=', 0)
      .where('id', '=', BigInt(id))
      .executeTakeFirst();
    return row ? rowToEntity(jobTable, row, this.store.timeZone) : undefined;
  }
}
