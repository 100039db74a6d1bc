import { DATA_SCOPE_TYPE, type DataScope, type Menu, type Role } from '@console/contract';
import {
  isPlatformAdminActor,
  PLATFORM_ADMIN_ALIAS,
  TENANT_ADMIN_ALIAS,
  type Principal,
} from '../../../core/auth/principal.js';
import { ApiError } from '../../../core/errors.js';
import { SCOPE_CATEGORY } from '../../../core/repository/data-scope.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import { MenuRepository } from '../menu/menu.repository.js';
import type { MenuService } from '../menu/menu.service.js';
import { RoleGrantRepository, type GrantedDataRule } from './role-grant.repository.js';

// Nobody grants more than they hold (security S12). The one place that decides it, for the grants
// of roles (role/grant), the roles given to users (user/grant, user submit) and the roles
// themselves (role/submit, role/remove):
// - the platform administrator grants anything;
// - a tenant's administrator grants anything of its tenant's package (RoleService keeps menus and
//   scopes within the menus it is allowed), never the platform administrator's role or account;
// - anyone else grants only what it holds: menus, buttons, data and API scopes of its own; never to
//   its own account or roles; never to or from an administrator's role or account.
// Authority comes from the role records the guard read for the caller (Principal.roleAliases are
// the stored aliases of roles it holds, compared whole), never from a token's text.

/** How much a caller may do with grants. */
export type Authority = 'platform' | 'tenant' | 'none';

export function authorityOf(actor: Actor): Authority {
  if (isPlatformAdminActor(actor)) return 'platform';
  return (actor.roleAliases ?? []).includes(TENANT_ADMIN_ALIAS) ? 'tenant' : 'none';
}

/** Whether a role is an administrator's (its tenant's or the platform's). */
export const isAdministratorRole = (role: Pick<Role, 'roleAlias'>) =>
  role.roleAlias === TENANT_ADMIN_ALIAS || role.roleAlias === PLATFORM_ADMIN_ALIAS;

export { ROLE_ALIAS_PATTERN } from '@console/contract';

/** What a caller holds, to compare grants with. */
interface Holdings {
  menuIds: ReadonlySet<string>;
  apiScopeIds: ReadonlySet<string>;
  dataScopeIds: ReadonlySet<string>;
  /**
   * The resources the caller's data scopes limit (no rule of type "all" among its rules there):
   * resource code → the menus its rules hang under.
   */
  limited: ReadonlyMap<string, ReadonlySet<string>>;
}

/** A change to roles' scopes, as role/grant asks for it (absent: left as they are). */
export interface RoleGrantChange {
  /** The data scopes the roles are to have (their records). */
  dataScopes?: readonly DataScope[];
  apiScopeIds?: readonly string[];
}

export class GrantPolicy {
  constructor(
    private readonly store: Store,
    private readonly menus: MenuService,
  ) {}

