import { LogoutOutlined, SafetyOutlined } from '@ant-design/icons';
import { App, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { SecondFactorSetup } from '../../app/account/SecondFactorSetup';
import { PublicPageHeading, PublicPageLayout } from '../../app/PublicPageLayout';
import type { RedirectState } from '../../app/session/NavigationGuard';
import { updateUserInfo, useSession } from '../../app/session/session-store';
import { ShellProviders } from '../../app/ShellProviders';
import { useLogout } from '../../app/session/useLogout';
import '../../i18n/console-texts';

/**
 * The forced second-factor setup (issue 48): a session whose tenant or role requires a second factor
 * it has not set up comes here right after the password (and after a forced password change), as
 * the server answers nothing else until one is confirmed. The session carries on once it is.
 */
export default function SecondFactorSetupPage() {
  return (
    <ShellProviders>
      <RequiredSetup />
    </ShellProviders>
  );
}

function RequiredSetup() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const location = useLocation();
  const required = useSession((state) => state.userInfo?.second_factor_setup_required === true);
  const logout = useLogout();

  if (!required) {
    // Set up (or never required): on to where the user was going.
    const from = (location.state as RedirectState | null)?.from;
    return <Navigate to={from ? `${from.pathname}${from.search}` : '/'} replace />;
  }

  const done = () => {
    void message.success(t('secondFactor.turnedOn'));
    updateUserInfo({ second_factor_setup_required: false });
  };

  return (
    <PublicPageLayout>
      <Flex vertical align="center" gap={8} style={{ marginBottom: 16 }}>
        <SafetyOutlined style={{ fontSize: 32 }} aria-hidden />
        <PublicPageHeading style={{ margin: 0 }}>{t('secondFactor.setupTitle')}</PublicPageHeading>
      </Flex>
      <Typography.Paragraph type="secondary">{t('secondFactor.requiredIntro')}</Typography.Paragraph>
      <SecondFactorSetup onDone={done} />
      <Button block icon={<LogoutOutlined aria-hidden />} onClick={logout} style={{ marginTop: 16 }}>
        {t('secondFactor.logout')}
      </Button>
    </PublicPageLayout>
  );
}
