import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export default function HomePage() {
  const { t } = useTranslation();
  return (
    <div style={{ padding: 24 }}>
      <Typography.Title level={3}>{t('home.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('home.pending')}</Typography.Paragraph>
    </div>
  );
}
