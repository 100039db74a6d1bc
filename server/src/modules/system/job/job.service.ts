import type { Job, JobHandlerInfo, JobInput, JobRun, Page } from '@console/contract';
import { JobInputSchema } from '@console/contract/schema';
import { Value } from 'typebox/value';
import { isPlatformAdminActor } from '../../../core/auth/principal.js';
import { EntityService, found, idsOf, inputValues } from '../../../core/entity-service.js';
import { badRequest, notFound } from '../../../core/errors.js';
import { formatDateTime, parseDateTime } from '../../../core/dates.js';
import { parseIdList } from '../../../core/ids.js';
import type { JobHandler, JobHandlers } from '../../../core/jobs/job-handlers.js';
import { parseListQuery } from '../../../core/list-query.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';
import { UserRepository } from '../../user/user.repository.js';
import { scheduleOf } from './job-schedule.js';
import { JobRunRepository, jobRunTable } from './job-run.repository.js';
import { JobRepository, jobTable } from './job.repository.js';
import type { Scheduler } from './scheduler.js';

// 定时任务 (issue 49): a tenant's jobs, each running a handler the server registers in code. Saving a
// job checks what the scheduler will rely on: the cron reads (with seconds), the handler exists and
// the tenant may use it (the platform's handlers are the platform tenant's), its parameters pass the
// handler's schema, and whom to tell are users of the tenant. Run now, pause and resume act on the
// caller's tenant's jobs, all of the ids or none; so does stopping runs (停止).

export class JobService extends EntityService<Job, JobInput, 'blade_job', JobRepository> {
  constructor(
    store: Store,
    private readonly handlerSet: JobHandlers,
    private readonly scheduler: Pick<Scheduler, 'runNow'>,
  ) {
    super(store, jobTable, (s) => new JobRepository(s));
  }

  /** The handlers the caller's tenant may give its jobs. */
  handlers(actor: Actor): JobHandlerInfo[] {
    return this.handlerSet
      .list()
      .filter((handler) => this.#mayUse(actor, handler))
      .map((handler) => ({
        name: handler.name,
        scope: handler.scope,
        title: handler.title,
        params: handler.params,
        stoppable: handler.stoppable === true,
      }));
  }

  #mayUse(actor: Actor, handler: JobHandler): boolean {
    return handler.scope === 'tenant' || isPlatformAdminActor(actor);
  }

  async submit(actor: Actor, input: JobInput): Promise<Job> {
    const values = inputValues(JobInputSchema, input);
    if (!scheduleOf(values.cron, this.store.timeZone))
      throw badRequest('job.cron.invalid', { cron: values.cron });
    const handler = this.handlerSet.get(values.handler);
    if (!handler || !this.#mayUse(actor, handler))
      throw badRequest('job.handler.unknown', { handler: values.handler });
    const params = paramsOf(handler, values.params);
    const notify = await this.#notified(actor, values.notifyUserIds);
    const id = input.id || undefined;
    return inTransaction(this.store, async (tx) => {
      const jobs = this.repositoryOn(tx);
      if (id !== undefined) found(await jobs.findById(actor, id));
      return this.save(jobs, actor, id, {
        ...values,
        params,
        notifyUserIds: notify,
        misfire: values.misfire ?? 'skip',
        retries: values.retries ?? 0,
        retryBackoffSeconds: values.retryBackoffSeconds ?? 60,
        status: values.status ?? 1,
      } as Partial<Job>);
    });
  }

  /** Whom to tell: users of the caller's tenant (comma-joined ids), or none. */
  async #notified(actor: Actor, raw: string | null): Promise<string | null> {
    if (raw === null || raw.trim() === '') return null;
    const ids = parseIdList(raw);
    if (!ids) throw badRequest('job.notifyUserIds.invalid');
    const users = await new UserRepository(this.store).findByIds({ ...actor, roleIds: [] }, ids);
    if (users.length !== ids.length) throw badRequest('job.notifyUserIds.invalid');
    return ids.join(',');
  }

  /** The next five times of a cron (wire text, the server's zone); 400 when it does not read. */
  nextRuns(cron: string): string[] {
    const schedule = scheduleOf(cron.trim(), this.store.timeZone);
    if (!schedule) throw badRequest('job.cron.invalid', { cron });
    return schedule.nextRuns(5).map((at) => formatDateTime(at, this.store.timeZone));
  }

