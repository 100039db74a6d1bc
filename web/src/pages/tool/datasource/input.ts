import type {
  DATASOURCE_LIMITS,
  Datasource,
  DatasourceInput,
  DatasourceKind,
  DatasourceTestInput,
} from '@console/contract';
import type { CrudFormValues } from '../../../crud';

// Between the dialog's form and the wire. The form holds the options flat (ssl, schema) and the
// write-only password; what a kind does not use (SQLite: host, port, user, password, options;
// MySQL: the schema) is not sent, whatever the disabled fields still hold.

/**
 * The contract's DATASOURCE_LIMITS, which '@console/contract' exports as a type only (the const
 * lives in the schema entry). Typed by it, so a change there fails to compile here.
 */
export const LIMITS: typeof DATASOURCE_LIMITS = {
  name: 64,
  host: 255,
  database: 255,
  username: 64,
  password: 128,
  remark: 255,
  url: 512,
  driverClass: 128,
};

/** DatasourceOptionsSchema's schema: a PostgreSQL identifier, at most 63 characters. */
export const SCHEMA_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** The kinds, in the order the form offers them (the contract's DatasourceKind). */
export const KINDS: readonly DatasourceKind[] = ['postgres', 'mysql', 'sqlite'];

/** The port a kind listens on by default; SQLite has none. */
export function defaultPort(kind: unknown): number | undefined {
  return kind === 'postgres' ? 5432 : kind === 'mysql' ? 3306 : undefined;
}

/** The form's row: a data source with its options flat, and the password the server never answers. */
export type DatasourceRow = Datasource & {
  password?: string;
  ssl?: boolean;
  schema?: string;
  /** The dialog's connection test: a field of no value, for its place in the form. */
  connection?: undefined;
};

/** A stored data source as the dialog edits it: its options flat. */
export function rowOf(source: Datasource): DatasourceRow {
  return { ...source, ssl: source.options.ssl === true, schema: source.options.schema };
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * The submit (and test) body of the form's values; `id` when editing. An empty password is left
 * out: on edit it keeps the stored one. An empty port is the kind's default.
 */
export function inputOf(values: Readonly<CrudFormValues>, id?: string): DatasourceInput {
  const kind = values.kind as DatasourceKind;
  const server = kind !== 'sqlite';
  const password =
    typeof values.password === 'string' && values.password !== '' ? values.password : undefined;
  const schema = kind === 'postgres' ? text(values.schema) : null;
  return {
    ...(id ? { id } : {}),
    name: String(values.name ?? '').trim(),
    kind,
    host: server ? text(values.host) : null,
    port: server ? (typeof values.port === 'number' ? values.port : (defaultPort(kind) ?? null)) : null,
    database: String(values.database ?? '').trim(),
    username: server ? text(values.username) : null,
    ...(server && password !== undefined ? { password } : {}),
    options: server ? { ssl: values.ssl === true, ...(schema ? { schema } : {}) } : {},
    remark: text(values.remark),
  };
}

/** The test body of a stored data source as listed: its id stands for its stored password. */
export function storedTestInput(source: Datasource): DatasourceTestInput {
  return {
    id: source.id,
    name: source.name,
    kind: source.kind,
    host: source.host,
    port: source.port,
    database: source.database,
    username: source.username,
    options: source.options,
    remark: source.remark,
  };
}
