import {
  MENU_CATEGORY,
  type EffectiveApiScope,
  type EffectiveButton,
  type EffectiveDataScope,
  type EffectiveMenu,
  type EffectiveMenuView,
  type EffectiveRights,
  type MenuNode,
  type RoleEffectiveQueryInput,
  type TopMenu,
} from '@console/contract';
import { isAdministratorActor, isPlatformAdminActor, type Principal } from '../../../core/auth/principal.js';
import { badRequest, notFound } from '../../../core/errors.js';
import { isId } from '../../../core/ids.js';
import { PLATFORM } from '../../../core/repository/actors.js';
import { loadDataScopeRules, SCOPE_CATEGORY } from '../../../core/repository/data-scope.js';
import type { Store } from '../../../core/repository/store.js';
import { idList, UserRepository, type User } from '../../user/user.repository.js';
import { MenuRepository, type Menu } from '../menu/menu.repository.js';
import { buildForest, sidebarMenus, type MenuService } from '../menu/menu.service.js';
import { ApiScopeRepository } from '../scope/api-scope.repository.js';
import { DataScopeRepository } from '../scope/data-scope.repository.js';
import { RoleGrantRepository } from './role-grant.repository.js';
import { RoleRepository, type Role } from './role.repository.js';

// 查看权限 (issue 48, `role/effective`): what a user, or one role alone, really gets, with the roles
// each thing comes from — "why can't X see Y" without signing in as X. Nothing is decided here: the
// user is looked at as the guard would see them (the roles they hold now, from the records), and
// every answer comes from the rule that decides it for real — MenuService.allowedMenuIds (menus,
// buttons), sidebarMenus (the sidebar under each top menu), data-scope.ts (whether rules limit a
// resource) and the guard's API scope rules. A thing's roles are the roles that give it alone.

/** Who is looked at: the user (if any), the roles counted, and the principal they would be. */
interface Subject {
  user: User | null;
  roles: Role[];
  principal: Principal;
}

/**
 * The principal the subject would be: the roles given, with their stored aliases (as principalFrom
 * takes them from the records). The caller's session fields (client, token ids) come along unread:
 * only the tenant and the roles decide grants.
 */
function principalAs(caller: Principal, roles: readonly Role[], user: User | null): Principal {
  return {
    ...caller,
    userId: user?.id ?? '',
    account: user?.account ?? '',
    deptId: user ? (idList(user.deptId)[0] ?? null) : null,
    roleIds: roles.map((role) => role.id),
    roleAliases: roles.map((role) => role.roleAlias).filter((alias) => alias !== ''),
  };
}

/** The ids of the roles whose set holds `id`, in the roles' order. */
const rolesHolding = (sets: ReadonlyMap<string, ReadonlySet<string>>, id: string): string[] =>
  [...sets].filter(([, ids]) => ids.has(id)).map(([roleId]) => roleId);

/** The sidebar's tree with each menu's roles. */
function withRoles(nodes: readonly MenuNode[], shownBy: ReadonlyMap<string, ReadonlySet<string>>) {
  return nodes.map((node): EffectiveMenu => {
    const menu: EffectiveMenu = {
      id: node.id,
      parentId: node.parentId,
      code: node.code,
      name: node.name,
      path: node.path,
      roleIds: rolesHolding(shownBy, node.id),
    };
    return node.children ? { ...menu, children: withRoles(node.children, shownBy) } : menu;
  });
}

export class EffectiveRightsReader {
  constructor(
    private readonly store: Store,
    private readonly menus: MenuService,
  ) {}

  /** `role/effective`: exactly one of userId and roleId, of the caller's tenant (404 otherwise). */
  async read(caller: Principal, query: RoleEffectiveQueryInput): Promise<EffectiveRights> {
    const userId = query.userId || undefined;
    const roleId = query.roleId || undefined;
    if ((userId === undefined) === (roleId === undefined)) throw badRequest('role.effective.oneTarget');
    const subject =
      userId !== undefined ? await this.#user(caller, userId) : await this.#role(caller, roleId!);
    const { principal, roles } = subject;

    const all = await new MenuRepository(this.store).findAll();
    const allowed = await this.menus.allowedMenuIds(principal, all);
    // Each role alone, as GrantPolicy weighs a role: its grants within the tenant's package.
    const allowedByRole = new Map<string, ReadonlySet<string>>();
    for (const role of roles)
      allowedByRole.set(
        role.id,
        await this.menus.allowedMenuIds(principalAs(principal, [role], subject.user), all),
      );

    const [menus, dataScopes, apiScopes] = await Promise.all([
      this.#menuViews(principal, all, allowed, allowedByRole),
      this.#dataScopes(principal),
      this.#apiScopes(principal),
    ]);
    return {
      user: subject.user && {
        id: subject.user.id,
        account: subject.user.account,
        name: subject.user.name ?? null,
        realName: subject.user.realName ?? null,
      },
      roles: roles.map((role) => ({ id: role.id, roleName: role.roleName, roleAlias: role.roleAlias })),
      administrator: isPlatformAdminActor(principal)
        ? 'platform'
        : isAdministratorActor(principal)
          ? 'tenant'
          : null,
      menus,
      buttons: buttonsOf(all, allowed, allowedByRole, sidebarOrder(menus[0]!.menus)),
      dataScopes,
      apiScopes,
    };
  }

