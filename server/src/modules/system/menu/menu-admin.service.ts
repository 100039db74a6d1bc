import {
  MENU_CATEGORY,
  MENU_OPEN,
  ROOT_PARENT_ID,
  type GrantKeys,
  type GrantTree,
  type Menu,
  type MenuInput,
  type MenuListNode,
  type TopGrantKeys,
  type TopGrantTree,
  type TreeNode,
} from '@console/contract';
import type { Principal } from '../../../core/auth/principal.js';
import { badRequest, notFound } from '../../../core/errors.js';

import { parseListQuery, type ListQuery } from '../../../core/list-query.js';
import { SCOPE_CATEGORY } from '../../../core/repository/data-scope.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';
import { forest, toTreeNodes, type Treeable } from '../../../core/tree.js';
import { treeListQuery } from '../../../core/entity-service.js';
import { RoleGrantRepository } from '../role/role-grant.repository.js';
import { RoleRepository } from '../role/role.repository.js';
import { ApiScopeRepository } from '../scope/api-scope.repository.js';
import { DataScopeRepository } from '../scope/data-scope.repository.js';
import { MenuRepository, menuTable } from './menu.repository.js';
import type { MenuService } from './menu.service.js';
import { TopMenuRepository } from './top-menu.repository.js';
import { PLATFORM } from '../../../core/repository/actors.js';
import { idsOf, removeAll } from '../../../core/entity-service.js';

export interface MenuAdminDependencies {
  store: Store;
  menus: MenuService;
  /** Menus changed: the guard's caches of permission codes must forget them. */
  permissionsChanged(): Promise<void>;
}

interface Choice extends Treeable {
  title: string;
  sort: number;
}

const bySortThenId = (a: { sort: number; id: string }, b: { sort: number; id: string }) =>
  a.sort - b.sort || (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0);

const choiceTree = (choices: Choice[]): TreeNode[] =>
  toTreeNodes(forest([...choices].sort(bySortThenId)), (c) => c.title);

const menuChoice = (menu: Menu): Choice => ({
  id: menu.id,
  parentId: menu.parentId,
  title: menu.name,
  sort: menu.sort,
});

/** The menus among `all` with the given ids, with every ancestor of each. */
function withAncestors(all: readonly Menu[], ids: Iterable<string>): Menu[] {
  const byId = new Map(all.map((menu) => [menu.id, menu]));
  const shown = new Set<string>();
  for (const id of ids)
    for (let menu = byId.get(id); menu && !shown.has(menu.id); menu = byId.get(menu.parentId))
      shown.add(menu.id);
  return all.filter((menu) => shown.has(menu.id));
}

/**
 * The menu page and the grant dialogs (spec §7, "Menu"): menus are platform-wide rows, changed by
 * the platform administrator only (S4); the grant trees offer each caller what it may grant.
 */
export class MenuAdminService {
  readonly #menus: MenuRepository;

  constructor(private readonly deps: MenuAdminDependencies) {
    this.#menus = new MenuRepository(deps.store);
  }

