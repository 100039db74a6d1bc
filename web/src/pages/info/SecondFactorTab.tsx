import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Input, Modal, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as totpApi from '../../api/totp';
import { SecondFactorSetup } from '../../app/account/SecondFactorSetup';
import { FormDialog } from '../../crud';

const STATUS_KEY = ['totp', 'status'] as const;

/**
 * 个人信息 › 两步验证 (issue 48): whether the user's second factor is on, and turning it on (the
 * setup, in a dialog) or off (with a code or a recovery code; refused where it is required).
 */
export function SecondFactorTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: totpApi.status });
  const [settingUp, setSettingUp] = useState(false);
  const [turningOff, setTurningOff] = useState(false);
  const reload = () => queryClient.invalidateQueries({ queryKey: STATUS_KEY });

  if (status.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (status.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('request.unknownError')}
        action={<Button onClick={() => void status.refetch()}>{t('crud.table.retry')}</Button>}
      />
    );
  const { enabled, required, recoveryCodesLeft } = status.data;

  return (
    <Flex vertical gap={12} align="flex-start" style={{ maxWidth: 560 }}>
      <Typography.Paragraph style={{ margin: 0 }}>{t('secondFactor.intro')}</Typography.Paragraph>
      <Flex gap={8} align="center">
        <Typography.Text strong>{t('secondFactor.title')}</Typography.Text>
        <Tag color={enabled ? 'success' : 'default'}>
          {t(enabled ? 'secondFactor.enabled' : 'secondFactor.disabled')}
        </Tag>
        {required && <Typography.Text type="secondary">{t('secondFactor.required')}</Typography.Text>}
      </Flex>
      {enabled && (
        <Typography.Text type="secondary">
          {t('secondFactor.recoveryLeft', { count: recoveryCodesLeft })}
        </Typography.Text>
      )}
      {enabled ? (
        !required && <Button onClick={() => setTurningOff(true)}>{t('secondFactor.turnOff')}</Button>
      ) : (
        <Button type="primary" onClick={() => setSettingUp(true)}>
          {t('secondFactor.setupTitle')}
        </Button>
      )}

      <Modal
        open={settingUp}
        title={t('secondFactor.setupTitle')}
        footer={null}
        width={560}
        destroyOnHidden
        mask={{ closable: false }}
        onCancel={() => {
          setSettingUp(false);
          void reload();
        }}
      >
        <SecondFactorSetup
          onDone={() => {
            setSettingUp(false);
            void message.success(t('secondFactor.turnedOn'));
            void reload();
          }}
        />
      </Modal>

      <FormDialog<{ code: string }>
        open={turningOff}
        name="second-factor-off"
        title={t('secondFactor.turnOffTitle')}
        width={480}
        danger
        onClose={() => setTurningOff(false)}
        onSubmit={async ({ code }) => {
          await totpApi.disable(code);
          setTurningOff(false);
          void message.success(t('secondFactor.turnedOff'));
          await reload();
        }}
      >
        <Typography.Paragraph>{t('secondFactor.turnOffIntro')}</Typography.Paragraph>
        <Form.Item
          name="code"
          label={t('secondFactor.turnOffCode')}
          rules={[{ required: true, whitespace: true, message: t('secondFactor.codeRequired') }]}
        >
          <Input autoComplete="one-time-code" maxLength={14} autoFocus />
        </Form.Item>
      </FormDialog>
    </Flex>
  );
}
