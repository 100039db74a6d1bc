import { SettingOutlined } from '@ant-design/icons';
import type { MenuListNode, PermissionCode } from '@console/contract';
import { Drawer } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './locales';
import * as menuApi from '../../../api/system/menu';
import { CrudPage, defineCrud, type CrudConfig, type TextKey } from '../../../crud';
import { iconCell } from './IconPicker';
import { menuLevel } from './menu-level';
import { usePageContainer } from './page-container';

export interface MenuScopesProps<S, I> {
  /** Names the queries of the menus' table: '<name>-menu'. */
  name: string;
  /** The page's title (its region's name). */
  title: TextKey;
  /** The drawer's title, with `{{name}}`: the menu's name. */
  drawerTitle: TextKey;
  /** The button code that opens a menu's scopes (data_scope_setting, api_scope_setting). */
  permission: PermissionCode;
  /** The CRUD page of one menu's scopes. */
  scopes: (menu: MenuListNode) => CrudConfig<S, I>;
}

/**
 * Scopes live under a menu (as in Saber): the menus as a lazy tree; 权限配置 on a menu opens a
 * drawer with that menu's scopes, added, changed and removed there.
 */
export function MenuScopes<S extends object, I>({
  name,
  title,
  drawerTitle,
  permission,
  scopes,
}: MenuScopesProps<S, I>) {
  const [menu, setMenu] = useState<MenuListNode>();
  const menus = useMemo(() => menusConfig(name, title, permission, setMenu), [name, title, permission]);
  const scopeConfig = useMemo(() => menu && scopes(menu), [menu, scopes]);
  return (
    <CrudPage config={menus}>
      <ScopeDrawer menu={menu} title={drawerTitle} onClose={() => setMenu(undefined)}>
        {menu && scopeConfig && <CrudPage config={scopeConfig} params={{ menuId: menu.id }} />}
      </ScopeDrawer>
    </CrudPage>
  );
}

function ScopeDrawer(props: {
  menu: MenuListNode | undefined;
  title: TextKey;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const getContainer = usePageContainer();
  return (
    <Drawer
      open={props.menu !== undefined}
      title={props.menu ? t(props.title, { name: props.menu.name }) : ''}
      size={1000}
      getContainer={getContainer}
      onClose={props.onClose}
      destroyOnHidden
    >
      {props.children}
    </Drawer>
  );
}

/** The menus (no buttons: scopes belong to pages), read only here. */
function menusConfig(
  name: string,
  title: TextKey,
  permission: PermissionCode,
  open: (menu: MenuListNode) => void,
): CrudConfig<MenuListNode, never> {
  return defineCrud<MenuListNode, never>({
    name: `${name}-menu`,
    title,
    rowTitle: 'name',
    api: { list: (_current, _size, filters) => menuApi.lazyMenuList(menuLevel(filters)) },
    permissions: {},
    tree: { lazy: { load: (row) => menuApi.lazyMenuList({ parentId: row.id }) } },
    rowActions: [
      {
        key: 'scopes',
        label: 'authority.shared.scope.setting',
        icon: <SettingOutlined aria-hidden />,
        permission,
        onClick: (row) => open(row),
      },
    ],
    columns: [
      { prop: 'name', label: 'authority.shared.scope.menuName', search: true },
      { prop: 'path', label: 'authority.shared.scope.path' },
      {
        prop: 'source',
        label: 'authority.shared.scope.source',
        table: { width: 90, align: 'center', render: iconCell },
      },
      { prop: 'code', label: 'authority.shared.scope.code', search: true },
      { prop: 'sort', label: 'authority.shared.scope.sort', table: { width: 100 } },
    ],
  });
}