  #query(raw: Record<string, unknown>, menusOnly: boolean): ListQuery {
    const query = parseListQuery(treeListQuery(raw), menuTable, this.deps.store.timeZone);
    if (menusOnly)
      query.filters.push({
        column: menuTable.columns.get('category')!,
        op: 'equal',
        value: MENU_CATEGORY.MENU,
      });
    return query;
  }

  async #rows(query: ListQuery): Promise<Menu[]> {
    const rows = await this.#menus.listAll(PLATFORM, query);
    if (!rows) throw badRequest('list.tooLarge');
    return rows;
  }

  /** `menu/list` (menus and buttons) and `menu/menu-list` (menus only): trees under the filters. */
  async list(raw: Record<string, unknown>, menusOnly = false): Promise<MenuListNode[]> {
    return forest(await this.#rows(this.#query(raw, menusOnly)));
  }

  /**
   * `menu/lazy-list` and `menu/lazy-menu-list`: one level (parentId; absent: every row under the
   * filters), `hasChildren` from the database.
   */
  async lazyList(raw: Record<string, unknown>, menusOnly = false): Promise<MenuListNode[]> {
    const rows = await this.#rows(this.#query(raw, menusOnly));
    const withChildren = await this.#menus.withChildren(
      rows.map((row) => row.id),
      menusOnly,
    );
    return rows.map((row) => ({ ...row, hasChildren: withChildren.has(row.id) }));
  }

  async detail(id: string): Promise<Menu> {
    const menu = await this.#menus.findById(PLATFORM, id);
    if (!menu) throw notFound();
    return menu;
  }

  /** The menus (and buttons) the principal may grant: all for the platform administrator, else its own. */
  async #grantable(principal: Principal): Promise<{ all: Menu[]; allowed: Set<string> }> {
    const all = await this.#menus.findAll();
    return { all, allowed: await this.deps.menus.allowedMenuIds(principal, all) };
  }

  /**
   * `menu/grant-tree`: the role grant dialog's three trees — the menus and buttons the caller may
   * grant, and the data and API scopes under those menus (scope leaves under their menus).
   */
  async grantTree(principal: Principal): Promise<GrantTree> {
    const { all, allowed } = await this.#grantable(principal);
    const scopeTree = async (repository: DataScopeRepository | ApiScopeRepository) => {
      const scopes = ((await repository.listAll(PLATFORM, { filters: [], orders: [] })) ?? []).filter(
        (scope) => allowed.has(scope.menuId),
      );
      const menus = withAncestors(
        all.filter((menu) => menu.category === MENU_CATEGORY.MENU),
        scopes.map((scope) => scope.menuId),
      );
      return choiceTree([
        ...menus.map(menuChoice),
        ...scopes.map((scope, i) => ({
          id: scope.id,
          parentId: scope.menuId,
          title: scope.scopeName,
          sort: i,
        })),
      ]);
    };
    return {
      menu: choiceTree(withAncestors(all, allowed).map(menuChoice)),
      dataScope: await scopeTree(new DataScopeRepository(this.deps.store)),
      apiScope: await scopeTree(new ApiScopeRepository(this.deps.store)),
    };
  }

  /** `menu/role-tree-keys`: what the roles (of the caller's tenant) are granted now. */
  async roleTreeKeys(actor: Actor, rawRoleIds: string): Promise<GrantKeys> {
    const roleIds = idsOf(rawRoleIds);
    if ((await new RoleRepository(this.deps.store).findByIds(actor, roleIds)).length !== roleIds.length)
      throw notFound();
    const grants = new RoleGrantRepository(this.deps.store);
    return {
      menu: await grants.menuIds(actor, roleIds),
      dataScope: await grants.scopeIds(actor, roleIds, SCOPE_CATEGORY.DATA),
      apiScope: await grants.scopeIds(actor, roleIds, SCOPE_CATEGORY.API),
    };
  }

  /** `menu/grant-top-tree`: the menus (no buttons) a top menu may list. */
  async grantTopTree(principal: Principal): Promise<TopGrantTree> {
    const { all, allowed } = await this.#grantable(principal);
    const menus = all.filter((menu) => menu.category === MENU_CATEGORY.MENU);
    return { menu: choiceTree(withAncestors(menus, allowed).map(menuChoice)) };
  }

  /** `menu/top-tree-keys`: the menus the top menus list now. */
  async topTreeKeys(rawTopMenuIds: string): Promise<TopGrantKeys> {
    const ids = idsOf(rawTopMenuIds);
    const topMenus = new TopMenuRepository(this.deps.store);
    if ((await topMenus.findByIds(PLATFORM, ids)).length !== ids.length) throw notFound();
    return { menu: await topMenus.menuIds(ids) };
  }

  /**
   * Creates without an id, updates with one. Codes are unique (they are the permission flags);
   * the parent exists, is a menu, and is neither the menu itself nor below it.
   */
  async submit(actor: Actor, input: MenuInput): Promise<Menu> {
    const id = input.id || undefined;
    const parentId = input.parentId && input.parentId !== ROOT_PARENT_ID ? input.parentId : ROOT_PARENT_ID;
    const values = {
      parentId,
      code: input.code.trim(),
      name: input.name.trim(),
      alias: input.alias?.trim() || null,
      path: input.path?.trim() || null,
      source: input.source?.trim() || null,
      sort: input.sort,
      category: input.category,
      action: input.action ?? 0,
      isOpen: input.isOpen ?? MENU_OPEN.SAME_WINDOW,
      remark: input.remark ?? null,
    };
    const saved = await inTransaction(this.deps.store, async (tx) => {
      const menus = new MenuRepository(tx);
      if (id !== undefined && !(await menus.findById(PLATFORM, id))) throw notFound();
      const holder = await menus.findByCode(values.code);
      if (holder && holder.id !== id) throw badRequest('menu.code.exists', { code: values.code });
      if (parentId !== ROOT_PARENT_ID) {
        const all = await menus.findAll();
        const byId = new Map(all.map((menu) => [menu.id, menu]));
        const parent = byId.get(parentId);
        if (!parent) throw badRequest('menu.parentMissing');
        if (parent.category === MENU_CATEGORY.BUTTON) throw badRequest('menu.parentButton');
        for (
          let at: Menu | undefined = parent, steps = 0;
          at && steps <= byId.size;
          at = byId.get(at.parentId), steps++
        )
          if (at.id === id) throw badRequest('menu.parentSelf');
      }
      if (id === undefined) return (await menus.findById(PLATFORM, await menus.insert(actor, values)))!;
      if (!(await menus.update(actor, id, values))) throw notFound();
      return (await menus.findById(PLATFORM, id))!;
    });
    await this.deps.permissionsChanged();
    return saved;
  }

  /** Removes all of the ids or none; a menu with rows below it (not removed with it) is refused. */
  async remove(actor: Actor, rawIds: string): Promise<number> {
    // Menus are platform-wide (not tenant-scoped): the remover's own tenant does not narrow them.
    const removed = await removeAll(
      this.deps.store,
      (tx) => new MenuRepository(tx),
      actor,
      rawIds,
      async (_rows, tx, ids) => {
        const children = await new MenuRepository(tx).remainingChildren(ids);
        if (children.length > 0) throw badRequest('menu.hasChildren', { names: children.join(', ') });
      },
    );
    await this.deps.permissionsChanged();
    return removed.length;
  }
}
