import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { OssInput } from '@console/contract';
import { Type } from 'typebox';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import { ok } from '../../../core/envelope.js';
import { badRequest } from '../../../core/errors.js';
import { Envelope, IdQuery } from '../../../core/schema.js';
import { OssInputSchema, OssSchema, StoredFileSchema } from '@console/contract/schema';
import { uploadTooLarge, type OssService } from './oss.service.js';

export interface OssRouteDependencies {
  oss: OssService;
  uploadMaxBytes: number;
}

/**
 * /api/blade-resource/oss: the storage settings (administrators, as in BladeX: they hold keys) and
 * endpoint/put-file, which every signed-in user may call (the avatar upload).
 */
export const ossRoutes: FastifyPluginAsyncTypebox<OssRouteDependencies> = async (
  app,
  { oss, uploadMaxBytes },
) => {
  await app.register(multipart, {
    // preservePath: the name as sent, so that a name with a path is refused rather than trimmed.
    preservePath: true,
    limits: { fileSize: uploadMaxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });

  registerCrudRoutes(app, {
    entity: OssSchema,
    input: OssInputSchema,
    service: {
      list: (actor, query) => oss.list(actor, query),
      detail: (actor, id) => oss.detail(actor, id),
      submit: (actor, input) => oss.submit(actor, input as OssInput),
      remove: (actor, ids) => oss.remove(actor, ids),
    },
    access: {
      read: { access: 'administrator', button: 'oss' },
      submit: { access: 'administrator', button: { create: 'oss_add', update: 'oss_edit' } },
      remove: { access: 'administrator', button: 'oss_delete' },
    },
  });

  app.post(
    '/enable',
    {
      schema: { querystring: IdQuery, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'administrator', button: 'oss_enable' },
    },
    async (req) => {
      await oss.enable(req.actor, req.query.id);
      return ok(true, req.t('ok'));
    },
  );

  app.post(
    '/endpoint/put-file',
    { schema: { response: { 200: Envelope(StoredFileSchema) } } },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('upload.missing');
      const file = await req.file();
      if (!file || file.fieldname !== 'file') throw badRequest('upload.missing');
      let content: Buffer;
      try {
        content = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw uploadTooLarge(uploadMaxBytes);
        throw error;
      }
      const stored = await oss.putFile(req.actor, { filename: file.filename, content });
      return ok(stored, req.t('ok'));
    },
  );
};
