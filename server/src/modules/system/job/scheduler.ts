import type { Job, JobOutcome, JobTrigger } from '@console/contract';
import { JOB_LIMITS } from '@console/contract';
import type { FastifyBaseLogger } from 'fastify';
import { parseDateTime } from '../../../core/dates.js';
import type { JobHandlers } from '../../../core/jobs/job-handlers.js';
import type { Store } from '../../../core/repository/store.js';
import type { JobOwners } from './job-owner.js';
import { scheduleOf, timesBetween } from './job-schedule.js';
import { JobRunRepository } from './job-run.repository.js';
import { JobRepository } from './job.repository.js';

// The scheduler (issue 49), one in every server process. Each tick (a second) it reads the
// scheduled jobs and, for every cron time passed since its last tick, tries to claim the run by
// inserting its row: of all the processes sharing the database exactly one succeeds (the unique
// (job, time, attempt)), and that one runs it. A running run holds a lease (its timeout and a
// margin); every tick also sweeps runs whose lease ended — their process died, or let them go at a
// drain — marking each lost (one process wins that too) and retrying it by the job's rule.
// A failure (or timeout) is retried with back-off while the job allows; the last one tells the
// job's owners. A run a user stops (停止) ends in its row at once; its process aborts the handler at
// its next look. At start, the latest time a job missed while no process ran is skipped (recorded)
// or run once, late, by its misfire rule.

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's scheduler (job.plugin.ts): main.ts stops it at a drain. */
    scheduler: Scheduler;
  }
}

export interface SchedulerOptions {
  /** How often the scheduler looks (ms). */
  tickMs: number;
  /** A lease lasts the job's timeout and this much more (ms). */
  leaseMarginMs: number;
}

export const SCHEDULER_DEFAULTS: SchedulerOptions = { tickMs: 1000, leaseMarginMs: 30_000 };

/** A run that failed for good (after its retries): who should be told, and what. */
export interface FailedRun {
  job: Job;
  runId: string;
  outcome: Extract<JobOutcome, 'failure' | 'timeout' | 'lost'>;
  output: string | null;
}

export interface SchedulerDependencies {
  store: Store;
  handlers: JobHandlers;
  /** This process, as the run log shows it (host, pid, worker). */
  process: string;
  log: FastifyBaseLogger;
  /** Tells the job's owners (a message); never throws into the scheduler. */
  onFailure: (failed: FailedRun) => Promise<void>;
  /** A job's owner as its handler acts for them (job-owner.ts). */
  owners: Pick<JobOwners, 'actorOf'>;
}

/** A run in this process. */
interface Running {
  controller: AbortController;
  work: Promise<void>;
}

/**
 * At start, the times of this many ticks back are claimed as scheduled, not as misfires: a process
 * starting beside running ones would otherwise take a time the others were about to claim.
 */
const CATCH_UP_TICKS = 5;

/** At most this many times of one job are claimed in one tick (a tick that came late). */
const TIMES_PER_TICK = 10;

const clip = (text: string | null) =>
  text === null || text.length <= JOB_LIMITS.output ? text : `${text.slice(0, JOB_LIMITS.output - 1)}…`;

export class Scheduler {
  readonly #jobs: JobRepository;
  readonly #runs: JobRunRepository;
  readonly #options: SchedulerOptions;
  readonly #running = new Map<string, Running>();
  readonly #retries = new Set<NodeJS.Timeout>();
  /** Runs let go at a drain (another process takes them over) or stopped: not finished here. */
  readonly #released = new Set<string>();
  #checkedUntil = Date.now();
  #timer: NodeJS.Timeout | null = null;
  #ticking = false;
  #stopped = false;

  constructor(
    private readonly deps: SchedulerDependencies,
    options: Partial<SchedulerOptions> = {},
  ) {
    this.#jobs = new JobRepository(deps.store);
    this.#runs = new JobRunRepository(deps.store);
    this.#options = { ...SCHEDULER_DEFAULTS, ...options };
  }

  async start(): Promise<void> {
    // The last few ticks' times are claimed as scheduled (one of the processes already running may
    // have them; the unique row decides); only older ones are misfires.
    const now = Date.now();
    this.#checkedUntil = now - this.#options.tickMs * CATCH_UP_TICKS;
    await this.#misfires(new Date(this.#checkedUntil));
    this.#timer = setInterval(() => void this.tick(), this.#options.tickMs);
    this.#timer.unref();
  }

