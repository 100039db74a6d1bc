import { EllipsisOutlined, LockOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, Popover, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { ErrorLogButton } from '../error-log/ErrorLogButton';
import { useLock } from '../session/useLock';
import { ColorPickerButton } from '../settings/ColorPickerButton';
import type { ShellColors } from '../settings/themes';
import { ThemePicker } from '../settings/ThemePicker';
import { FullscreenButton } from './FullscreenButton';
import { MenuSearch } from './MenuSearch';
import { NoticesButton } from './NoticesButton';
import type { ScreenClass, SidebarMode } from './screen';
import { TopMenuBar } from './TopMenuBar';
import { UserMenu } from './UserMenu';
import '../../i18n/console-texts';

interface TopBarProps {
  screen: ScreenClass;
  sidebar: SidebarMode;
  onToggleSidebar: () => void;
  colors: ShellColors;
}

/**
 * The top bar (spec §2): collapse toggle, top menu, menu search, colour, error log, lock, theme,
 * notices, full screen, language, and the user's menu. On a phone (screen class 0) the colour, theme,
 * full screen and top menu give way, and the error log, lock, notices and language fold into a
 * "more tools" menu, so that the menu search and the user's menu fit beside the toggle.
 */
export function TopBar({ screen, sidebar, onToggleSidebar, colors }: TopBarProps) {
  const { t } = useTranslation();
  const { lock, lockDialog } = useLock();
  const compact = screen === 0;
  const expanded = sidebar === 'expanded' || sidebar === 'drawer-open';
  const toggleLabel = t(expanded ? 'shell.sider.collapse' : 'shell.sider.expand');
  const lockButton = (
    <Tooltip title={t('lock.lock')}>
      <Button type="text" aria-label={t('lock.lock')} icon={<LockOutlined />} onClick={lock} />
    </Tooltip>
  );

  return (
    <Layout.Header
      role="banner"
      aria-label={t('shell.landmarks.header')}
      className="shell-header"
      style={{ background: colors.headerBg, color: colors.headerText }}
    >
      <Tooltip title={toggleLabel}>
        <Button
          type="text"
          aria-label={toggleLabel}
          aria-expanded={expanded}
          icon={expanded ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          onClick={onToggleSidebar}
        />
      </Tooltip>
      <div className="shell-header-spacer">{screen >= 2 && <TopMenuBar />}</div>
      <div className="shell-header-tools">
        <MenuSearch width={compact ? 120 : 200} />
        {compact ? (
          // A phone: the less-used tools wait behind one button, so the user's menu stays in view.
          <Popover
            trigger="click"
            placement="bottomRight"
            content={
              <div role="group" aria-label={t('shell.moreTools')} className="shell-more-tools">
                <ErrorLogButton />
                {lockButton}
                <NoticesButton />
                <LanguageSwitch />
              </div>
            }
          >
            <Button type="text" aria-label={t('shell.moreTools')} icon={<EllipsisOutlined />} />
          </Popover>
        ) : (
          <>
            <ColorPickerButton />
            <ErrorLogButton />
            {lockButton}
            <ThemePicker />
            <NoticesButton />
            <FullscreenButton />
            <LanguageSwitch />
          </>
        )}
        <UserMenu compact={compact} />
      </div>
      {lockDialog}
    </Layout.Header>
  );
}
