// Menu answers for component tests (the app never imports this): a small tree in the shape of
// `menu/routes`, and a stand-in for web/src/api/system/menu.ts to hand to vi.mock.
import type { MenuNode, TopMenu } from '@console/contract';
import { vi } from 'vitest';

let nextId = 100;

export function menuNode(
  code: string,
  name: string,
  path: string,
  children: MenuNode[] = [],
  sort = 1,
): MenuNode {
  return {
    id: String(nextId++),
    parentId: '0',
    code,
    name,
    alias: 'menu',
    path,
    source: null,
    sort,
    category: 1,
    action: 0,
    isOpen: 1,
    remark: null,
    hasChildren: children.length > 0,
    // As the server answers it: a leaf has no `children` key.
    ...(children.length > 0 ? { children } : {}),
    meta: { i18n: code },
  };
}

/** 系统管理 with 参数管理 (a page with code) and 示例工具 (a menu page that has no code). */
export function sampleRoutes(): MenuNode[] {
  return [
    menuNode('system', '系统管理', '/system', [
      menuNode('sandbox', '示例工具', '/tool/sandbox', [], 1),
      menuNode('param', '参数管理', '/system/param', [], 8),
    ]),
  ];
}

/** What vi.mock('…/api/system/menu') can answer: the sample menu, no buttons, no top menus. */
export function menuApiMock() {
  return {
    routes: vi.fn(() => Promise.resolve(sampleRoutes())),
    buttons: vi.fn(() => Promise.resolve<MenuNode[]>([])),
    topMenus: vi.fn(() => Promise.resolve<TopMenu[]>([])),
    tree: vi.fn(() => Promise.resolve([])),
  };
}
