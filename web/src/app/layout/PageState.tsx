import { ClockCircleOutlined, ToolOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { website } from '../../config/website';
import '../../i18n/console-texts';

// Pages that cannot be shown. The spinner is in PageSpinner.tsx: every page needs it at once, these
// views (antd's Result, with its illustrations) only when something is missing.

function BackHome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return <Button onClick={() => void navigate(website.homePath)}>{t('error.backHome')}</Button>;
}

/** A menu's page whose code does not exist yet (no entry in web/src/pages/registry.ts). */
export function PageNotReady({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Result
      icon={<ToolOutlined aria-hidden />}
      title={t('shell.placeholder.notReadyTitle')}
      subTitle={t('shell.placeholder.notReadyText', { name })}
      extra={<BackHome />}
    />
  );
}

/** A fixed page whose content comes with a later feature: it says which. */
export function ComingLater({
  title,
  text,
  children,
}: {
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <Result icon={<ClockCircleOutlined aria-hidden />} title={title} subTitle={text} extra={<BackHome />}>
      {children}
    </Result>
  );
}

/** The menu could not be loaded: without it no menu page can open. */
export function MenuLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('shell.failure.menuTitle')}
      subTitle={t('shell.failure.menuText')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('shell.failure.retry')}
        </Button>
      }
    />
  );
}
