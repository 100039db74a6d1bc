import { App, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TextKey } from './types';
import { useStableHandler } from './useStableHandler';

/**
 * The page's messages and confirmations, shown inside the page (`getContainer`). Render
 * `modalHolder` once in the page.
 */
export function usePageMessages(getContainer: () => HTMLElement) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [modal, modalHolder] = Modal.useModal();
  const success = useStableHandler((text: TextKey = 'crud.message.done') => void message.success(t(text)));
  const warn = useStableHandler((text: TextKey) => void message.warning(t(text)));
  // Shown once however often it is asked for at once (its text is its key), and read for longer.
  const info = useStableHandler(
    (text: TextKey) => void message.info({ content: t(text), key: text, duration: 8 }),
  );
  const confirmConfig = (content: TextKey) => ({
    title: t('crud.confirm.title'),
    content: t(content),
    okText: t('crud.confirm.ok'),
    cancelText: t('crud.confirm.cancel'),
    okButtonProps: { 'aria-label': t('crud.confirm.ok') },
    cancelButtonProps: { 'aria-label': t('crud.confirm.cancel') },
    getContainer,
  });
  return {
    success,
    warn,
    info,
    /** Asks; the confirmation's OK button spins until `onOk` settles (a removal). */
    confirmThen: (content: TextKey, onOk: () => Promise<void>) =>
      void modal.confirm({ ...confirmConfig(content), onOk }),
    /** Asks; true when confirmed. */
    confirm: (content: TextKey) =>
      new Promise<boolean>((resolve) => {
        void modal.confirm({
          ...confirmConfig(content),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    modalHolder,
  };
}
