import { CheckCircleOutlined } from '@ant-design/icons';
import { RESOURCE_STATUS, type Page, type PermissionCode } from '@console/contract';
import { Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QueryParams } from '../../../api/request';
import type {
  CrudColumn,
  CrudFormValues,
  CrudMode,
  CrudRowAction,
  FieldRenderContext,
  TextKey,
} from '../../../crud';
import './locales';

// What the storage and SMS settings pages share: both hold a write-only secret key (security S5),
// show which record is on, and turn one on for the tenant (`enable`).

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
export function secretFreeApi<T, I>(api: SettingsApi<T, I>): SettingsApi<T, I> {
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

/** `status`: enabled or disabled (RESOURCE_STATUS), shown as a tag; set only by the enable action. */
export function statusColumn<T extends { status: number }>(): CrudColumn<T> {
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
export function enableAction<T extends { id: string; status: number }>(
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
