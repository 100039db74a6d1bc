import { UploadOutlined } from '@ant-design/icons';
import { rangeOf, textCap, type FormDefinition, type FormField } from '@console/contract/flow';
import type { FormFieldAccess } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  TreeSelect,
  Upload,
  type FormInstance,
  type FormItemProps,
  type UploadFile,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import * as deptApi from '../../../api/system/dept';
import * as dictApi from '../../../api/system/dict';
import * as dictBizApi from '../../../api/system/dict-biz';
import { putFile } from '../../../api/resource/oss';
import { userList } from '../../../api/system/user-list';
import { DateTimeField } from '../../../components/date-time/DateTimeField';
import { dictQueryKey, optionsFromDict, optionsFromTree } from '../../../crud';
import { useLanguage, type Language } from '../../../i18n';
import './locales';

dayjs.extend(customParseFormat);

// A form definition drawn as an antd form (issue 51): the designer's live preview, and what 发起事务
// will show for a process started from a form. Values are what the server checks (form-data.ts):
// text as strings, numbers and amounts as numbers, dates as yyyy-MM-dd, times as
// yyyy-MM-dd HH:mm:ss, a dictionary entry's key, a user's or department's id, attachments as a list
// of attachment ids. The rules here mirror the server's for the user's sake; the server decides.

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A field's label in the language shown (English falls back to Chinese). */
export function labelOf(field: Pick<FormField, 'label'>, language: Language): string {
  return language === 'en' && field.label.en?.trim() ? field.label.en : field.label.zh;
}

/** Whether a field takes a whole row in two columns (long text, attachments). */
export const isWide = (field: Pick<FormField, 'type'>) =>
  field.type === 'textarea' || field.type === 'attachment';

type Rules = NonNullable<FormItemProps['rules']>;

/** A field's antd rules, as the server checks them: required, lengths, bounds, pattern, counts. */
/** Whether a value is missing: nothing, empty text or an empty list. */
function unset(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** What a required field's value is, for the validator: text, a number, a list, or anything set. */
function requiredType(type: FormField['type']): 'string' | 'number' | 'array' | 'any' {
  if (type === 'text' || type === 'textarea') return 'string';
  if (type === 'number' || type === 'money') return 'number';
  if (type === 'attachment') return 'array';
  return 'any';
}

export function rulesOf(field: FormField, label: string, t: TFunction): Rules {
  const rules: Rules = [];
  const choose = ['dict', 'user', 'dept', 'date', 'datetime', 'attachment'].includes(field.type);
  if (field.required) {
    const message = t(choose ? 'flow.form.renderer.choose' : 'flow.form.renderer.required', { label });
    // The value's type, as the control holds it: without one the validator takes a string, and a
    // filled number, date or list failed as if it were empty. A choice (a date, a user, a dictionary
    // key) only needs to be there.
    const type = requiredType(field.type);
    rules.push(
      type === 'any'
        ? {
            required: true,
            message,
            validator: (_, value) => (unset(value) ? Promise.reject(new Error(message)) : Promise.resolve()),
          }
        : { required: true, type, whitespace: type === 'string', message },
    );
  }
  const range = rangeOf(field.type);
  const { min, max } = field;
  if (range === 'length') {
    const cap = Math.min(max ?? Infinity, textCap(field.type));
    rules.push({ type: 'string', max: cap, message: t('flow.form.renderer.maxLength', { label, max: cap }) });
    if (typeof min === 'number')
      rules.push({ type: 'string', min, message: t('flow.form.renderer.minLength', { label, min }) });
    if (field.pattern) {
      let pattern: RegExp | undefined;
      try {
        pattern = new RegExp(field.pattern, 'u');
      } catch {
        pattern = undefined;
      }
      if (pattern) rules.push({ pattern, message: t('flow.form.renderer.pattern', { label }) });
    }
  } else if (range === 'value') {
    if (typeof min === 'number')
      rules.push({ type: 'number', min, message: t('flow.form.renderer.min', { label, min }) });
    if (typeof max === 'number')
      rules.push({ type: 'number', max, message: t('flow.form.renderer.max', { label, max }) });
  } else if (range === 'count') {
    if (typeof min === 'number')
      rules.push({ type: 'array', min, message: t('flow.form.renderer.minCount', { label, min }) });
    if (typeof max === 'number')
      rules.push({ type: 'array', max, message: t('flow.form.renderer.maxCount', { label, max }) });
  }
  return rules;
}

/** The form's values as data for the server: empty values left out. */
export function formDataOf(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([, value]) =>
        value !== undefined &&
        value !== null &&
        value !== '' &&
        !(Array.isArray(value) && value.length === 0),
    ),
  );
}

