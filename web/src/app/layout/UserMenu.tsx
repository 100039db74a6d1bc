import { DownOutlined, HomeOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { website } from '../../config/website';
import { lazyPage } from '../chunk-load';
import { useOpenedOnce } from '../deferred';
import { displayName, useSession } from '../session/session-store';
import { useLogout } from '../session/useLogout';
import '../../i18n/console-texts';

export const INFO_PATH = '/info/index';

// The switch dialog (a form with two selects) loads when it is first opened.
const SwitchDeptRoleDialog = lazyPage(() =>
  import('../account/SwitchDeptRoleDialog').then((module) => ({ default: module.SwitchDeptRoleDialog })),
);

/** The avatar and name with their menu: home, user info, switch department/role (switch mode), log out. */
export function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const user = useSession((state) => state.userInfo);
  const [switching, setSwitching] = useState(false);
  const switchOpened = useOpenedOnce(switching);
  const name = displayName(user);

  const items: MenuProps['items'] = [
    { key: 'home', icon: <HomeOutlined />, label: t('home.title') },
    { key: 'info', icon: <UserOutlined />, label: t('shell.user.info') },
    ...(website.switchMode
      ? [{ key: 'switch', icon: <SwapOutlined />, label: t('switchDeptRole.title') }]
      : []),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('logout.action') },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'home') void navigate(website.homePath);
    else if (key === 'info') void navigate(INFO_PATH);
    else if (key === 'switch') setSwitching(true);
    else if (key === 'logout') logout();
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <Button type="text" aria-label={`${t('shell.user.menu')}: ${name}`} className="shell-user">
          <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} alt="" />
          {!compact && <span className="shell-user-name">{name}</span>}
          <DownOutlined aria-hidden style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      {website.switchMode && switchOpened && (
        <Suspense fallback={null}>
          <SwitchDeptRoleDialog open={switching} onClose={() => setSwitching(false)} />
        </Suspense>
      )}
    </>
  );
}
