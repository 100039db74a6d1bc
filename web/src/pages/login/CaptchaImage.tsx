import { ReloadOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Captcha } from '../../api/auth';
import { Spinner } from '../../app/Spinner';

interface CaptchaImageProps {
  captcha: Captcha | undefined;
  loading: boolean;
  failed: boolean;
  onRefresh: () => void;
}

/** The server's captcha at its own size (180×60, server/src/modules/auth/captcha.ts): readable as drawn. */
export const CAPTCHA_FRAME = { width: 180, height: 60 } as const;

/** The captcha image, and beside it a button that fetches a new one (and says so). */
export function CaptchaImage({ captcha, loading, failed, onRefresh }: CaptchaImageProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const box = {
    border: `1px solid ${token.colorBorder}`,
    borderRadius: token.borderRadius,
    background: token.colorBgContainer,
    boxSizing: 'content-box',
    flex: 'none',
  } as const;
  return (
    <span style={{ display: 'inline-flex', gap: 4, alignItems: 'stretch', flex: 'none' }}>
      <span
        aria-busy={loading}
        style={{
          ...box,
          ...CAPTCHA_FRAME,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        {loading ? (
          <Spinner size="small" />
        ) : failed || !captcha ? (
          <span role="alert" style={{ color: token.colorError, fontSize: 12, lineHeight: 1.2, padding: 4 }}>
            {t('login.captchaFailed')}
          </span>
        ) : (
          <img
            src={captcha.image}
            alt={t('login.captchaImage')}
            style={{ ...CAPTCHA_FRAME, display: 'block' }}
          />
        )}
      </span>
      <button
        type="button"
        // Not `disabled` while loading: that would drop the keyboard focus from the button.
        onClick={() => !loading && onRefresh()}
        aria-label={t('login.captchaRefresh')}
        title={t('login.captchaRefresh')}
        style={{
          ...box,
          width: 32,
          padding: 0,
          color: token.colorTextSecondary,
          cursor: loading ? 'wait' : 'pointer',
        }}
      >
        <ReloadOutlined aria-hidden />
      </button>
    </span>
  );
}
