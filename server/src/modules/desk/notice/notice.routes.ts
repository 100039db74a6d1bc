import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { NoticeInput } from '@console/contract';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import { NoticeInputSchema, NoticeSchema } from './notice.schemas.js';
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
    service: {
      list: (actor, query) => notices.list(actor, query),
      detail: (actor, id) => notices.detail(actor, id),
      submit: (actor, input) => notices.submit(actor, input as NoticeInput),
      remove: (actor, ids) => notices.remove(actor, ids),
    },
    access: {
      submit: { button: { create: 'notice_add', update: 'notice_edit' } },
      remove: { button: 'notice_delete' },
    },
  });
};
