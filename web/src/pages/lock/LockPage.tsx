import { LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Flex, Form, Input, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { ShellProviders } from '../../app/ShellProviders';
import { PublicPageHeading, PublicPageLayout } from '../../app/PublicPageLayout';
import { unlockScreen, useLockState } from '../../app/session/lock-store';
import type { RedirectState } from '../../app/session/NavigationGuard';
import { displayName, useSession } from '../../app/session/session-store';
import { useLogout } from '../../app/session/useLogout';

interface UnlockForm {
  password: string;
}

/** The lock screen: the right lock password leads back to where the user was; or they log out. */
export default function LockPage() {
  // The logout prompt is one of antd App's dialogs.
  return (
    <ShellProviders>
      <LockScreen />
    </ShellProviders>
  );
}

function LockScreen() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const location = useLocation();
  const locked = useLockState((state) => state.locked);
  const user = useSession((state) => state.userInfo);
  const logout = useLogout();
  const [form] = Form.useForm<UnlockForm>();

  if (!locked) {
    // Unlocked (or never locked): back to the page the lock interrupted.
    const from = (location.state as RedirectState | null)?.from;
    return <Navigate to={from ? `${from.pathname}${from.search}` : '/'} replace />;
  }

  const onFinish = ({ password }: UnlockForm) => {
    if (!unlockScreen(password)) {
      form.setFields([{ name: 'password', value: '', errors: [t('lock.wrongPassword')] }]);
    }
  };

  return (
    <PublicPageLayout>
      <Flex vertical align="center" gap={8} style={{ marginBottom: 16 }}>
        <Avatar size={64} src={user?.avatar || undefined} icon={<UserOutlined />} alt="" />
        <PublicPageHeading style={{ margin: 0 }}>{displayName(user)}</PublicPageHeading>
        <span style={{ color: token.colorTextSecondary }}>
          <LockOutlined /> {t('lock.heading')}
        </span>
      </Flex>
      <Form<UnlockForm> form={form} name="unlock" layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item
          name="password"
          label={t('lock.password')}
          rules={[{ required: true, message: t('lock.passwordRequired') }]}
        >
          <Input.Password autoFocus autoComplete="off" />
        </Form.Item>
        <Flex gap={8} vertical>
          <Button type="primary" htmlType="submit" block>
            {t('lock.unlock')}
          </Button>
          <Button icon={<LogoutOutlined />} onClick={logout} block>
            {t('logout.action')}
          </Button>
        </Flex>
      </Form>
    </PublicPageLayout>
  );
}
