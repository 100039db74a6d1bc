import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AVATAR_LIMITS } from '@console/contract';
import type { FastifyRequest } from 'fastify';
import type { ButtonRequirement } from '../../../core/auth/principal.js';

import { ok } from '../../../core/envelope.js';
import { Envelope } from '../../../core/schema.js';
import { OssInputSchema, OssSchema, StoredFileSchema } from '@console/contract/schema';
import { uploadTooLarge, type OssService } from './oss.service.js';
import type { UploadRate } from './upload-rate.js';
import { uploadedFile } from '../../../core/uploaded-file.js';
import { registerProviderSettingsRoutes } from '../provider-settings/provider-settings.routes.js';

export interface OssRouteDependencies {
  oss: OssService;
  uploadMaxBytes: number;
  uploadRate: UploadRate;
}

/**
 * put-file stores a file for the pages that upload: attachments (上传), apk releases (新增, 修改:
 * the package) and the storage settings (新增, 修改: their test upload). Any one of their
 * buttons will do; a user without them has the avatar path only.
 */
export const UPLOAD_BUTTONS = {
  anyOf: ['attach_upload', 'apk_add', 'apk_edit', 'oss_add', 'oss_edit'],
} as const satisfies ButtonRequirement;

/**
 * /api/blade-resource/oss: the storage settings (administrators, as in BladeX: they hold keys),
 * endpoint/put-file for the pages that upload (UPLOAD_BUTTONS), and endpoint/put-avatar, by which
 * any signed-in user sets their own avatar. Every upload counts against the user's rate
 * (UploadRate, before the file is read) and the tenant's storage quota (OssService.putFile).
 */
export const ossRoutes: FastifyPluginAsyncTypebox<OssRouteDependencies> = async (
  app,
  { oss, uploadMaxBytes, uploadRate },
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

  /** The request's file, once the user's rate allows another upload. */
  const received = async (req: FastifyRequest, maxBytes: number) => {
    await uploadRate.take(req.actor);
    return uploadedFile(req, () => uploadTooLarge(maxBytes), maxBytes);
  };

  app.post(
    '/endpoint/put-file',
    { schema: { response: { 200: Envelope(StoredFileSchema) } }, config: { button: UPLOAD_BUTTONS } },
    async (req) => ok(await oss.putFile(req.actor, await received(req, uploadMaxBytes)), req.t('ok')),
  );

  app.post(
    '/endpoint/put-avatar',
    // Sets the caller's own avatar, whatever the request names.
    { schema: { response: { 200: Envelope(StoredFileSchema) } }, config: { everyone: 'own' } },
    async (req) => {
      const avatarMaxBytes = Math.min(AVATAR_LIMITS.maxBytes, uploadMaxBytes);
      return ok(await oss.putAvatar(req.actor, await received(req, avatarMaxBytes)), req.t('ok'));
    },
  );
};
