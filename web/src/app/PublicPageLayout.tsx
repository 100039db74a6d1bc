import { Card, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../i18n/LanguageSwitch';

/** The frame of the pages shown outside a session (sign-in, lock): product name and language switch. */
export function PublicPageLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', padding: 24 }}>
      <Card title={t('app.title')} extra={<LanguageSwitch />} style={{ width: 420, maxWidth: '100%' }}>
        {children}
      </Card>
    </Flex>
  );
}
