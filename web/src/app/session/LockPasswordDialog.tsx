import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
// The dialog's own module, not the kit's index: this dialog is in the main layout's chunk, the kit is not.
import { FormDialog } from '../../crud/FormDialog';

interface LockPasswordForm {
  password: string;
}

/** Asks for the lock password before the first lock (useLock.tsx). */
export default function LockPasswordDialog({
  open,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  onCancel: () => void;
  onSubmit: (password: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog<LockPasswordForm>
      open={open}
      name="lock-password"
      title={t('lock.setPassword')}
      width={520}
      okText={t('lock.lock')}
      onSubmit={async ({ password }) => onSubmit(password)}
      onClose={onCancel}
    >
      <Typography.Paragraph type="secondary">{t('lock.setPasswordHint')}</Typography.Paragraph>
      <Form.Item
        name="password"
        label={t('lock.password')}
        rules={[{ required: true, whitespace: true, message: t('lock.passwordRequired') }]}
      >
        <Input.Password autoFocus autoComplete="new-password" />
      </Form.Item>
    </FormDialog>
  );
}
