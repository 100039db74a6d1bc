import type { TenantPackage } from '@console/contract';
import { TenantPackageSchema } from '@console/contract/schema';
import { TableRepository } from '../../../core/repository/table-repository.js';
import type { Store } from '../../../core/repository/store.js';
import { defineTable } from '../../../core/repository/table.js';
import { liveRows, unscoped } from '../../../core/repository/unscoped.js';

/** Tenant packages are platform-wide (security S4): no tenant column scopes them. */
export const tenantPackageTable = defineTable(
  TenantPackageSchema,
  'blade_tenant_package',
  { tenantScoped: false },
  {
    filter: ['packageName', 'menuId', 'remark'],
    sort: ['packageName'],
  },
);

/** A tenant's package as the menu decision needs it. */
export interface TenantPackageBinding {
  /** The tenant's package_id; null: the tenant has no package. */
  packageId: string | null;
  /** The package's comma-joined menu ids; null when the package is gone (removed). */
  menuId: string | null;
}

export class TenantPackageRepository extends TableRepository<TenantPackage, 'blade_tenant_package'> {
  constructor(store: Store) {
    super(store, tenantPackageTable);
  }

  /** The package of a tenant (one query); undefined when there is no such tenant. */
  async ofTenant(tenantId: string): Promise<TenantPackageBinding | undefined> {
    const row = await unscoped(this.store)
      .selectFrom('blade_tenant as t')
      .leftJoin('blade_tenant_package as p', (join) =>
        join.onRef('p.id', '=', 't.package_id').on('p.is_deleted', '=', 0),
      )
      .select(['t.package_id', 'p.menu_id'])
      .where(liveRows('t', tenantId))
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      packageId: row.package_id === null ? null : String(row.package_id),
      menuId: row.menu_id ?? null,
    };
  }
}
