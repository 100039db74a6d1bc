import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import { ok } from '../../../core/envelope.js';
import { Envelope } from '../../../core/schema.js';
import { TopMenuGrantSchema, TopMenuInputSchema, TopMenuSchema } from '@console/contract/schema';
import type { TopMenuService } from './top-menu.service.js';

/**
 * /api/blade-system/topmenu (spec §7, "Top menu"): administrators read; only the platform
 * administrator changes top menus and what they list (S4).
 */
export const topMenuRoutes: FastifyPluginAsyncTypebox<{ topMenus: TopMenuService }> = async (
  app,
  { topMenus },
) => {
  registerCrudRoutes(app, {
    entity: TopMenuSchema,
    input: TopMenuInputSchema,
    service: topMenus,
    export: { button: 'topmenu_export', title: 'export.title.topmenu' },
    access: {
      read: { access: 'administrator' },
      submit: { access: 'platform-admin', button: { create: 'topmenu_add', update: 'topmenu_edit' } },
      remove: { access: 'platform-admin', button: 'topmenu_delete' },
    },
  });

  app.post(
    '/grant',
    {
      schema: { body: TopMenuGrantSchema, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'platform-admin', button: 'topmenu_setting' },
    },
    async (req) => {
      await topMenus.grant(req.body);
      return ok(true, req.t('succeeded'));
    },
  );
};
