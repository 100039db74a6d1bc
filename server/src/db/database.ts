import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  MysqlDialect,
  OperationNodeTransformer,
  PostgresDialect,
  SqliteDialect,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
  type PrimitiveValueListNode,
} from 'kysely';
import { createPool } from 'mysql2';
import pg from 'pg';
import type { DatabaseKind } from '../core/config.js';
import type { Database } from './schema.js';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Answers when the database answers a trivial query (used by /api/ready). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * SQLite has no date type and better-sqlite3 binds no Date: dates are written as ISO-8601 UTC
 * text ('2024-01-02T03:04:05.000Z'), whose text order is time order, so comparisons still work.
 */
class SqliteDateTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = node.value instanceof Date ? node.value.toISOString() : node.value;
    return super.transformValue({ ...node, value });
  }
  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    const values = node.values.map((v) => (v instanceof Date ? v.toISOString() : v));
    return super.transformPrimitiveValueList({ ...node, values });
  }
}

class SqliteDatePlugin implements KyselyPlugin {
  readonly #transformer = new SqliteDateTransformer();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

function sqliteFile(url: string): string {
  return url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
}

export function openDatabase(url: string, kind: DatabaseKind): DatabaseHandle {
  if (kind === 'sqlite') {
    const file = sqliteFile(url);
    if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    // 64-bit ids do not fit a JavaScript number: integers come back as bigint and the
    // repositories turn them into strings or numbers by column kind.
    sqlite.defaultSafeIntegers(true);
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: sqlite }),
      plugins: [new SqliteDatePlugin()],
    });
    return {
      db,
      kind,
      ping: async () => {
        sqlite.prepare('select 1').get();
      },
      close: () => db.destroy(),
    };
  }

  if (kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
    // An idle client's network error must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind,
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => db.destroy(),
    };
  }

  const pool = createPool({
    uri: url.replace(/^mariadb:/, 'mysql:'),
    connectionLimit: 10,
    connectTimeout: 5000,
    // Ids are BIGINT: read them as strings, never as lossy doubles.
    supportBigNumbers: true,
    bigNumberStrings: true,
    // Dates are stored as UTC instants.
    timezone: 'Z',
    charset: 'utf8mb4',
    // No LOAD DATA LOCAL: the server never reads client files (security S6).
    flags: ['-LOCAL_FILES'],
  });
  const db = new Kysely<Database>({ dialect: new MysqlDialect({ pool }) });
  return {
    db,
    kind,
    ping: async () => {
      await pool.promise().query('select 1');
    },
    close: () => db.destroy(),
  };
}
