import { Type, type Static } from 'typebox';
import {
  AuditFieldsSchema,
  IdString,
  IntegerField,
  Nullable,
  OptionalText,
  RequiredText,
  SubmitId,
} from '../schema.js';

// Data sources (研发工具 › 数据源管理, issue 18): databases the platform administrator registers,
// for tenants' business data and the code generator. The password is write-only (S5) and stored
// encrypted (S6); connecting to one is limited by DATASOURCE_HOSTS (S6, S13).

export const DATASOURCE_LIMITS = {
  name: 64,
  host: 255,
  /** A database name, or an SQLite file's path relative to DATA_DIR. */
  database: 255,
  username: 64,
  password: 128,
  remark: 255,
  url: 512,
  driverClass: 128,
} as const;

/** Options a data source may carry; nothing that reads files or loads code (S6). */
export const DatasourceOptionsSchema = Type.Object(
  {
    /** Connect with TLS (the server's certificate checked against the system's authorities). */
    ssl: Type.Optional(Type.Boolean()),
    /** PostgreSQL: the schema searched first. */
    schema: Type.Optional(Type.String({ maxLength: 63, pattern: '^[A-Za-z_][A-Za-z0-9_]*$' })),
  },
  { additionalProperties: false },
);
export type DatasourceOptions = Static<typeof DatasourceOptionsSchema>;

const kindLiterals = () => [Type.Literal('postgres'), Type.Literal('mysql'), Type.Literal('sqlite')] as const;
const Kind = Type.Union([...kindLiterals()]);

/** A data source as answered: never its password (S5), only whether it has one. */
export const DatasourceSchema = Type.Object({
  ...AuditFieldsSchema,
  name: Type.String(),
  kind: Kind,
  host: Nullable(Type.String()),
  port: Nullable(Type.Integer()),
  database: Type.String(),
  username: Nullable(Type.String()),
  hasPassword: Type.Boolean(),
  options: DatasourceOptionsSchema,
  remark: Nullable(Type.String()),
  /** The same connection as BladeX's form shows it: a JDBC URL and its driver class (read-only). */
  url: Type.String(),
  driverClass: Type.String(),
});
export type Datasource = Static<typeof DatasourceSchema>;
/** The engines a data source can be: PostgreSQL, MySQL/MariaDB, or an SQLite file under DATA_DIR. */
export type DatasourceKind = Datasource['kind'];

const datasourceFields = {
  name: RequiredText(DATASOURCE_LIMITS.name, {
    label: 'datasource.name',
    required: 'datasource.name.required',
  }),
  /** Absent when a JDBC `url` names the connection (BladeX's form): then the URL decides. */
  kind: Type.Optional(
    Type.Union([...kindLiterals()], {
      'x-label': 'datasource.kind',
      'x-required': 'datasource.kind.required',
    }),
  ),
  host: OptionalText(DATASOURCE_LIMITS.host, { label: 'datasource.host' }),
  port: Type.Optional(Nullable(IntegerField({ label: 'datasource.port' }, { minimum: 1, maximum: 65_535 }))),
  database: Type.Optional(
    RequiredText(DATASOURCE_LIMITS.database, {
      label: 'datasource.database',
      required: 'datasource.database.required',
    }),
  ),
  username: OptionalText(DATASOURCE_LIMITS.username, { label: 'datasource.username' }),
  /** Absent or empty on update: the stored password stays. */
  password: OptionalText(DATASOURCE_LIMITS.password, { label: 'datasource.password' }),
  options: Type.Optional(DatasourceOptionsSchema),
  remark: OptionalText(DATASOURCE_LIMITS.remark, { label: 'datasource.remark' }),
  /**
   * BladeX's form (Saber): a JDBC URL of PostgreSQL, MySQL, MariaDB or SQLite, read into kind, host,
   * port and database (which it then decides), and the driver class, which must be of that engine.
   */
  url: OptionalText(DATASOURCE_LIMITS.url, { label: 'datasource.url' }),
  driverClass: OptionalText(DATASOURCE_LIMITS.driverClass, { label: 'datasource.driverClass' }),
};

/** submit: creates without an id, updates with one. */
export const DatasourceInputSchema = Type.Object(
  { id: SubmitId, ...datasourceFields },
  { additionalProperties: false },
);
export type DatasourceInput = Static<typeof DatasourceInputSchema>;

/**
 * test: a connection test of the form as it stands (unsaved changes included); with the id of a
 * stored data source, an empty password means its stored one.
 */
export const DatasourceTestInputSchema = Type.Object(
  { id: Type.Optional(Nullable(Type.Union([IdString, Type.Literal('')]))), ...datasourceFields },
  { additionalProperties: false },
);
export type DatasourceTestInput = Static<typeof DatasourceTestInputSchema>;

/** The test's outcome: connected or not, with the server's version or the reason (never a password). */
export const DatasourceTestResultSchema = Type.Object({
  connected: Type.Boolean(),
  millis: Type.Integer(),
  serverVersion: Nullable(Type.String()),
  message: Nullable(Type.String()),
});
export type DatasourceTestResult = Static<typeof DatasourceTestResultSchema>;

/** select: what a picker shows (the tenant's 数据源配置, the code generator). */
export const DatasourceOptionSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  kind: Kind,
});
export type DatasourceOption = Static<typeof DatasourceOptionSchema>;

/** tables: a table of a data source as the code generator reads it (views left out). */
export const DatasourceTableSchema = Type.Object({
  name: Type.String(),
  columns: Type.Array(
    Type.Object({
      name: Type.String(),
      /** The engine's own type name (int4, varchar, bigint, TEXT …). */
      dataType: Type.String(),
      nullable: Type.Boolean(),
      autoIncrement: Type.Boolean(),
      hasDefault: Type.Boolean(),
      comment: Nullable(Type.String()),
    }),
  ),
});
export type DatasourceTable = Static<typeof DatasourceTableSchema>;
