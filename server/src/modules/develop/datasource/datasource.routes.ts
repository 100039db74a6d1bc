import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DatasourceInputSchema,
  DatasourceOptionSchema,
  DatasourceSchema,
  DatasourceTableSchema,
  DatasourceTestInputSchema,
  DatasourceTestResultSchema,
} from '@console/contract/schema';
import { Type } from 'typebox';
import { ok } from '../../../core/envelope.js';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import { Envelope, IdQuery } from '../../../core/schema.js';
import type { DatasourceService } from './datasource.service.js';

/** /api/blade-develop/datasource (spec §7, "Develop"): the platform administrator's only (S3, S6). */
export const datasourceRoutes: FastifyPluginAsyncTypebox<{ sources: DatasourceService }> = async (
  app,
  { sources },
) => {
  registerCrudRoutes(app, {
    entity: DatasourceSchema,
    input: DatasourceInputSchema,
    service: {
      list: (_actor, query) => sources.list(query),
      detail: (_actor, id) => sources.detail(id),
      submit: (actor, input) => sources.submit(actor, input),
      remove: (actor, ids) => sources.remove(actor, ids),
    },
    export: { button: 'datasource_export', title: 'export.title.datasource' },
    access: {
      read: { access: 'platform-admin' },
      submit: { access: 'platform-admin', button: { create: 'datasource_add', update: 'datasource_edit' } },
      remove: { access: 'platform-admin', button: 'datasource_delete' },
    },
  });
  app.get(
    '/select',
    {
      schema: { response: { 200: Envelope(Type.Array(DatasourceOptionSchema)) } },
      config: { access: 'platform-admin' },
    },
    async (req) => ok(await sources.select(), req.t('ok')),
  );
  // The code generator's table and column picker: read from the database itself.
  app.get(
    '/tables',
    {
      schema: { querystring: IdQuery, response: { 200: Envelope(Type.Array(DatasourceTableSchema)) } },
      config: { access: 'platform-admin' },
    },
    async (req) => ok(await sources.tables(req.query.id), req.t('ok')),
  );
  // Not in BladeX's list of calls (its console tests through the code generator): the page's 测试连接.
  app.post(
    '/test',
    {
      schema: { body: DatasourceTestInputSchema, response: { 200: Envelope(DatasourceTestResultSchema) } },
      config: { access: 'platform-admin', button: 'datasource_edit' },
    },
    async (req) => {
      const result = await sources.test(req.body);
      return ok(result, req.t(result.connected ? 'datasource.connected' : 'datasource.failed'));
    },
  );
};
