import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from './guard';
import { signOut } from './session-actions';

/** Logging out after a confirmation (spec §8); the confirm button spins while the server is told. */
export function useLogout(): () => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();

  return () => {
    void modal.confirm({
      title: t('common.tip'),
      content: t('logout.confirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await signOut();
        await navigate(LOGIN_PATH, { replace: true });
      },
    });
  };
}
