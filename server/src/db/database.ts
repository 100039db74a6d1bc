import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  MysqlDialect,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase as KyselySqliteDatabase,
  type SqliteStatement as KyselySqliteStatement,
  type LogEvent,
} from 'kysely';
import type * as Mysql from 'mysql2';
import type * as MysqlPromise from 'mysql2/promise';
import type { PoolOptions } from 'mysql2';
import type pg from 'pg';
import { isDatabaseUnavailable } from './errors.js';
import type { Database } from './schema.js';
import { SqliteConnections, SqliteWithReaderDialect } from './sqlite-reader.js';

/** The engines the console runs on (DATABASE_URL's scheme picks one, core/config.ts). */
export type DatabaseKind = 'sqlite' | 'postgres' | 'mysql';

// The three drivers load when a database of their engine opens, not at start: a process uses one
// or two of them, and each costs megabytes of memory and start-up time (docs/benchmarks.md, "Idle
// memory"). They are CommonJS packages: require() keeps opening synchronous.
const require = createRequire(import.meta.url);
export const drivers = {
  sqlite: () => require('better-sqlite3') as typeof SqliteDatabase,
  pg: () => require('pg') as typeof pg,
  mysql: () => require('mysql2') as typeof Mysql,
  mysqlPromise: () => require('mysql2/promise') as typeof MysqlPromise,
};

/**
 * Runs one compiled read straight on the driver, skipping Kysely's executor (its connection
 * provider, mutex and result plugins: a few promises and closures per query, a tenth of a light
 * request's CPU; docs/benchmarks.md, "Where the server spends its extra time"). Answers undefined
 * when the statement must go through Kysely instead (SQLite with a transaction open on its one
 * connection). Registered only for a database's root handle: a transaction is another Kysely
 * instance and never finds one, so its reads stay in it.
 */
export type DirectRead = (
  sql: string,
  parameters: readonly unknown[],
) => Promise<Record<string, unknown>[]> | Record<string, unknown>[] | undefined;

const directReads = new WeakMap<object, DirectRead>();

/** The file of each SQLite database opened here, by its root handle (migrate.ts locks beside it). */
const sqliteFiles = new WeakMap<object, string>();

/** The file of an SQLite database's root handle; undefined for other engines and `:memory:`. */
export function sqliteFileOf(db: object): string | undefined {
  return sqliteFiles.get(db);
}

/** The direct read of a database's root handle; undefined for a transaction or another instance. */
export function directReadOf(db: object): DirectRead | undefined {
  return directReads.get(db);
}

/**
 * Told of each statement a database ran: its SQL text (placeholders, never values) and how long
 * the driver took (ms). The monitor's slowest statements (issue 49) are made of these.
 */
export type StatementTimer = (sql: string, ms: number) => void;

/** The timer of each root handle; its transactions share it (Kysely's log is the driver's). */
const statementTimers = new WeakMap<object, StatementTimer>();

/**
 * Times the statements of a database's root handle and its transactions from now on, through
 * Kysely and through the direct reads alike. Streamed reads are not timed: their time is the
 * reader's as much as the database's.
 */
export function timeStatements(db: object, timer: StatementTimer): void {
  statementTimers.set(db, timer);
}

/**
 * Kysely's log for a root handle (read once it exists): statements that answered or failed, both
 * with their time. A log function costs a clock read and a promise per statement.
 */
function statementLog(root: () => object): (event: LogEvent) => void {
  return (event) => {
    if (event.level === 'query' && event.isStream) return;
    statementTimers.get(root())?.(event.query.sql, event.queryDurationMillis);
  };
}

/**
 * A direct read, timed when its database has a timer (timeStatements). A pool's direct read
 * (pool.query) waits for a connection inside the time; Kysely times a statement once it has one.
 */
function timedRead(db: object, read: DirectRead): DirectRead {
  return (sql, parameters) => {
    const timer = statementTimers.get(db);
    if (!timer) return read(sql, parameters);
    const started = performance.now();
    const rows = read(sql, parameters);
    if (rows === undefined) return rows;
    if (!(rows instanceof Promise)) {
      timer(sql, performance.now() - started);
      return rows;
    }
    return rows.then((answered) => {
      timer(sql, performance.now() - started);
      return answered;
    });
  };
}

/**
 * What a database's connections are doing, as its driver counts them (issue 49): a pool's size,
 * connections in use and idle, and queries waiting for one; SQLite's one connection (not counted).
 */
export interface PoolCounts {
  kind: 'pool' | 'single';
  size: number;
  inUse: number | null;
  idle: number | null;
  waiting: number | null;
}

const poolCounters = new WeakMap<object, () => PoolCounts>();

/** The connections of a database's root handle now; undefined for a handle not opened here. */
export function poolCountsOf(db: object): PoolCounts | undefined {
  return poolCounters.get(db)?.();
}

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
 * They are turned into text as parameters, at the statement (preparedOnce), rather than by a Kysely
 * plugin rewriting every query's tree: that rewrite copied every node of every query
 * (docs/benchmarks.md, "Where the server spends its extra time").
 */
