import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import { registerImportRoutes } from '../../../core/workbook/sheet-import-routes.js';
import { ParamInputSchema, ParamSchema } from '@console/contract/schema';
import type { ParamService } from './param.service.js';

/** /api/blade-system/param: list, detail, submit, remove (spec §7, "Other system"). */
export const paramRoutes: FastifyPluginAsyncTypebox<{ params: ParamService }> = async (app, { params }) => {
  registerCrudRoutes(app, {
    entity: ParamSchema,
    input: ParamInputSchema,
    service: params,
    export: { button: 'param_export', title: 'export.title.param' },
    access: {
      read: { menu: 'param' },
      // Parameters are platform-wide: only the platform administrator changes them (S4).
      submit: { access: 'platform-admin', button: { create: 'param_add', update: 'param_edit' } },
      remove: { access: 'platform-admin', button: 'param_delete' },
    },
  });

  await registerImportRoutes(app, {
    importer: params.importer(),
    title: 'param.sheet',
    add: 'param_add',
    edit: 'param_edit',
    access: 'platform-admin',
  });
};
