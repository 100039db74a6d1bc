import { LockOutlined, LogoutOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SwitchDeptRoleDialog } from '../../app/account/SwitchDeptRoleDialog';
import { displayName, useSession } from '../../app/session/session-store';
import { useLock } from '../../app/session/useLock';
import { useLogout } from '../../app/session/useLogout';
import { website } from '../../config/website';

/**
 * The home page of this build: it greets the user and offers the account actions that the shell's
 * top bar will hold once it exists.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useSession((state) => state.userInfo);
  const { lock, lockDialog } = useLock();
  const logout = useLogout();
  const [switching, setSwitching] = useState(false);

  return (
    <main style={{ padding: 24 }}>
      <Typography.Title level={3}>{t('home.greeting', { name: displayName(user) })}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('home.notice')}</Typography.Paragraph>
      <Space wrap>
        <Button icon={<LockOutlined />} onClick={lock}>
          {t('lock.lock')}
        </Button>
        {website.switchMode && (
          <Button icon={<SwapOutlined />} onClick={() => setSwitching(true)}>
            {t('home.switchDeptRole')}
          </Button>
        )}
        <Button icon={<LogoutOutlined />} onClick={logout}>
          {t('logout.action')}
        </Button>
      </Space>
      {lockDialog}
      {website.switchMode && <SwitchDeptRoleDialog open={switching} onClose={() => setSwitching(false)} />}
    </main>
  );
}