export function sqliteParameters(parameters: readonly unknown[]): readonly unknown[] {
  return parameters.some((value) => value instanceof Date)
    ? parameters.map((value) => (value instanceof Date ? value.toISOString() : value))
    : parameters;
}

/** A better-sqlite3 statement as Kysely runs it, with its date parameters as text. */
function datesAsText(statement: SqliteDatabase.Statement): KyselySqliteStatement {
  return {
    reader: statement.reader,
    all: (parameters) => statement.all(sqliteParameters(parameters)),
    run: (parameters) => statement.run(sqliteParameters(parameters)),
    iterate: (parameters) => statement.iterate(sqliteParameters(parameters)),
  };
}

/** The file of a sqlite: URL (sqlite:///abs/path and sqlite:rel/path). */
export function sqliteFile(url: string): string {
  return url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
}

export interface DatabaseOptions {
  /** Told when a pooled connection is lost (network error, server restart, terminated session). */
  onConnectionLost?: (error: Error) => void;
  /**
   * SQLite in WAL mode: 'full' (the default) syncs the log at every commit, so no acknowledged
   * commit is lost on power loss or an OS crash; 'normal' syncs at checkpoints only — faster, and
   * still safe through a process crash, but the last commits may be lost with the machine.
   */
  sqliteSynchronous?: 'full' | 'normal';
}

export function openDatabase(url: string, kind: DatabaseKind, options: DatabaseOptions = {}): DatabaseHandle {
  if (kind === 'sqlite') return openSqliteFile(sqliteFile(url), options);
  if (kind === 'postgres')
    return openPostgresPool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 }, options);
  return openMysqlPool(
    { uri: url.replace(/^mariadb:/, 'mysql:'), connectionLimit: 10, connectTimeout: 5000 },
    options,
  );
}

/** An SQLite file (created when missing) with the settings every SQLite database here gets. */
export function openSqliteFile(file: string, options: DatabaseOptions = {}): DatabaseHandle {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const Sqlite = drivers.sqlite();
  const sqlite = new Sqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${options.sqliteSynchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // 64-bit ids do not fit a JavaScript number: integers come back as bigint and the
  // repositories turn them into strings or numbers by column kind.
  sqlite.defaultSafeIntegers(true);
  const connections = new SqliteConnections(
    preparedOnce(sqlite),
    file === ':memory:' ? undefined : () => preparedOnce(openSqliteReader(file)),
  );
  const db: Kysely<Database> = new Kysely<Database>({
    dialect: new SqliteWithReaderDialect(connections),
    log: statementLog(() => db),
  });
  // Synchronous, so nothing can interleave; while a transaction holds the writer the read runs on
  // the reader (db/sqlite-reader.ts).
  directReads.set(
    db,
    timedRead(
      db,
      (sql, parameters) =>
        connections.outside(true)?.prepare(sql).all(parameters) as Record<string, unknown>[] | undefined,
    ),
  );
  // The writer, whose turns are not counted (the reader answers beside it).
  poolCounters.set(db, () => ({ kind: 'single', size: 1, inUse: null, idle: null, waiting: null }));
  if (file !== ':memory:') sqliteFiles.set(db, path.resolve(file));
  return {
    db,
    kind: 'sqlite',
    ping: async () => {
      sqlite.prepare('select 1').get();
    },
    close: () => db.destroy(),
  };
}

/** The read-only connection beside an SQLite file's writer (db/sqlite-reader.ts), set as it is. */
function openSqliteReader(file: string): SqliteDatabase.Database {
  const reader = new (drivers.sqlite())(file, { readonly: true, fileMustExist: true });
  reader.pragma('busy_timeout = 5000');
  reader.defaultSafeIntegers(true);
  return reader;
}

/** Distinct SQL texts whose statements are kept; past it the cache starts again (IN lists vary). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * The SQLite handle as Kysely uses it, preparing each SQL text once: Kysely's driver prepares on
 * every query (≈0.1 ms a statement, a tenth of a simple request). A statement is reused only when
 * it is not busy (a stream holds the connection until it ends, but an iterator left open would
 * keep its statement busy: the same text then gets a statement of its own). Statements keep
 * working across schema changes (SQLite prepares them again itself).
 */
function preparedOnce(sqlite: SqliteDatabase.Database): KyselySqliteDatabase & {
  prepare(sql: string): KyselySqliteStatement;
} {
  const statements = new Map<string, { raw: SqliteDatabase.Statement; wrapped: KyselySqliteStatement }>();
  return {
    close: () => sqlite.close(),
    prepare: (sql) => {
      const cached = statements.get(sql);
      if (cached && !cached.raw.busy) return cached.wrapped;
      const raw = sqlite.prepare(sql);
      const wrapped = datesAsText(raw);
      if (!cached) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statements.set(sql, { raw, wrapped });
      }
      return wrapped;
    },
  };
}

