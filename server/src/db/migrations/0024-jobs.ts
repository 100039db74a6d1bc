import type { Kysely } from 'kysely';
import { PLATFORM_TENANT_ID } from '@console/contract';
import { insertMissingButtons } from '../seed/menu-additions.js';
import { menuId, systemAudit } from '../seed/menus.js';
import type { Database } from '../schema.js';
import { columnTypes, finish, kindOf, withAudit, withId } from '../column-types.js';

// Issue 49: scheduled jobs and their runs, and the monitor's pages.
// - blade_job: a job of a tenant (the platform's jobs are the platform tenant's): its handler (one the
//   server registers in code), the handler's parameters (JSON), a cron schedule with seconds, the
//   misfire rule, timeout, retries and back-off, and whom to tell when a run fails. `status` is
//   1 while it is scheduled, 0 while paused.
// - blade_job_run: one row per run. A run is claimed by inserting (job_id, scheduled_time, attempt):
//   the unique index lets one process of any number sharing the database have it, on every engine.
//   A running row holds a lease; a process that dies leaves it to expire, and the run is marked lost.
// The pages (系统监控 › 定时任务, 服务监控, 缓存监控) reach databases seeded before through the menu
// additions.

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = kindOf(db);
  const t = columnTypes(kind);
  const s = t.string;
  await finish(
    withAudit(
      withId(db.schema.createTable('blade_job'), kind)
        .addColumn('tenant_id', s(12), (c) => c.notNull())
        .addColumn('job_name', s(100), (c) => c.notNull())
        .addColumn('handler', s(64), (c) => c.notNull())
        .addColumn('params', t.text)
        .addColumn('cron', s(120), (c) => c.notNull())
        .addColumn('misfire', s(8), (c) => c.notNull().defaultTo('skip'))
        .addColumn('timeout_seconds', t.int, (c) => c.notNull().defaultTo(300))
        .addColumn('retries', t.int, (c) => c.notNull().defaultTo(0))
        .addColumn('retry_backoff_seconds', t.int, (c) => c.notNull().defaultTo(60))
        .addColumn('notify_user_ids', s(1000))
        .addColumn('remark', s(255)),
      kind,
    ),
    kind,
  ).execute();
  await db.schema
    .createIndex('idx_blade_job_tenant')
    .on('blade_job')
    .columns(['tenant_id', 'is_deleted'])
    .execute();

  await finish(
    withId(db.schema.createTable('blade_job_run'), kind)
      .addColumn('tenant_id', s(12), (c) => c.notNull())
      .addColumn('job_id', t.id, (c) => c.notNull())
      .addColumn('scheduled_time', t.datetime, (c) => c.notNull())
      .addColumn('attempt', t.int, (c) => c.notNull())
      .addColumn('trigger_kind', s(16), (c) => c.notNull())
      .addColumn('outcome', s(16), (c) => c.notNull())
      .addColumn('process', s(64), (c) => c.notNull())
      .addColumn('start_time', t.datetime, (c) => c.notNull())
      .addColumn('lease_until', t.datetime, (c) => c.notNull())
      .addColumn('end_time', t.datetime)
      .addColumn('duration_ms', t.int)
      .addColumn('output', s(2000))
      .addColumn('create_time', t.datetime, (c) => c.notNull()),
    kind,
  ).execute();
  await db.schema
    .createIndex('uk_blade_job_run_claim')
    .on('blade_job_run')
    .columns(['job_id', 'scheduled_time', 'attempt'])
    .unique()
    .execute();
  await db.schema
    .createIndex('idx_blade_job_run_tenant')
    .on('blade_job_run')
    .columns(['tenant_id', 'create_time'])
    .execute();
  await db.schema
    .createIndex('idx_blade_job_run_job')
    .on('blade_job_run')
    .columns(['job_id', 'create_time'])
    .execute();
  await db.schema
    .createIndex('idx_blade_job_run_lease')
    .on('blade_job_run')
    .columns(['outcome', 'lease_until'])
    .execute();
  await insertMissingButtons(db);
  const jobs = db as Kysely<Database>;
  for (const [index, job] of HOUSEKEEPING_JOBS.entries())
    await jobs
      .insertInto('blade_job')
      .values({
        // Stable ids, as the seed's menus have: the same jobs on every installation.
        id: BigInt(menuId(`blade_job:${job.handler}`)),
        tenant_id: PLATFORM_TENANT_ID,
        job_name: job.jobName,
        handler: job.handler,
        params: '{}',
        cron: job.cron,
        misfire: 'skip',
        timeout_seconds: 600,
        retries: 1,
        retry_backoff_seconds: 60 * (index + 1),
        notify_user_ids: null,
        remark: null,
        ...systemAudit(),
      })
      .execute();
}

/**
 * The platform's housekeeping, as jobs (issue 49: the purges that ran on a timer in every process now
 * run once an hour across all of them, and the platform administrator can see, pause or reschedule
 * them): log, message and job-run retention and expired sessions' rows, each at its own minute. Added once, as the platform
 * tenant's.
 */
export const HOUSEKEEPING_JOBS = [
  { jobName: '日志清理', handler: 'log-retention', cron: '0 0 * * * *' },
  { jobName: '消息清理', handler: 'message-retention', cron: '0 5 * * * *' },
  { jobName: '运行日志清理', handler: 'job-run-retention', cron: '0 10 * * * *' },
  { jobName: '会话清理', handler: 'session-purge', cron: '0 15 * * * *' },
] as const;
