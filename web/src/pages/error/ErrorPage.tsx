import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { website } from '../../config/website';

export type ErrorStatus = '403' | '404' | '500';

export default function ErrorPage({ status }: { status: ErrorStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={t(`error.${status}.title`)}
      subTitle={t(`error.${status}.description`)}
      extra={
        <Button type="primary" onClick={() => void navigate(website.homePath)}>
          {t('error.backHome')}
        </Button>
      }
    />
  );
}
