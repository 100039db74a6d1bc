import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

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
  const [form] = Form.useForm<LockPasswordForm>();
  return (
    <Modal
      open={open}
      title={t('lock.setPassword')}
      okText={t('lock.lock')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit' }}
      onCancel={onCancel}
      destroyOnHidden
      // The form wraps the footer too, so the OK button and Enter both submit it.
      modalRender={(dialog) => (
        <Form
          form={form}
          layout="vertical"
          name="lock-password"
          onFinish={({ password }: LockPasswordForm) => onSubmit(password)}
          clearOnDestroy
        >
          {dialog}
        </Form>
      )}
    >
      <Typography.Paragraph type="secondary">{t('lock.setPasswordHint')}</Typography.Paragraph>
      <Form.Item
        name="password"
        label={t('lock.password')}
        rules={[{ required: true, whitespace: true, message: t('lock.passwordRequired') }]}
      >
        <Input.Password autoFocus autoComplete="new-password" />
      </Form.Item>
    </Modal>
  );
}