  /**
   * A user the caller may read (of its tenant, within its data scope on users, as every read by id)
   * and the roles they hold now.
   */
  async #user(caller: Principal, userId: string): Promise<Subject> {
    const user = await new UserRepository(this.store).findById(caller, userId);
    if (!user) throw notFound();
    // As the guard's account state: the role records of the tenant, not removed, decide which count.
    const held = [...new Set(idList(user.roleId).filter(isId))];
    const roles = await new RoleRepository(this.store).findMany(caller, held);
    return { user, roles, principal: principalAs(caller, roles, user) };
  }

  /** A role of the caller's tenant, alone. */
  async #role(caller: Principal, roleId: string): Promise<Subject> {
    const role = await new RoleRepository(this.store).findById(caller, roleId);
    if (!role) throw notFound();
    return { user: null, roles: [role], principal: principalAs(caller, [role], null) };
  }

  /** The whole menu, then the sidebar under each top menu, as `menu/routes` answers them. */
  async #menuViews(
    principal: Principal,
    all: readonly Menu[],
    allowed: ReadonlySet<string>,
    allowedByRole: ReadonlyMap<string, ReadonlySet<string>>,
  ): Promise<EffectiveMenuView[]> {
    const menus = new MenuRepository(this.store);
    const view = (top: TopMenu | null, listed: ReadonlySet<string> | null): EffectiveMenuView => {
      const shownBy = new Map(
        [...allowedByRole].map(([roleId, ids]) => [
          roleId,
          new Set(sidebarMenus(all, ids, listed).map((menu) => menu.id)),
        ]),
      );
      return {
        topMenuId: top?.id ?? null,
        code: top?.code ?? null,
        name: top?.name ?? null,
        menus: withRoles(buildForest(sidebarMenus(all, allowed, listed)), shownBy),
      };
    };
    const views = [view(null, null)];
    for (const top of await this.menus.topMenus(principal))
      views.push(view(top, await menus.topMenuMenuIds(top.id)));
    return views;
  }

  /** The data scope rules in force granted to the roles, by resource, and whether they limit it. */
  async #dataScopes(principal: Principal): Promise<EffectiveDataScope[]> {
    const granted = await new RoleGrantRepository(this.store).dataRulesOf(principal, principal.roleIds);
    const scopeIds = [...new Set(granted.map((rule) => rule.scopeId))];
    const records = await new DataScopeRepository(this.store).findByIds(PLATFORM, scopeIds);
    const resources = [...new Set(records.map((scope) => scope.resourceCode))].sort();
    return Promise.all(
      resources.map(async (resourceCode) => ({
        resourceCode,
        // Whether the rules narrow the lists at all is data-scope.ts's to say (a rule "all", the
        // platform administrator): asked exactly as a list of the resource asks it.
        limited: (await loadDataScopeRules(this.store, principal, resourceCode)) !== null,
        rules: records
          .filter((scope) => scope.resourceCode === resourceCode)
          .sort((a, b) => a.scopeName.localeCompare(b.scopeName) || a.id.localeCompare(b.id))
          .map((scope) => ({
            id: scope.id,
            scopeName: scope.scopeName,
            scopeType: scope.scopeType,
            scopeColumn: scope.scopeColumn,
            scopeValue: scope.scopeValue,
            roleIds: principal.roleIds.filter((roleId) =>
              granted.some((rule) => rule.roleId === roleId && rule.scopeId === scope.id),
            ),
          })),
      })),
    );
  }

  /** The API scopes granted to the roles that the guard matches (enabled rules), with their roles. */
  async #apiScopes(principal: Principal): Promise<EffectiveApiScope[]> {
    const apiScopes = new ApiScopeRepository(this.store);
    const [byRole, inForce] = await Promise.all([
      new RoleGrantRepository(this.store).scopeIdsByRole(principal, principal.roleIds, SCOPE_CATEGORY.API),
      apiScopes.rules(),
    ]);
    const enabled = new Set(inForce.map((rule) => rule.id));
    const ids = [...new Set([...byRole.values()].flatMap((set) => [...set]))].filter((id) => enabled.has(id));
    const records = await apiScopes.findByIds(PLATFORM, ids);
    return records
      .sort(
        (a, b) =>
          a.resourceCode.localeCompare(b.resourceCode) ||
          a.scopeName.localeCompare(b.scopeName) ||
          a.id.localeCompare(b.id),
      )
      .map((scope) => ({
        id: scope.id,
        scopeName: scope.scopeName,
        resourceCode: scope.resourceCode,
        scopePath: scope.scopePath,
        scopeMethod: scope.scopeMethod,
        roleIds: rolesHolding(byRole, scope.id),
      }));
  }
}

/** Each menu's place in the whole sidebar, top to bottom. */
function sidebarOrder(
  menus: readonly EffectiveMenu[],
  order = new Map<string, number>(),
): Map<string, number> {
  for (const menu of menus) {
    order.set(menu.id, order.size);
    sidebarOrder(menu.children ?? [], order);
  }
  return order;
}

/**
 * The allowed buttons (the codes the guard checks; `menu/buttons`' leaves) with their roles, by page
 * in the sidebar's order (a button's page always shows there), then by their own sort.
 */
function buttonsOf(
  all: readonly Menu[],
  allowed: ReadonlySet<string>,
  allowedByRole: ReadonlyMap<string, ReadonlySet<string>>,
  order: ReadonlyMap<string, number>,
): EffectiveButton[] {
  const byId = new Map(all.map((menu) => [menu.id, menu]));
  const place = (button: Menu) => order.get(button.parentId) ?? Number.MAX_SAFE_INTEGER;
  return all
    .filter((menu) => menu.category === MENU_CATEGORY.BUTTON && allowed.has(menu.id))
    .sort((a, b) => place(a) - place(b) || a.sort - b.sort || a.code.localeCompare(b.code))
    .map((button) => ({ button, page: byId.get(button.parentId) }))
    .map(({ button, page }) => ({
      id: button.id,
      code: button.code,
      name: button.name,
      pageCode: page?.code ?? null,
      pageName: page?.name ?? null,
      roleIds: rolesHolding(allowedByRole, button.id),
    }));
}
