import { MENU_CATEGORY, MENU_OPEN, type MenuMeta, type MenuNode } from '@console/contract';

// Routes from the menu tree (spec §2, §6), as pure functions: the layout, the sidebar, the menu
// search and the tabs all read what `buildMenu` makes of `menu/routes`.
//
// - A menu shows only when its meta roles are empty or hold one of the user's roles; a group
//   whose children are all hidden is hidden too. Buttons (category 2) are not menus.
// - A menu without children is a page at its path plus `/index` (`/system/param` → `/system/param/index`;
//   the bare path, typed or bookmarked, leads there too);
//   the page's code is found in web/src/pages/registry.ts under the path without `/index`.
// - Where a menu opens:
//     isOpen 2                → a new window (its external address, or the console page);
//     http://… (plain http)   → a new window: inside an iframe of the console it would be mixed content
//                               (blocked under HTTPS) or refused by the site, so it opens on its own;
//     https://… or …/x.html   → the iframe route, /myiframe/urlPath?src=…&name=…&i18n=…;
//     anything else           → the console page.
//   This reads the spec's two sentences ("external http(s) or html paths open in the iframe route";
//   "isOpen 2 or an external http path open in a new window") together: https and html pages are
//   embedded, plain http ones open a window.

/** The fixed iframe route; `urlPath` stands in for the address, which travels in `src`. */
export const IFRAME_PATH = '/myiframe/urlPath';

export type MenuTarget = 'page' | 'iframe' | 'window';

/** A menu as the console shows it. */
export interface MenuItem {
  id: string;
  code: string;
  /** The stored name, shown when the current language has no text under `i18n`. */
  name: string;
  /** The text key of the name: `menu.<meta.i18n, else code>`. */
  i18n: string;
  /** The antd icon name (`source`), if any. */
  icon: string | undefined;
  /** The path as the server stores it. */
  menuPath: string;
  /**
   * Where choosing the item leads: a console address (`/system/param/index`,
   * `/myiframe/urlPath?src=…`) or, for `window`, the address to open. A group's own path otherwise.
   */
  to: string;
  target: MenuTarget;
  meta: MenuMeta;
  children: MenuItem[];
}

const EXTERNAL = /^https?:\/\//i;
const PLAIN_HTTP = /^http:\/\//i;
const HTML = /\.html?(?:[?#]|$)/i;

export const isExternalPath = (path: string): boolean => EXTERNAL.test(path);

/** The page route of a menu path: the path plus `/index` (once). */
export function pageRoutePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '') || '/';
  if (trimmed.endsWith('/index')) return trimmed;
  return trimmed === '/' ? '/index' : `${trimmed}/index`;
}

/** The registry key of a page route: the menu path, without `/index`. */
export function pageKeyOf(routePath: string): string {
  const key = routePath.replace(/\/index$/, '');
  return key === '' ? '/' : key;
}

/** The iframe route's address for an embedded page. */
export function iframeRoute(src: string, name: string, i18n?: string): string {
  const query = new URLSearchParams({ src, name });
  if (i18n) query.set('i18n', i18n);
  return `${IFRAME_PATH}?${query.toString()}`;
}

/** Where a menu without children opens, and the address for it (see the rules at the top). */
export function resolveTarget(node: Pick<MenuNode, 'path' | 'name' | 'isOpen' | 'code'>, i18n: string) {
  const path = (node.path ?? '').trim();
  const external = isExternalPath(path);
  if (node.isOpen === MENU_OPEN.NEW_WINDOW || PLAIN_HTTP.test(path)) {
    return { target: 'window' as const, to: external || HTML.test(path) ? path : pageRoutePath(path) };
  }
  if (external || HTML.test(path))
    return { target: 'iframe' as const, to: iframeRoute(path, node.name, i18n) };
  return { target: 'page' as const, to: pageRoutePath(path) };
}

