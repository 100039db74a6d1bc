import type { AuditColumns, Database } from '../../db/schema.js';
import { formatDateTime } from '../dates.js';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Actor } from './store.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyBuilder = ExpressionBuilder<any, any>;
/** A condition on a table's rows (a data scope, core/repository/data-scope.ts, or a table's own). */
export type ScopePredicate = (eb: AnyBuilder) => Expression<SqlBool>;

/** A table's own row scope for an actor: a predicate, or null when nothing restricts them. */
export type RowScope = (actor: Actor) => ScopePredicate | null;

// A table definition is the one place that says which wire fields a table has, how each maps to
// a column, and which may be filtered, sorted or written. Lists, rows and writes all derive from it,
// so a field that is not declared here cannot reach SQL.

/** 'ids': comma-joined ids in a string column (blade_user.role_id, dept_id, post_id). */
export type ColumnKind = 'id' | 'ids' | 'string' | 'text' | 'int' | 'datetime';

export interface ColumnOptions {
  /** May appear in list filters (contains/equal/… operators). */
  filter?: boolean;
  /** May appear in ascs/descs. */
  sort?: boolean;
  /** Never leaves the server (passwords, secrets: security S5). */
  writeOnly?: boolean;
  /** Set by the server only (audit columns, tenant): ignored in submitted bodies. */
  readOnly?: boolean;
}

export interface Column extends Required<ColumnOptions> {
  field: string;
  name: string;
  kind: ColumnKind;
}

export type TableName = keyof Database;

/** Tables with BladeX's id, audit and soft-delete columns: what TableRepository works on. */
export type AuditedTableName = {
  [T in TableName]: Database[T] extends AuditColumns ? T : never;
}[TableName];

/** 'postCode' → 'post_code', at the type level: how a wire field names its column. */
export type ColumnOf<F extends string> = F extends `${infer Head}${infer Rest}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${ColumnOf<Rest>}`
  : F;

/** 'post_code' → 'postCode': the wire field of a column. */
export type FieldOf<C extends string> = C extends `${infer Head}_${infer Rest}`
  ? `${Head}${Capitalize<FieldOf<Rest>>}`
  : C;

type AuditField = keyof typeof AUDIT_FIELDS;
type Columns<T extends TableName> = keyof Database[T] & string;

/** A column the entity does not carry (a password hash, a secret): it never leaves the server. */
export type WriteOnlySpec = [kind: ColumnKind, options: ColumnOptions & { writeOnly: true }];

/**
 * The fields a table definition may declare: the entity's own fields (not the audit columns, which
 * defineTable adds) whose column exists in the table, and the table's other columns as write-only
 * fields. A field whose column the table lacks, or a column the entity lacks that is not marked
 * write-only, is a compile error (the literal's excess-property check).
 */
export type FieldsOf<E, T extends TableName> = {
  [F in Exclude<keyof E & string, AuditField> as ColumnOf<F> extends Columns<T> ? F : never]?: FieldSpec;
} & {
  [C in Columns<T> as Exclude<FieldOf<C>, keyof E | AuditField>]?: WriteOnlySpec;
};

export interface TableDef<E, T extends TableName = TableName> {
  table: T;
  /** Rows belong to a tenant: every query carries `tenant_id = <caller's tenant>`. */
  tenantScoped: boolean;
  /** The column that identifies a row and settles ties in list order: `id`, or BladeX's own key. */
  key: string;
  columns: ReadonlyMap<string, Column>;
  /** Lookup by wire name or column name (the console sends either in ascs/descs). */
  byName: ReadonlyMap<string, Column>;
  /**
   * The resource code whose data scopes apply to this table's rows (lists, reads and writes by id):
   * see core/repository/data-scope.ts. Absent: no data scope applies.
   */
  resourceCode?: string;
  /**
   * A scope of the table's own, beside the data scopes: who may see which rows by a rule of the
   * module (an operator sees the machines and slots granted to them). Applied wherever the data
   * scope is (core/repository/data-scope.ts); null from it means nothing restricts the actor.
   */
  rowScope?: RowScope;
  /** Type-level only: the entity this table maps to. */
  readonly entity?: E;
}

export type FieldSpec = [kind: ColumnKind, options?: ColumnOptions];

const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const AUDIT_FIELDS = {
  id: ['id', { filter: true, sort: true, readOnly: true }],
  createUser: ['id', { filter: true, readOnly: true }],
  createDept: ['id', { filter: true, readOnly: true }],
  createTime: ['datetime', { filter: true, sort: true, readOnly: true }],
  updateUser: ['id', { readOnly: true }],
  updateTime: ['datetime', { filter: true, sort: true, readOnly: true }],
  status: ['int', { filter: true, sort: true }],
  isDeleted: ['int', { readOnly: true }],
} satisfies Record<string, FieldSpec>;

/**
 * Every table definition, as modules declare them: the schema-agreement test checks each one's
 * columns against the migrated database on every engine (so a migration cannot drift from it).
 */
