import type {
  GrantKeys,
  GrantTree,
  Menu,
  MenuInput,
  MenuListNode,
  MenuNode,
  TopGrantKeys,
  TopGrantTree,
  TopMenu,
  TreeNode,
} from '@console/contract';
import { get, post, type QueryParams } from '../request';

const BASE = '/api/blade-system/menu';

/** Every menu as a tree of choices (`value` is the menu's id): the tenant package's menu list. */
export function tree(): Promise<TreeNode[]> {
  return get<TreeNode[]>(`${BASE}/tree`);
}

// The signed-in user's menus (contract.md, "Menus and permissions"): the console's shell builds its
// routes, sidebar and permission flags from these.

/** The user's menu tree; with a top menu, the part of it the top menu holds. */
export function routes(topMenuId?: string): Promise<MenuNode[]> {
  return get<MenuNode[]>(`${BASE}/routes`, { topMenuId });
}

/** The user's button tree: its leaf codes are the permission flags. */
export function buttons(): Promise<MenuNode[]> {
  return get<MenuNode[]>(`${BASE}/buttons`);
}

/** The top menus the user may choose in the top bar. */
export function topMenus(): Promise<TopMenu[]> {
  return get<TopMenu[]>(`${BASE}/top-menu`);
}

// The menu page (platform administrators).

/** Every menu and button under the filters, as a tree. */
export function list(filters: QueryParams = {}): Promise<MenuListNode[]> {
  return get<MenuListNode[]>(`${BASE}/list`, filters);
}

/**
 * One level of menus and buttons: the children of `parentId` ('0': the top level); without it,
 * every row under the filters (a search), each with `hasChildren`.
 */
export function lazyList(filters: QueryParams = {}): Promise<MenuListNode[]> {
  return get<MenuListNode[]>(`${BASE}/lazy-list`, filters);
}

/** As lazyList, menus only (no buttons): the scope pages pick a menu from these. */
export function lazyMenuList(filters: QueryParams = {}): Promise<MenuListNode[]> {
  return get<MenuListNode[]>(`${BASE}/lazy-menu-list`, filters);
}

export function detail(id: string): Promise<Menu> {
  return get<Menu>(`${BASE}/detail`, { id });
}

/** Creates the menu when it has no id, updates it otherwise. */
export function submit(menu: MenuInput): Promise<unknown> {
  return post<unknown>(`${BASE}/submit`, menu);
}

/** Refused (with the server's message) while a menu has children that are not removed with it. */
export function remove(ids: readonly string[]): Promise<unknown> {
  return post<unknown>(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } });
}

// The grant dialogs.

/** The role grant dialog's trees: the menus, data scopes and API scopes the caller may grant. */
export function grantTree(): Promise<GrantTree> {
  return get<GrantTree>(`${BASE}/grant-tree`);
}

/** What the roles are granted now (with several roles: what any of them is granted). */
export function roleTreeKeys(roleIds: readonly string[]): Promise<GrantKeys> {
  return get<GrantKeys>(`${BASE}/role-tree-keys`, { roleIds: roleIds.join(',') });
}

/** The menus (no buttons) a top menu may list. */
export function grantTopTree(): Promise<TopGrantTree> {
  return get<TopGrantTree>(`${BASE}/grant-top-tree`);
}

/** The menus the top menus list now. */
export function topTreeKeys(topMenuIds: readonly string[]): Promise<TopGrantKeys> {
  return get<TopGrantKeys>(`${BASE}/top-tree-keys`, { topMenuIds: topMenuIds.join(',') });
}
