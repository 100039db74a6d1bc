import { ExportOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { website } from '../../config/website';
import { MenuIcon } from '../menu/icons';
import { useLabelText } from '../menu/labels';
import { useSidebarMenu } from '../menu/menu-queries';
import { isItemAt, parentsOf, trailTo, type MenuItem } from '../menu/routes';
import type { ShellColors } from '../settings/themes';
import '../../i18n/console-texts';

type AntdItems = NonNullable<MenuProps['items']>;

interface SidebarContentProps {
  collapsed: boolean;
  colors: ShellColors;
  /** The menu addresses the page on screen belongs to (its tab's group). */
  group: readonly string[];
  /** After a menu was chosen (the collapse rule may close or collapse the sidebar). */
  onChosen: () => void;
}

/** Opens a menu: a new window for `window` items, else the console page or the iframe route. */
export function useOpenMenuItem(): (item: MenuItem) => void {
  const navigate = useNavigate();
  return (item: MenuItem) => {
    if (item.target === 'window') window.open(item.to, '_blank', 'noopener,noreferrer');
    else void navigate(item.to);
  };
}

/** The logo (the product's name; its first letter when collapsed) and the nested menu. */
export function SidebarContent({ collapsed, colors, group, onChosen }: SidebarContentProps) {
  const { t } = useTranslation();
  const { items } = useSidebarMenu();
  const labelText = useLabelText();
  const location = useLocation();
  const openItem = useOpenMenuItem();
  const product = t('app.title');

  const src = new URLSearchParams(location.search).get('src') ?? undefined;
  const trail = useMemo(() => {
    const here = trailTo(items, (item) => isItemAt(item, location.pathname, src));
    return here.length > 0 ? here : trailTo(items, (item) => group.includes(item.to));
  }, [items, location.pathname, src, group]);
  const selectedKeys = trail.length > 0 ? [trail[trail.length - 1]!.id] : [];
  const trailGroups = trail
    .slice(0, -1)
    .map((item) => item.id)
    .join(',');

  // One submenu open at a time: the one leading to the page on screen, or the last one opened.
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useEffect(() => {
    setOpenKeys(trailGroups === '' ? [] : trailGroups.split(','));
  }, [trailGroups]);
  const parents = useMemo(() => parentsOf(items), [items]);
  const onOpenChange = (keys: string[]) => {
    const opened = keys.find((key) => !openKeys.includes(key));
    if (opened === undefined) {
      setOpenKeys(keys);
      return;
    }
    const chain = [opened];
    for (let parent = parents.get(opened); parent !== undefined; parent = parents.get(parent))
      chain.unshift(parent);
    setOpenKeys(chain);
  };

  const byId = useMemo(() => {
    const map = new Map<string, MenuItem>();
    const walk = (list: readonly MenuItem[]) => {
      for (const item of list) {
        map.set(item.id, item);
        walk(item.children);
      }
    };
    walk(items);
    return map;
  }, [items]);

  const menuItems = useMemo(() => {
    const toAntd = (item: MenuItem): AntdItems[number] => {
      const label = labelText(item.name, item.i18n);
      const icon = <MenuIcon name={item.icon} />;
      if (item.children.length > 0) {
        return { key: item.id, icon, label, children: item.children.map(toAntd) };
      }
      return {
        key: item.id,
        icon,
        title: label,
        label:
          item.target === 'window' ? (
            <span>
              {label} <ExportOutlined aria-label={t('shell.iframe.openWindow')} />
            </span>
          ) : (
            label
          ),
      };
    };
    return items.map(toAntd);
  }, [items, labelText, t]);

  return (
    <>
      <Link
        to={website.homePath}
        className="shell-logo"
        style={{ background: colors.logoBg, color: colors.logoText }}
        aria-label={`${product} — ${t('shell.logoHome')}`}
        title={product}
      >
        <span aria-hidden>{collapsed ? [...product][0] : product}</span>
      </Link>
      <nav aria-label={t('shell.landmarks.mainMenu')} className="shell-nav">
        <Menu
          mode="inline"
          theme={colors.menu}
          items={menuItems}
          selectedKeys={selectedKeys}
          inlineCollapsed={collapsed}
          {...(collapsed ? {} : { openKeys, onOpenChange })}
          onClick={({ key }) => {
            const item = byId.get(key);
            if (!item) return;
            openItem(item);
            onChosen();
          }}
          style={{ background: colors.siderBg, borderInlineEnd: 'none' }}
        />
      </nav>
    </>
  );
}
