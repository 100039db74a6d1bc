import type { ModalFuncProps } from 'antd';
import type { ReactNode } from 'react';
import { i18n } from '../i18n';

/** What `ask` shows: a title, the question, and, where they say more, its buttons' own words. */
export interface Question {
  title: ReactNode;
  content: ReactNode;
  okText?: string;
  cancelText?: string;
  /** The OK button in red (a destructive action). */
  danger?: boolean;
}

/**
 * Asks a question in a confirmation of the page's modal (`Modal.useModal`); true when confirmed.
 * The buttons are labelled for screen readers in the page's language.
 */
export function ask(
  modal: { confirm(props: ModalFuncProps): unknown },
  question: Question,
): Promise<boolean> {
  const ok = question.okText ?? i18n.t('crud.confirm.ok');
  const cancel = question.cancelText ?? i18n.t('crud.confirm.cancel');
  return new Promise<boolean>((resolve) => {
    void modal.confirm({
      title: question.title,
      content: question.content,
      okText: ok,
      cancelText: cancel,
      okButtonProps: { 'aria-label': ok, danger: question.danger },
      cancelButtonProps: { 'aria-label': cancel },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