/** The data of the editable fields only (all of them without `access`), empty values left out. */
export function editableData(
  values: Record<string, unknown>,
  access: Readonly<Record<string, FormFieldAccess>> | undefined,
): Record<string, unknown> {
  const data = formDataOf(values);
  if (!access) return data;
  return Object.fromEntries(Object.entries(data).filter(([key]) => access[key] === 'editable'));
}

/** How a date or time field's string value reaches its picker, and back. */
const asMoment = (format: string): Pick<FormItemProps, 'getValueProps' | 'normalize'> => ({
  getValueProps: (value: unknown) => ({
    value: typeof value === 'string' && value ? dayjs(value, format) : null,
  }),
  normalize: (value: Dayjs | null | undefined) => (value ? value.format(format) : null),
});

function DictSelect({
  field,
  ...rest
}: {
  field: FormField;
  id?: string;
  value?: unknown;
  onChange?: (v: unknown) => void;
  disabled?: boolean;
}) {
  const language = useLanguage();
  const code = field.dict ?? '';
  const biz = field.biz === true;
  const { data, isFetching } = useQuery({
    queryKey: dictQueryKey({ code, biz }, language),
    queryFn: async () => optionsFromDict(await (biz ? dictBizApi : dictApi).dictionary(code)),
    staleTime: Infinity,
    enabled: code !== '',
  });
  return (
    <Select
      {...rest}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isFetching}
      options={(data ?? []).map((option) => ({ label: option.label, value: String(option.value) }))}
    />
  );
}

function UserSelect(props: {
  id?: string;
  value?: unknown;
  onChange?: (v: unknown) => void;
  disabled?: boolean;
}) {
  const { data, isFetching } = useQuery({
    queryKey: ['work', 'user-list'],
    queryFn: userList,
    staleTime: 5 * 60_000,
  });
  return (
    <Select
      {...props}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isFetching}
      options={(data ?? []).map((user) => ({
        value: user.id,
        label: `${user.realName || user.name || user.account} (${user.account})`,
      }))}
    />
  );
}

function DeptSelect(props: {
  id?: string;
  value?: unknown;
  onChange?: (v: unknown) => void;
  disabled?: boolean;
}) {
  const { data, isFetching } = useQuery({
    queryKey: ['flow-form', 'dept-tree'],
    queryFn: async () => optionsFromTree(await deptApi.tree()),
    staleTime: 5 * 60_000,
  });
  return (
    <TreeSelect
      {...props}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      loading={isFetching}
      treeDefaultExpandAll
      fieldNames={{ label: 'label', value: 'value', children: 'children' }}
      treeData={data ?? []}
    />
  );
}

