import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { JOB_LIMITS, type PermissionCode } from '@console/contract';
import { JobHandlerInfoSchema, JobInputSchema, JobRunSchema, JobSchema } from '@console/contract/schema';
import { Type } from 'typebox';
import { principalOf } from '../../../core/auth/guard.js';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import { ok } from '../../../core/envelope.js';
import type { MessageKey } from '../../../core/i18n.js';
import type { Actor } from '../../../core/repository/store.js';
import { Envelope, IdQuery, IdsQuery, ListQuerySchema, PageOf } from '../../../core/schema.js';
import type { JobService } from './job.service.js';

/**
 * /api/blade-system/job (issue 49): the caller's tenant's jobs (list, detail, submit, remove), the
 * handlers it may use, and 执行一次 / 暂停 / 恢复 (POST with comma-joined ids, all or none).
 */
export const jobRoutes: FastifyPluginAsyncTypebox<{ jobs: JobService }> = async (app, { jobs }) => {
  registerCrudRoutes(app, {
    entity: JobSchema,
    input: JobInputSchema,
    service: jobs,
    export: { button: 'job_export', title: 'export.title.job' },
    access: {
      read: { menu: 'job' },
      submit: { access: 'user', button: { create: 'job_add', update: 'job_edit' } },
      remove: { access: 'user', button: 'job_delete' },
    },
  });
  app.get(
    '/handlers',
    { schema: { response: { 200: Envelope(Type.Array(JobHandlerInfoSchema)) } }, config: { menu: 'job' } },
    async (req) => ok(jobs.handlers(req.actor), req.t('ok')),
  );
  // The form's preview: the next times of a cron as the scheduler reads it, in the server's zone.
  app.get(
    '/next-runs',
    {
      schema: {
        querystring: Type.Object({ cron: Type.String({ maxLength: JOB_LIMITS.cron }) }),
        response: { 200: Envelope(Type.Array(Type.String())) },
      },
      config: { menu: 'job' },
    },
    async (req) => ok(jobs.nextRuns(req.query.cron), req.t('ok')),
  );
  const actions = [
    ['/run', 'job_run', 'job.started', (actor, ids) => jobs.run(actor, ids)],
    ['/pause', 'job_pause', 'job.paused', (actor, ids) => jobs.setStatus(actor, ids, 0)],
    ['/resume', 'job_resume', 'job.resumed', (actor, ids) => jobs.setStatus(actor, ids, 1)],
  ] as const satisfies ReadonlyArray<
    readonly [string, PermissionCode, MessageKey, (actor: Actor, ids: string) => Promise<number>]
  >;
  for (const [path, button, done, act] of actions)
    app.post(
      path,
      {
        schema: { querystring: IdsQuery, response: { 200: Envelope(Type.Boolean()) } },
        config: { access: 'user', button },
      },
      async (req) => ok(true, req.t(done, { count: await act(req.actor, req.query.ids) })),
    );
};

/**
 * /api/blade-log/job: the run log of the caller's tenant's jobs (button 运行日志), and 停止 for the
 * runs that run (POST stop?ids=, by whoever may run the jobs: button 执行一次).
 */
export const jobRunRoutes: FastifyPluginAsyncTypebox<{ jobs: JobService }> = async (app, { jobs }) => {
  const config = { access: 'user' as const, button: 'job_log' as const };
  app.post(
    '/stop',
    {
      schema: { querystring: IdsQuery, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'user', button: 'job_run' },
    },
    async (req) => {
      const count = await jobs.stopRuns(req.actor, req.query.ids, principalOf(req).account);
      return ok(true, req.t('job.run.stopped', { count }));
    },
  );
  app.get(
    '/list',
    { schema: { querystring: ListQuerySchema, response: { 200: Envelope(PageOf(JobRunSchema)) } }, config },
    async (req) => ok(await jobs.runs(req.actor, req.query), req.t('ok')),
  );
  app.get(
    '/detail',
    { schema: { querystring: IdQuery, response: { 200: Envelope(JobRunSchema) } }, config },
    async (req) => ok(await jobs.runDetail(req.actor, req.query.id), req.t('ok')),
  );
};
