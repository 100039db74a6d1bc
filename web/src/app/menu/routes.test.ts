import type { MenuNode } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { flattenMenus, MENU_TREE, type MenuSeed } from '../../../../server/src/db/seed/menus';
import { searchMenu } from './menu-search';
import {
  buildMenu,
  canSee,
  iframeRoute,
  isItemAt,
  leavesOf,
  pageKeyOf,
  pageRoutePath,
  parentsOf,
  resolveTarget,
  rolesOf,
  routeTable,
  trailTo,
} from './routes';

let nextId = 1;
function node(overrides: Partial<MenuNode> & Pick<MenuNode, 'code' | 'path'>): MenuNode {
  return {
    id: String(nextId++),
    parentId: '0',
    name: overrides.code,
    alias: 'menu',
    source: null,
    sort: 1,
    category: 1,
    action: 0,
    isOpen: 1,
    remark: null,
    hasChildren: (overrides.children?.length ?? 0) > 0,
    children: [],
    meta: { i18n: overrides.code },
    ...overrides,
  };
}

/** The seeded tree as `menu/routes` answers it: menus only, meta.i18n = code. */
function seededRoutes(seeds: MenuSeed[] = MENU_TREE): MenuNode[] {
  return seeds
    .filter((seed) => seed.category === 1)
    .map((seed) => node({ ...seed, source: seed.source, children: seededRoutes(seed.children) }));
}

describe('page routes', () => {
  it('adds /index to a path without children, once', () => {
    expect(pageRoutePath('/system/param')).toBe('/system/param/index');
    expect(pageRoutePath('/system/param/')).toBe('/system/param/index');
    expect(pageRoutePath('/wel/index')).toBe('/wel/index');
    expect(pageKeyOf('/system/param/index')).toBe('/system/param');
    expect(pageKeyOf('/system/param')).toBe('/system/param');
  });

  it('opens https and html paths in the iframe route, with the name and text key', () => {
    expect(
      resolveTarget({ path: 'https://example.com/a?b=1', name: '示例', isOpen: 1, code: 'x' }, 'menu.x'),
    ).toEqual({ target: 'iframe', to: iframeRoute('https://example.com/a?b=1', '示例', 'menu.x') });
    const html = resolveTarget({ path: '/static/report.html', name: 'R', isOpen: 1, code: 'r' }, 'menu.r');
    expect(html.target).toBe('iframe');
    const query = new URLSearchParams(html.to.split('?')[1]);
    expect(html.to.startsWith('/myiframe/urlPath?')).toBe(true);
    expect(Object.fromEntries(query)).toEqual({ src: '/static/report.html', name: 'R', i18n: 'menu.r' });
  });

  it('opens isOpen 2 and plain http paths in a new window', () => {
    expect(resolveTarget({ path: 'http://example.com', name: 'x', isOpen: 1, code: 'x' }, 'menu.x')).toEqual({
      target: 'window',
      to: 'http://example.com',
    });
    expect(resolveTarget({ path: 'https://example.com', name: 'x', isOpen: 2, code: 'x' }, 'menu.x')).toEqual(
      {
        target: 'window',
        to: 'https://example.com',
      },
    );
    // A console page asked to open in a window opens the console page there.
    expect(resolveTarget({ path: '/system/user', name: 'x', isOpen: 2, code: 'x' }, 'menu.x')).toEqual({
      target: 'window',
      to: '/system/user/index',
    });
  });
});

describe('roles', () => {
  it('shows a menu with no roles, or with one of the user’s', () => {
    expect(canSee(undefined, [])).toBe(true);
    expect(canSee({ roles: [] }, ['x'])).toBe(true);
    expect(canSee({ roles: ['administrator'] }, ['administrator'])).toBe(true);
    expect(canSee({ roles: ['administrator'] }, ['user', 'administrator'])).toBe(true);
    expect(canSee({ roles: ['administrator'] }, ['user'])).toBe(false);
    expect(canSee({ roles: ['administrator'] }, [])).toBe(false);
  });

  it('reads the roles from the token’s comma-joined role_name', () => {
    expect(rolesOf('administrator')).toEqual(['administrator']);
    expect(rolesOf('a, b,,c')).toEqual(['a', 'b', 'c']);
    expect(rolesOf(undefined)).toEqual([]);
  });
});

