import type { DatasourceKind } from '@console/contract';
import { Form, Input, InputNumber, Radio, Switch, type FormRule, type RadioChangeEvent } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrudOption, TextKey } from '../../../crud';
import { i18n } from '../../../i18n';
import { defaultPort, SCHEMA_PATTERN } from './input';

// The dialog's controls that follow the chosen kind: an SQLite file has no server, so its host,
// port, user, password and options are disabled (and not sent), and only PostgreSQL has a schema.
// The kit gives each field one fixed Form.Item; these controls watch `kind` themselves.

/** The fields a server needs and an SQLite file does not, and the schema (PostgreSQL's alone). */
const KIND_FIELDS = ['host', 'port', 'username', 'password', 'ssl', 'schema'];

/** Whatever the Form.Item passes its control. */
interface ItemProps<V> {
  id?: string;
  value?: V;
  onChange?: (value: unknown) => void;
}

interface KindRadioProps extends ItemProps<DatasourceKind> {
  options: readonly CrudOption[];
  disabled: boolean;
  /** The accessible name of the group (a <label> names no radio group). */
  label: string;
}

/**
 * The kind. Choosing one moves the port to the new kind's default unless the user set another, and
 * clears the messages of fields the new kind does not use.
 */
export function KindRadio({ id, value, onChange, options, disabled, label }: KindRadioProps) {
  const form = Form.useFormInstance();
  const choose = (event: RadioChangeEvent) => {
    const kind = event.target.value as DatasourceKind;
    const port: unknown = form.getFieldValue('port');
    if (port === undefined || port === null || port === defaultPort(value)) {
      form.setFieldValue('port', defaultPort(kind) ?? null);
    }
    form.setFields(KIND_FIELDS.map((name) => ({ name, errors: [] })));
    onChange?.(kind);
  };
  return (
    <Radio.Group
      id={id}
      value={value}
      onChange={choose}
      options={options as CrudOption[]}
      disabled={disabled}
      optionType="button"
      buttonStyle="solid"
      aria-label={label}
    />
  );
}

export type ServerControl = 'text' | 'port' | 'password' | 'switch' | 'schema';

interface ServerFieldProps extends ItemProps<string | number | boolean | null> {
  control: ServerControl;
  disabled: boolean;
  placeholder?: TextKey;
}

/**
 * A field of a database server (host, port, user, password, TLS, schema): disabled for an SQLite
 * file (the schema: for all but PostgreSQL), saying so in its placeholder.
 */
export function ServerField({ id, value, onChange, control, disabled, placeholder }: ServerFieldProps) {
  const { t } = useTranslation();
  const kind = Form.useWatch<DatasourceKind | undefined>('kind');
  const applies = control === 'schema' ? kind === 'postgres' : kind !== 'sqlite';
  const off = disabled || !applies;
  const hint = applies
    ? placeholder && t(placeholder)
    : t(control === 'schema' ? 'tool.datasource.onlyPostgres' : 'tool.datasource.notForSqlite');
  switch (control) {
    case 'port':
      return (
        <InputNumber
          id={id}
          value={value as number | null | undefined}
          onChange={onChange}
          min={1}
          max={65_535}
          precision={0}
          disabled={off}
          placeholder={applies ? String(defaultPort(kind) ?? '') : hint}
          style={{ width: '100%' }}
        />
      );
    case 'password':
      return (
        <Input.Password
          id={id}
          value={(value as string | undefined) ?? ''}
          onChange={onChange}
          disabled={off}
          placeholder={hint}
          autoComplete="new-password"
        />
      );
    case 'switch':
      return <Switch id={id} checked={value === true} onChange={onChange} disabled={off} />;
    default:
      return (
        <Input
          id={id}
          value={(value as string | null | undefined) ?? ''}
          onChange={onChange}
          disabled={off}
          placeholder={hint}
        />
      );
  }
}

/** The database: a name on a server, or an SQLite file under the server's DATA_DIR. */
export function DatabaseInput({ id, value, onChange, disabled }: ItemProps<string> & { disabled: boolean }) {
  const { t } = useTranslation();
  const sqlite = Form.useWatch<DatasourceKind | undefined>('kind') === 'sqlite';
  return (
    <Input
      id={id}
      value={value ?? ''}
      onChange={onChange}
      disabled={disabled}
      // Always a prefix, so choosing the kind does not rebuild the input (antd would drop focus).
      prefix={<span>{sqlite ? 'DATA_DIR/' : ''}</span>}
      placeholder={t(sqlite ? 'tool.datasource.databaseFile' : 'tool.datasource.databaseName')}
    />
  );
}

/** A rule checked only when the form's kind is not SQLite (a server's fields). */
const forServer =
  (ok: (value: unknown) => boolean, message: TextKey): FormRule =>
  ({ getFieldValue }) => ({
    // Translated when it runs: the configuration follows the language.
    validator: (_, value: unknown) =>
      getFieldValue('kind') === 'sqlite' || ok(value)
        ? Promise.resolve()
        : Promise.reject(new Error(i18n.t(message))),
  });

/** A server's host is required. */
export const hostRules: FormRule[] = [
  forServer((value) => typeof value === 'string' && value.trim() !== '', 'tool.datasource.hostRequired'),
];

/** A port, when given, is a whole number 1…65535 (the control keeps it so; the rule says why). */
export const portRules: FormRule[] = [
  forServer(
    (value) =>
      value === undefined ||
      value === null ||
      (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 65_535),
    'tool.datasource.portInvalid',
  ),
];

/** A PostgreSQL schema, when given, is an identifier; other kinds do not send it. */
export const schemaRules: FormRule[] = [
  ({ getFieldValue }) => ({
    validator: (_, value: unknown) =>
      getFieldValue('kind') !== 'postgres' ||
      value === undefined ||
      value === null ||
      value === '' ||
      (typeof value === 'string' && SCHEMA_PATTERN.test(value))
        ? Promise.resolve()
        : Promise.reject(new Error(i18n.t('tool.datasource.schemaInvalid'))),
  }),
];
