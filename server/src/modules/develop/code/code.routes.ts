import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CodeInputSchema, CodeSchema } from '@console/contract/schema';
import { Type } from 'typebox';
import { ok } from '../../../core/envelope.js';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import { Envelope, IdQuery, IdsQuery } from '../../../core/schema.js';
import type { CodeService } from './code.service.js';

/** gen-code's query: the records, and the front end BladeX names (`saber`: this console). */
const GenCodeQuery = Type.Object({
  ids: IdsQuery.properties.ids,
  system: Type.Optional(Type.String({ maxLength: 32 })),
});

/** A file of a generated module, by its path from the project's root. */
const GeneratedFileSchema = Type.Object({ path: Type.String(), content: Type.String() });

/**
 * /api/blade-develop/code (spec §7, "Develop"): the code generator's records and the generator
 * (gen-code: a zip of the modules; preview: their files), the platform administrator's only (S3,
 * S6).
 */
export const codeRoutes: FastifyPluginAsyncTypebox<{ codes: CodeService }> = async (app, { codes }) => {
  const routeTaken = (url: string) =>
    app.hasRoute({ method: 'GET', url }) || app.hasRoute({ method: 'POST', url });
  registerCrudRoutes(app, {
    entity: CodeSchema,
    input: CodeInputSchema,
    service: {
      list: (_actor, query) => codes.list(query),
      detail: (_actor, id) => codes.detail(id),
      // A generated module's prefix may not land on a route the server has.
      submit: (actor, input) => codes.submit(actor, input, routeTaken),
      remove: (actor, ids) => codes.remove(actor, ids),
    },
    export: { button: 'code_export', title: 'export.title.code' },
    access: {
      read: { access: 'platform-admin' },
      submit: { access: 'platform-admin', button: { create: 'code_add', update: 'code_edit' } },
      remove: { access: 'platform-admin', button: 'code_delete' },
    },
  });
  // BladeX sends the id as a request parameter.
  app.post(
    '/copy',
    {
      schema: { querystring: IdQuery, response: { 200: Envelope(CodeSchema) } },
      config: { access: 'platform-admin', button: 'code_copy' },
    },
    async (req) => ok(await codes.copy(req.actor, req.query.id, req.language), req.t('created')),
  );

  // BladeX sends ids and system as request parameters; the answer is the zip itself.
  app.post(
    '/gen-code',
    {
      schema: { querystring: GenCodeQuery },
      config: { access: 'platform-admin', button: 'code_gen' },
    },
    async (req, reply) => {
      const { name, zip } = await codes.genCode(req.query.ids, req.query.system, routeTaken);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${name}.zip"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(zip));
    },
  );
  app.get(
    '/preview',
    {
      schema: { querystring: IdQuery, response: { 200: Envelope(Type.Array(GeneratedFileSchema)) } },
      config: { access: 'platform-admin', button: 'code_gen' },
    },
    async (req) => ok(await codes.preview(req.query.id, routeTaken), req.t('ok')),
  );
};
