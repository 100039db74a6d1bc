import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import { TenantPackageInputSchema, TenantPackageSchema } from '@console/contract/schema';
import type { TenantPackageService } from './tenant-package.service.js';

/**
 * /api/blade-system/tenant-package: list, detail, submit, remove (spec §7). Packages are
 * platform-wide: administrators read them, only the platform administrator changes them (S4).
 */
export const tenantPackageRoutes: FastifyPluginAsyncTypebox<{ packages: TenantPackageService }> = async (
  app,
  { packages },
) => {
  registerCrudRoutes(app, {
    entity: TenantPackageSchema,
    input: TenantPackageInputSchema,
    service: packages,
    export: { button: 'tenant_package_export', title: 'export.title.tenant_package' },
    access: {
      read: { access: 'administrator' },
      submit: {
        access: 'platform-admin',
        button: { create: 'tenant_package_add', update: 'tenant_package_edit' },
      },
      remove: { access: 'platform-admin', button: 'tenant_package_delete' },
    },
  });
};
