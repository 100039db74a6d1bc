import { Alert, Col, Form, Modal, Row, Spin, type FormInstance } from 'antd';
import { useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldType, formSpec, inForm, isChoice, isMultiple } from './columns';
import { fieldControl } from './field-control';
import { formValuesOf, initialFormValues } from './form-values';
import { fieldRules } from './rules';
import type { ColumnOptions } from './useColumnOptions';
import type { ColumnShape, CrudFormValues, CrudMode } from './types';
import '../i18n/console-texts';

export interface CrudDialogProps {
  /** The page's name: the form is `<name>-form`, its fields `<name>-form_<prop>`. */
  name: string;
  open: boolean;
  mode: CrudMode;
  /** The record edited or viewed; undefined while it loads, and when adding. */
  record: Readonly<Record<string, unknown>> | undefined;
  /**
   * Values filled in over the starting ones: add, over the columns' initial ones (a child's parent);
   * edit, over the record's (a draft kept when the session ended).
   */
  values?: CrudFormValues;
  /** The dialog's form while it is open (the page reads what was typed when the session ends). */
  formRef?: Ref<FormInstance<CrudFormValues>>;
  /** The record is being loaded (edit and view with a detail call). */
  loading: boolean;
  /** Loading the record failed (the request layer has said why). */
  failed: boolean;
  columns: readonly ColumnShape[];
  options: ColumnOptions['options'];
  width: number;
  perRow: 1 | 2;
  /** The element the dialog renders into: inside the page, so it hides with the page's tab. */
  getContainer: () => HTMLElement;
  /** Saves; a rejection keeps the dialog open (the request layer has told the user why). */
  onSave: (values: CrudFormValues) => Promise<void>;
  onClose: () => void;
}

const TITLES = { add: 'crud.dialog.add', edit: 'crud.dialog.edit', view: 'crud.dialog.view' } as const;

/** The add, edit and view dialog: a form of the columns' fields with their rules. */
export function CrudDialog(props: CrudDialogProps) {
  const { name, open, mode, record, loading, failed, columns, options, width, perRow, getContainer } = props;
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  // Enter submits even while the button spins; the ref stops a second save.
  const inFlight = useRef(false);
  const viewing = mode === 'view';
  const ready = mode === 'add' || (record !== undefined && !loading);
  const fields = columns.filter((column) => inForm(column, mode));

  const onFinish = async (values: CrudFormValues) => {
    if (inFlight.current || viewing) return;
    inFlight.current = true;
    setSaving(true);
    try {
      await props.onSave(values);
    } catch {
      // The request layer has shown the server's reason: no second message, the input stays.
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  const okText = t(mode === 'edit' ? 'crud.dialog.update' : 'crud.dialog.save');
  const cancelText = t('crud.dialog.cancel');
  const initialValues = {
    ...(mode === 'add' ? initialFormValues(columns) : formValuesOf(columns, record ?? {}, mode)),
    ...props.values,
  };

  return (
    <Modal
      open={open}
      title={t(TITLES[mode])}
      width={width}
      getContainer={getContainer}
      onCancel={props.onClose}
      destroyOnHidden
      mask={{ closable: false }}
      // Viewing changes nothing: the dialog's own close button is all it needs.
      footer={viewing ? null : undefined}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ htmlType: 'submit', disabled: !ready, 'aria-label': okText }}
      cancelButtonProps={{ 'aria-label': cancelText }}
      confirmLoading={saving}
      // The form wraps the footer too, so the OK button and Enter in a field both submit it.
      modalRender={(dialog) => (
        <Form<CrudFormValues>
          // A new form (with its own store) once the record has loaded, so it starts from the
          // record's values; each opening of the dialog gets a new one too (destroyOnHidden).
          key={ready ? 'ready' : 'loading'}
          ref={props.formRef}
          name={`${name}-form`}
          layout="vertical"
          disabled={viewing}
          initialValues={ready ? initialValues : undefined}
          onFinish={(values) => void onFinish(values)}
        >
          {dialog}
        </Form>
      )}
    >
      {failed ? (
        <Alert type="error" showIcon title={t('crud.dialog.loadFailed')} />
      ) : !ready ? (
        <Spin style={{ display: 'block', padding: 48 }} />
      ) : (
        <Row gutter={16}>
          {fields.map((column) => {
            const spec = formSpec(column) ?? {};
            const label = t(column.label);
            const disabled =
              viewing ||
              (spec.disableIn ?? []).includes(mode) ||
              (mode === 'edit' && record !== undefined && spec.disableWhen?.(record) === true);
            const columnOptions = options.get(column.prop) ?? [];
            const span = perRow === 1 ? 24 : (spec.span ?? (fieldType(column) === 'textarea' ? 24 : 12));
            return (
              <Col span={span} key={column.prop}>
                <Form.Item
                  name={column.prop}
                  label={label}
                  rules={viewing ? [] : fieldRules(column, t)}
                  extra={spec.help ? t(spec.help) : undefined}
                >
                  {spec.render
                    ? spec.render({ mode, disabled, options: columnOptions, record })
                    : fieldControl({
                        type: fieldType(column),
                        options: columnOptions,
                        label,
                        multiple: isMultiple(column),
                        disabled,
                        placeholder: viewing
                          ? ''
                          : spec.placeholder
                            ? t(spec.placeholder)
                            : t(isChoice(column) ? 'crud.placeholder.choose' : 'crud.placeholder.input', {
                                label,
                              }),
                      })}
                </Form.Item>
              </Col>
            );
          })}
        </Row>
      )}
    </Modal>
  );
}
