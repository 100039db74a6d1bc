import type { ResetPassword } from '@console/contract';
import { Alert, Button, Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ResetPasswordsDialogProps {
  /** The new passwords as reset-password answered them; the dialog is open while there are some. */
  passwords: readonly ResetPassword[] | undefined;
  onClose: () => void;
}

/**
 * The one-time passwords reset-password generated, shown this once (nothing keeps them: closing
 * the dialog forgets them), each with a copy button, to hand over to their users.
 */
export function ResetPasswordsDialog({ passwords, onClose }: ResetPasswordsDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={passwords !== undefined}
      title={t('system.user.reset.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('system.user.reset.close')}
        </Button>
      }
    >
      <Alert type="warning" showIcon message={t('system.user.reset.once')} style={{ marginBottom: 16 }} />
      <Table<ResetPassword>
        rowKey="userId"
        size="small"
        pagination={false}
        dataSource={passwords ? [...passwords] : []}
        columns={[
          { key: 'account', dataIndex: 'account', title: t('system.user.reset.account') },
          {
            key: 'password',
            dataIndex: 'password',
            title: t('system.user.reset.password'),
            render: (password: string) => (
              <Typography.Text
                code
                copyable={{
                  text: password,
                  tooltips: [t('system.user.reset.copy'), t('system.user.reset.copied')],
                }}
              >
                {password}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Modal>
  );
}
