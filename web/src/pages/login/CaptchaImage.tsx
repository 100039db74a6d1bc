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

const frame = { width: 120, height: 40 } as const;

/** The captcha image as a button: click, Enter or Space fetches a new one. */
export function CaptchaImage({ captcha, loading, failed, onRefresh }: CaptchaImageProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <button
      type="button"
      // Not `disabled` while loading: that would drop the keyboard focus from the button.
      onClick={() => !loading && onRefresh()}
      title={t('login.captchaRefresh')}
      aria-label={failed ? t('login.captchaFailed') : t('login.captchaRefresh')}
      aria-busy={loading}
      style={{
        ...frame,
        padding: 0,
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
        cursor: loading ? 'wait' : 'pointer',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
        flex: 'none',
      }}
    >
      {loading ? (
        <Spinner size="small" />
      ) : failed || !captcha ? (
        <span style={{ color: token.colorError, fontSize: 12, lineHeight: 1.2 }}>
          <ReloadOutlined /> {t('login.captchaFailed')}
        </span>
      ) : (
        <img src={captcha.image} alt={t('login.captchaImage')} style={{ ...frame, display: 'block' }} />
      )}
    </button>
  );
}
