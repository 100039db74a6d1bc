import { theme } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import './spinner.css';

/**
 * A busy indicator in the theme's primary colour, for what the first download shows (the spinner
 * while a page's code arrives, the captcha while it loads): antd's Spin would add ≈ 4 KB gzip to it.
 */
export function Spinner({ size = 'default' }: { size?: 'small' | 'default' | 'large' }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const px = size === 'small' ? 14 : size === 'large' ? 32 : 20;
  return (
    <span
      className="console-spinner"
      role="progressbar"
      aria-busy
      aria-label={t('common.loading')}
      style={{ '--spinner-size': `${px}px`, '--spinner-color': token.colorPrimary } as CSSProperties}
    />
  );
}
