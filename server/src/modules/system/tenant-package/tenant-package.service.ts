import type { Page, TenantPackage, TenantPackageInput } from '@console/contract';
import { badRequest, notFound } from '../../../core/errors.js';
import { isId, parseIdList } from '../../../core/ids.js';
import { parseListQuery } from '../../../core/list-query.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';
import { MenuRepository } from '../menu/menu.repository.js';
import { grantPackage } from '../tenant/tenant.service.js';
import { TenantRepository } from '../tenant/tenant.repository.js';
import { TenantPackageRepository, tenantPackageTable } from './tenant-package.repository.js';

/**
 * Tenant packages: the menus a tenant may have (MenuService.allowedMenuIds). Changing a package
 * gives the administrators of the tenants that have it the new menus and reaches every signed-in
 * user at once; a package in use cannot be removed.
 */
export class TenantPackageService {
  readonly #packages: TenantPackageRepository;

  constructor(
    private readonly store: Store,
    /** A package changed: the guard's caches of permission codes must forget them. */
    private readonly permissionsChanged: () => Promise<void>,
  ) {
    this.#packages = new TenantPackageRepository(store);
  }

  list(actor: Actor, query: Record<string, unknown>): Promise<Page<TenantPackage>> {
    return this.#packages.page(actor, parseListQuery(query, tenantPackageTable, this.store.timeZone));
  }

  async detail(actor: Actor, id: string): Promise<TenantPackage> {
    const found = isId(id) ? await this.#packages.findById(actor, id) : undefined;
    if (!found) throw notFound();
    return found;
  }

  /** Creates without an id, updates with one. Every menu id must name an existing menu. */
  async submit(actor: Actor, input: TenantPackageInput): Promise<TenantPackage> {
    const menuIds = parseIdList(input.menuId);
    if (!menuIds) throw badRequest('tenantPackage.menuId.invalid');
    const values = {
      packageName: input.packageName.trim(),
      menuId: menuIds.join(','),
      remark: input.remark ?? null,
    };
    const id = input.id || undefined;
    if (id !== undefined && !isId(id)) throw notFound();
    const saved = await inTransaction(this.store, async (tx) => {
      const existing = await new MenuRepository(tx).existingIds(menuIds);
      const unknown = menuIds.filter((menuId) => !existing.has(menuId));
      if (unknown.length > 0) throw badRequest('tenantPackage.menuId.unknown', { ids: unknown.join(',') });
      const packages = new TenantPackageRepository(tx);
      if (id === undefined) return (await packages.findById(actor, await packages.insert(actor, values)))!;
      if (!(await packages.update(actor, id, values))) throw notFound();
      for (const tenant of await new TenantRepository(tx).withPackage(id))
        await grantPackage(tx, tenant.tenantId, values.menuId);
      return (await packages.findById(actor, id))!;
    });
    if (id !== undefined) await this.permissionsChanged();
    return saved;
  }

  /** Removes all of the ids or none: an id that is not there answers 404 and changes nothing. */
  async remove(actor: Actor, rawIds: string): Promise<number> {
    const ids = parseIdList(rawIds);
    if (!ids) throw badRequest('ids.invalid');
    return inTransaction(this.store, async (tx) => {
      const packages = new TenantPackageRepository(tx);
      if ((await packages.findByIds(actor, ids)).length !== ids.length) throw notFound();
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
      const removed = await packages.softDelete(actor, ids);
      if (removed !== ids.length) throw notFound();
      return removed;
    });
  }
}
