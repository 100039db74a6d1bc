import type { JobOutcome, JobRun, JobTrigger, Page } from '@console/contract';
import type { Kysely } from 'kysely';
import type { ListQuery } from '../../../core/list-query.js';
import { pageOf } from '../../../core/repository/page.js';
import type { Store } from '../../../core/repository/store.js';
import { defineTable, rowToEntity, type FieldSpec } from '../../../core/repository/table.js';
import { unscoped } from '../../../core/repository/unscoped.js';
import { isUniqueViolation } from '../../../db/errors.js';
import type { Database } from '../../../db/schema.js';

// blade_job_run (migration 0024): the runs of the jobs. A run is claimed by inserting its row; the
// unique (job_id, scheduled_time, attempt) lets exactly one process of all those sharing the
// database have it. No audit columns: reads are scoped here, by tenant unless the caller sees all.

const RUN_FIELDS: Record<string, FieldSpec> = {
  id: ['id', { filter: true, sort: true, readOnly: true }],
  jobId: ['id', { filter: true }],
  scheduledTime: ['datetime', { filter: true, sort: true }],
  attempt: ['int', {}],
  triggerKind: ['string', { filter: true }],
  outcome: ['string', { filter: true, sort: true }],
  process: ['string', { filter: true }],
  startTime: ['datetime', { filter: true, sort: true }],
  endTime: ['datetime', {}],
  durationMs: ['int', { sort: true }],
  output: ['string', {}],
  createTime: ['datetime', { filter: true, sort: true }],
};

/** A run as stored (the log's list adds the job's name). */
export type StoredJobRun = Omit<JobRun, 'jobName'>;

export const jobRunTable = defineTable<StoredJobRun, 'blade_job_run'>(
  'blade_job_run',
  { tenantScoped: true, audit: false },
  RUN_FIELDS,
);

/** A run to claim. */
export interface RunClaim {
  tenantId: string;
  jobId: string;
  scheduledTime: Date;
  attempt: number;
  trigger: JobTrigger;
  process: string;
  /** Running: when its lease ends; skipped: now. */
  leaseUntil: Date;
  /** running, or skipped for a missed time that is not run. */
  outcome: Extract<JobOutcome, 'running' | 'skipped'>;
}

/** A running run whose lease ended: its process died, or let it go at a drain. */
export interface ExpiredRun {
  id: string;
  jobId: string;
  scheduledTime: Date;
  attempt: number;
}

const CHUNK = 500;

export class JobRunRepository {
  readonly #db: Kysely<Database>;

  constructor(private readonly store: Store) {
    this.#db = unscoped(store);
  }

  /** Inserts the run; its id, or undefined when another process has the same run already. */
  async claim(claim: RunClaim): Promise<string | undefined> {
    const id = this.store.ids.next();
    const now = new Date();
    try {
      await this.#db
        .insertInto('blade_job_run')
        .values({
          id: BigInt(id),
          tenant_id: claim.tenantId,
          job_id: BigInt(claim.jobId),
          scheduled_time: claim.scheduledTime,
          attempt: claim.attempt,
          trigger_kind: claim.trigger,
          outcome: claim.outcome,
          process: claim.process,
          start_time: now,
          lease_until: claim.leaseUntil,
          end_time: claim.outcome === 'skipped' ? now : null,
          duration_ms: null,
          output: null,
          create_time: now,
        })
        .execute();
      return id;
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  /** Ends a running run (only while it is still running: a run marked lost stays lost). */
  async finish(id: string, outcome: JobOutcome, output: string | null, durationMs: number): Promise<boolean> {
    const result = await this.#db
      .updateTable('blade_job_run')
      .set({ outcome, output, duration_ms: durationMs, end_time: new Date() })
      .where('id', '=', BigInt(id))
      .where('outcome', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Stops a running run (停止): it ends now as stopped, with who stopped it as its output; false when
   * it had ended already. The process running it sees that at its next look and aborts the handler.
   */
  async stop(id: string, output: string, durationMs: number, now: Date): Promise<boolean> {
    const result = await this.#db
      .updateTable('blade_job_run')
      .set({ outcome: 'stopped', output, duration_ms: durationMs, end_time: now })
      .where('id', '=', BigInt(id))
      .where('outcome', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Those of the runs (this process's running ones) that ended meanwhile: stopped by a user. */
  async ended(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.#db
      .selectFrom('blade_job_run')
      .select('id')
      .where('id', 'in', ids.slice(0, CHUNK).map(BigInt))
      .where('outcome', '<>', 'running')
      .execute();
    return rows.map((row) => String(row.id));
  }

  /** Running runs whose lease ended before `now`. */
  async expired(now: Date): Promise<ExpiredRun[]> {
    const rows = await this.#db
      .selectFrom('blade_job_run')
      .select(['id', 'job_id', 'scheduled_time', 'attempt'])
      .where('outcome', '=', 'running')
      .where('lease_until', '<', now)
      .limit(CHUNK)
      .execute();
    return rows.map((row) => ({
      id: String(row.id),
      jobId: String(row.job_id),
      scheduledTime: new Date(row.scheduled_time as string | Date),
      attempt: Number(row.attempt),
    }));
  }

  /** Marks an expired run lost; true for the one process that did (of several sweeping at once). */
  async markLost(id: string, now: Date): Promise<boolean> {
    const result = await this.#db
      .updateTable('blade_job_run')
      .set({ outcome: 'lost', end_time: now, output: 'lease expired' })
      .where('id', '=', BigInt(id))
      .where('outcome', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Lets runs go (a drain): their leases end now, and another process marks them lost. */
  async release(ids: readonly string[], now: Date): Promise<void> {
    for (let i = 0; i < ids.length; i += CHUNK)
      await this.#db
        .updateTable('blade_job_run')
        .set({ lease_until: now })
        .where('id', 'in', ids.slice(i, i + CHUNK).map(BigInt))
        .where('outcome', '=', 'running')
        .execute();
  }

  /** The latest scheduled time of the job's runs (of any attempt and trigger), if it has any. */
  async lastScheduled(jobId: string): Promise<Date | undefined> {
    const row = await this.#db
      .selectFrom('blade_job_run')
      .select((eb) => eb.fn.max('scheduled_time').as('last'))
      .where('job_id', '=', BigInt(jobId))
      .executeTakeFirst();
    return row?.last ? new Date(row.last as string | Date) : undefined;
  }

  /** tenantId null: every tenant's runs (the platform administrator). */
  #scoped(tenantId: string | null) {
    const q = this.#db.selectFrom('blade_job_run');
    return tenantId === null ? q : q.where('tenant_id', '=', tenantId);
  }

  page(tenantId: string | null, query: ListQuery): Promise<Page<StoredJobRun>> {
    return pageOf(this.#scoped(tenantId), query, (row) =>
      rowToEntity<StoredJobRun>(jobRunTable, row, this.store.timeZone),
    );
  }

  async findById(tenantId: string | null, id: string): Promise<StoredJobRun | undefined> {
    const row = await this.#scoped(tenantId).selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
    return row ? rowToEntity<StoredJobRun>(jobRunTable, row, this.store.timeZone) : undefined;
  }

  /** Deletes the runs created before the instant (retention); answers how many. */
  async purge(before: Date): Promise<number> {
    const result = await this.#db
      .deleteFrom('blade_job_run')
      .where('create_time', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
