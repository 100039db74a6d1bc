import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PermissionCode } from '@console/contract';
import { RolloutInputSchema, RolloutSchema } from '@console/contract/schema';
import { Type } from 'typebox';
import { ok } from '../../../core/envelope.js';
import { Envelope, IdQuery, PageOf } from '../../../core/schema.js';
import type { Actor } from '../../../core/repository/store.js';
import { registerListExport } from '../../../core/workbook/list-export.js';
import type { RolloutService } from './rollout.service.js';

/**
 * /api/zxgxg-api/rollout (issue 50, 灰度发布): the tenant's staged updates — list, detail, submit — and
 * 下一阶段, 暂停, 恢复, 回滚 (POST with the rollout's id).
 */
export const rolloutRoutes: FastifyPluginAsyncTypebox<{ rollouts: RolloutService }> = async (
  app,
  { rollouts },
) => {
  const read = { menu: 'rollout' } as const;
  app.get(
    '/list',
    {
      schema: {
        querystring: Type.Object({
          current: Type.Optional(Type.String({ maxLength: 10 })),
          size: Type.Optional(Type.String({ maxLength: 10 })),
          packageName: Type.Optional(Type.String({ maxLength: 128 })),
        }),
        response: { 200: Envelope(PageOf(RolloutSchema)) },
      },
      config: read,
    },
    async (req) => ok(await rollouts.list(req.actor, req.query), req.t('ok')),
  );
  registerListExport(app, {
    entity: RolloutSchema,
    list: (actor, query) => rollouts.list(actor, query),
    read,
    button: 'rollout_export',
    title: 'export.title.rollout',
  });
  app.get(
    '/detail',
    { schema: { querystring: IdQuery, response: { 200: Envelope(RolloutSchema) } }, config: read },
    async (req) => ok(await rollouts.detail(req.actor, req.query.id), req.t('ok')),
  );
  app.post(
    '/submit',
    {
      schema: { body: RolloutInputSchema, response: { 200: Envelope(RolloutSchema) } },
      config: { access: 'user', button: 'rollout_add' },
    },
    async (req) => ok(await rollouts.submit(req.actor, req.body), req.t('created')),
  );
  const actions = [
    ['/advance', 'rollout_advance', (actor, id) => rollouts.advance(actor, id)],
    ['/pause', 'rollout_pause', (actor, id) => rollouts.pause(actor, id)],
    ['/resume', 'rollout_resume', (actor, id) => rollouts.resume(actor, id)],
    ['/rollback', 'rollout_rollback', (actor, id) => rollouts.rollback(actor, id)],
  ] as const satisfies ReadonlyArray<
    readonly [string, PermissionCode, (actor: Actor, id: string) => Promise<unknown>]
  >;
  for (const [path, button, act] of actions)
    app.post(
      path,
      {
        schema: { querystring: IdQuery, response: { 200: Envelope(RolloutSchema) } },
        config: { access: 'user', button },
      },
      async (req) => ok(await act(req.actor, req.query.id), req.t('ok')),
    );
};
