import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { registerCrudRoutes } from '../../../core/crud-routes.js';
import { ok } from '../../../core/envelope.js';
import { Envelope, TreeNodeSchema } from '../../../core/schema.js';
import { NoticeInputSchema, NoticeSchema } from '@console/contract/schema';
import type { AudienceChoices, NoticeService } from './notice.service.js';

/**
 * /api/blade-desk/notice: list, detail, submit, remove. Every signed-in user reads their tenant's
 * notices (the top bar shows the latest); writes need the notice page's buttons. The form's
 * audience reads its choices at audience-roles and audience-depts (the same buttons).
 */
export const noticeRoutes: FastifyPluginAsyncTypebox<{ notices: NoticeService }> = async (
  app,
  { notices },
) => {
  registerCrudRoutes(app, {
    entity: NoticeSchema,
    input: NoticeInputSchema,
    service: notices,
    export: { button: 'notice_export', dicts: { category: 'notice' }, title: 'export.title.notice' },
    access: {
      // Notices are addressed to everyone of the tenant: the home page and the top bar list them.
      read: { everyone: 'reference' },
      submit: { button: { create: 'notice_add', update: 'notice_edit' } },
      remove: { button: 'notice_delete' },
    },
  });

  const writers = { button: { anyOf: ['notice_add', 'notice_edit'] } } as const;
  for (const choices of ['roles', 'depts'] satisfies AudienceChoices[])
    app.get(
      `/audience-${choices}`,
      { schema: { response: { 200: Envelope(Type.Array(TreeNodeSchema)) } }, config: writers },
      async (req) => ok(await notices.audienceChoices(req.actor, choices), req.t('ok')),
    );
};
