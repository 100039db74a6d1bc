import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { translate } from '../../../core/i18n.js';
import type { JobHandlers } from '../../../core/jobs/job-handlers.js';
import type { Store } from '../../../core/repository/store.js';
import type { MessageService } from '../../desk/message/message.service.js';
import type { AccountStates } from '../../../core/auth/account-states.js';
import type { Permissions } from '../../../core/auth/permissions.js';
import { JobOwners } from './job-owner.js';
import { jobRoutes, jobRunRoutes } from './job.routes.js';
import { JobService } from './job.service.js';
import { Scheduler, type FailedRun, type SchedulerOptions } from './scheduler.js';

export interface JobsDependencies {
  store: Store;
  handlers: JobHandlers;
  messages: MessageService;
  /** The scheduler's timing (tests make it quicker). */
  scheduler?: Partial<SchedulerOptions>;
  /** Whose tokens count, and what their roles give: a handler acts for its job's owner. */
  accounts: Pick<AccountStates, 'get'>;
  permissions: Pick<Permissions, 'rightsOf'>;
}

/**
 * Scheduled jobs (issue 49): the routes, and this process's scheduler, started once the app is
 * ready and stopped when it closes (main.ts stops it first at a drain, giving runs the drain window).
 */
export async function registerJobs(app: FastifyInstance, deps: JobsDependencies): Promise<void> {
  const { store, messages } = deps;
  const scheduler = new Scheduler(
    {
      store,
      handlers: deps.handlers,
      process: `${hostname()}:${process.pid}`,
      log: app.log,
      onFailure: (failed) => tellOwners(messages, failed),
      owners: new JobOwners(store, deps.accounts, deps.permissions),
    },
    deps.scheduler,
  );
  app.decorate('scheduler', scheduler);
  const jobs = new JobService(store, deps.handlers, scheduler);
  await app.register(jobRoutes, { prefix: '/api/blade-system/job', jobs });
  await app.register(jobRunRoutes, { prefix: '/api/blade-log/job', jobs });
  app.addHook('onReady', () => scheduler.start());
  app.addHook('onClose', () => scheduler.stop(0));
}

/** A run failed for good: a message to each user the job names (none: nobody is told). */
async function tellOwners(messages: MessageService, { job, outcome, output }: FailedRun): Promise<void> {
  const owners = job.notifyUserIds?.split(',').filter(Boolean) ?? [];
  if (owners.length === 0) return;
  await messages.send({ tenantId: job.tenantId, userId: null, deptId: null }, owners, {
    kind: 'system',
    title: translate('zh', 'job.failed.title', { name: job.jobName }),
    body: translate('zh', 'job.failed.body', { name: job.jobName, outcome, output: output ?? '' }),
    link: '/monitor/job/index',
  });
}