/** A PostgreSQL pool from pg settings (a URL, or a data source's checked fields). */
export function openPostgresPool(config: pg.PoolConfig, options: DatabaseOptions = {}): DatabaseHandle {
  const pool = new (drivers.pg().Pool)(config);
  // A connection lost while idle in the pool: the pool drops it, the next query opens another.
  pool.on('error', (error) => options.onConnectionLost?.(error));
  // A connection lost while checked out (the pool takes its own listener off at checkout):
  // without a listener of its own the client's 'error' event would kill the process. The query
  // using it fails (a 503, core/http.ts) and the pool discards the client when it comes back.
  pool.on('connect', (client) => client.on('error', (error) => options.onConnectionLost?.(error)));
  const db: Kysely<Database> = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: discardingLostClients(pool) }),
    log: statementLog(() => db),
  });
  // pg's own pool.query destroys the client on any error, so a lost connection never returns.
  directReads.set(
    db,
    timedRead(db, (sql, parameters) =>
      pool.query(sql, parameters as unknown[]).then((result) => result.rows as Record<string, unknown>[]),
    ),
  );
  poolCounters.set(db, () => ({
    kind: 'pool',
    size: pool.options.max ?? 10,
    inUse: pool.totalCount - pool.idleCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  }));
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => db.destroy(),
  };
}

/**
 * A MySQL/MariaDB pool from mysql2 settings (a URL, or a data source's checked fields), with what
 * every connection here needs: ids as strings, UTC instants, utf8mb4, and no LOAD DATA LOCAL.
 */
export function openMysqlPool(config: PoolOptions, options: DatabaseOptions = {}): DatabaseHandle {
  const pool = drivers.mysql().createPool({
    ...config,
    // Ids are BIGINT: read them as strings, never as lossy doubles.
    supportBigNumbers: true,
    bigNumberStrings: true,
    // Dates are stored as UTC instants.
    timezone: 'Z',
    charset: 'utf8mb4',
    // No LOAD DATA LOCAL: the server never reads client files (security S6).
    flags: [...new Set(['-LOCAL_FILES', ...(config.flags ?? [])])],
  });
  // mysql2's pool listens for one 'error' per connection (to drop it); a second one on a lost
  // connection, with no listener left, would kill the process. This listener stays.
  pool.on('connection', (connection) =>
    connection.on('error', (error: Error) => options.onConnectionLost?.(error)),
  );
  const db: Kysely<Database> = new Kysely<Database>({
    dialect: new MysqlDialect({ pool }),
    log: statementLog(() => db),
  });
  const promisePool = pool.promise();
  directReads.set(
    db,
    timedRead(db, (sql, parameters) =>
      promisePool.query(sql, parameters as unknown[]).then(([rows]) => rows as Record<string, unknown>[]),
    ),
  );
  poolCounters.set(db, () => mysqlPoolCounts(pool, config.connectionLimit ?? 10));
  return {
    db,
    kind: 'mysql',
    ping: async () => {
      await pool.promise().query('select 1');
    },
    close: () => db.destroy(),
  };
}

/**
 * mysql2's pool has no public counts: its queues of all and free connections and of waiting
 * requests are read where mysql2 keeps them (3.x), and null where it no longer does.
 */
function mysqlPoolCounts(pool: Mysql.Pool, size: number): PoolCounts {
  const queues = pool as unknown as Record<
    '_allConnections' | '_freeConnections' | '_connectionQueue',
    unknown
  >;
  const length = (queue: unknown) => {
    const n = (queue as { length?: unknown } | undefined)?.length;
    return typeof n === 'number' ? n : null;
  };
  const open = length(queues._allConnections);
  const idle = length(queues._freeConnections);
  return {
    kind: 'pool',
    size,
    inUse: open === null || idle === null ? null : open - idle,
    idle,
    waiting: length(queues._connectionQueue),
  };
}

/**
 * The pool as Kysely uses it, except that a client whose query failed because its connection was
 * lost (a terminated session, a restart) is destroyed when it comes back instead of returning to
 * the pool. Kysely releases clients without the error, and pg keeps a client whose socket has not
 * closed yet: under load the dying session's close can arrive after the release, and the next
 * request would be handed the dead client (seen as a second 503 in database-faults.test.ts).
 */
function discardingLostClients(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => {
      const client = await pool.connect();
      let lost = false;
      return {
        query: (...args: unknown[]) => {
          const result = (client.query as (...a: unknown[]) => unknown)(...args);
          if (!(result instanceof Promise)) return result; // a cursor (streamed rows)
          return result.catch((error: unknown) => {
            if (isDatabaseUnavailable(error)) lost = true;
            throw error;
          });
        },
        release: () => client.release(lost || undefined),
      } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
