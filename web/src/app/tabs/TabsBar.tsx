import { CloseCircleOutlined, ClearOutlined, DownOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Divider, Dropdown, Input, Popover, Tabs, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearCache } from '../../api/auth';
import { isTransportFailure } from '../../api/request';
import { useLabelText } from '../menu/labels';
import { canCloseTab, filterTabs, tabKey, tabUrl, type Tab } from './tab-rules';
import { CLOSE_OPTIONS, HOME_TAB, keepOnlyTab, removeTab, resetTabs, useTabs } from './tabs-store';
import '../../i18n/console-texts';

/**
 * The tabs bar (spec §2, §4): a tab per open page; close on each tab (not on home, not on the last
 * one), a right-click menu per tab, and the tabs menu with a search over the open tabs, close
 * others, close all and clear cache.
 */
export function TabsBar({ activeKey }: { activeKey: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const labelText = useLabelText();
  const tabs = useTabs((state) => state.tabs);
  const [menuOpen, setMenuOpen] = useState(false);
  const [search, setSearch] = useState('');

  const labelOf = (tab: Tab) => labelText(tab.label, tab.i18n);
  const go = (tab: Tab) => void navigate(tabUrl(tab));

  const close = (key: string) => {
    const next = removeTab(key, activeKey);
    if (next) go(next);
  };

  /** Keeps `key` and home; opens `key` when the page on screen was closed. */
  const closeOthers = (key: string) => {
    const kept = tabs.find((tab) => tabKey(tab) === key);
    keepOnlyTab(key);
    if (kept && activeKey !== undefined && activeKey !== key && activeKey !== tabKey(HOME_TAB)) go(kept);
  };

  const closeAll = () => {
    resetTabs();
    go(HOME_TAB);
  };

  const askClearCache = () => {
    setMenuOpen(false);
    void modal.confirm({
      title: t('common.tip'),
      content: t('shell.tabs.clearCacheConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await clearCache();
          // The console's own copies of server state go too, menus included.
          await queryClient.invalidateQueries();
          void message.success(t('shell.tabs.clearCacheDone'));
        } catch (error) {
          // An answered failure has been shown by the request layer.
          if (isTransportFailure(error)) void message.error(t('request.unreachable'));
        }
      },
    });
  };

  const contextMenu = (tab: Tab): MenuProps => {
    const key = tabKey(tab);
    return {
      items: [
        { key: 'close', label: t('shell.tabs.close'), disabled: !canCloseTab(tabs, key, CLOSE_OPTIONS) },
        { key: 'others', label: t('shell.tabs.closeOthers') },
        { key: 'all', label: t('shell.tabs.closeAll') },
      ],
      onClick: ({ key: action }) => {
        if (action === 'close') close(key);
        else if (action === 'others') closeOthers(key);
        else if (action === 'all') closeAll();
      },
    };
  };

  const found = filterTabs(tabs, search, labelOf);
  const tabsMenu = (
    <div className="shell-tabs-menu">
      <Input.Search
        size="small"
        autoFocus
        allowClear
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t('shell.tabs.search')}
        aria-label={t('shell.tabs.search')}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setMenuOpen(false);
        }}
      />
      <ul className="shell-tabs-menu-list" aria-label={t('shell.tabs.label')}>
        {found.length === 0 && <li className="shell-tabs-menu-empty">{t('shell.tabs.noMatch')}</li>}
        {found.map((tab) => (
          <li key={tabKey(tab)}>
            <Button
              type="text"
              size="small"
              block
              aria-current={tabKey(tab) === activeKey ? 'page' : undefined}
              onClick={() => {
                setMenuOpen(false);
                go(tab);
              }}
            >
              {labelOf(tab)}
            </Button>
          </li>
        ))}
      </ul>
      <Divider style={{ margin: '4px 0' }} />
      <Button
        type="text"
        size="small"
        block
        icon={<MinusCircleOutlined />}
        onClick={() => {
          setMenuOpen(false);
          if (activeKey !== undefined) closeOthers(activeKey);
          else closeAll();
        }}
      >
        {t('shell.tabs.closeOthers')}
      </Button>
      <Button
        type="text"
        size="small"
        block
        icon={<CloseCircleOutlined />}
        onClick={() => {
          setMenuOpen(false);
          closeAll();
        }}
      >
        {t('shell.tabs.closeAll')}
      </Button>
      <Button type="text" size="small" block icon={<ClearOutlined />} onClick={askClearCache}>
        {t('shell.tabs.clearCache')}
      </Button>
    </div>
  );

  return (
    <div className="shell-tabs">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        aria-label={t('shell.tabs.label')}
        locale={{ removeAriaLabel: t('shell.tabs.close'), dropdownAriaLabel: t('shell.tabs.label') }}
        activeKey={activeKey}
        onChange={(key) => {
          const tab = tabs.find((open) => tabKey(open) === key);
          if (tab) go(tab);
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
        items={tabs.map((tab) => {
          const key = tabKey(tab);
          return {
            key,
            closable: canCloseTab(tabs, key, CLOSE_OPTIONS),
            label: (
              <Dropdown menu={contextMenu(tab)} trigger={['contextMenu']}>
                <span className="shell-tab-label" data-tab={key}>
                  {labelOf(tab)}
                </span>
              </Dropdown>
            ),
          };
        })}
        tabBarExtraContent={{
          right: (
            <Popover
              trigger="click"
              placement="bottomRight"
              content={tabsMenu}
              open={menuOpen}
              onOpenChange={(open) => {
                setMenuOpen(open);
                if (!open) setSearch('');
              }}
            >
              <Button
                type="text"
                size="small"
                aria-label={t('shell.tabs.menu')}
                aria-haspopup="dialog"
                aria-expanded={menuOpen}
                icon={<DownOutlined />}
              />
            </Popover>
          ),
        }}
      />
    </div>
  );
}
