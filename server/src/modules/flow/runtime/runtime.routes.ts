import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FlowBoundFormSchema,
  FlowCompleteInputSchema,
  FlowCopySchema,
  FlowCopyUsers,
  FlowDefinitionSchema,
  FlowHandOverInputSchema,
  FlowInstanceActionInputSchema,
  FlowOpenTaskSchema,
  FlowReturnInputSchema,
  FlowSignerInputSchema,
  FlowCountersignSchema,
  FlowReturnTargetSchema,
  FlowHistorySchema,
  FlowInstanceSchema,
  FlowModelViewSchema,
  FlowTaskSchema,
  IdString,
  Nullable,
} from '@console/contract/schema';
import { Type } from 'typebox';
import { ok } from '../../../core/envelope.js';
import { Envelope, ListQuerySchema, PageOf } from '../../../core/schema.js';
import { registerListExport } from '../../../core/workbook/list-export.js';
import { definitionOnWire } from '../flow.service.js';
import { describedRefusal } from '../form/form-binding.js';
import type { FlowActionService } from './actions.service.js';
import type { FlowRuntimeService } from './runtime.service.js';

/** /api/blade-flow/work: the caller's own work (我的事务). */
export const flowWorkRoutes: FastifyPluginAsyncTypebox<{
  runtime: FlowRuntimeService;
  actions: FlowActionService;
}> = async (app, { runtime, actions }) => {
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
  // 导出 of the work lists: the caller's own rows, as each list answers them. Every signed-in user
  // reads these lists; the export is the export button's holders' alone (decision 0045, as notices).
  const ownList = { everyone: 'own' } as const;
  registerListExport(app, {
    entity: FlowTaskSchema,
    list: (actor, query) => runtime.todoList(actor, query),
    read: ownList,
    button: 'work_todo_export',
    title: 'export.title.work_todo',
    path: '/todo-export',
  });
  registerListExport(app, {
    entity: FlowTaskSchema,
    list: (actor, query) => runtime.doneList(actor, query),
    read: ownList,
    button: 'work_done_export',
    title: 'export.title.work_done',
    path: '/done-export',
  });
  registerListExport(app, {
    entity: FlowInstanceSchema,
    list: (actor, query) => runtime.sendList(actor, query),
    read: ownList,
    button: 'work_send_export',
    title: 'export.title.work_send',
    path: '/send-export',
  });

  // Not in BladeX (its business forms start processes): starts a process that has no form of its own.
  app.post(
    '/start-process',
    {
      schema: {
        body: Type.Object(
          {
            processDefinitionId: IdString,
            variables: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.Unknown())),
            copyUserIds: Type.Optional(FlowCopyUsers()),
          },
          { additionalProperties: false },
        ),
        response: { 200: Envelope(Type.Object({ processInstanceId: Type.String() })) },
      },
      config: { access: 'user', button: 'work_start_flow' },
    },
    async (req) => {
      // Form data refused by field is answered with each field's message (issue 51).
      const id = await actions
        .start(
          req.actor,
          { definitionId: req.body.processDefinitionId, variables: req.body.variables ?? {} },
          req.body.copyUserIds,
        )
        .catch((error: unknown) => {
          throw describedRefusal(error, (e) => req.t(e.key, e.params));
        });
      return ok({ processInstanceId: id }, req.t('flow.started'));
    },
  );

  // Issue 51: a definition's start form (null: the process has none), as 发起事务 renders it.
  app.get(
    '/start-form',
    {
      schema: {
        querystring: Type.Object({ processDefinitionId: IdString }),
        response: { 200: Envelope(Nullable(FlowBoundFormSchema)) },
      },
      config: { menu: 'work_start' },
    },
    async (req) => ok(await runtime.startForm(req.actor, req.query.processDefinitionId), req.t('ok')),
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
      await actions.complete(req.actor, req.body).catch((error: unknown) => {
        throw describedRefusal(error, (e) => req.t(e.key, e.params));
      });
      return ok(true, req.t('updated'));
    },
  );

  // Issue 51: the actions on a task (its assignee's, from the handling dialog) and on a request
  // (its initiator's, from 已发事务), and the copies (抄送我的).
  const handle = { access: 'user', button: 'work_todo_handle' } as const;
  const done = { 200: Envelope(Type.Boolean()) };
  app.get(
    '/return-targets',
    {
      schema: {
        querystring: Type.Object({ taskId: IdString }),
        response: { 200: Envelope(Type.Array(FlowReturnTargetSchema)) },
      },
      config: { everyone: 'own' },
    },
    async (req) => ok(await actions.returnTargets(req.actor, req.query.taskId), req.t('ok')),
  );
  app.post(
    '/return-task',
    { schema: { body: FlowReturnInputSchema, response: done }, config: handle },
    async (req) => {
      await actions.returnTask(req.actor, req.body);
      return ok(true, req.t('updated'));
    },
  );
  app.post(
    '/transfer-task',
    { schema: { body: FlowHandOverInputSchema, response: done }, config: handle },
    async (req) => {
      await actions.handOver(req.actor, req.body, 'transfer');
      return ok(true, req.t('updated'));
    },
  );
  app.post(
    '/delegate-task',
    { schema: { body: FlowHandOverInputSchema, response: done }, config: handle },
    async (req) => {
      await actions.handOver(req.actor, req.body, 'delegate');
      return ok(true, req.t('updated'));
    },
  );
  // 加签 / 减签 by a signer of the countersign (checked by the service), who sees its signers.
  app.get(
    '/signers',
    {
      schema: {
        querystring: Type.Object({ taskId: IdString }),
        response: { 200: Envelope(Nullable(FlowCountersignSchema)) },
      },
      config: { everyone: 'own' },
    },
    async (req) => ok(await runtime.signers(req.actor, req.query.taskId), req.t('ok')),
  );
  for (const how of ['add', 'remove'] as const)
    app.post(
      `/${how}-signer`,
      { schema: { body: FlowSignerInputSchema, response: done }, config: handle },
      async (req) => {
        await runtime.changeSigners(req.actor, req.body, how, false);
        return ok(true, req.t(how === 'add' ? 'flow.countersign.added' : 'flow.countersign.removed'));
      },
    );
  // The initiator's own request only (checked by the service): every signed-in user may ask.
  const own = { access: 'user', everyone: 'own' } as const;
  app.post(
    '/recall',
    { schema: { body: FlowInstanceActionInputSchema, response: done }, config: own },
    async (req) => {
      await actions.recall(req.actor, req.body.processInstanceId, req.body.comment?.trim() || null);
      return ok(true, req.t('flow.recalled'));
    },
  );
  app.post(
    '/withdraw',
    { schema: { body: FlowInstanceActionInputSchema, response: done }, config: own },
    async (req) => {
      await actions.withdraw(req.actor, req.body.processInstanceId, req.body.comment?.trim() || null);
      return ok(true, req.t('flow.withdrawn'));
    },
  );
  app.post(
    '/nudge',
    { schema: { body: FlowInstanceActionInputSchema, response: done }, config: own },
    async (req) => {
      await actions.nudge(req.actor, req.body.processInstanceId, req.body.comment?.trim() || null);
      return ok(true, req.t('flow.nudged'));
    },
  );
  app.get(
    '/copy-list',
    {
      schema: {
        querystring: Type.Object({
          current: Type.Optional(Type.Integer({ minimum: 1 })),
          size: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
          order: Type.Optional(Type.Union([Type.Literal('unread'), Type.Literal('time')])),
        }),
        response: { 200: Envelope(PageOf(FlowCopySchema)) },
      },
      config: { everyone: 'own' },
    },
    async (req) => ok(await actions.copyList(req.actor, req.query), req.t('ok')),
  );
  registerListExport(app, {
    entity: FlowCopySchema,
    list: (actor, query) => actions.copyList(actor, query),
    read: ownList,
    button: 'work_copy_export',
    title: 'export.title.work_copy',
    path: '/copy-export',
  });
  app.post(
    '/read-copy',
    {
      schema: {
        body: Type.Object(
          { ids: Type.Array(IdString, { minItems: 1, maxItems: 200 }) },
          { additionalProperties: false },
        ),
        response: { 200: Envelope(Type.Integer()) },
      },
      config: own,
    },
    async (req) => ok(await actions.readCopies(req.actor, req.body.ids), req.t('updated')),
  );
};

