import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { ok } from '../../../core/envelope.js';
import { Envelope } from '../../../core/schema.js';
import { OssInputSchema, OssSchema, StoredFileSchema } from '@console/contract/schema';
import { uploadTooLarge, type OssService } from './oss.service.js';
import { uploadedFile } from '../../../core/uploaded-file.js';
import { registerProviderSettingsRoutes } from '../provider-settings/provider-settings.routes.js';

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

  registerProviderSettingsRoutes(app, {
    code: 'oss',
    entity: OssSchema,
    input: OssInputSchema,
    service: oss,
  });

  app.post(
    '/endpoint/put-file',
    { schema: { response: { 200: Envelope(StoredFileSchema) } }, config: { everyone: 'own' } },
    async (req) => {
      const upload = await uploadedFile(req, () => uploadTooLarge(uploadMaxBytes));
      const stored = await oss.putFile(req.actor, upload);
      return ok(stored, req.t('ok'));
    },
  );
};