  async #holdings(principal: Principal, all: readonly Menu[]): Promise<Holdings> {
    const grants = new RoleGrantRepository(this.store);
    const [menuIds, apiScopeIds, rules] = await Promise.all([
      this.menus.allowedMenuIds(principal, all),
      grants.scopeIds(principal, principal.roleIds, SCOPE_CATEGORY.API),
      grants.dataRulesOf(principal, principal.roleIds),
    ]);
    return {
      menuIds,
      apiScopeIds: new Set(apiScopeIds),
      dataScopeIds: new Set(rules.map((rule) => rule.scopeId)),
      limited: limitedResources(rules),
    };
  }

  /**
   * role/grant: the roles' grants may change as asked. Called with the roles (of the caller's
   * tenant) and the change, before anything is written; throws 403 when not. Menus are checked by
   * RoleService for everyone (within the menus the caller is allowed).
   */
  async checkRoleGrant(principal: Principal, roles: readonly Role[], change: RoleGrantChange): Promise<void> {
    const authority = authorityOf(principal);
    if (authority === 'platform') return;
    if (roles.some((role) => role.roleAlias === PLATFORM_ADMIN_ALIAS))
      throw new ApiError(403, 'grant.adminRole');
    if (authority === 'tenant') return;
    if (roles.some(isAdministratorRole)) throw new ApiError(403, 'grant.adminRole');
    // Raising one's own role raises oneself (a data-scoped user clearing its own role's scopes).
    if (roles.some((role) => principal.roleIds.includes(role.id))) throw new ApiError(403, 'grant.ownRole');

    const held = await this.#holdings(principal, await new MenuRepository(this.store).findAll());
    const grants = new RoleGrantRepository(this.store);
    const roleIds = roles.map((role) => role.id);
    if (change.apiScopeIds !== undefined) {
      // Taking API scopes away only narrows; adding one is granting it.
      const current = await grants.scopeIdsByRole(principal, roleIds, SCOPE_CATEGORY.API);
      const added = change.apiScopeIds.filter(
        (id) => !held.apiScopeIds.has(id) && roleIds.some((roleId) => !current.get(roleId)?.has(id)),
      );
      if (added.length > 0) throw new ApiError(403, 'grant.notAllowed', { ids: added.join(',') });
    }
    if (change.dataScopes !== undefined) {
      const current = await grants.dataRulesOf(principal, roleIds);
      const added = change.dataScopes
        .map((scope) => scope.id)
        .filter(
          (id) =>
            !held.dataScopeIds.has(id) &&
            roleIds.some((roleId) => !current.some((r) => r.roleId === roleId && r.scopeId === id)),
        );
      if (added.length > 0) throw new ApiError(403, 'grant.notAllowed', { ids: added.join(',') });
      // A role left without rules on a resource sees all of it: taking the last rule away lifts
      // the limit, which only someone without that limit may do.
      const after: GrantedDataRule[] = change.dataScopes
        .filter((scope) => scope.status === 1 && scope.isDeleted === 0)
        .map((scope) => ({
          roleId: '',
          scopeId: scope.id,
          resourceCode: scope.resourceCode,
          scopeType: scope.scopeType,
          menuId: scope.menuId,
        }));
      const lifted = new Set<string>();
      for (const roleId of roleIds) {
        const before = limitedResources(current.filter((rule) => rule.roleId === roleId));
        const now = limitedResources(after);
        for (const resource of before.keys())
          if (held.limited.has(resource) && !now.has(resource)) lifted.add(resource);
      }
      if (lifted.size > 0)
        throw new ApiError(403, 'grant.dataScopeLift', { resources: [...lifted].join(', ') });
    }
  }

  /**
   * user/grant and user submit: users whose roles are now `previous` (user id → role ids) get
   * `roles`. Throws 403 when the caller may not make that change.
   */
  async checkUserRoles(
    principal: Principal,
    targets: ReadonlyArray<{ userId: string; previous: readonly string[] }>,
    roles: readonly Role[],
    heldRolesOf: (ids: readonly string[]) => Promise<Role[]>,
  ): Promise<void> {
    const authority = authorityOf(principal);
    if (authority === 'platform') return;
    const wanted = new Set(roles.map((role) => role.id));
    const changed = targets.filter(
      (t) => t.previous.length !== wanted.size || t.previous.some((id) => !wanted.has(id)),
    );
    if (changed.length === 0) return;
    const given = (t: { previous: readonly string[] }) =>
      roles.filter((role) => !t.previous.includes(role.id));
    const before = await heldRolesOf([...new Set(changed.flatMap((t) => t.previous))]);
    const adminBefore = (t: { previous: readonly string[] }, platformOnly: boolean) =>
      before.some(
        (role) =>
          t.previous.includes(role.id) &&
          (platformOnly ? role.roleAlias === PLATFORM_ADMIN_ALIAS : isAdministratorRole(role)),
      );

    if (changed.some((t) => given(t).some((role) => role.roleAlias === PLATFORM_ADMIN_ALIAS)))
      throw new ApiError(403, 'grant.adminRole');
    if (changed.some((t) => adminBefore(t, true))) throw new ApiError(403, 'grant.adminUser');
    if (authority === 'tenant') return;

    if (changed.some((t) => t.userId === principal.userId)) throw new ApiError(403, 'grant.self');
    if (changed.some((t) => given(t).some(isAdministratorRole))) throw new ApiError(403, 'grant.adminRole');
    if (changed.some((t) => adminBefore(t, false))) throw new ApiError(403, 'grant.adminUser');

    const newlyGiven = [...new Map(changed.flatMap(given).map((role) => [role.id, role])).values()];
    if (newlyGiven.length === 0) return;
    const above = await this.#rolesAbove(principal, newlyGiven);
    if (above.length > 0)
      throw new ApiError(403, 'grant.roleAbove', { names: above.map((role) => role.roleName).join(', ') });
  }

  /**
   * reset-password: whoever learns an account's new password can act as it, so the caller may
   * reset only accounts with no more rights than its own (its own account included). Throws 403.
   */
  async checkPasswordReset(
    principal: Principal,
    targets: ReadonlyArray<{ userId: string; roleIds: readonly string[] }>,
    heldRolesOf: (ids: readonly string[]) => Promise<Role[]>,
  ): Promise<void> {
    const authority = authorityOf(principal);
    if (authority === 'platform') return;
    const others = targets.filter((t) => t.userId !== principal.userId);
    const roles = await heldRolesOf([...new Set(others.flatMap((t) => t.roleIds))]);
    const refuse = () => new ApiError(403, 'grant.resetAbove');
    if (roles.some((role) => role.roleAlias === PLATFORM_ADMIN_ALIAS)) throw refuse();
    if (authority === 'tenant') return;
    if (roles.some(isAdministratorRole)) throw refuse();
    if (roles.length > 0 && (await this.#rolesAbove(principal, roles)).length > 0) throw refuse();
  }

  /** The roles that grant something the caller does not hold. */
  async #rolesAbove(principal: Principal, roles: readonly Role[]): Promise<Role[]> {
    const all = await new MenuRepository(this.store).findAll();
    const held = await this.#holdings(principal, all);
    const grants = new RoleGrantRepository(this.store);
    const roleIds = roles.map((role) => role.id);
    const [apiScopes, dataRules] = await Promise.all([
      grants.scopeIdsByRole(principal, roleIds, SCOPE_CATEGORY.API),
      grants.dataRulesOf(principal, roleIds),
    ]);
    const above: Role[] = [];
    for (const role of roles) {
      // What the role opens, within the tenant's package: the same rule as its holders get.
      const opens = await this.menus.allowedMenuIds(
        { ...principal, roleIds: [role.id], roleAliases: [role.roleAlias] },
        all,
      );
      const rules = dataRules.filter((rule) => rule.roleId === role.id);
      const reachesLimited = [...held.limited].some(
        ([resource, menuIds]) =>
          [...menuIds].some((id) => opens.has(id)) && !rules.some((rule) => rule.resourceCode === resource),
      );
      if (
        [...opens].some((id) => !held.menuIds.has(id)) ||
        [...(apiScopes.get(role.id) ?? [])].some((id) => !held.apiScopeIds.has(id)) ||
        rules.some((rule) => !held.dataScopeIds.has(rule.scopeId)) ||
        reachesLimited
      )
        above.push(role);
    }
    return above;
  }

  /**
   * role/submit and role/remove: an administrator's role is changed or removed by administrators
   * only (the platform administrator's by the platform administrator), whatever the change.
   */
  checkRoleChange(actor: Actor, role: Pick<Role, 'roleAlias'>): void {
    const authority = authorityOf(actor);
    if (role.roleAlias === PLATFORM_ADMIN_ALIAS && authority !== 'platform')
      throw new ApiError(403, 'grant.adminRole');
    if (role.roleAlias === TENANT_ADMIN_ALIAS && authority === 'none')
      throw new ApiError(403, 'grant.adminRole');
  }
}

/** The resources a set of rules limits (none of its rules there of type "all"), with their menus. */
function limitedResources(rules: readonly GrantedDataRule[]): Map<string, Set<string>> {
  const limited = new Map<string, Set<string>>();
  const unlimited = new Set(
    rules.filter((rule) => rule.scopeType === DATA_SCOPE_TYPE.ALL).map((rule) => rule.resourceCode),
  );
  for (const rule of rules) {
    if (unlimited.has(rule.resourceCode)) continue;
    const menus = limited.get(rule.resourceCode) ?? new Set<string>();
    menus.add(rule.menuId);
    limited.set(rule.resourceCode, menus);
  }
  return limited;
}