/** /api/blade-flow/follow: every instance of the tenant (流程跟踪). */
export const flowFollowRoutes: FastifyPluginAsyncTypebox<{
  runtime: FlowRuntimeService;
  actions: FlowActionService;
}> = async (app, { runtime, actions }) => {
  // Issue 51: a process administrator reassigns any open task of the tenant.
  app.get(
    '/open-tasks',
    {
      schema: {
        querystring: Type.Object({ processInstanceId: IdString }),
        response: { 200: Envelope(Type.Array(FlowOpenTaskSchema)) },
      },
      config: { menu: 'flow_follow' },
    },
    async (req) => ok(await actions.openTasks(req.actor, req.query.processInstanceId), req.t('ok')),
  );
  app.post(
    '/reassign-task',
    {
      schema: { body: FlowHandOverInputSchema, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'user', button: 'flow_follow_reassign' },
    },
    async (req) => {
      await actions.handOver(req.actor, req.body, 'reassign');
      return ok(true, req.t('updated'));
    },
  );
  // A process administrator adds or removes signers of any countersign of the tenant.
  for (const how of ['add', 'remove'] as const)
    app.post(
      `/${how}-signer`,
      {
        schema: { body: FlowSignerInputSchema, response: { 200: Envelope(Type.Boolean()) } },
        config: { access: 'user', button: 'flow_follow_reassign' },
      },
      async (req) => {
        await runtime.changeSigners(req.actor, req.body, how, true);
        return ok(true, req.t(how === 'add' ? 'flow.countersign.added' : 'flow.countersign.removed'));
      },
    );
  app.get(
    '/list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: Envelope(PageOf(FlowInstanceSchema)) } },
      config: { menu: 'flow_follow' },
    },
    async (req) => ok(await runtime.followList(req.actor, req.query), req.t('ok')),
  );
  registerListExport(app, {
    entity: FlowInstanceSchema,
    list: (actor, query) => runtime.followList(actor, query),
    read: { menu: 'flow_follow' },
    button: 'flow_follow_export',
    title: 'export.title.flow_follow',
  });
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
  // Issue 51: the instance's form data as the reader sees it (null: the process has no form).
  app.get(
    '/form-data',
    {
      schema: {
        querystring: Type.Object({ processInstanceId: IdString, taskId: Type.Optional(IdString) }),
        response: { 200: Envelope(Nullable(FlowBoundFormSchema)) },
      },
      config: { menu: 'flow_follow', ownWithoutMenu: true },
    },
    async (req) =>
      ok(
        await runtime.formData(req.actor, req.query.processInstanceId, req.query.taskId, req.ownOnly),
        req.t('ok'),
      ),
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
