import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { apiNotFound } from '../../../core/http.js';
import { contentTypeOf, isImage } from '../storage/file-types.js';
import { LOCAL_FILES_PREFIX, LocalStorage } from '../storage/local-storage.js';

/**
 * The local storage's files at their links (/oss/local/<tenant>/upload/<day>/<name>): public, as
 * object-storage links are (an <img> sends no token), under names of 128 random bits. Served with
 * a safe content type (S9): images inline, everything else as a download; nosniff; a sandbox CSP.
 */
export const localFileRoutes: FastifyPluginAsyncTypebox<{ uploadsRoot: string }> = async (
  app,
  { uploadsRoot },
) => {
  app.get(
    `${LOCAL_FILES_PREFIX}/:tenantId/upload/:day/:file`,
    {
      schema: {
        params: Type.Object({
          tenantId: Type.String({ maxLength: 12 }),
          day: Type.String({ maxLength: 8 }),
          file: Type.String({ maxLength: 48 }),
        }),
      },
      config: { access: 'open' },
    },
    async (req, reply) => {
      const { tenantId, day, file } = req.params;
      const name = `upload/${day}/${file}`;
      const path = LocalStorage.fileOf(uploadsRoot, tenantId, name);
      const info = path ? await stat(path).catch(() => null) : null;
      if (!path || !info?.isFile()) return apiNotFound(req, reply);
      const extension = file.slice(file.lastIndexOf('.') + 1);
      reply
        .type(contentTypeOf(extension))
        .header('content-length', info.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=86400');
      if (!isImage(extension)) reply.header('content-disposition', `attachment; filename="${file}"`);
      return reply.send(createReadStream(path));
    },
  );
};
