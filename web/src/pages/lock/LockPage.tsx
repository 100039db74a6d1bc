import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicPageLayout } from '../../app/PublicPageLayout';

export default function LockPage() {
  const { t } = useTranslation();
  return (
    <PublicPageLayout>
      <Typography.Title level={4}>{t('lock.heading')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('lock.pending')}</Typography.Paragraph>
    </PublicPageLayout>
  );
}
