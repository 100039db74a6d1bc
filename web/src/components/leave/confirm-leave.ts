import type { Modal } from 'antd';
import type { TFunction } from 'i18next';

type ModalApi = ReturnType<typeof Modal.useModal>[0];
/** The designers that ask: each has the four texts under its prefix. */
type Designer = 'flow.form.designer' | 'flow.model.designer';

/**
 * Asks before a designer with unsaved changes closes: leave (the danger button) or stay. Its texts
 * are the designer's own, under `prefix`: `leaveTitle`, `leave`, `leaveOk` and `stay`.
 */
export function confirmLeave(
  modal: ModalApi,
  t: TFunction,
  prefix: Designer,
  getContainer: () => HTMLElement,
  onLeave: () => void,
): void {
  const okText = t(`${prefix}.leaveOk`);
  const cancelText = t(`${prefix}.stay`);
  void modal.confirm({
    title: t(`${prefix}.leaveTitle`),
    content: t(`${prefix}.leave`),
    okText,
    cancelText,
    okButtonProps: { danger: true, 'aria-label': okText },
    cancelButtonProps: { 'aria-label': cancelText },
    getContainer,
    onOk: onLeave,
  });
}