describe('buildMenu', () => {
  it('builds the seeded tree: groups keep their path, pages get /index, in sort order', () => {
    const menu = buildMenu(seededRoutes(), ['administrator']);
    expect(menu.map((item) => item.code)).toEqual(MENU_TREE.map((seed) => seed.code));
    const system = menu.find((item) => item.code === 'system');
    expect(system).toMatchObject({ to: '/system', icon: 'SettingOutlined', i18n: 'menu.system' });
    const param = system?.children.find((item) => item.code === 'param');
    expect(param).toMatchObject({
      to: '/system/param/index',
      target: 'page',
      name: '参数管理',
      children: [],
    });
    // Every seeded page is reachable, and only pages are in the table.
    const pages = flattenMenus().filter(
      (seed) => seed.category === 1 && seed.children.every((c) => c.category === 2),
    );
    const table = routeTable(menu);
    expect([...table.keys()].sort()).toEqual(pages.map((seed) => `${seed.path}/index`).sort());
  });

  it('leaves out buttons, menus the user’s roles may not see and groups left empty', () => {
    const tree = [
      node({
        code: 'g',
        path: '/g',
        children: [
          node({
            code: 'a',
            path: '/g/a',
            children: [node({ code: 'a_add', path: '/g/a/add', category: 2 })],
          }),
          node({ code: 'b', path: '/g/b', meta: { roles: ['boss'] } }),
        ],
      }),
      node({
        code: 'h',
        path: '/h',
        children: [node({ code: 'c', path: '/h/c', meta: { roles: ['boss'] } })],
      }),
      node({ code: 'btn', path: '/btn', category: 2 }),
    ];
    const menu = buildMenu(tree, ['clerk']);
    expect(menu.map((item) => item.code)).toEqual(['g']);
    expect(menu[0]?.children.map((item) => item.code)).toEqual(['a']);
    // A page whose only children are buttons is a page.
    expect(menu[0]?.children[0]).toMatchObject({ to: '/g/a/index', children: [] });
    expect(buildMenu(tree, ['boss']).map((item) => item.code)).toEqual(['g', 'h']);
  });

  it('takes the text key from meta.i18n, else the code', () => {
    const [withMeta, without] = buildMenu(
      [
        node({ code: 'a', path: '/a', meta: { i18n: 'other' } }),
        node({ code: 'b', path: '/b', meta: undefined, sort: 2 }),
      ],
      [],
    );
    expect(withMeta?.i18n).toBe('menu.other');
    expect(without?.i18n).toBe('menu.b');
  });

  it('finds the trail from the root to a page, for the open submenu', () => {
    const menu = buildMenu(seededRoutes(), []);
    expect(trailTo(menu, (item) => item.to === '/monitor/log/api/index').map((item) => item.code)).toEqual([
      'monitor',
      'log',
      'log_api',
    ]);
    expect(trailTo(menu, (item) => item.to === '/nowhere')).toEqual([]);
  });
});

describe('menu search', () => {
  const menu = buildMenu(seededRoutes(), []);
  const english: Record<string, string> = {
    param: 'Parameters',
    user: 'Users',
    region: 'Regions',
    role: 'Roles',
  };
  const label = (item: { code: string; name: string }) => english[item.code] ?? item.name;

  it('finds pages whose name starts with the text, ignoring case, in the language or as stored', () => {
    expect(searchMenu(menu, 'par', label).map((item) => item.code)).toEqual(['param']);
    expect(searchMenu(menu, 'PAR', label).map((item) => item.code)).toEqual(['param']);
    expect(searchMenu(menu, '参数', label).map((item) => item.code)).toEqual(['param']);
    expect(searchMenu(menu, 'r', label).map((item) => item.code)).toEqual(['region', 'role']);
  });

  it('matches the start of the name only, and never groups or an empty text', () => {
    expect(searchMenu(menu, 'ameters', label)).toEqual([]);
    expect(searchMenu(menu, '系统管理', label)).toEqual([]); // a group
    expect(searchMenu(menu, '系统', label).map((item) => item.code)).toEqual(['dict']); // 系统字典
    expect(searchMenu(menu, '  ', label)).toEqual([]);
    expect(searchMenu(menu, 'apk', label).map((item) => item.code)).toEqual(['apk']); // APK管理
  });

  it('finds every page by its whole stored name', () => {
    for (const leaf of leavesOf(menu)) {
      expect(searchMenu(menu, leaf.name, (item) => item.name)).toContain(leaf);
    }
  });
});

describe('where the user is', () => {
  const menu = buildMenu(
    [
      node({
        code: 'g',
        path: '/g',
        children: [node({ code: 'a', path: '/g/a' }), node({ code: 'w', path: 'https://w.test/x', sort: 2 })],
      }),
    ],
    [],
  );
  const [group] = menu;
  const [page, web] = group?.children ?? [];

  it('finds a console page by its path and an embedded one by its address', () => {
    if (!group || !page || !web) throw new Error('menu not built');
    expect(isItemAt(page, '/g/a/index', undefined)).toBe(true);
    expect(isItemAt(page, '/g/a', undefined)).toBe(false);
    expect(isItemAt(web, '/myiframe/urlPath', 'https://w.test/x')).toBe(true);
    expect(isItemAt(web, '/myiframe/urlPath', 'https://other.test')).toBe(false);
    expect(isItemAt(group, '/g', undefined)).toBe(false);
  });

  it('knows each item’s parent', () => {
    const parents = parentsOf(menu);
    expect(parents.get(page?.id ?? '')).toBe(group?.id);
    expect(parents.has(group?.id ?? '')).toBe(false);
  });
});
