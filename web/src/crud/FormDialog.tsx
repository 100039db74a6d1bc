import { App, Form, Modal, type ModalProps } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../api/request';
import { useFormDraft } from '../app/session/useFormDraft';
import '../i18n/console-texts';

export interface FormDialogProps<V> {
  open: boolean;
  /** The form's name: its fields' ids are `<name>_<field>`. */
  name: string;
  title: string;
  width: number;
  /** The OK button's text; 确定 (OK) when not given. */
  okText?: string;
  /** OK in red: the action refuses or removes. */
  danger?: boolean;
  /** Cancel waits for the answer while the action is sent (one that cannot be taken back). */
  holdCancel?: boolean;
  initialValues?: Partial<V>;
  /**
   * The values to start from are still being read: OK stays disabled, and the form starts anew
   * from `initialValues` once they are there (the children show the loading or its failure).
   */
  loading?: boolean;
  /** `false`: rendered where it stands, inside the page, so it hides with the page's tab. */
  getContainer?: ModalProps['getContainer'];
  /** Sends the values and says what came of them; a rejection keeps the dialog open. */
  onSubmit: (values: V) => Promise<void>;
  /**
   * The server refused (the request layer has shown why) because the row shown is out of date: the
   * page shows it anew. Without it, the input stays for another try.
   */
  onRefused?: () => void;
  onClose: () => void;
  /**
   * The record the action is on (its key, and the action when the dialog serves several): what was
   * typed is kept when the session ends (app/session/drafts.ts), under the page, the form's name and
   * this, and comes back when the same user opens the same dialog on the same record again. Without
   * it nothing is kept (a dialog that asks only for a password).
   */
  draft?: string;
  /** The form's fields and what the dialog says about the action. */
  children: ReactNode;
}

/**
 * A small form in a dialog whose OK sends it: the form wraps the footer too, so the OK button and
 * Enter in a field both submit it. One request at a time: Enter submits even while OK spins, and a
 * ref stops the second call.
 */
export function FormDialog<V extends object>(props: FormDialogProps<V>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);

  const send = async (values: V) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    try {
      await props.onSubmit(values);
    } catch (error) {
      // The request layer has shown the server's reason; a failure to reach the server it leaves to us.
      if (!(error instanceof RequestError)) void message.error(t('request.unreachable'));
      else props.onRefused?.();
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const okText = props.okText ?? t('crud.confirm.ok');
  const cancelText = t('crud.dialog.cancel');
  return (
    <Modal
      open={props.open}
      title={props.title}
      width={props.width}
      getContainer={props.getContainer}
      onCancel={props.onClose}
      destroyOnHidden
      mask={{ closable: false }}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{
        htmlType: 'submit',
        danger: props.danger,
        disabled: props.loading,
        'aria-label': okText,
      }}
      cancelButtonProps={{ 'aria-label': cancelText, disabled: props.holdCancel && sending }}
      confirmLoading={sending}
      modalRender={(dialog) => (
        <Form<V>
          key={props.loading ? 'loading' : 'ready'}
          name={props.name}
          layout="vertical"
          initialValues={props.initialValues}
          onFinish={(values) => void send(values)}
        >
          {props.draft !== undefined && !props.loading && (
            <DialogDraft draftKey={`${location.pathname}|${props.name}|${props.draft}`} />
          )}
          {dialog}
        </Form>
      )}
    >
      {props.children}
    </Modal>
  );
}

/** Keeps the open dialog's form for the session's end, and gives back what was kept for it. */
function DialogDraft({ draftKey }: { draftKey: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  useFormDraft(draftKey, form, true, () => void message.info(t('crud.message.restored')));
  return null;
}
