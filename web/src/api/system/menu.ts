import type { MenuNode, TopMenu, TreeNode } from '@console/contract';
import { get } from '../request';

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
