import { Button, Card, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The test page (spec §2): a sandbox that shows the shell keeping a page alive across tabs. */
export default function TestPage() {
  const { t } = useTranslation();
  const [count, setCount] = useState(0);
  return (
    <Card title={t('shell.pages.test')}>
      <Typography.Paragraph>{t('shell.test.intro')}</Typography.Paragraph>
      <Space direction="vertical" style={{ width: '100%', maxWidth: 480 }}>
        <Input.TextArea aria-label={t('shell.test.field')} placeholder={t('shell.test.field')} rows={3} />
        <Space>
          <Button onClick={() => setCount((n) => n + 1)}>{t('shell.test.click')}</Button>
          <Typography.Text>{t('shell.test.counter', { count })}</Typography.Text>
        </Space>
      </Space>
    </Card>
  );
}
