import { LockOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../api/request';
import { PublicPageHeading, PublicPageLayout } from '../../app/PublicPageLayout';
import { loadHomePage, loadMainLayout } from '../../app/layout/load-main-layout';
import { login } from '../../app/session/session-actions';
import { website } from '../../config/website';
import { CaptchaImage } from './CaptchaImage';
import { useSocialSignIn } from './social-callback';
import { useCaptcha } from './useCaptcha';

// Only a third-party sign-in without a local account needs it: not part of the page's download.
const RegisterDialog = lazy(() =>
  import('../../app/account/RegisterDialog').then((module) => ({ default: module.RegisterDialog })),
);

interface LoginForm {
  tenantId: string;
  username: string;
  password: string;
  code: string;
}

/**
 * Sign-in with account and password (and captcha, tenant id when those modes are on), or the return
 * from a third-party sign-in. On success the navigation guard leads from /login to the home page; a
 * failure shows the server's reason here. A third-party identity without a local user may register.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginForm>();
  const {
    captcha,
    loading: captchaLoading,
    failed: captchaFailed,
    refresh,
  } = useCaptcha(website.captchaMode);
  const [submitting, setSubmitting] = useState(false);
  // Enter in a field submits even while the button spins; the ref stops a second attempt.
  const inFlight = useRef(false);
  const [error, setError] = useState<string>();
  const social = useSocialSignIn(setError);

  const onFinish = async (values: LoginForm) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    setError(undefined);
    // Ignored when it fails: the router loads the layout again (and reports a failure) after sign-in.
    for (const load of [loadMainLayout, loadHomePage]) load().catch(() => undefined);
    try {
      await login({
        tenantId: website.tenantMode ? values.tenantId.trim() : website.tenantId,
        username: values.username.trim(),
        password: values.password,
        captcha: website.captchaMode ? { key: captcha?.key ?? '', code: values.code.trim() } : undefined,
      });
    } catch (failure) {
      setError(failure instanceof RequestError ? failure.message : t('request.unreachable'));
      // The server spent the captcha on this attempt.
      if (website.captchaMode) {
        form.setFieldValue('code', '');
        refresh();
      }
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  const required = (message: string) => [{ required: true, whitespace: true, message }];

  return (
    <PublicPageLayout>
      <PublicPageHeading>{t('login.title')}</PublicPageHeading>
      <Form<LoginForm>
        form={form}
        name="login"
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        aria-label={t('login.title')}
        initialValues={{ tenantId: website.tenantId }}
      >
        {website.tenantMode && (
          <Form.Item
            name="tenantId"
            label={t('login.tenantId')}
            rules={required(t('login.tenantIdRequired'))}
          >
            <Input prefix={<TeamOutlined />} autoComplete="organization" />
          </Form.Item>
        )}
        <Form.Item name="username" label={t('login.username')} rules={required(t('login.usernameRequired'))}>
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('login.password')} rules={required(t('login.passwordRequired'))}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        {website.captchaMode && (
          // The field and the image share a row; `htmlFor` ties the label to the field antd names login_code.
          <Form.Item label={t('login.captcha')} htmlFor="login_code" required>
            <Flex gap={8}>
              <Form.Item name="code" noStyle rules={required(t('login.captchaRequired'))}>
                <Input prefix={<SafetyOutlined />} autoComplete="off" />
              </Form.Item>
              <CaptchaImage
                captcha={captcha}
                loading={captchaLoading}
                failed={captchaFailed}
                onRefresh={refresh}
              />
            </Flex>
          </Form.Item>
        )}
        {social.pending && (
          <Alert type="info" showIcon title={t('login.socialPending')} style={{ marginBottom: 16 }} />
        )}
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" block loading={submitting || social.pending}>
          {submitting ? t('login.submitting') : t('login.submit')}
        </Button>
      </Form>
      {social.unlinked && (
        <Suspense>
          <RegisterDialog identity={social.unlinked} onClose={social.dismiss} />
        </Suspense>
      )}
    </PublicPageLayout>
  );
}
