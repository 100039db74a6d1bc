import { MENU_CATEGORY, type MenuNode, type TopMenu, type TreeNode } from '@console/contract';
import { bladeIconOf } from '@console/contract/menu-icons';
import { isPlatformAdmin, type Principal } from '../../../core/auth/principal.js';
import { badRequest } from '../../../core/errors.js';
import { isId } from '../../../core/ids.js';
import { withChildren } from '../../../core/tree.js';
import type { Store } from '../../../core/repository/store.js';
import { TenantPackageRepository } from '../tenant-package/tenant-package.repository.js';
import { MenuRepository, type Menu } from './menu.repository.js';
import { TopMenuRepository } from './top-menu.repository.js';

// The signed-in user's menus and buttons (spec §6; contract.md "Menus and permissions"), built as
// SpringBlade's MenuServiceImpl builds them: a constant number of queries (every menu, the grants,
// a top menu's list) and the tree assembled in memory.

const byOrder = (a: MenuNode, b: MenuNode) =>
  a.sort - b.sort || (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0);

function toNode(menu: Menu): MenuNode {
  return {
    id: menu.id,
    parentId: menu.parentId,
    code: menu.code,
    name: menu.name,
    alias: menu.alias,
    path: menu.path,
    source: menu.source,
    sort: menu.sort,
    category: menu.category,
    action: menu.action,
    isOpen: menu.isOpen,
    remark: menu.remark,
    hasChildren: false,
    // The console translates menu names by code (its own catalogue), so English users see English.
    meta: { i18n: menu.code },
  };
}

/**
 * The menus a package's comma-joined ids give a tenant: the listed menus and the buttons directly
 * under them. The package page lists menus (its tree has no buttons): a page listed brings its
 * buttons; a button listed on its own counts as well.
 */
export function packageMenuIds(menuIdList: string, all: readonly Menu[]): Set<string> {
  const listed = new Set(
    menuIdList
      .split(',')
      .map((id) => id.trim())
      .filter(isId),
  );
  const ids = new Set<string>();
  for (const menu of all)
    if (listed.has(menu.id) || (menu.category === MENU_CATEGORY.BUTTON && listed.has(menu.parentId)))
      ids.add(menu.id);
  return ids;
}

/** The menus with the given codes and every menu and button below them. */
export function menusBelow(codes: readonly string[], all: readonly Menu[]): Set<string> {
  const children = new Map<string, Menu[]>();
  for (const menu of all) children.set(menu.parentId, [...(children.get(menu.parentId) ?? []), menu]);
  const ids = new Set<string>();
  const visit = (menu: Menu) => {
    if (ids.has(menu.id)) return;
    ids.add(menu.id);
    for (const child of children.get(menu.id) ?? []) visit(child);
  };
  for (const menu of all) if (codes.includes(menu.code)) visit(menu);
  return ids;
}

function sortTree(nodes: MenuNode[]): MenuNode[] {
  nodes.sort(byOrder);
  for (const node of nodes) {
    if (node.children) sortTree(node.children);
    node.hasChildren = node.children !== undefined && node.children.length > 0;
  }
  return nodes;
}

/**
 * The menus as a forest: each under its parent when the parent is among them, else a root
 * (SpringBlade's ForestNodeMerger does the same with orphans). Sorted by sort, then id, at every level.
 * As every tree (core/tree.ts): `children` only on a branch; a leaf has none and `hasChildren: false`.
 */
export function buildForest(menus: readonly Menu[]): MenuNode[] {
  const nodes = new Map(menus.map((menu) => [menu.id, toNode(menu)]));
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return sortTree(roots);
}

/**
 * The menus (category 1) the sidebar shows for the allowed menus and buttons: those of them the top
 * menu lists (`listed`; null: no top menu, every one), each with its ancestors. `routes` answers
 * them as a tree; `role/effective` (查看权限) shows them with the roles they come from.
 */
export function sidebarMenus(
  all: readonly Menu[],
  allowed: ReadonlySet<string>,
  listed: ReadonlySet<string> | null,
): Menu[] {
  const byId = new Map(all.map((menu) => [menu.id, menu]));
  const shown = new Set<string>();
  for (const id of allowed) {
    if (listed !== null && !listed.has(id)) continue;
    for (let menu = byId.get(id); menu && !shown.has(menu.id); menu = byId.get(menu.parentId)) {
      shown.add(menu.id);
    }
  }
  return all.filter((menu) => shown.has(menu.id) && menu.category === MENU_CATEGORY.MENU);
}

/** Menu nodes as the tree calls' choices: the id is also the key and the value, the name the title. */
function toTreeNodes(nodes: readonly MenuNode[]): TreeNode[] {
  return nodes.map((node) =>
    withChildren(
      { id: node.id, parentId: node.parentId, title: node.name, key: node.id, value: node.id },
      node.children && toTreeNodes(node.children),
    ),
  );
}

export class MenuService {
  readonly #menus: MenuRepository;
  readonly #topMenus: TopMenuRepository;
  readonly #packages: TenantPackageRepository;

