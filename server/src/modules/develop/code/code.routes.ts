import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CodeInputSchema, CodeSchema } from '@console/contract/schema';
import { Type } from 'typebox';
import { ok } from '../../../core/envelope.js';
import { Envelope, IdQuery, IdsQuery, ListQuerySchema, PageOf } from '../../../core/schema.js';
import type { CodeService } from './code.service.js';

/**
 * /api/blade-develop/code (spec §7, "Develop"): the code generator's records, the platform
 * administrator's only (S3, S6). gen-code comes with the generator itself (not built yet).
 */
export const codeRoutes: FastifyPluginAsyncTypebox<{ codes: CodeService }> = async (app, { codes }) => {
  app.get(
    '/list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: Envelope(PageOf(CodeSchema)) } },
      config: { access: 'platform-admin' },
    },
    async (req) => ok(await codes.list(req.query), req.t('ok')),
  );
  app.get(
    '/detail',
    {
      schema: { querystring: IdQuery, response: { 200: Envelope(CodeSchema) } },
      config: { access: 'platform-admin' },
    },
    async (req) => ok(await codes.detail(req.query.id), req.t('ok')),
  );
  app.post(
    '/submit',
    {
      schema: { body: CodeInputSchema, response: { 200: Envelope(CodeSchema) } },
      config: { access: 'platform-admin', button: { create: 'code_add', update: 'code_edit' } },
    },
    async (req) => {
      const created = !req.body.id;
      return ok(await codes.submit(req.actor, req.body), req.t(created ? 'created' : 'updated'));
    },
  );
  app.post(
    '/remove',
    {
      schema: { querystring: IdsQuery, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'platform-admin', button: 'code_delete' },
    },
    async (req) => {
      await codes.remove(req.actor, req.query.ids);
      return ok(true, req.t('deleted'));
    },
  );
  // BladeX sends the id as a request parameter.
  app.post(
    '/copy',
    {
      schema: { querystring: IdQuery, response: { 200: Envelope(CodeSchema) } },
      config: { access: 'platform-admin', button: 'code_copy' },
    },
    async (req) => ok(await codes.copy(req.actor, req.query.id, req.language), req.t('created')),
  );
};