  /** 执行一次: each job runs now in this process (all of the ids are the tenant's, or none runs). */
  async run(actor: Actor, rawIds: string): Promise<number> {
    const jobs = await this.#all(actor, rawIds);
    for (const job of jobs) await this.scheduler.runNow(job);
    return jobs.length;
  }

  /** Pauses (0) or resumes (1) the jobs: the scheduler reads them at its next look. */
  async setStatus(actor: Actor, rawIds: string, status: 0 | 1): Promise<number> {
    const jobs = await this.#all(actor, rawIds);
    const repository = this.repositoryOn(this.store);
    for (const job of jobs) await repository.update(actor, job.id, { status });
    return jobs.length;
  }

  async #all(actor: Actor, rawIds: string): Promise<Job[]> {
    const ids = idsOf(rawIds);
    const jobs = await this.repositoryOn(this.store).findByIds(actor, ids);
    if (jobs.length !== ids.length) throw notFound();
    return jobs;
  }

  /**
   * 停止: the runs (of the caller's tenant's jobs) end now as stopped, `by` whom; the processes
   * running them abort their handlers at their next look. All of the ids or none: each must be
   * running, of a handler that can stop.
   */
  async stopRuns(actor: Actor, rawIds: string, by: string): Promise<number> {
    const runs = new JobRunRepository(this.store);
    const jobs = this.repositoryOn(this.store);
    const chosen = await Promise.all(
      idsOf(rawIds).map(async (id) => found(await runs.findById(actor.tenantId, id))),
    );
    for (const run of chosen) {
      if (run.outcome !== 'running') throw badRequest('job.run.notRunning', { id: run.id });
      const job = await jobs.findById(actor, run.jobId);
      const handler = job ? this.handlerSet.get(job.handler) : undefined;
      if (!handler?.stoppable)
        throw badRequest('job.run.notStoppable', { handler: job?.handler ?? run.jobId });
    }
    const now = new Date();
    let stopped = 0;
    for (const run of chosen) {
      const started = parseDateTime(run.startTime, this.store.timeZone)?.instant ?? now;
      // One that ended meanwhile keeps how it ended.
      if (await runs.stop(run.id, `stopped by ${by}`, now.getTime() - started.getTime(), now)) stopped++;
    }
    return stopped;
  }

  /** The run log of the caller's tenant's jobs, newest first unless the query sorts otherwise. */
  async runs(actor: Actor, query: Record<string, unknown>): Promise<Page<JobRun>> {
    const parsed = parseListQuery(query, jobRunTable, this.store.timeZone);
    if (parsed.orders.length === 0)
      parsed.orders.push({ column: jobRunTable.byName.get('id')!, direction: 'desc' });
    const page = await new JobRunRepository(this.store).page(actor.tenantId, parsed);
    const names = await this.#names(
      actor,
      page.records.map((run) => run.jobId),
    );
    return {
      ...page,
      records: page.records.map((run) => ({ ...run, jobName: names.get(run.jobId) ?? null })),
    };
  }

  async runDetail(actor: Actor, id: string): Promise<JobRun> {
    const run = found(await new JobRunRepository(this.store).findById(actor.tenantId, id));
    return { ...run, jobName: (await this.#names(actor, [run.jobId])).get(run.jobId) ?? null };
  }

  async #names(actor: Actor, jobIds: readonly string[]): Promise<Map<string, string>> {
    const jobs = await this.repositoryOn(this.store).findByIds(actor, [...new Set(jobIds)]);
    return new Map(jobs.map((job) => [job.id, job.jobName]));
  }
}

/** The parameters as JSON text that passes the handler's schema (`{}` when none are given). */
function paramsOf(handler: JobHandler, text: string | null): string {
  let parsed: unknown;
  try {
    parsed = text === null || text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw badRequest('job.params.invalid', { reason: 'JSON' });
  }
  if (!Value.Check(handler.params, parsed)) {
    const [first] = Value.Errors(handler.params, parsed);
    const path = (first as { instancePath?: string } | undefined)?.instancePath || '/';
    throw badRequest('job.params.invalid', { reason: `${path} ${first?.message ?? ''}`.trim() });
  }
  return JSON.stringify(parsed);
}
