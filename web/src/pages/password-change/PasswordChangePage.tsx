import { KeyOutlined, LogoutOutlined } from '@ant-design/icons';
import type { PasswordChange as ChangeForm } from '@console/contract';
import { Alert, App, Button, Flex, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { RequestError } from '../../api/request';
import { updatePassword } from '../../api/user';
import { ChangePasswordFields } from '../../app/account/ChangePasswordFields';
import { usePasswordPolicy } from '../../app/account/usePasswordPolicy';
import { PublicPageHeading, PublicPageLayout } from '../../app/PublicPageLayout';
import type { RedirectState } from '../../app/session/NavigationGuard';
import { updateUserInfo, useSession } from '../../app/session/session-store';
import { ShellProviders } from '../../app/ShellProviders';
import { useLogout } from '../../app/session/useLogout';

/**
 * The forced password change (issue 44): a session whose password was generated, reset or given
 * at installation comes here before anything else (the navigation guard), as the server answers
 * nothing else until it is changed. The session carries on once it is.
 */
export default function PasswordChangePage() {
  // The logout prompt and the success message are antd App's.
  return (
    <ShellProviders>
      <PasswordChange />
    </ShellProviders>
  );
}

function PasswordChange() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const location = useLocation();
  const required = useSession((state) => state.userInfo?.password_change_required === true);
  const policy = usePasswordPolicy();
  const logout = useLogout();
  const [form] = Form.useForm<ChangeForm>();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  if (!required) {
    // Changed (or never required): on to where the user was going.
    const from = (location.state as RedirectState | null)?.from;
    return <Navigate to={from ? `${from.pathname}${from.search}` : '/'} replace />;
  }

  const onFinish = async (values: ChangeForm) => {
    setSaving(true);
    setRefusal(undefined);
    try {
      await updatePassword(values, { quiet: true });
      void message.success(t('password.changed'));
      updateUserInfo({ password_change_required: false });
    } catch (error) {
      setRefusal((error instanceof RequestError && error.serverMessage) || t('request.unknownError'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <PublicPageLayout>
      <Flex vertical align="center" gap={8} style={{ marginBottom: 16 }}>
        <KeyOutlined style={{ fontSize: 32 }} aria-hidden />
        <PublicPageHeading style={{ margin: 0 }}>{t('password.changeTitle')}</PublicPageHeading>
      </Flex>
      <Typography.Paragraph type="secondary">{t('password.changeIntro')}</Typography.Paragraph>
      <Form<ChangeForm>
        form={form}
        name="password-change"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void onFinish(values)}
      >
        <ChangePasswordFields policy={policy} wording="forced" />
        {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
        <Flex gap={8} vertical>
          <Button type="primary" htmlType="submit" block loading={saving} disabled={!policy}>
            {t('password.submit')}
          </Button>
          <Button block icon={<LogoutOutlined aria-hidden />} onClick={logout}>
            {t('password.logout')}
          </Button>
        </Flex>
      </Form>
    </PublicPageLayout>
  );
}
