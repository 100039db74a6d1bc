import type { TenantPackage, TenantPackageInput } from '@console/contract';
import { TenantPackageInputSchema } from '@console/contract/schema';
import { badRequest, notFound } from '../../../core/errors.js';
import { isId, parseIdList } from '../../../core/ids.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';
import { MenuRepository } from '../menu/menu.repository.js';
import { grantPackage } from '../tenant/tenant.service.js';
import { TenantRepository } from '../tenant/tenant.repository.js';
import { TenantPackageRepository, tenantPackageTable } from './tenant-package.repository.js';
import { EntityService, found, inputValues } from '../../../core/entity-service.js';

/**
 * Tenant packages: the menus a tenant may have (MenuService.allowedMenuIds). Changing a package
 * gives the administrators of the tenants that have it the new menus and reaches every signed-in
 * user at once; a package in use cannot be removed.
 */
export class TenantPackageService extends EntityService<
  TenantPackage,
  TenantPackageInput,
  'blade_tenant_package',
  TenantPackageRepository
> {
  constructor(
    store: Store,
    /** A package changed: the guard's caches of permission codes must forget them. */
    private readonly permissionsChanged: () => Promise<void>,
  ) {
    super(store, tenantPackageTable, (s) => new TenantPackageRepository(s));
  }

  override async detail(actor: Actor, id: string): Promise<TenantPackage> {
    return found(isId(id) ? await this.repository.findById(actor, id) : undefined);
  }

  /** Creates without an id, updates with one. Every menu id must name an existing menu. */
  async submit(actor: Actor, input: TenantPackageInput): Promise<TenantPackage> {
    const menuIds = parseIdList(input.menuId);
    if (!menuIds) throw badRequest('tenantPackage.menuId.invalid');
    const values = { ...inputValues(TenantPackageInputSchema, input), menuId: menuIds.join(',') };
    const id = input.id || undefined;
    if (id !== undefined && !isId(id)) throw notFound();
    const saved = await inTransaction(this.store, async (tx) => {
      const existing = await new MenuRepository(tx).existingIds(menuIds);
      const unknown = menuIds.filter((menuId) => !existing.has(menuId));
      if (unknown.length > 0) throw badRequest('tenantPackage.menuId.unknown', { ids: unknown.join(',') });
      const saved = await this.save(this.repositoryOn(tx), actor, id, values);
      if (id !== undefined)
        for (const tenant of await new TenantRepository(tx).withPackage(id))
          await grantPackage(tx, tenant.tenantId, values.menuId);
      return saved;
    });
    if (id !== undefined) await this.permissionsChanged();
    return saved;
  }

  /** A package in use by a tenant cannot be removed. */
  protected override async beforeRemove(tx: Store, _actor: Actor, ids: string[]): Promise<void> {
    const tenants = new TenantRepository(tx);
    const users = [];
    for (const id of ids) users.push(...(await tenants.withPackage(id)));
    if (users.length > 0)
      throw badRequest('tenantPackage.inUse', {
        names: users
          .slice(0, 5)
          .map((tenant) => `${tenant.tenantName}(${tenant.tenantId})`)
          .join(', '),
      });
  }
}