export const allTableDefs: TableDef<unknown>[] = [];

/** Tables that declare a resource code, by code: what a data scope of that code may name. */
export const tablesByResourceCode = new Map<string, TableDef<unknown>>();

/**
 * Declares a table for entity E: `defineTable<Post, 'blade_post'>('blade_post', …)`. Both type
 * arguments are named so the fields are checked against the entity and the table's columns.
 */
export function defineTable<E, T extends TableName>(
  table: T,
  options: {
    tenantScoped: boolean;
    resourceCode?: string;
    rowScope?: RowScope;
    /**
     * false: a table without BladeX's id, audit and soft-delete columns (blade_region), keyed by
     * `key`. Only the list-query mechanism applies to it; TableRepository does not.
     */
    audit?: boolean;
    key?: string;
  },
  fields: FieldsOf<E, T>,
): TableDef<E, T> {
  const all: Record<string, FieldSpec> = {
    ...(options.tenantScoped ? { tenantId: ['string', { filter: true, readOnly: true }] as FieldSpec } : {}),
    ...(fields as Record<string, FieldSpec>),
    ...(options.audit === false ? {} : AUDIT_FIELDS),
  };
  const columns = new Map<string, Column>();
  const byName = new Map<string, Column>();
  for (const [field, [kind, o = {}]] of Object.entries(all)) {
    const column: Column = {
      field,
      name: snake(field),
      kind,
      filter: o.filter ?? false,
      sort: o.sort ?? false,
      writeOnly: o.writeOnly ?? false,
      readOnly: o.readOnly ?? false,
    };
    columns.set(field, column);
    byName.set(field, column);
    byName.set(column.name, column);
  }
  const def: TableDef<E, T> = {
    table,
    tenantScoped: options.tenantScoped,
    key: snake(options.key ?? 'id'),
    columns,
    byName,
    ...(options.resourceCode ? { resourceCode: options.resourceCode } : {}),
    ...(options.rowScope ? { rowScope: options.rowScope } : {}),
  };
  allTableDefs.push(def as TableDef<unknown>);
  if (options.resourceCode) tablesByResourceCode.set(options.resourceCode, def as TableDef<unknown>);
  return def;
}

/** A value as the drivers return it, in the wire form of its kind. */
export function fromDb(kind: ColumnKind, value: unknown, timeZone: string): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'id':
      return String(value);
    case 'int':
      return Number(value);
    case 'datetime':
      return formatDateTime(value instanceof Date ? value : new Date(String(value)), timeZone);
    default:
      return String(value);
  }
}

/** A typed value into the form every driver binds correctly (ids as bigint: see decision 0002). */
export function toDb(kind: ColumnKind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'id':
      return BigInt(value as string);
    case 'int':
      return Number(value);
    case 'datetime':
      return value instanceof Date ? value : new Date(String(value));
    default:
      return String(value);
  }
}

/** A table's row → entity conversion, compiled once (see rowToEntity). */
type EntityMapper = (
  row: Record<string, unknown>,
  timeZone: string,
  format: typeof formatDateTime,
) => Record<string, unknown>;

const entityMappers = new WeakMap<TableDef<unknown, TableName>, EntityMapper>();

/** fromDb of the local `v${index}` for a column of this kind, as JavaScript source. */
function fromDbSource(kind: ColumnKind, index: number): string {
  const v = `v${index}`;
  const converted =
    kind === 'int'
      ? `Number(${v})`
      : kind === 'datetime'
        ? `format(${v} instanceof Date ? ${v} : new Date(String(${v})), timeZone)`
        : `String(${v})`;
  return `${v} === null || ${v} === undefined ? null : ${converted}`;
}

/**
 * Every record a list or a detail answers goes through here. Built field by field, each entity
 * passed through a chain of hidden-class transitions and a megamorphic store per field; one object
 * literal per table (compiled from the table definition, whose field and column names are the
 * developer's, quoted anyway) has one shape from the start. Same fields, order and values as
 * fromDb.
 */
function entityMapperOf(def: TableDef<unknown, TableName>): EntityMapper {
  let mapper = entityMappers.get(def);
  if (!mapper) {
    const read = [...def.columns.values()].filter((column) => !column.writeOnly);
    const locals = read.map((column, i) => `const v${i} = row[${JSON.stringify(column.name)}];`);
    const fields = read.map(
      (column, i) => `${JSON.stringify(column.field)}: ${fromDbSource(column.kind, i)}`,
    );
    const body = `${locals.join('\n')}\nreturn {\n${fields.join(',\n')}\n};`;
    mapper = new Function('row', 'timeZone', 'format', body) as EntityMapper;
    entityMappers.set(def, mapper);
  }
  return mapper;
}

export function rowToEntity<E>(
  def: TableDef<E, TableName>,
  row: Record<string, unknown>,
  timeZone: string,
): E {
  return entityMapperOf(def as TableDef<unknown, TableName>)(row, timeZone, formatDateTime) as E;
}