/** Whether a menu shows for a user with these roles: meta roles empty, or holding one of them. */
export function canSee(meta: MenuMeta | undefined, roles: readonly string[]): boolean {
  const wanted = meta?.roles ?? [];
  return wanted.length === 0 || wanted.some((role) => roles.includes(role));
}

/** The roles of a signed-in user: the token's `role_name`, the role aliases joined by commas. */
export function rolesOf(roleName: string | undefined): string[] {
  return (roleName ?? '')
    .split(',')
    .map((role) => role.trim())
    .filter((role) => role !== '');
}

/** The visible menus of `menu/routes`' answer, in `sort` order. */
export function buildMenu(tree: readonly MenuNode[], roles: readonly string[]): MenuItem[] {
  const items: MenuItem[] = [];
  const nodes = tree
    .filter((node) => node.category === MENU_CATEGORY.MENU && canSee(node.meta, roles))
    .sort((a, b) => a.sort - b.sort);
  for (const node of nodes) {
    const menuChildren = (node.children ?? []).filter((child) => child.category === MENU_CATEGORY.MENU);
    const children = buildMenu(menuChildren, roles);
    // A group whose every child is hidden has nothing to open.
    if (menuChildren.length > 0 && children.length === 0) continue;
    const i18n = `menu.${node.meta?.i18n || node.code}`;
    const menuPath = (node.path ?? '').trim();
    const base = {
      id: node.id,
      code: node.code,
      name: node.name,
      i18n,
      icon: node.source ?? undefined,
      menuPath,
      meta: node.meta ?? {},
      children,
    };
    if (children.length > 0) {
      items.push({ ...base, target: 'page', to: menuPath });
    } else {
      if (menuPath === '') continue; // a page without a path cannot be opened
      items.push({ ...base, ...resolveTarget(node, i18n) });
    }
  }
  return items;
}

/** Every item without children, depth first in menu order. */
export function leavesOf(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => (item.children.length > 0 ? leavesOf(item.children) : [item]));
}

/** The console pages of the menu by route path: what the catch-all route may show. */
export function routeTable(items: readonly MenuItem[]): ReadonlyMap<string, MenuItem> {
  const table = new Map<string, MenuItem>();
  for (const leaf of leavesOf(items)) if (leaf.target === 'page') table.set(leaf.to, leaf);
  return table;
}

/**
 * The page route a menu path was meant for when it came without its `/index` (`/system/user`, the
 * path `menu/routes` itself answers, typed or bookmarked): undefined when the path is a page route
 * already or no page of the menu has it.
 */
export function indexRouteOf(table: ReadonlyMap<string, MenuItem>, path: string): string | undefined {
  if (table.has(path)) return undefined;
  const route = pageRoutePath(path);
  return table.has(route) ? route : undefined;
}

/** The items from the root to the leaf that `matches`, or [] when none does (for the open submenu). */
export function trailTo(items: readonly MenuItem[], matches: (item: MenuItem) => boolean): MenuItem[] {
  for (const item of items) {
    if (item.children.length === 0) {
      if (matches(item)) return [item];
      continue;
    }
    const below = trailTo(item.children, matches);
    if (below.length > 0) return [item, ...below];
  }
  return [];
}

/** Whether an item is the page at this address: a console page by its path, an embedded one by its `src`. */
export function isItemAt(item: MenuItem, pathname: string, src: string | undefined): boolean {
  if (item.children.length > 0) return false;
  if (item.target === 'page') return item.to === pathname;
  if (item.target === 'iframe') {
    return (
      pathname === IFRAME_PATH &&
      src !== undefined &&
      new URLSearchParams(item.to.split('?')[1]).get('src') === src
    );
  }
  return false;
}

/** Each item's parent id, for opening one submenu at a time. */
export function parentsOf(items: readonly MenuItem[], parent?: string, into = new Map<string, string>()) {
  for (const item of items) {
    if (parent !== undefined) into.set(item.id, parent);
    parentsOf(item.children, item.id, into);
  }
  return into as ReadonlyMap<string, string>;
}
