import type { DatasourceTable } from '@console/contract';
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect } from 'kysely';
import type { OutboundPolicy } from '../../../core/outbound/policy.js';
import { drivers } from '../../../db/database.js';
import {
  allowedAddress,
  DEFAULT_PORTS,
  mysqlConfig,
  postgresConfig,
  sqliteFileIn,
  TargetRefusedError,
  type ConnectionTarget,
  type SqliteArea,
} from './connection.js';

// Reading a data source's tables and columns for the code generator (issue 18), through Kysely's
// introspection on all three engines, on one connection opened with the same guarded settings as
// the connection test (connection.ts) and closed afterwards.

/** A Kysely over one connection to the target; `close` releases it. */
async function openOne(
  target: ConnectionTarget,
  policy: OutboundPolicy,
  sqlite: SqliteArea,
  timeoutMs: number,
): Promise<Kysely<unknown>> {
  if (target.kind === 'sqlite') {
    const file = sqliteFileIn(sqlite, target.database);
    const database = new (drivers.sqlite())(file, {
      readonly: true,
      fileMustExist: true,
      timeout: timeoutMs,
    });
    return new Kysely({ dialect: new SqliteDialect({ database }) });
  }
  if (!target.host) throw new TargetRefusedError('host', '');
  const address = await allowedAddress(policy, target.host);
  const port = target.port ?? DEFAULT_PORTS[target.kind];
  if (target.kind === 'postgres') {
    const pool = new (drivers.pg().Pool)({ ...postgresConfig(target, address, port, timeoutMs), max: 1 });
    // A connection the target ends while it idles in the pool (a restart, a dropped database) is
    // reported on the pool: without a listener that 'error' event would end the whole process. The
    // query that needs it fails on its own.
    pool.on('error', () => undefined);
    return new Kysely({ dialect: new PostgresDialect({ pool }) });
  }
  const pool = drivers
    .mysql()
    .createPool({ ...mysqlConfig(target, address, port, timeoutMs), connectionLimit: 1 });
  return new Kysely({ dialect: new MysqlDialect({ pool }) });
}

/** The target's tables (views left out) with their columns, by name. */
export async function readTables(
  target: ConnectionTarget,
  policy: OutboundPolicy,
  sqlite: SqliteArea,
  timeoutMs: number,
): Promise<DatasourceTable[]> {
  const db = await openOne(target, policy, sqlite, timeoutMs);
  try {
    const tables = await db.introspection.getTables();
    return tables
      .filter((table) => !table.isView)
      .filter((table) => target.kind !== 'postgres' || table.schema === (target.options.schema ?? 'public'))
      .map((table) => ({
        name: table.name,
        columns: table.columns.map((column) => ({
          name: column.name,
          dataType: column.dataType,
          nullable: column.isNullable,
          autoIncrement: column.isAutoIncrementing,
          hasDefault: column.hasDefaultValue,
          comment: column.comment ?? null,
        })),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  } finally {
    await db.destroy();
  }
}
