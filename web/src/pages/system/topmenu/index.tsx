import { SettingOutlined } from '@ant-design/icons';
import { TOP_MENU_LIMITS, type TopMenu, type TopMenuInput } from '@console/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './locales';
import * as menuApi from '../../../api/system/menu';
import * as topMenuApi from '../../../api/system/top-menu';
import { CrudPage, defineCrud, type CrudColumn, type CrudRowAction } from '../../../crud';
import { GrantTreeDialog, type GrantSection } from '../../authority/shared/GrantTreeDialog';
import { IconField, iconCell } from '../../authority/shared/IconPicker';

const columns: readonly CrudColumn<TopMenu>[] = [
  {
    prop: 'name',
    label: 'system.topMenu.name',
    search: true,
    form: { required: 'system.topMenu.nameRequired', maxLength: TOP_MENU_LIMITS.name },
  },
  {
    prop: 'code',
    label: 'system.topMenu.code',
    search: true,
    form: { required: 'system.topMenu.codeRequired', maxLength: TOP_MENU_LIMITS.code },
  },
  {
    prop: 'source',
    label: 'system.topMenu.source',
    table: {
      width: 100,
      align: 'center',
      render: iconCell,
    },
    form: { maxLength: TOP_MENU_LIMITS.source, render: ({ disabled }) => <IconField disabled={disabled} /> },
  },
  {
    prop: 'sort',
    label: 'system.topMenu.sort',
    type: 'number',
    table: { width: 100 },
    form: { required: 'system.topMenu.sortRequired', initialValue: 1 },
  },
];

/** The menus a top menu lists: its one tree, checked as it lists them now. */
async function loadGrant(topMenuIds: readonly string[], label: string): Promise<GrantSection[]> {
  const [tree, keys] = await Promise.all([menuApi.grantTopTree(), menuApi.topTreeKeys(topMenuIds)]);
  return [{ key: 'menu', label, nodes: tree.menu, granted: keys.menu }];
}

/**
 * Top menus (/api/blade-system/topmenu): named parts of the menu tree in the top bar. 菜单配置
 * chooses the menus a top menu lists (`topmenu/grant`).
 */
export default function TopMenuPage() {
  const { t } = useTranslation();
  const [granting, setGranting] = useState<readonly string[]>([]);
  const [config] = useState(() => {
    const setting: CrudRowAction<TopMenu> = {
      key: 'setting',
      label: 'system.topMenu.setting',
      icon: <SettingOutlined aria-hidden />,
      permission: 'topmenu_setting',
      onClick: (row) => setGranting([row.id]),
    };
    return defineCrud<TopMenu, TopMenuInput>({
      name: 'topmenu',
      title: 'system.topMenu.title',
      rowTitle: 'name',
      api: topMenuApi,
      permissions: {
        add: 'topmenu_add',
        edit: 'topmenu_edit',
        delete: 'topmenu_delete',
        view: 'topmenu_view',
      },
      export: { url: '/api/blade-system/topmenu/export', permission: 'topmenu_export' },
      dialog: { width: 600, columns: 1 },
      columns,
      rowActions: [setting],
    });
  });
  return (
    <CrudPage config={config}>
      <GrantTreeDialog
        targetIds={granting}
        title={t('system.topMenu.settingTitle')}
        queryKey="topmenu"
        load={(ids) => loadGrant(ids, t('system.topMenu.menus'))}
        save={(topMenuIds, granted) =>
          topMenuApi.grant({ topMenuIds: [...topMenuIds], menuIds: granted.menu ?? [] })
        }
        onClose={() => setGranting([])}
      />
    </CrudPage>
  );
}
