import type { NoticeAudience } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Radio, Select, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import * as noticeApi from '../../../api/desk/notice';
import { RichTextField, SafeHtml } from '../../../components/rich-text';
import { optionsFromTree, type CrudMode, type CrudOption, type TextKey } from '../../../crud';
import { i18n } from '../../../i18n';
import { NodesSelect } from '../../system/user/controls';

interface ControlProps<V> {
  id?: string;
  value?: V;
  onChange?: (value: V) => void;
  disabled?: boolean;
}

/** 'YYYY-MM-DD HH:mm:ss' (the wire) to the native picker's 'YYYY-MM-DDTHH:mm:ss' and back. */
export const toPickerValue = (value: string | null | undefined) => (value ? value.replace(' ', 'T') : '');
export const fromPickerValue = (value: string) => {
  if (value === '') return null;
  const text = value.replace('T', ' ');
  return text.length === 16 ? `${text}:00` : text; // a picker without seconds
};

/** The release time: the browser's own date and time picker (keyboard and screen-reader ready). */
export function DateTimeInput({ id, value, onChange, disabled }: ControlProps<string | null>) {
  return (
    <Input
      id={id}
      type="datetime-local"
      step={1}
      disabled={disabled}
      value={toPickerValue(value)}
      onChange={(event) => onChange?.(fromPickerValue(event.target.value))}
    />
  );
}

/** The content: the rich-text editor when adding or editing, the sanitised text when viewing. */
export function NoticeContentField({
  mode,
  id,
  value,
  onChange,
  disabled,
}: ControlProps<string> & { mode: CrudMode }) {
  const { t } = useTranslation();
  if (mode === 'view')
    return (
      <div id={id} aria-label={t('desk.notice.content')} role="document">
        <SafeHtml html={value} />
      </div>
    );
  return (
    <RichTextField
      id={id}
      label={t('desk.notice.content')}
      value={value}
      onChange={onChange}
      disabled={disabled}
    />
  );
}

/** The audience's kind in the form (a notice without one is to all). */
const useAudienceType = (): NoticeAudience =>
  Form.useWatch<NoticeAudience | undefined>('audienceType') ?? 'all';

/** What the audience's roles or departments are called, and the message when none is chosen. */
const TARGETS = {
  roles: { label: 'desk.notice.roles', required: 'desk.notice.audienceRolesRequired' },
  depts: { label: 'desk.notice.depts', required: 'desk.notice.audienceDeptsRequired' },
} as const satisfies Record<Exclude<NoticeAudience, 'all'>, { label: TextKey; required: TextKey }>;

/** The audience's kind: choosing another one clears the roles or departments chosen for the last. */
export function AudienceTypeRadio({
  id,
  value,
  onChange,
  disabled,
  options,
}: ControlProps<NoticeAudience> & { options: readonly CrudOption[] }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  return (
    <Radio.Group
      id={id}
      value={value}
      disabled={disabled}
      aria-label={t('desk.notice.audienceType')}
      options={options as CrudOption[]}
      onChange={(event) => {
        form.setFieldValue('audienceIds', []);
        onChange?.(event.target.value as NoticeAudience);
      }}
    />
  );
}

/**
 * The roles or departments of the audience. When adding: picked from the tenant's (loaded once
 * the kind asks for them); once published, their names as the detail gives them, not to change.
 */
export function AudienceIdsField({
  mode,
  record,
  id,
  value,
  onChange,
  disabled,
}: ControlProps<string[]> & { mode: CrudMode; record?: Readonly<Record<string, unknown>> }) {
  const { t } = useTranslation();
  const type = useAudienceType();
  const choosing = mode === 'add' && type !== 'all';
  const choices = useQuery({
    queryKey: ['notice', 'audience', type],
    queryFn: async () => optionsFromTree(await noticeApi.audienceChoices(type as 'roles' | 'depts')),
    enabled: choosing,
  });
  if (type === 'all') return <Input id={id} disabled placeholder={t('desk.notice.audienceEveryone')} />;
  if (mode !== 'add') return <Input id={id} disabled value={String(record?.audienceNames ?? '')} />;
  const label = TARGETS[type].label;
  if (choices.isPending)
    return (
      <Select
        id={id}
        loading
        disabled
        placeholder={t('crud.table.loading')}
        aria-label={t(label)}
        style={{ width: '100%' }}
      />
    );
  return (
    <NodesSelect
      id={id}
      value={value}
      onChange={onChange}
      label={label}
      context={{ mode, disabled: disabled === true, options: choices.data ?? [] }}
    />
  );
}

/** The audience's roles or departments are required unless the notice is to all. */
export const audienceIdsRequired: FormRule = ({ getFieldValue }) => ({
  validator: (_, value: unknown) => {
    const type = (getFieldValue('audienceType') as NoticeAudience | undefined) ?? 'all';
    if (type === 'all' || (Array.isArray(value) && value.length > 0)) return Promise.resolve();
    return Promise.reject(new Error(i18n.t(TARGETS[type].required)));
  },
});
