import type { TotpSetup } from '@console/contract';
import { Button, Flex, Form, Input, QRCode, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as totpApi from '../../api/totp';
import '../../i18n/console-texts';

/**
 * Sets up the signed-in user's TOTP second factor (issue 48), in three steps: begin (a new secret
 * from the server), scan the QR code or type the key and confirm with one code, then the recovery
 * codes, shown this once. `onDone` once the codes are put away. Failed calls are shown by the
 * request layer; the step stays for another try.
 */
export function SecondFactorSetup({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<TotpSetup>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const [busy, setBusy] = useState(false);

  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    try {
      await step();
    } catch {
      // The request layer has said why.
    } finally {
      setBusy(false);
    }
  };

  if (recoveryCodes)
    return (
      <Flex vertical gap={12}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('secondFactor.recoveryTitle')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('secondFactor.recoveryIntro')}
        </Typography.Paragraph>
        <ul
          aria-label={t('secondFactor.recoveryTitle')}
          style={{ columns: 2, margin: 0, paddingInlineStart: 20 }}
        >
          {recoveryCodes.map((code) => (
            <li key={code}>
              <Typography.Text code>{code}</Typography.Text>
            </li>
          ))}
        </ul>
        <Typography.Paragraph
          copyable={{
            text: recoveryCodes.join('\n'),
            tooltips: [t('secondFactor.copy'), t('secondFactor.copied')],
          }}
          style={{ margin: 0 }}
        >
          {t('secondFactor.copy')}
        </Typography.Paragraph>
        <Button type="primary" onClick={onDone}>
          {t('secondFactor.saved')}
        </Button>
      </Flex>
    );

  if (!setup)
    return (
      <Flex vertical gap={12} align="flex-start">
        <Typography.Paragraph style={{ margin: 0 }}>{t('secondFactor.intro')}</Typography.Paragraph>
        <Button
          type="primary"
          loading={busy}
          onClick={() => void run(async () => setSetup(await totpApi.setup()))}
        >
          {t('secondFactor.begin')}
        </Button>
      </Flex>
    );

  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph style={{ margin: 0 }}>{t('secondFactor.scan')}</Typography.Paragraph>
      <Flex gap={16} wrap align="center">
        <QRCode value={setup.uri} size={160} aria-label={t('secondFactor.qrLabel')} />
        <Flex vertical gap={4}>
          <Typography.Text type="secondary">{t('secondFactor.secret')}</Typography.Text>
          <Typography.Text code copyable data-testid="second-factor-secret">
            {setup.secret}
          </Typography.Text>
        </Flex>
      </Flex>
      <Form<{ code: string }>
        name="second-factor-confirm"
        layout="vertical"
        requiredMark={false}
        onFinish={({ code }) =>
          void run(async () => setRecoveryCodes((await totpApi.confirm(code)).recoveryCodes))
        }
      >
        <Form.Item
          name="code"
          label={t('secondFactor.code')}
          extra={t('secondFactor.codeHelp')}
          rules={[{ required: true, pattern: /^\d{6}$/, message: t('secondFactor.codeRequired') }]}
        >
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} style={{ maxWidth: 200 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('secondFactor.confirm')}
        </Button>
      </Form>
    </Flex>
  );
}
