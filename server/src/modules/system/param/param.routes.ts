import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../../core/envelope.js';
import { Envelope, IdQuery, IdsQuery, ListQuerySchema, PageOf } from '../../../core/schema.js';
import { ParamInputSchema, ParamSchema } from './param.schemas.js';
import type { ParamService } from './param.service.js';

/** /api/blade-system/param: list, detail, submit, remove (spec §7, "Other system"). */
export const paramRoutes: FastifyPluginAsyncTypebox<{ params: ParamService }> = async (app, { params }) => {
  app.get(
    '/list',
    { schema: { querystring: ListQuerySchema, response: { 200: Envelope(PageOf(ParamSchema)) } } },
    async (req) => ok(await params.list(req.actor, req.query), req.t('ok')),
  );

  app.get(
    '/detail',
    { schema: { querystring: IdQuery, response: { 200: Envelope(ParamSchema) } } },
    async (req) => ok(await params.detail(req.actor, req.query.id), req.t('ok')),
  );

  app.post(
    '/submit',
    {
      schema: { body: ParamInputSchema, response: { 200: Envelope(ParamSchema) } },
      // Parameters are platform-wide: only the platform administrator changes them (S4).
      config: { access: 'platform-admin' },
    },
    async (req) => {
      const created = !req.body.id;
      const saved = await params.submit(req.actor, req.body);
      return ok(saved, req.t(created ? 'created' : 'updated'));
    },
  );

  app.post(
    '/remove',
    {
      schema: { querystring: IdsQuery, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'platform-admin' },
    },
    async (req) => {
      await params.remove(req.actor, req.query.ids);
      return ok(true, req.t('deleted'));
    },
  );
};
