import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A device secret as the server answered it, once: when the machine was created or its secret reset. */
export interface ShownSecret {
  machineNo: string;
  secret: string;
}

export interface SecretDialogProps {
  /** The dialog is open while there is one. */
  shown: ShownSecret | undefined;
  onClose: () => void;
}

/**
 * The new device secret, shown this once with a copy button (the server keeps only its hash, and
 * nothing here keeps it: closing the dialog forgets it). Only its own button or × closes it, so a
 * stray click or Escape cannot lose the secret.
 */
export function SecretDialog({ shown, onClose }: SecretDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={shown !== undefined}
      title={t('business.machine.secret.title')}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('business.machine.secret.close')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('business.machine.secret.once')} style={{ marginBottom: 16 }} />
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'machine', label: t('business.machine.secret.machine'), children: shown?.machineNo },
          {
            key: 'secret',
            label: t('business.machine.secret.secret'),
            children: (
              <Typography.Text
                code
                style={{ wordBreak: 'break-all' }}
                copyable={{
                  text: shown?.secret ?? '',
                  tooltips: [t('business.machine.secret.copy'), t('business.machine.secret.copied')],
                }}
              >
                {shown?.secret}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Modal>
  );
}
