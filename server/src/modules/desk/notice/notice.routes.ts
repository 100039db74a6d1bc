import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { registerCrudRoutes } from '../../../core/crud-routes.js';
import { NoticeInputSchema, NoticeSchema } from '@console/contract/schema';
import type { NoticeService } from './notice.service.js';

/**
 * /api/blade-desk/notice: list, detail, submit, remove. Every signed-in user reads their tenant's
 * notices (the top bar shows the latest); writes need the notice page's buttons.
 */
export const noticeRoutes: FastifyPluginAsyncTypebox<{ notices: NoticeService }> = async (
  app,
  { notices },
) => {
  registerCrudRoutes(app, {
    entity: NoticeSchema,
    input: NoticeInputSchema,
    service: notices,
    access: {
      // Notices are addressed to everyone of the tenant: the home page and the top bar list them.
      read: { everyone: 'reference' },
      submit: { button: { create: 'notice_add', update: 'notice_edit' } },
      remove: { button: 'notice_delete' },
    },
  });
};
