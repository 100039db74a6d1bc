import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import {
  ApiScopeInputSchema,
  ApiScopeSchema,
  DataScopeInputSchema,
  DataScopeSchema,
} from '@console/contract/schema';
import type { ApiScopeService, DataScopeService } from './scope.service.js';

/**
 * /api/blade-system/data-scope (spec §7): administrators read the rules; only the platform
 * administrator changes them (platform-wide rows, S4).
 */
export const dataScopeRoutes: FastifyPluginAsyncTypebox<{ scopes: DataScopeService }> = async (
  app,
  { scopes },
) => {
  registerCrudRoutes(app, {
    entity: DataScopeSchema,
    input: DataScopeInputSchema,
    service: scopes,
    export: { button: 'data_scope_export', title: 'export.title.data_scope' },
    access: {
      read: { access: 'administrator' },
      submit: { access: 'platform-admin', button: 'data_scope_setting' },
      remove: { access: 'platform-admin', button: 'data_scope_setting' },
    },
  });
};

/** /api/blade-system/api-scope (spec §7): as data scopes; the guard enforces the rules. */
export const apiScopeRoutes: FastifyPluginAsyncTypebox<{ scopes: ApiScopeService }> = async (
  app,
  { scopes },
) => {
  registerCrudRoutes(app, {
    entity: ApiScopeSchema,
    input: ApiScopeInputSchema,
    service: scopes,
    export: { button: 'api_scope_export', title: 'export.title.api_scope' },
    access: {
      read: { access: 'administrator' },
      submit: { access: 'platform-admin', button: 'api_scope_setting' },
      remove: { access: 'platform-admin', button: 'api_scope_setting' },
    },
  });
};
