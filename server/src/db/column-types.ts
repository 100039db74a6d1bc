import {
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  MysqlAdapter,
  PostgresAdapter,
} from 'kysely';
import type { DatabaseKind } from './database.js';

// One migration set for three engines: the few types that differ are chosen here.

export function kindOf(db: Kysely<unknown>): DatabaseKind {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof MysqlAdapter) return 'mysql';
  return 'sqlite';
}

export function columnTypes(kind: DatabaseKind) {
  return {
    id: sql`bigint`,
    string: (length: number) => sql`varchar(${sql.raw(String(length))})`,
    /** Long text: MySQL's TEXT holds only 64 KB of bytes, not characters. */
    text: kind === 'mysql' ? sql`mediumtext` : sql`text`,
    int: sql`integer`,
    /** Bytes (a file): bytea on PostgreSQL, longblob on MySQL, blob on SQLite. */
    blob: kind === 'postgres' ? sql`bytea` : kind === 'mysql' ? sql`longblob` : sql`blob`,
    /** An instant: timestamptz on PostgreSQL, UTC datetime(3) on MySQL, ISO text on SQLite. */
    datetime: kind === 'postgres' ? sql`timestamptz` : kind === 'mysql' ? sql`datetime(3)` : sql`text`,
  };
}

type Table = CreateTableBuilder<string, string>;
const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

/** id primary key first; audit, status and soft-delete columns last (the BladeX layout). */
export function withId(table: Table, kind: DatabaseKind): Table {
  return table.addColumn('id', columnTypes(kind).id, (c) => c.primaryKey());
}

export function withAudit(table: Table, kind: DatabaseKind): Table {
  const t = columnTypes(kind);
  return table
    .addColumn('create_user', t.id)
    .addColumn('create_dept', t.id)
    .addColumn('create_time', t.datetime)
    .addColumn('update_user', t.id)
    .addColumn('update_time', t.datetime)
    .addColumn('status', t.int, (c) => notNull(c).defaultTo(1))
    .addColumn('is_deleted', t.int, (c) => notNull(c).defaultTo(0));
}

/** MySQL tables need utf8mb4 whatever the server's default is. */
export function finish(table: Table, kind: DatabaseKind): Table {
  return kind === 'mysql'
    ? table.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_general_ci`)
    : table;
}
