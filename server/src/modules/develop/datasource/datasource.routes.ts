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
import { Envelope, IdQuery, IdsQuery, ListQuerySchema, PageOf } from '../../../core/schema.js';
import type { DatasourceService } from './datasource.service.js';

/** /api/blade-develop/datasource (spec §7, "Develop"): the platform administrator's only (S3, S6). */
export const datasourceRoutes: FastifyPluginAsyncTypebox<{ sources: DatasourceService }> = async (
  app,
  { sources },
) => {
  app.get(
    '/list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: Envelope(PageOf(DatasourceSchema)) } },
      config: { access: 'platform-admin' },
    },
    async (req) => ok(await sources.list(req.query), req.t('ok')),
  );
  app.get(
    '/detail',
    {
      schema: { querystring: IdQuery, response: { 200: Envelope(DatasourceSchema) } },
      config: { access: 'platform-admin' },
    },
    async (req) => ok(await sources.detail(req.query.id), req.t('ok')),
  );
  app.get(
    '/select',
    {
      schema: { response: { 200: Envelope(Type.Array(DatasourceOptionSchema)) } },
      config: { access: 'platform-admin' },
    },
    async (req) => ok(await sources.select(), req.t('ok')),
  );
  app.post(
    '/submit',
    {
      schema: { body: DatasourceInputSchema, response: { 200: Envelope(DatasourceSchema) } },
      config: { access: 'platform-admin', button: { create: 'datasource_add', update: 'datasource_edit' } },
    },
    async (req) => {
      const created = !req.body.id;
      return ok(await sources.submit(req.actor, req.body), req.t(created ? 'created' : 'updated'));
    },
  );
  app.post(
    '/remove',
    {
      schema: { querystring: IdsQuery, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'platform-admin', button: 'datasource_delete' },
    },
    async (req) => {
      await sources.remove(req.actor, req.query.ids);
      return ok(true, req.t('deleted'));
    },
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
