import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FlowCompleteInputSchema,
  FlowDefinitionSchema,
  FlowHistorySchema,
  FlowInstanceSchema,
  FlowModelViewSchema,
  FlowTaskSchema,
  IdString,
} from '@console/contract/schema';
import { Type } from 'typebox';
import { ok } from '../../../core/envelope.js';
import { Envelope, ListQuerySchema, PageOf } from '../../../core/schema.js';
import { definitionOnWire } from '../flow.service.js';
import type { FlowRuntimeService } from './runtime.service.js';

/** /api/blade-flow/work: the caller's own work (我的事务). */
export const flowWorkRoutes: FastifyPluginAsyncTypebox<{ runtime: FlowRuntimeService }> = async (
  app,
  { runtime },
) => {
  // Each list is a page read in the database (spec §7: current, size and the search's filters).
  const tasks = {
    schema: { querystring: ListQuerySchema, response: { 200: Envelope(PageOf(FlowTaskSchema)) } },
    config: { everyone: 'own' },
  } as const;
  app.get(
    '/start-list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: Envelope(PageOf(FlowDefinitionSchema)) } },
      config: { menu: 'work_start' },
    },
    async (req) => {
      const page = await runtime.startList(req.actor, req.query);
      return ok({ ...page, records: page.records.map(definitionOnWire) }, req.t('ok'));
    },
  );
  app.get('/claim-list', tasks, async (req) =>
    ok(await runtime.claimList(req.actor, req.query), req.t('ok')),
  );
  app.get('/todo-list', tasks, async (req) => ok(await runtime.todoList(req.actor, req.query), req.t('ok')));
  app.get('/done-list', tasks, async (req) => ok(await runtime.doneList(req.actor, req.query), req.t('ok')));
  app.get(
    '/send-list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: Envelope(PageOf(FlowInstanceSchema)) } },
      config: { everyone: 'own' },
    },
    async (req) => ok(await runtime.sendList(req.actor, req.query), req.t('ok')),
  );

  // Not in BladeX (its business forms start processes): starts a process that has no form of its own.
  app.post(
    '/start-process',
    {
      schema: {
        body: Type.Object(
          {
            processDefinitionId: IdString,
            variables: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.Unknown())),
          },
          { additionalProperties: false },
        ),
        response: { 200: Envelope(Type.Object({ processInstanceId: Type.String() })) },
      },
      config: { access: 'user', button: 'work_start_flow' },
    },
    async (req) => {
      const id = await runtime.start(req.actor, {
        definitionId: req.body.processDefinitionId,
        variables: req.body.variables ?? {},
      });
      return ok({ processInstanceId: id }, req.t('flow.started'));
    },
  );

  app.post(
    '/claim-task',
    {
      schema: { querystring: Type.Object({ taskId: IdString }), response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'user', button: 'work_claim_sign' },
    },
    async (req) => {
      await runtime.claim(req.actor, req.query.taskId);
      return ok(true, req.t('updated'));
    },
  );

  app.post(
    '/complete-task',
    {
      schema: { body: FlowCompleteInputSchema, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'user', button: 'work_todo_handle' },
    },
    async (req) => {
      await runtime.complete(req.actor, req.body);
      return ok(true, req.t('updated'));
    },
  );
};

/** /api/blade-flow/follow: every instance of the tenant (流程跟踪). */
export const flowFollowRoutes: FastifyPluginAsyncTypebox<{ runtime: FlowRuntimeService }> = async (
  app,
  { runtime },
) => {
  app.get(
    '/list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: Envelope(PageOf(FlowInstanceSchema)) } },
      config: { menu: 'flow_follow' },
    },
    async (req) => ok(await runtime.followList(req.actor, req.query), req.t('ok')),
  );
  app.post(
    '/delete-process-instance',
    {
      schema: {
        querystring: Type.Object({
          processInstanceId: IdString,
          deleteReason: Type.String({ minLength: 1, maxLength: 255 }),
        }),
        response: { 200: Envelope(Type.Boolean()) },
      },
      config: { access: 'user', button: 'flow_follow_delete' },
    },
    async (req) => {
      await runtime.deleteInstance(req.actor, req.query.processInstanceId, req.query.deleteReason);
      return ok(true, req.t('deleted'));
    },
  );
};

/** /api/blade-flow/process: the diagram viewer's data. */
export const flowProcessRoutes: FastifyPluginAsyncTypebox<{ runtime: FlowRuntimeService }> = async (
  app,
  { runtime },
) => {
  app.get(
    '/model-view',
    {
      schema: {
        querystring: Type.Object({
          processInstanceId: Type.Optional(IdString),
          processDefinitionId: Type.Optional(IdString),
        }),
        response: { 200: Envelope(FlowModelViewSchema) },
      },
      config: { menu: ['flow_follow', 'flow_manager'], ownWithoutMenu: true },
    },
    async (req) => ok(await runtime.modelView(req.actor, req.query, req.ownOnly), req.t('ok')),
  );
  app.get(
    '/history-flow-list',
    {
      schema: {
        querystring: Type.Object({ processInstanceId: IdString }),
        response: { 200: Envelope(Type.Array(FlowHistorySchema)) },
      },
      config: { menu: 'flow_follow', ownWithoutMenu: true },
    },
    async (req) =>
      ok(await runtime.history(req.actor, req.query.processInstanceId, req.ownOnly), req.t('ok')),
  );
};
