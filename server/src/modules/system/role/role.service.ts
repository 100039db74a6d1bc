import {
  PLATFORM_TENANT_ID,
  ROOT_PARENT_ID,
  type ApiScope,
  type DataScope,
  type Role,
  type EffectiveRights,
  type RoleEffectiveQueryInput,
  type RoleGrant,
  type RoleInput,
  type RoleNode,
  type TreeNode,
} from '@console/contract';
import {
  isPlatformAdminActor,
  PLATFORM_ADMIN_ALIAS,
  TENANT_ADMIN_ALIAS,
  type Principal,
} from '../../../core/auth/principal.js';
import { authorityOf, GrantPolicy, ROLE_ALIAS_PATTERN } from './grant-policy.js';
import { ApiError, badRequest, notFound } from '../../../core/errors.js';

import { parseListQuery } from '../../../core/list-query.js';
import { SCOPE_CATEGORY } from '../../../core/repository/data-scope.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';
import { forest, toTreeNodes } from '../../../core/tree.js';
import { idList, UserRepository } from '../../user/user.repository.js';
import { readingTenant } from '../../../core/repository/actors.js';
import { treeListQuery } from '../../../core/entity-service.js';
import { MenuRepository } from '../menu/menu.repository.js';
import type { MenuService } from '../menu/menu.service.js';
import { ApiScopeRepository } from '../scope/api-scope.repository.js';
import { DataScopeRepository } from '../scope/data-scope.repository.js';
import { EffectiveRightsReader } from './effective-rights.js';
import { RoleGrantRepository } from './role-grant.repository.js';
import { RoleRepository, roleTable } from './role.repository.js';
import { removeAll } from '../../../core/entity-service.js';

export interface RoleServiceDependencies {
  store: Store;
  menus: MenuService;
  /** Grants changed: the guard's caches must forget them (core/auth/permissions.ts). */
  permissionsChanged(): Promise<void>;
  /** A tenant's roles were removed or renamed: the guard must re-read who holds what. */
  rolesChanged(tenantId: string): Promise<void>;
}

const roleTitle = (role: Role) => role.roleName;

/**
 * Aliases that decide who someone is: `administrator` (the platform administrator, in the platform
 * tenant only, set by the platform administrator only) and `admin` (a tenant's administrator, set
 * by administrators only). Any other alias is a plain code: letters, digits, `_` and `-`, so it
 * can never be read as a list of aliases. Reserved aliases are refused in any letter case to those
 * who may not set them (authority compares aliases exactly).
 */
export function checkAlias(actor: Actor, alias: string): void {
  if (!ROLE_ALIAS_PATTERN.test(alias)) throw badRequest('role.aliasInvalid');
  const lower = alias.toLowerCase();
  if (lower === PLATFORM_ADMIN_ALIAS) {
    if (actor.tenantId !== PLATFORM_TENANT_ID) throw badRequest('role.aliasPlatform', { alias });
    if (authorityOf(actor) !== 'platform') throw badRequest('role.aliasReserved', { alias });
  }
  if (lower === TENANT_ADMIN_ALIAS && authorityOf(actor) === 'none')
    throw badRequest('role.aliasReserved', { alias });
}

export class RoleService {
  readonly #roles: RoleRepository;
  readonly #policy: GrantPolicy;
  readonly #effective: EffectiveRightsReader;

  constructor(private readonly deps: RoleServiceDependencies) {
    this.#roles = new RoleRepository(deps.store);
    this.#policy = new GrantPolicy(deps.store, deps.menus);
    this.#effective = new EffectiveRightsReader(deps.store, deps.menus);
  }

  /** `role/list`: the roles under the filters, as a tree (BladeX answers a tree, not a page). */
  async list(actor: Actor, raw: Record<string, unknown>): Promise<RoleNode[]> {
    const query = parseListQuery(treeListQuery(raw), roleTable, this.deps.store.timeZone);
    const rows = await this.#roles.listAll(actor, query);
    if (!rows) throw badRequest('list.tooLarge');
    return forest(rows);
  }

  async detail(actor: Actor, id: string): Promise<Role> {
    const role = await this.#roles.findById(actor, id);
    if (!role) throw notFound();
    return role;
  }