/** Attachments uploaded through the tenant's storage: the value is their attachment ids (a designed form's `attachment` field, and 报修's photos). */
export function AttachmentField({
  id,
  value,
  onChange,
  disabled,
}: {
  id?: string;
  value?: string[];
  onChange?: (v: string[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const ids = value ?? [];
  const shown = files.filter((file) => file.status !== 'done' || ids.includes(String(file.response)));
  // Shown read-only (a process's data): how many were attached.
  if (disabled && files.length === 0)
    return (
      <span id={id}>
        {ids.length > 0
          ? t('flow.form.renderer.attachments', { count: ids.length })
          : t('flow.form.renderer.noAttachments')}
      </span>
    );
  return (
    <Upload
      fileList={shown}
      disabled={disabled}
      customRequest={({ file, onSuccess, onError }) => {
        putFile(file as Blob, (file as File).name).then(
          (stored) => {
            onSuccess?.(stored.attachId);
            onChange?.([...(value ?? []), stored.attachId]);
          },
          (error: Error) => onError?.(error),
        );
      }}
      onChange={({ fileList }) => setFiles(fileList)}
      onRemove={(file) => {
        onChange?.(ids.filter((one) => one !== String(file.response)));
        return true;
      }}
    >
      <Button id={id} icon={<UploadOutlined aria-hidden />} disabled={disabled}>
        {t('flow.form.renderer.upload')}
      </Button>
    </Upload>
  );
}

/** The control of a field's type. */
function controlOf(field: FormField, disabled: boolean): ReactNode {
  switch (field.type) {
    case 'textarea':
      return <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} disabled={disabled} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} disabled={disabled} />;
    case 'money':
      return <InputNumber style={{ width: '100%' }} precision={2} step={0.01} disabled={disabled} />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} disabled={disabled} />;
    case 'datetime':
      return <DateTimeField style={{ width: '100%' }} disabled={disabled} />;
    case 'dict':
      return <DictSelect field={field} disabled={disabled} />;
    case 'user':
      return <UserSelect disabled={disabled} />;
    case 'dept':
      return <DeptSelect disabled={disabled} />;
    case 'attachment':
      return <AttachmentField disabled={disabled} />;
    default:
      return <Input disabled={disabled} />;
  }
}

export interface FormRendererProps {
  definition: FormDefinition;
  /** The form's name: field ids are `<name>_<key>`. */
  name: string;
  form?: FormInstance;
  initialValues?: Record<string, unknown>;
  disabled?: boolean;
  /**
   * Each field's access (a process's form, issue 51): hidden fields are not drawn, read-only ones
   * are disabled and unchecked, and only editable ones reach onFinish. Without it all are editable.
   */
  access?: Readonly<Record<string, FormFieldAccess>>;
  /** The values passed the rules: the data as the server takes it. */
  onFinish?: (data: Record<string, unknown>) => void;
  /** Buttons under the fields (a submit button submits the form). */
  children?: ReactNode;
}

/** A form definition as an antd form, in its one or two columns. */
export function FormRenderer({
  definition,
  name,
  form,
  initialValues,
  disabled = false,
  access,
  onFinish,
  children,
}: FormRendererProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const accessOf = (key: string): FormFieldAccess => access?.[key] ?? 'editable';
  return (
    <Form
      form={form}
      name={name}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values: Record<string, unknown>) => onFinish?.(editableData(values, access))}
    >
      <Row gutter={16}>
        {definition.fields.map((field) => {
          const fieldAccess = accessOf(field.key);
          if (fieldAccess === 'hidden') return null;
          const readOnly = disabled || fieldAccess === 'readonly';
          const label = labelOf(field, language);
          const moment =
            field.type === 'date'
              ? asMoment(DATE_FORMAT)
              : field.type === 'datetime'
                ? asMoment(DATE_TIME_FORMAT)
                : {};
          return (
            <Col
              key={field.key}
              data-field={field.key}
              span={definition.layout === 2 && !isWide(field) ? 12 : 24}
            >
              <Form.Item
                name={field.key}
                label={label}
                rules={readOnly ? [] : rulesOf(field, label, t)}
                {...moment}
              >
                {controlOf(field, readOnly)}
              </Form.Item>
            </Col>
          );
        })}
      </Row>
      {children}
    </Form>
  );
}