  /** How many runs this process has going. */
  get running(): number {
    return this.#running.size;
  }

  /** One look: the lost runs, then the times passed since the last look. Never throws. */
  async tick(): Promise<void> {
    if (this.#ticking || this.#stopped) return;
    this.#ticking = true;
    try {
      const now = Date.now();
      const from = this.#checkedUntil;
      await this.#sweep(new Date(now));
      await this.#stopEnded();
      for (const job of await this.#jobs.scheduled()) {
        const schedule = scheduleOf(job.cron, this.deps.store.timeZone);
        if (!schedule) continue;
        for (const at of timesBetween(schedule, new Date(from), new Date(now), TIMES_PER_TICK))
          void this.#run(job, at, 0, 'schedule');
      }
      this.#checkedUntil = now;
    } catch (err) {
      // The database away: the next tick looks again from where this one began.
      this.deps.log.error({ err }, 'the scheduler could not look at its jobs');
    } finally {
      this.#ticking = false;
    }
  }

  /** 执行一次: a run of the job now, in this process; its id, once claimed. */
  async runNow(job: Job): Promise<string | undefined> {
    return this.#run(job, new Date(), 0, 'manual');
  }

  /**
   * The drain: no more runs start; those running get `drainMs` to end, then they are stopped (their
   * signal aborted) and let go: their leases end, and another process marks them lost and retries
   * them by their rule. No run is counted twice: a run let go is not finished here.
   */
  async stop(drainMs: number): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    for (const retry of this.#retries) clearTimeout(retry);
    this.#retries.clear();
    const works = [...this.#running.values()].map((running) => running.work);
    let waiting: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(works),
      new Promise((resolve) => (waiting = setTimeout(resolve, drainMs))),
    ]);
    clearTimeout(waiting);
    const left = [...this.#running.keys()];
    for (const id of left) this.#released.add(id);
    if (left.length > 0) await this.#runs.release(left, new Date());
    // Told to stop only once let go: what their handlers answer then is not recorded here.
    for (const running of this.#running.values()) running.controller.abort();
  }

  /** Claims the run and, once claimed, runs it in the background; answers its id. */
  async #run(job: Job, at: Date, attempt: number, trigger: JobTrigger): Promise<string | undefined> {
    if (this.#stopped) return undefined;
    const timeoutMs = job.timeoutSeconds * 1000;
    const started = Date.now();
    const id = await this.#runs.claim({
      tenantId: job.tenantId,
      jobId: job.id,
      scheduledTime: at,
      attempt,
      trigger,
      process: this.deps.process,
      leaseUntil: new Date(started + timeoutMs + this.#options.leaseMarginMs),
      outcome: 'running',
    });
    if (id === undefined) return undefined;
    const controller = new AbortController();
    const work = this.#work(job, controller, timeoutMs)
      .then(async ({ outcome, output }) => {
        // A run let go at a drain, or stopped, is not finished here (one marked lost is not either:
        // finish() changes running rows only).
        if (this.#released.has(id)) return;
        const finished = await this.#runs.finish(id, outcome, clip(output), Date.now() - started);
        if (finished && outcome !== 'success')
          await this.#failed({ job, runId: id, outcome, output }, at, attempt);
      })
      .catch((err: unknown) => this.deps.log.error({ err, jobId: job.id }, 'a job run could not be recorded'))
      .finally(() => {
        this.#running.delete(id);
        this.#released.delete(id);
      });
    this.#running.set(id, { controller, work });
    return id;
  }

  /** The handler's work under the job's timeout: what came of it. */
  async #work(
    job: Job,
    controller: AbortController,
    timeoutMs: number,
  ): Promise<{ outcome: Extract<JobOutcome, 'success' | 'failure' | 'timeout'>; output: string | null }> {
    const handler = this.deps.handlers.get(job.handler);
    if (!handler) return { outcome: 'failure', output: `no handler ${job.handler}` };
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve('timeout');
      }, timeoutMs);
    });
    try {
      const params: unknown = job.params ? JSON.parse(job.params) : {};
      const done = handler.run({
        actor: { tenantId: job.tenantId, userId: null, deptId: null },
        jobName: job.jobName,
        params,
        owner: (button) => this.deps.owners.actorOf(job, button),
        signal: controller.signal,
      });
      // A handler that does not stop at the signal is recorded as timed out all the same.
      const result = await Promise.race([done, timedOut]);
      if (result === 'timeout')
        return { outcome: 'timeout', output: `timed out after ${job.timeoutSeconds} s` };
      return { outcome: 'success', output: typeof result === 'string' ? result : null };
    } catch (err) {
      // The error's message only: no stack, which may show paths and internals.
      return { outcome: 'failure', output: err instanceof Error ? err.message : String(err) };
    } finally {
      clearTimeout(timer);
    }
  }

  /** A run failed: retried after its back-off while the job allows, else its owners are told. */
  async #failed(failed: FailedRun, at: Date, attempt: number): Promise<void> {
    const { job } = failed;
    if (attempt < job.retries && !this.#stopped) {
      const retry = setTimeout(
        () => {
          this.#retries.delete(retry);
          // The job as it is now: edited, paused or removed meanwhile.
          void this.#jobs
            .anyTenant(job.id)
            .then((current) =>
              current && current.status === 1 ? this.#run(current, at, attempt + 1, 'retry') : undefined,
            )
            .catch((err: unknown) => this.deps.log.error({ err, jobId: job.id }, 'a job retry failed'));
        },
        job.retryBackoffSeconds * 1000 * 2 ** attempt,
      );
      retry.unref();
      this.#retries.add(retry);
      return;
    }
    await this.deps
      .onFailure(failed)
      .catch((err: unknown) =>
        this.deps.log.error({ err, jobId: job.id }, 'a failed job’s owners could not be told'),
      );
  }

  /**
   * This process's runs that a user stopped (their rows ended meanwhile, on whichever process the
   * call came): their handlers are told to stop, and what they answer is not recorded.
   */
  async #stopEnded(): Promise<void> {
    for (const id of await this.#runs.ended([...this.#running.keys()])) {
      const running = this.#running.get(id);
      if (!running || this.#released.has(id)) continue;
      this.#released.add(id);
      running.controller.abort();
    }
  }

  /** Runs whose lease ended: marked lost (by one process), then retried or reported. */
  async #sweep(now: Date): Promise<void> {
    for (const expired of await this.#runs.expired(now)) {
      if (!(await this.#runs.markLost(expired.id, now))) continue;
      const job = await this.#jobs.anyTenant(expired.jobId);
      if (!job) continue;
      if (expired.attempt < job.retries)
        void this.#run(job, expired.scheduledTime, expired.attempt + 1, 'retry');
      else
        await this.deps
          .onFailure({ job, runId: expired.id, outcome: 'lost', output: 'lease expired' })
          .catch((err: unknown) =>
            this.deps.log.error({ err, jobId: job.id }, 'a lost job’s owners could not be told'),
          );
    }
  }

  /**
   * At start: the latest time each job missed while no process ran (after its last run, or its
   * creation, and before `now`: the start's catch-up) is recorded skipped, or run once, late, by
   * the job's misfire rule. Several processes starting at once claim it once.
   */
  async #misfires(now: Date): Promise<void> {
    for (const job of await this.#jobs.scheduled()) {
      const schedule = scheduleOf(job.cron, this.deps.store.timeZone);
      const latest = schedule?.previousRuns(1, now)[0];
      if (!latest) continue;
      // The job's creation time is wire text in the server's zone.
      const created = job.createTime
        ? parseDateTime(job.createTime, this.deps.store.timeZone)?.instant
        : undefined;
      const since = (await this.#runs.lastScheduled(job.id)) ?? created ?? now;
      if (latest <= since) continue;
      if (job.misfire === 'once') await this.#run(job, latest, 0, 'misfire');
      else
        await this.#runs.claim({
          tenantId: job.tenantId,
          jobId: job.id,
          scheduledTime: latest,
          attempt: 0,
          trigger: 'misfire',
          process: this.deps.process,
          leaseUntil: now,
          outcome: 'skipped',
        });
    }
  }
}