  /**
   * The tenant's roles as a tree of choices. The platform administrator's role is shown to the
   * platform administrator only (as in BladeX), so nobody else can hand it out.
   */
  async #tree(actor: Actor, reading: Actor): Promise<TreeNode[]> {
    const rows = await this.#roles.listAll(reading, { filters: [], orders: [] });
    if (!rows) throw badRequest('list.tooLarge');
    const shown = isPlatformAdminActor(actor)
      ? rows
      : rows.filter((r) => r.roleAlias !== PLATFORM_ADMIN_ALIAS);
    return toTreeNodes(forest(shown), roleTitle);
  }

  tree(actor: Actor, tenantId?: string): Promise<TreeNode[]> {
    return this.#tree(actor, readingTenant(actor, tenantId));
  }

  /** `role/tree-by-id`: the role tree of the role's tenant (another tenant's: the platform administrator only). */
  async treeById(actor: Actor, roleId: string): Promise<TreeNode[]> {
    const tenantId = isPlatformAdminActor(actor)
      ? await this.#roles.tenantOf(roleId)
      : (await this.#roles.findById(actor, roleId))?.tenantId;
    if (!tenantId) throw notFound();
    return this.#tree(actor, { ...actor, tenantId });
  }

  /** `role/select`: the roles a user holds — the signed-in user's without userId (the switch dialog). */
  async select(actor: Actor, userId: string | undefined): Promise<Role[]> {
    const users = new UserRepository(this.deps.store);
    const user = userId ? await users.findById(actor, userId) : await users.findSelf(actor);
    if (!user) throw notFound();
    return this.#roles.findMany(actor, idList(user.roleId));
  }

  /** `role/effective` (查看权限): what a user of the tenant, or one of its roles, really gets (effective-rights.ts). */
  effective(principal: Principal, query: RoleEffectiveQueryInput): Promise<EffectiveRights> {
    return this.#effective.read(principal, query);
  }

  /** Creates without an id, updates with one; a role cannot sit under itself or a role below it. */
  async submit(actor: Actor, input: RoleInput): Promise<Role> {
    const id = input.id || undefined;
    const parentId = input.parentId && input.parentId !== ROOT_PARENT_ID ? input.parentId : ROOT_PARENT_ID;
    const values = {
      roleName: input.roleName.trim(),
      roleAlias: input.roleAlias.trim(),
      sort: input.sort,
      parentId,
      ...(input.totpRequired === undefined ? {} : { totpRequired: input.totpRequired }),
    };
    const saved = await inTransaction(this.deps.store, async (tx) => {
      const roles = new RoleRepository(tx);
      const existing = id === undefined ? undefined : await roles.findById(actor, id);
      if (id !== undefined && !existing) throw notFound();
      // An administrator's role is changed by administrators only; an alias kept as it was (one
      // stored before aliases were checked) may stay, a new one must be valid.
      if (existing) this.#policy.checkRoleChange(actor, existing);
      if (!existing || existing.roleAlias !== values.roleAlias) checkAlias(actor, values.roleAlias);
      if (parentId !== ROOT_PARENT_ID) {
        const all = await roles.listAll(actor, { filters: [], orders: [] });
        const byId = new Map((all ?? []).map((role) => [role.id, role]));
        if (!byId.has(parentId)) throw badRequest('role.parentMissing');
        // Walk up from the parent: meeting the role itself means a cycle.
        for (
          let at = byId.get(parentId), steps = 0;
          at && steps <= byId.size;
          at = byId.get(at.parentId), steps++
        )
          if (at.id === id) throw badRequest('role.parentSelf');
      }
      if (id === undefined)
        return { role: (await roles.findById(actor, await roles.insert(actor, values)))! };
      if (!(await roles.update(actor, id, values))) throw notFound();
      return {
        role: (await roles.findById(actor, id))!,
        // Authority follows aliases, and whether a second factor must be set up follows the flag.
        reread:
          existing!.roleAlias !== values.roleAlias ||
          (values.totpRequired !== undefined && existing!.totpRequired !== values.totpRequired),
      };
    });
    // The holders' account states are read again at once.
    if (saved.reread) await this.deps.rolesChanged(actor.tenantId);
    return saved.role;
  }

  /**
   * Removes all of the ids or none: an id that is not there answers 404; a role with roles below
   * it (other than ones removed with it) is refused; the platform administrator's role stays.
   */
  async remove(actor: Actor, rawIds: string): Promise<number> {
    const removed = await removeAll(
      this.deps.store,
      (tx) => new RoleRepository(tx),
      actor,
      rawIds,
      async (found, tx, ids) => {
        const platform = found.find((role) => role.roleAlias === PLATFORM_ADMIN_ALIAS);
        if (platform) throw badRequest('role.aliasReserved', { alias: platform.roleAlias });
        for (const role of found) this.#policy.checkRoleChange(actor, role);
        const children = await new RoleRepository(tx).remainingChildren(actor, ids);
        if (children.length > 0) throw badRequest('role.hasChildren', { names: children.join(', ') });
      },
    );
    // Decision 0005: removal takes effect at once — holders' tokens lose the role's rights now.
    await this.deps.rolesChanged(actor.tenantId);
    await this.deps.permissionsChanged();
    return removed.length;
  }

  /**
   * Replaces the menus (and, when given, the data and API scopes) of the roles, in one
   * transaction. Every id must exist; anyone but the platform administrator grants only what they
   * hold themselves (menus they have, scopes under those menus). Ids of menus among the scope ids
   * (the groups of the console's scope trees) are ignored.
   */
  async grant(principal: Principal, grant: RoleGrant): Promise<void> {
    const roleIds = [...new Set(grant.roleIds)];
    const menuIds = [...new Set(grant.menuIds)];
    const store = this.deps.store;
    const roles = await this.#roles.findByIds(principal, roleIds);
    if (roles.length !== roleIds.length) throw notFound();
    const all = await new MenuRepository(store).findAll();
    const menuById = new Map(all.map((menu) => [menu.id, menu]));
    const unknownMenus = menuIds.filter((id) => !menuById.has(id));
    if (unknownMenus.length > 0) throw badRequest('grant.menuUnknown', { ids: unknownMenus.join(',') });

    const allowed = isPlatformAdminActor(principal)
      ? null
      : await this.deps.menus.allowedMenuIds(principal, all);
    const refused = allowed ? menuIds.filter((id) => !allowed.has(id)) : [];
    if (refused.length > 0) throw new ApiError(403, 'grant.notAllowed', { ids: refused.join(',') });

    const checkScopes = async (
      ids: string[] | undefined,
      repository: DataScopeRepository | ApiScopeRepository,
      unknownKey: 'grant.dataScopeUnknown' | 'grant.apiScopeUnknown',
    ): Promise<{ ids: string[]; found: Array<DataScope | ApiScope> } | undefined> => {
      if (ids === undefined) return undefined;
      const wanted = [...new Set(ids)].filter((id) => !menuById.has(id));
      const found: Array<DataScope | ApiScope> = await repository.findByIds(principal, wanted);
      const known = new Set(found.map((scope) => scope.id));
      const unknown = wanted.filter((id) => !known.has(id));
      if (unknown.length > 0) throw badRequest(unknownKey, { ids: unknown.join(',') });
      const notHeld = allowed ? found.filter((scope) => !allowed.has(scope.menuId)).map((s) => s.id) : [];
      if (notHeld.length > 0) throw new ApiError(403, 'grant.notAllowed', { ids: notHeld.join(',') });
      return { ids: wanted, found };
    };
    const dataScopes = await checkScopes(
      grant.dataScopeIds,
      new DataScopeRepository(store),
      'grant.dataScopeUnknown',
    );
    const apiScopes = await checkScopes(
      grant.apiScopeIds,
      new ApiScopeRepository(store),
      'grant.apiScopeUnknown',
    );
    await this.#policy.checkRoleGrant(principal, roles, {
      ...(dataScopes ? { dataScopes: dataScopes.found as DataScope[] } : {}),
      ...(apiScopes ? { apiScopeIds: apiScopes.ids } : {}),
    });
    const dataScopeIds = dataScopes?.ids;
    const apiScopeIds = apiScopes?.ids;

    await inTransaction(store, async (tx) => {
      if ((await new RoleRepository(tx).findByIds(principal, roleIds)).length !== roleIds.length)
        throw notFound();
      const grants = new RoleGrantRepository(tx);
      await grants.replaceMenus(roleIds, menuIds);
      if (dataScopeIds) await grants.replaceScopes(roleIds, SCOPE_CATEGORY.DATA, dataScopeIds);
      if (apiScopeIds) await grants.replaceScopes(roleIds, SCOPE_CATEGORY.API, apiScopeIds);
    });
    await this.deps.permissionsChanged();
  }
}
