import { Form, Modal } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextKey } from '../../../crud';

export interface ActionDialogProps<V> {
  /** The form's name: its fields' ids are `<name>_<field>`. */
  name: string;
  title: TextKey;
  initialValues: Partial<V>;
  /** Sends the values; a rejection keeps the dialog open (the request layer has said why). */
  onSubmit: (values: V) => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A tenant action's dialog (licence, package, data source): a small form, OK sends it. Rendered
 * where it stands, inside the page, so it hides with the page's tab.
 */
export function ActionDialog<V extends object>(props: ActionDialogProps<V>) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  // Enter submits even while the button spins; the ref stops a second call.
  const inFlight = useRef(false);
  const onFinish = async (values: V) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSaving(true);
    try {
      await props.onSubmit(values);
    } catch {
      // The request layer has shown the server's reason: the input stays for another try.
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };
  const okText = t('system.tenant.submit');
  const cancelText = t('system.tenant.cancel');
  return (
    <Modal
      open
      title={t(props.title)}
      width={600}
      getContainer={false}
      destroyOnHidden
      mask={{ closable: false }}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ htmlType: 'submit', 'aria-label': okText }}
      cancelButtonProps={{ 'aria-label': cancelText }}
      confirmLoading={saving}
      onCancel={props.onClose}
      modalRender={(dialog) => (
        <Form<V>
          name={props.name}
          layout="vertical"
          initialValues={props.initialValues}
          onFinish={(values) => void onFinish(values)}
        >
          {dialog}
        </Form>
      )}
    >
      {props.children}
    </Modal>
  );
}
