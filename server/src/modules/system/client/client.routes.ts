import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import { ClientInputSchema, ClientSchema } from '@console/contract/schema';
import type { ClientService } from './client.service.js';

/** /api/blade-system/client (spec §7): the platform administrator's only (S3, S4); secrets write-only (S5). */
export const clientRoutes: FastifyPluginAsyncTypebox<{ clients: ClientService }> = async (
  app,
  { clients },
) => {
  registerCrudRoutes(app, {
    entity: ClientSchema,
    input: ClientInputSchema,
    service: {
      list: (_actor, query) => clients.list(query),
      detail: (_actor, id) => clients.detail(id),
      submit: (actor, input) => clients.submit(actor, input),
      // Never the client the caller signed in through.
      remove: (actor, ids, req) => clients.remove(actor, ids, req.client!.clientId),
    },
    export: { button: 'client_export', title: 'export.title.client' },
    access: {
      read: { access: 'platform-admin' },
      submit: { access: 'platform-admin', button: { create: 'client_add', update: 'client_edit' } },
      remove: { access: 'platform-admin', button: 'client_delete' },
    },
  });
};
