import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../../core/envelope.js';
import { Envelope, IdQuery, IdsQuery, ListQuerySchema, PageOf } from '../../../core/schema.js';
import { ClientInputSchema, ClientSchema } from '@console/contract/schema';
import type { ClientService } from './client.service.js';

/** /api/blade-system/client (spec §7): the platform administrator's only (S3, S4); secrets write-only (S5). */
export const clientRoutes: FastifyPluginAsyncTypebox<{ clients: ClientService }> = async (
  app,
  { clients },
) => {
  app.get(
    '/list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: Envelope(PageOf(ClientSchema)) } },
      config: { access: 'platform-admin' },
    },
    async (req) => ok(await clients.list(req.query), req.t('ok')),
  );
  app.get(
    '/detail',
    {
      schema: { querystring: IdQuery, response: { 200: Envelope(ClientSchema) } },
      config: { access: 'platform-admin' },
    },
    async (req) => ok(await clients.detail(req.query.id), req.t('ok')),
  );
  app.post(
    '/submit',
    {
      schema: { body: ClientInputSchema, response: { 200: Envelope(ClientSchema) } },
      config: { access: 'platform-admin', button: { create: 'client_add', update: 'client_edit' } },
    },
    async (req) => {
      const created = !req.body.id;
      return ok(await clients.submit(req.actor, req.body), req.t(created ? 'created' : 'updated'));
    },
  );
  app.post(
    '/remove',
    {
      schema: { querystring: IdsQuery, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'platform-admin', button: 'client_delete' },
    },
    async (req) => {
      await clients.remove(req.actor, req.query.ids, req.client!.clientId);
      return ok(true, req.t('deleted'));
    },
  );
};
