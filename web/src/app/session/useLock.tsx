import { Form, Input, Modal, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { website } from '../../config/website';
import { hasLockPassword, lockScreen, setLockPassword } from './lock-store';
import type { RedirectState } from './NavigationGuard';

/** Between the lock action and the lock page (spec §9), so the menu or dialog that asked closes first. */
export const LOCK_DELAY_MS = 100;

interface LockPasswordForm {
  password: string;
}

/**
 * Locking the screen: `lock()` asks for a lock password first when none is set, then locks and
 * opens /lock, which leads back here once unlocked. Render `lockDialog` where the hook is used.
 */
export function useLock(): { lock: () => void; lockDialog: ReactNode } {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [asking, setAsking] = useState(false);
  const [form] = Form.useForm<LockPasswordForm>();

  const lockNow = () => {
    const state: RedirectState = { from: { pathname: location.pathname, search: location.search } };
    setTimeout(() => {
      lockScreen();
      // Replacing the entry keeps /lock out of the history: Back cannot step around it.
      void navigate(website.lockPage, { replace: true, state });
    }, LOCK_DELAY_MS);
  };

  const lock = () => (hasLockPassword() ? lockNow() : setAsking(true));

  const onFinish = ({ password }: LockPasswordForm) => {
    setLockPassword(password);
    setAsking(false);
    lockNow();
  };

  const lockDialog = (
    <Modal
      open={asking}
      title={t('lock.setPassword')}
      okText={t('lock.lock')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit' }}
      onCancel={() => setAsking(false)}
      destroyOnHidden
      // The form wraps the footer too, so the OK button and Enter both submit it.
      modalRender={(dialog) => (
        <Form form={form} layout="vertical" name="lock-password" onFinish={onFinish} clearOnDestroy>
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

  return { lock, lockDialog };
}
