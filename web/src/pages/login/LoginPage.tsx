import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicPageLayout } from '../../app/PublicPageLayout';

export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <PublicPageLayout>
      <Typography.Title level={4}>{t('login.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('login.pending')}</Typography.Paragraph>
    </PublicPageLayout>
  );
}
