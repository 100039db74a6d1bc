import { CheckCircleOutlined } from '@ant-design/icons';
import { RESOURCE_STATUS, type Page, type PermissionCode } from '@console/contract';
import { Input, Tag, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QueryParams } from '../../../api/request';
import {
  defineCrud,
  type CrudColumn,
  type CrudConfig,
  type CrudFormValues,
  type CrudMode,
  type CrudRowAction,
  type CrudToolbarAction,
  type FieldRenderContext,
  type StaticOption,
  type TextKey,
} from '../../../crud';
import './locales';

// What the storage and SMS settings pages share: one page shape (`settingsCrud`): a provider
// category, a code, the provider's fields, a remark; a write-only secret key (security S5); which
// record is on, and turning one on for the tenant (`enable`).

type Translate = (key: TextKey) => string;

/** A settings row as its page sees it: the record, and the secret key that only ever goes out. */
export type WithSecret<T> = T & { secretKey?: string | null };

/**
 * The secret key's control: always empty, as the server never answers the key. On edit an empty
 * field keeps the stored key, which the placeholder says.
 */
function SecretKeyInput({
  mode,
  label,
  ...props
}: {
  mode: CrudMode;
  label: TextKey;
  id?: string;
  value?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Input.Password
      {...props}
      autoComplete="new-password"
      placeholder={
        mode === 'edit'
          ? t('resource.shared.secretKeyKeep')
          : t('crud.placeholder.input', { label: t(label) })
      }
    />
  );
}

/** The secretKey column: only in the add and edit dialogs, never in the table or the view. */
export function secretKeyColumn<T extends { secretKey?: string | null }>(
  label: TextKey,
  maxLength: number,
): CrudColumn<T> {
  return {
    prop: 'secretKey',
    label,
    type: 'password',
    table: false,
    form: {
      maxLength,
      hideIn: ['view'],
      render: ({ mode }: FieldRenderContext) => <SecretKeyInput mode={mode} label={label} />,
    },
  } as unknown as CrudColumn<T>;
}

/**
 * The submit body from the dialog's values: the record's id when editing, and the secret key only
 * when one was typed, so an edit that leaves it empty keeps the stored key.
 */
export function settingsInput<I>(values: CrudFormValues, row: { id: string } | undefined): I {
  const { secretKey, ...rest } = values;
  const typed = typeof secretKey === 'string' && secretKey.trim() !== '';
  return { ...rest, ...(typed ? { secretKey } : {}), ...(row ? { id: row.id } : {}) } as I;
}

/** A record without its secret key, whatever the answer held. */
function withoutSecret<T>(record: T): T {
  if (record && typeof record === 'object' && 'secretKey' in record) {
    const { secretKey: _dropped, ...rest } = record as T & { secretKey?: unknown };
    return rest as T;
  }
  return record;
}

interface SettingsApi<T, I> {
  list: (current: number, size: number, filters: QueryParams) => Promise<Page<T>>;
  detail: (id: string) => Promise<T>;
  submit: (input: I) => Promise<unknown>;
  remove: (ids: readonly string[]) => Promise<unknown>;
}

/**
 * The page's calls with the secret key kept out of every record they answer: the server never
 * sends it (S5), and should one ever arrive, it still never reaches a form or a table.
 */
function secretFreeApi<T, I>(api: SettingsApi<T, I>): SettingsApi<T, I> {
  return {
    list: async (current, size, filters) => {
      const page = await api.list(current, size, filters);
      return { ...page, records: page.records.map(withoutSecret) };
    },
    detail: async (id) => withoutSecret(await api.detail(id)),
    submit: api.submit,
    remove: api.remove,
  };
}

/** Required for the categories (providers) `needed` names, as the server checks. */
export const requiredFor =
  (needed: (category: number) => boolean, message: TextKey, t: Translate): FormRule =>
  ({ getFieldValue }) => ({
    required: needed(getFieldValue('category') as number),
    whitespace: true,
    message: t(message),
  });

