import type { SCOPE_CATEGORY } from '../../../core/repository/data-scope.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import { liveRows, unscoped } from '../../../core/repository/unscoped.js';

// The grants of roles: menus and buttons (blade_role_menu) and data and API scopes
// (blade_role_scope). Rows without audit columns, so not a TableRepository; every read joins the
// role to keep to the actor's tenant and to roles that still exist.

const big = (ids: readonly string[]) => ids.map((id) => BigInt(id));

export type ScopeCategory = (typeof SCOPE_CATEGORY)[keyof typeof SCOPE_CATEGORY];

/** A data scope rule as granted to one role. */
export interface GrantedDataRule {
  roleId: string;
  scopeId: string;
  resourceCode: string;
  scopeType: number;
  menuId: string;
}

export class RoleGrantRepository {
  constructor(private readonly store: Store) {}

  /** The menus granted to the roles (of the actor's tenant), as ids. */
  async menuIds(actor: Actor, roleIds: readonly string[]): Promise<string[]> {
    if (roleIds.length === 0) return [];
    const rows = await unscoped(this.store)
      .selectFrom('blade_role_menu as rm')
      .innerJoin('blade_role as r', 'r.id', 'rm.role_id')
      .select('rm.menu_id')
      .distinct()
      .where('rm.role_id', 'in', big(roleIds))
      .where(liveRows('r', actor.tenantId))
      .execute();
    return rows.map((row) => String(row.menu_id));
  }

  /** The scopes of a category granted to the roles (of the actor's tenant), as ids. */
  async scopeIds(actor: Actor, roleIds: readonly string[], category: ScopeCategory): Promise<string[]> {
    if (roleIds.length === 0) return [];
    const rows = await unscoped(this.store)
      .selectFrom('blade_role_scope as rs')
      .innerJoin('blade_role as r', 'r.id', 'rs.role_id')
      .select('rs.scope_id')
      .distinct()
      .where('rs.role_id', 'in', big(roleIds))
      .where('rs.scope_category', '=', category)
      .where(liveRows('r', actor.tenantId))
      .execute();
    return rows.map((row) => String(row.scope_id));
  }

  /** The scopes of a category granted to each of the roles (of the actor's tenant): role id → scope ids. */
  async scopeIdsByRole(
    actor: Actor,
    roleIds: readonly string[],
    category: ScopeCategory,
  ): Promise<Map<string, Set<string>>> {
    const byRole = new Map(roleIds.map((id) => [id, new Set<string>()]));
    if (roleIds.length === 0) return byRole;
    const rows = await unscoped(this.store)
      .selectFrom('blade_role_scope as rs')
      .innerJoin('blade_role as r', 'r.id', 'rs.role_id')
      .select(['rs.role_id', 'rs.scope_id'])
      .where('rs.role_id', 'in', big(roleIds))
      .where('rs.scope_category', '=', category)
      .where(liveRows('r', actor.tenantId))
      .execute();
    for (const row of rows) byRole.get(String(row.role_id))?.add(String(row.scope_id));
    return byRole;
  }

  /**
   * The data scope rules in force granted to the roles (enabled, not removed: the ones data-scope.ts
   * applies), with what decides their reach: the resource they limit, their type and their menu.
   */
  async dataRulesOf(actor: Actor, roleIds: readonly string[]): Promise<GrantedDataRule[]> {
    if (roleIds.length === 0) return [];
    const rows = await unscoped(this.store)
      .selectFrom('blade_role_scope as rs')
      .innerJoin('blade_role as r', 'r.id', 'rs.role_id')
      .innerJoin('blade_scope_data as sd', 'sd.id', 'rs.scope_id')
      .select(['rs.role_id', 'sd.id', 'sd.resource_code', 'sd.scope_type', 'sd.menu_id'])
      .where('rs.role_id', 'in', big(roleIds))
      .where('rs.scope_category', '=', 1)
      .where(liveRows('r', actor.tenantId))
      .where(liveRows('sd'))
      .where('sd.status', '=', 1)
      .execute();
    return rows.map((row) => ({
      roleId: String(row.role_id),
      scopeId: String(row.id),
      resourceCode: String(row.resource_code),
      scopeType: Number(row.scope_type),
      menuId: String(row.menu_id),
    }));
  }

  /** Replaces the menus of the roles (the caller checked that the roles are its tenant's). */
  async replaceMenus(roleIds: readonly string[], menuIds: readonly string[]): Promise<void> {
    await unscoped(this.store).deleteFrom('blade_role_menu').where('role_id', 'in', big(roleIds)).execute();
    const rows = roleIds.flatMap((roleId) =>
      menuIds.map((menuId) => ({
        id: BigInt(this.store.ids.next()),
        role_id: BigInt(roleId),
        menu_id: BigInt(menuId),
      })),
    );
    for (let i = 0; i < rows.length; i += 500)
      await unscoped(this.store)
        .insertInto('blade_role_menu')
        .values(rows.slice(i, i + 500))
        .execute();
  }

  /** Replaces the scopes of a category of the roles. */
  async replaceScopes(
    roleIds: readonly string[],
    category: ScopeCategory,
    scopeIds: readonly string[],
  ): Promise<void> {
    await unscoped(this.store)
      .deleteFrom('blade_role_scope')
      .where('role_id', 'in', big(roleIds))
      .where('scope_category', '=', category)
      .execute();
    const rows = roleIds.flatMap((roleId) =>
      scopeIds.map((scopeId) => ({
        id: BigInt(this.store.ids.next()),
        scope_category: category,
        role_id: BigInt(roleId),
        scope_id: BigInt(scopeId),
      })),
    );
    for (let i = 0; i < rows.length; i += 500)
      await unscoped(this.store)
        .insertInto('blade_role_scope')
        .values(rows.slice(i, i + 500))
        .execute();
  }
}
