import {
  CloseCircleFilled,
  InfoCircleFilled,
  LockOutlined,
  SafetyOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Button, theme } from 'antd';
import { lazy, Suspense, useRef, useState, type CSSProperties, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../api/request';
import { PublicPageHeading, PublicPageLayout } from '../../app/PublicPageLayout';
import { preloadSignedIn } from '../../app/layout/load-main-layout';
import { whenIdle } from '../../app/deferred';
import { secondFactorChallenge } from '../../api/auth';
import { login, loginWithSecondFactor } from '../../app/session/session-actions';
import { website } from '../../config/website';
import { CaptchaImage } from './CaptchaImage';
import { useSocialSignIn } from './social-callback';
import { TextField } from './TextField';
import { useCaptcha } from './useCaptcha';
import './login.css';

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

type FieldName = keyof LoginForm;

/** The fields in the order they are shown (the first one left empty takes the focus). */
const FIELDS: readonly FieldName[] = ['tenantId', 'username', 'password', 'code'];

const inUse = (name: FieldName) =>
  name === 'tenantId' ? website.tenantMode : name === 'code' ? website.captchaMode : true;

/**
 * Sign-in with account and password (and captcha, tenant id when those modes are on), or the return
 * from a third-party sign-in. On success the navigation guard leads from /login to the home page; a
 * failure shows the server's reason here. A third-party identity without a local user may register.
 *
 * A plain form rather than antd's Form and Input (the page is the console's first download, and
 * those bring about 45 KB gzip): each field is required, is checked when it changes and on submit,
 * shows its message under it (announced, tied to the field by aria-describedby), and the first
 * field in error takes the focus.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [values, setValues] = useState<LoginForm>({
    tenantId: website.tenantId,
    username: '',
    password: '',
    code: '',
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});
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
  // The password was right and the account has a second factor: the second step, with its challenge.
  const [challenge, setChallenge] = useState<string>();
  const [secondCode, setSecondCode] = useState('');
  const [secondCodeError, setSecondCodeError] = useState<string>();
  const tenantId = website.tenantMode ? values.tenantId.trim() : website.tenantId;

  const messages: Record<FieldName, string> = {
    tenantId: t('login.tenantIdRequired'),
    username: t('login.usernameRequired'),
    password: t('login.passwordRequired'),
    code: t('login.captchaRequired'),
  };
  const check = (name: FieldName, value: string) => (value.trim() === '' ? messages[name] : undefined);

  const change = (name: FieldName) => (value: string) => {
    whenIdle(preloadSignedIn);
    setValues((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => ({ ...previous, [name]: check(name, value) }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Partial<Record<FieldName, string>> = {};
    for (const name of FIELDS) if (inUse(name)) found[name] = check(name, values[name]);
    setErrors(found);
    const firstInvalid = FIELDS.find((name) => found[name]);
    if (firstInvalid) {
      inputs.current[firstInvalid]?.focus();
      return;
    }
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    setError(undefined);
    try {
      // The token request first: the layout's downloads below must not queue ahead of it.
      const signingIn = login({
        tenantId,
        username: values.username.trim(),
        password: values.password,
        captcha: website.captchaMode ? { key: captcha?.key ?? '', code: values.code.trim() } : undefined,
      });
      preloadSignedIn();
      await signingIn;
    } catch (failure) {
      const asked = secondFactorChallenge(failure);
      if (asked) {
        setChallenge(asked);
        setSecondCode('');
        return;
      }
      setError(failure instanceof RequestError ? failure.message : t('request.unreachable'));
      // The server spent the captcha on this attempt.
      if (website.captchaMode) {
        setValues((previous) => ({ ...previous, code: '' }));
        refresh();
      }
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  const onSecondFactor = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (secondCode.trim() === '') {
      setSecondCodeError(t('login.secondFactorRequired'));
      return;
    }
    if (inFlight.current || !challenge) return;
    inFlight.current = true;
    setSubmitting(true);
    setError(undefined);
    try {
      await loginWithSecondFactor(tenantId, challenge, secondCode);
    } catch (failure) {
      setError(failure instanceof RequestError ? failure.message : t('request.unreachable'));
      setSecondCode('');
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  /** Back to the password step (a spent challenge, or another account). */
  const back = () => {
    setChallenge(undefined);
    setError(undefined);
    setSecondCodeError(undefined);
    setValues((previous) => ({ ...previous, password: '', code: '' }));
    if (website.captchaMode) refresh();
  };

  const field = (name: FieldName) => ({
    id: `login_${name}`,
    value: values[name],
    onChange: change(name),
    error: errors[name],
    inputRef: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
  });

  // The theme's tokens for login.css.
  const style = {
    '--login-font-size': `${token.fontSize}px`,
    '--login-line-height': token.lineHeight,
    '--login-text': token.colorText,
    '--login-text-tertiary': token.colorTextTertiary,
    '--login-bg': token.colorBgContainer,
    '--login-border': token.colorBorder,
    '--login-radius': `${token.borderRadius}px`,
    '--login-radius-lg': `${token.borderRadiusLG}px`,
    '--login-control-height': `${token.controlHeight}px`,
    '--login-primary': token.colorPrimary,
    '--login-primary-hover': token.colorPrimaryHover,
    '--login-outline': token.controlOutline,
    '--login-error': token.colorError,
    '--login-error-outline': token.colorErrorOutline,
    '--login-error-bg': token.colorErrorBg,
    '--login-error-border': token.colorErrorBorder,
    '--login-info': token.colorInfo,
    '--login-info-bg': token.colorInfoBg,
    '--login-info-border': token.colorInfoBorder,
  } as CSSProperties;

  const errorMessage = error && (
    <div className="login-message login-message-error" role="alert">
      <CloseCircleFilled aria-hidden />
      {error}
    </div>
  );

  if (challenge)
    return (
      <PublicPageLayout>
        <PublicPageHeading>{t('login.secondFactorTitle')}</PublicPageHeading>
        <form
          name="login-second-factor"
          className="login-form"
          style={style}
          noValidate
          onSubmit={(event) => void onSecondFactor(event)}
          aria-label={t('login.secondFactorTitle')}
        >
          <p className="login-intro">{t('login.secondFactorIntro')}</p>
          <TextField
            id="login_secondFactor"
            label={t('login.secondFactorCode')}
            value={secondCode}
            onChange={(value) => {
              setSecondCode(value);
              setSecondCodeError(value.trim() === '' ? t('login.secondFactorRequired') : undefined);
            }}
            error={secondCodeError}
            prefix={<SafetyOutlined />}
            autoComplete="one-time-code"
            autoFocus
          />
          {errorMessage}
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {t('login.secondFactorSubmit')}
          </Button>
          <Button type="link" block onClick={back}>
            {t('login.secondFactorBack')}
          </Button>
        </form>
      </PublicPageLayout>
    );

  return (
    <PublicPageLayout>
      <PublicPageHeading>{t('login.title')}</PublicPageHeading>
      <form
        name="login"
        className="login-form"
        style={style}
        // The fields say themselves what is missing, in the page's language.
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-label={t('login.title')}
      >
        {website.tenantMode && (
          <TextField
            {...field('tenantId')}
            label={t('login.tenantId')}
            prefix={<TeamOutlined />}
            autoComplete="organization"
          />
        )}
        <TextField
          {...field('username')}
          label={t('login.username')}
          prefix={<UserOutlined />}
          autoComplete="username"
          autoFocus
        />
        <TextField
          {...field('password')}
          label={t('login.password')}
          prefix={<LockOutlined />}
          type="password"
          autoComplete="current-password"
        />
        {website.captchaMode && (
          <TextField
            {...field('code')}
            label={t('login.captcha')}
            prefix={<SafetyOutlined />}
            autoComplete="off"
            addon={
              <CaptchaImage
                captcha={captcha}
                loading={captchaLoading}
                failed={captchaFailed}
                onRefresh={refresh}
              />
            }
          />
        )}
        {social.pending && (
          <div className="login-message login-message-info" role="status">
            <InfoCircleFilled aria-hidden />
            {t('login.socialPending')}
          </div>
        )}
        {errorMessage}
        <Button type="primary" htmlType="submit" block loading={submitting || social.pending}>
          {submitting ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      {social.unlinked && (
        <Suspense>
          <RegisterDialog identity={social.unlinked} onClose={social.dismiss} />
        </Suspense>
      )}
    </PublicPageLayout>
  );
}
