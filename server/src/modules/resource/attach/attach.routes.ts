import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AttachInputSchema, AttachSchema } from '@console/contract/schema';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import type { AttachService } from './attach.service.js';

/**
 * /api/blade-resource/attach: list, detail, submit, remove. Reads need the attachment page, writes
 * its buttons (upload, delete); removing an attachment removes its stored object.
 */
export const attachRoutes: FastifyPluginAsyncTypebox<{ attachments: AttachService }> = async (
  app,
  { attachments },
) => {
  registerCrudRoutes(app, {
    entity: AttachSchema,
    input: AttachInputSchema,
    service: attachments,
    export: { button: 'attach_export', title: 'export.title.attach' },
    access: {
      read: { button: 'attach' },
      submit: { button: 'attach_upload' },
      remove: { button: 'attach_delete' },
    },
  });
};
