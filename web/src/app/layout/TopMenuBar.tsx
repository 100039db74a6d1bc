import { HomeOutlined } from '@ant-design/icons';
import { Menu } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { website } from '../../config/website';
import { MenuIcon } from '../menu/icons';
import { useLabelText } from '../menu/labels';
import { chooseTopMenu, useTopMenuChoice, useTopMenus } from '../menu/menu-queries';
import '../../i18n/console-texts';

const HOME_KEY = 'home';

/**
 * The top menu: Home and each top menu the user has. Choosing one loads the sidebar with that top
 * menu's part of the tree (`routes?topMenuId=`); Home shows the whole menu again and opens the
 * home page. Nothing shows when the user has no top menus.
 */
export function TopMenuBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const labelText = useLabelText();
  const { data } = useTopMenus();
  const topMenuId = useTopMenuChoice((state) => state.topMenuId);

  const items = useMemo(
    () => [
      { key: HOME_KEY, icon: <HomeOutlined aria-hidden />, label: t('home.title') },
      ...[...(data ?? [])]
        .sort((a, b) => a.sort - b.sort)
        .map((topMenu) => ({
          key: topMenu.id,
          icon: <MenuIcon name={topMenu.source} />,
          label: labelText(topMenu.name, `menu.${topMenu.code}`),
        })),
    ],
    [data, labelText, t],
  );

  if (!data || data.length === 0) return null;
  return (
    <nav aria-label={t('shell.topMenu.label')} className="shell-top-menu">
      <Menu
        mode="horizontal"
        items={items}
        selectedKeys={[topMenuId ?? HOME_KEY]}
        onClick={({ key }) => {
          if (key === HOME_KEY) {
            chooseTopMenu(undefined);
            void navigate(website.homePath);
          } else {
            chooseTopMenu(key);
          }
        }}
        style={{
          background: 'transparent',
          borderBottom: 'none',
          minWidth: 0,
          flex: 'auto',
          color: 'inherit',
        }}
      />
    </nav>
  );
}
