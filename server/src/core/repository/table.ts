import type { AuditColumns, Database } from '../../db/schema.js';
import { formatDateTime } from '../dates.js';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Static, TObject, TSchema } from 'typebox';
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

interface TableOptions {
  tenantScoped: boolean;
  resourceCode?: string;
  rowScope?: RowScope;
  /**
   * false: a table without BladeX's id, audit and soft-delete columns (blade_region), keyed by
   * `key`. Only the list-query mechanism applies to it; TableRepository does not.
   */
  audit?: boolean;
  key?: string;
}

// A table read from its entity's TypeBox schema: every field of the schema (but the audit ones,
// which every table has) is a column of its snake_case name, of the kind the schema says (integers
// 'int', strings 'string'). What the schema cannot tell is said beside it, and checked against the
// table's row type (db/schema.ts): which string fields hold ids or instants, which fields have no
// column, and the columns the entity does not carry.

type OwnField<E> = Exclude<keyof E & string, AuditField>;
/** The entity's fields that are columns of the table. */
type ColumnField<E, T extends TableName> = {
  [F in OwnField<E>]: ColumnOf<F> extends Columns<T> ? F : never;
}[OwnField<E>];
type ColumnType<T extends TableName, F extends string> = NonNullable<Database[T][ColumnOf<F> & Columns<T>]>;
/** A string field kept in an id (bigint) or instant column: the schema says only 'string'. */
type UnreadKind<E, T extends TableName, F extends ColumnField<E, T>> = E[F] extends string | null
  ? Date extends ColumnType<T, F>
    ? 'datetime'
    : bigint extends ColumnType<T, F>
      ? number extends ColumnType<T, F>
        ? never
        : 'id'
      : never
  : never;
type Unread<E, T extends TableName> = {
  [F in ColumnField<E, T>]: [UnreadKind<E, T, F>] extends [never] ? never : F;
}[ColumnField<E, T>];
type Kinds<E, T extends TableName> = { [F in Unread<E, T>]: UnreadKind<E, T, F> } & {
  [F in Exclude<ColumnField<E, T>, Unread<E, T>>]?: ColumnKind;
};
/** The table's columns the entity does not carry, by field name. */
type Hidden<E, T extends TableName> = Exclude<FieldOf<Columns<T>>, keyof E | AuditField>;
type Computed<E, T extends TableName> = Exclude<OwnField<E>, ColumnField<E, T>>;

/**
 * What a table defined from its schema says beside it. `kinds` must name every string field whose
 * column is an id or an instant, and `computed` every field without a column (names the server
 * joins in): a missing one is a compile error, as is a field, kind or column the table lacks.
 */
export type SchemaTableSpec<E, T extends TableName> = {
  /** May appear in list filters (contains/equal/… operators). */
  filter?: readonly ColumnField<E, T>[];
  /** May appear in ascs/descs. */
  sort?: readonly ColumnField<E, T>[];
  /** Set by the server only: ignored in submitted bodies. */
  readOnly?: readonly (ColumnField<E, T> | Hidden<E, T>)[];
  /**
   * Columns that never leave the server (a password hash, a secret): the table's columns the entity
   * does not carry, or an entity's field only an answer of the module's own fills in.
   */
  writeOnly?: { [F in ColumnField<E, T> | Hidden<E, T>]?: ColumnKind };
} & ([Unread<E, T>] extends [never] ? { kinds?: Kinds<E, T> } : { kinds: Kinds<E, T> }) &
  ([Computed<E, T>] extends [never] ? { computed?: never } : { computed: Record<Computed<E, T>, true> });

/** The kind a schema tells: integers and numbers 'int', strings 'string' (see SchemaTableSpec). */
function kindOfSchema(property: TSchema): ColumnKind {
  const branches = (property as { anyOf?: TSchema[] }).anyOf ?? [property];
  const types = branches.map((branch) => (branch as { type?: string }).type);
  return types.includes('integer') || types.includes('number') ? 'int' : 'string';
}

/** A SchemaTableSpec as the code that reads it sees one (its checks are the compiler's). */
interface SpecOfAnyTable {
  filter?: readonly string[];
  sort?: readonly string[];
  readOnly?: readonly string[];
  writeOnly?: Record<string, ColumnKind | undefined>;
  kinds?: Record<string, ColumnKind | undefined>;
  computed?: Record<string, true>;
}

function fieldsOfSchema(
  schema: TObject,
  tenantScoped: boolean,
  spec: SpecOfAnyTable,
): Record<string, FieldSpec> {
  const computed = spec.computed ?? {};
  const kinds = spec.kinds ?? {};
  const fields: Record<string, FieldSpec> = {};
  for (const [field, property] of Object.entries(schema.properties)) {
    if (field in AUDIT_FIELDS || field in computed || (tenantScoped && field === 'tenantId')) continue;
    fields[field] = [
      kinds[field] ?? kindOfSchema(property),
      {
        filter: spec.filter?.includes(field),
        sort: spec.sort?.includes(field),
        readOnly: spec.readOnly?.includes(field),
      },
    ];
  }
  for (const [field, kind] of Object.entries(spec.writeOnly ?? {}))
    if (kind) fields[field] = [kind, { writeOnly: true, readOnly: spec.readOnly?.includes(field) }];
  return fields;
}

/**
 * Declares a table for an entity, from its schema: `defineTable(PostSchema, 'blade_post', { … },
 * { filter: [...], sort: [...] })` (SchemaTableSpec). The older form lists every field with its
 * kind: `defineTable<Post, 'blade_post'>('blade_post', { … }, { postCode: ['string', …], … })`,
 * both type arguments named so the fields are checked against the entity and the table's columns.
 */
export function defineTable<S extends TObject, T extends TableName>(
  schema: S,
  table: T,
  options: TableOptions,
  spec: SchemaTableSpec<Static<S>, T>,
): TableDef<Static<S>, T>;
export function defineTable<E, T extends TableName>(
  table: T,
  options: TableOptions,
  fields: FieldsOf<E, T>,
): TableDef<E, T>;
export function defineTable(...args: unknown[]): TableDef<unknown, TableName> {
  if (typeof args[0] === 'string') {
    const [table, options, fields] = args as [TableName, TableOptions, Record<string, FieldSpec>];
    return tableDef(table, options, fields);
  }
  const [schema, table, options, spec] = args as [TObject, TableName, TableOptions, SpecOfAnyTable];
  return tableDef(table, options, fieldsOfSchema(schema, options.tenantScoped, spec));
}

function tableDef(
  table: TableName,
  options: TableOptions,
  fields: Record<string, FieldSpec>,
): TableDef<unknown, TableName> {
  const all: Record<string, FieldSpec> = {
    ...(options.tenantScoped ? { tenantId: ['string', { filter: true, readOnly: true }] as FieldSpec } : {}),
    ...fields,
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
  const def: TableDef<unknown, TableName> = {
    table,
    tenantScoped: options.tenantScoped,
    key: snake(options.key ?? 'id'),
    columns,
    byName,
    ...(options.resourceCode ? { resourceCode: options.resourceCode } : {}),
    ...(options.rowScope ? { rowScope: options.rowScope } : {}),
  };
  allTableDefs.push(def);
  if (options.resourceCode) tablesByResourceCode.set(options.resourceCode, def);
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