  constructor(store: Store) {
    this.#menus = new MenuRepository(store);
    this.#topMenus = new TopMenuRepository(store);
    this.#packages = new TenantPackageRepository(store);
  }

  /**
   * THE decision of which menus and buttons a principal may have; routes, buttons, the grant
   * dialogs and the guard's button checks all ask here and nowhere else. The platform administrator
   * has every menu; anyone else has the union of what blade_role_menu grants to all the roles of
   * their token, within their tenant's package (packageMenus) when the tenant has one — also when
   * a role was granted more. A tenant without a package is not restricted (as in BladeX).
   *
   * Nothing here is cached: the guard's per-process cache of codes (core/auth/permissions.ts) is
   * dropped in every process when grants, menus, packages or a tenant's package change.
   */
  async allowedMenuIds(principal: Principal, all: readonly Menu[]): Promise<Set<string>> {
    if (isPlatformAdmin(principal)) return new Set(all.map((menu) => menu.id));
    const [granted, limit] = await Promise.all([
      this.#menus.grantedMenuIds(principal, principal.roleIds),
      this.packageMenus(principal.tenantId, all),
    ]);
    return limit ? new Set([...granted].filter((id) => limit.has(id))) : granted;
  }

  /**
   * The menus a tenant's package allows (packageMenuIds), or null when the tenant has no package.
   * A package that is gone allows nothing (a package in use cannot be removed; this closes the
   * window rather than opening every menu).
   */
  async packageMenus(tenantId: string, all: readonly Menu[]): Promise<Set<string> | null> {
    const binding = await this.#packages.ofTenant(tenantId);
    if (!binding || binding.packageId === null) return null;
    return binding.menuId === null ? new Set() : packageMenuIds(binding.menuId, all);
  }

  /** The codes of the menus and buttons the principal may have (the guard's button permissions). */
  async allowedCodes(principal: Principal): Promise<Set<string>> {
    const all = await this.#menus.findAll();
    const allowed = await this.allowedMenuIds(principal, all);
    return new Set(all.filter((menu) => allowed.has(menu.id)).map((menu) => menu.code));
  }

  /**
   * The menu tree (category 1) of `menu/routes`. With a top menu: the allowed menus that the top
   * menu lists. A chosen menu or button brings its ancestors, so a grant deep in the tree shows
   * under its groups even when the groups themselves were not granted (SpringBlade's buildRoutes).
   * Icons (`source`) as BladeX's icon-font classes (packages/contract/src/menu-icons.ts).
   */
  async routes(principal: Principal, topMenuId?: string): Promise<MenuNode[]> {
    // The schema checked the digits; this checks the range of a 64-bit id.
    if (topMenuId !== undefined && !isId(topMenuId)) throw badRequest('menu.topMenuId.invalid');
    const listed = topMenuId === undefined ? null : await this.#menus.topMenuMenuIds(topMenuId);
    if (listed !== null && listed.size === 0) return [];
    const all = await this.#menus.findAll();
    const allowed = await this.allowedMenuIds(principal, all);
    // The icon as an icon-font class, which BladeX's console draws (this console maps it back).
    return buildForest(
      sidebarMenus(all, allowed, listed).map((menu) => ({ ...menu, source: bladeIconOf(menu.source) })),
    );
  }

  /**
   * The button tree of `menu/buttons`: the allowed buttons (category 2) under their pages. Only
   * pages with at least one allowed button appear; the leaves' codes are the permission flags.
   * Each page stands with its own buttons alone: a group with a button of its own (工作台's
   * message_export: the message center has no menu) is not the parent of its pages here.
   */
  async buttons(principal: Principal): Promise<MenuNode[]> {
    const all = await this.#menus.findAll();
    const allowed = await this.allowedMenuIds(principal, all);
    const byId = new Map(all.map((menu) => [menu.id, menu]));
    const byPage = new Map<string, Menu[]>();
    for (const menu of all) {
      if (menu.category !== MENU_CATEGORY.BUTTON || !allowed.has(menu.id)) continue;
      const page = byId.get(menu.parentId)?.id ?? menu.id;
      byPage.set(page, [...(byPage.get(page) ?? []), menu]);
    }
    return sortTree(
      [...byPage].flatMap(([pageId, buttons]) => {
        const page = byId.get(pageId);
        return buildForest(page && page.category !== MENU_CATEGORY.BUTTON ? [page, ...buttons] : buttons);
      }),
    );
  }

  /**
   * Every menu (category 1, no buttons) as a tree of choices (`menu/tree`): what a tenant package
   * or a top menu can list. SpringBlade's tree answers the same rows.
   */
  async tree(): Promise<TreeNode[]> {
    const all = await this.#menus.findAll();
    return toTreeNodes(buildForest(all.filter((menu) => menu.category === MENU_CATEGORY.MENU)));
  }

  /** The top menus of the top bar, by sort (platform-wide rows). */
  topMenus(principal: Principal): Promise<TopMenu[]> {
    return this.#topMenus.findAllOrdered(principal);
  }
}