/** `status`: enabled or disabled (RESOURCE_STATUS), shown as a tag; set only by the enable action. */
function statusColumn<T extends { status: number }>(): CrudColumn<T> {
  return {
    prop: 'status',
    label: 'resource.shared.status',
    table: {
      width: 90,
      render: (value: number, _row: T, { t }: { t: (key: TextKey) => string }) =>
        value === RESOURCE_STATUS.ENABLED ? (
          <Tag color="success" icon={<CheckCircleOutlined aria-hidden />}>
            {t('resource.shared.enabled')}
          </Tag>
        ) : (
          <Tag>{t('resource.shared.disabled')}</Tag>
        ),
    },
    form: false,
  } as unknown as CrudColumn<T>;
}

/** 启用: after a confirmation, turns the row on and every other record of the tenant off. */
function enableAction<T extends { id: string; status: number }>(
  permission: PermissionCode,
  enable: (id: string) => Promise<unknown>,
): CrudRowAction<T> {
  return {
    key: 'enable',
    label: 'resource.shared.enable',
    permission,
    visible: (row) => row.status !== RESOURCE_STATUS.ENABLED,
    onClick: async (row, { confirm, success, refresh }) => {
      if (!(await confirm('resource.shared.enableConfirm'))) return;
      try {
        await enable(row.id);
      } catch {
        return; // the request layer has shown the server's reason
      }
      success();
      await refresh();
    },
  };
}

/** A settings record: the provider's category, its code, a remark, and whether it is on. */
interface SettingsRecord {
  id: string;
  category: number;
  status: number;
  remark: string | null;
  secretKey?: string | null;
}

interface SettingsPageSpec<T, I> {
  /** Query keys and form ids, permissions (`oss_add`, …, `oss_enable`) and texts (`resource.oss.*`). */
  name: 'oss' | 'sms';
  api: SettingsApi<T, I> & { enable: (id: string) => Promise<unknown> };
  categories: readonly StaticOption[];
  /** The category a new record starts with. */
  initialCategory: number;
  categoryWidth: number;
  /** The longest code and remark the server keeps. */
  limits: { code: number; remark: number };
  /** The provider's fields, between the code and the remark. */
  fields: readonly CrudColumn<T>[];
  rowActions?: readonly CrudRowAction<T>[];
  toolbarActions?: readonly CrudToolbarAction<T>[];
}

/**
 * A settings page (/api/blade-resource/<name>): category, code (`<name>Code`), the provider's
 * fields, remark and status; one record enabled per tenant is the one in use.
 */
export function settingsCrud<T extends SettingsRecord, I>(spec: SettingsPageSpec<T, I>): CrudConfig<T, I> {
  const { name } = spec;
  const code = `${name}Code` as const;
  const columns = [
    {
      prop: 'category',
      label: `resource.${name}.category`,
      type: 'select',
      options: spec.categories,
      search: true,
      table: { width: spec.categoryWidth },
      form: { required: true, initialValue: spec.initialCategory },
    },
    {
      prop: code,
      label: `resource.${name}.${code}`,
      search: true,
      form: { required: `resource.${name}.${code}Required`, maxLength: spec.limits.code },
    },
    ...spec.fields,
    {
      prop: 'remark',
      label: `resource.${name}.remark`,
      type: 'textarea',
      table: { ellipsis: true },
      form: { maxLength: spec.limits.remark },
    },
    statusColumn<T>(),
  ] as unknown as CrudColumn<T>[]; // `T`'s fields by name: the row types have them (SettingsRecord, `<name>Code`)
  return defineCrud<T, I>({
    name,
    title: `resource.${name}.title`,
    rowTitle: code as Extract<keyof T, string>,
    api: secretFreeApi(spec.api),
    permissions: { add: `${name}_add`, edit: `${name}_edit`, delete: `${name}_delete`, view: `${name}_view` },
    export: { url: `/api/blade-resource/${name}/export`, permission: `${name}_export` },
    toInput: (values, row) => settingsInput<I>(values, row),
    columns,
    rowActions: [enableAction<T>(`${name}_enable`, spec.api.enable), ...(spec.rowActions ?? [])],
    toolbarActions: spec.toolbarActions,
  });
}
