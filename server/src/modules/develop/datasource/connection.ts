import { lookup } from 'node:dns/promises';
import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { DatasourceKind, DatasourceOptions } from '@console/contract';
import type { ConnectionOptions } from 'mysql2/promise';
import { normalizeAddress, type OutboundPolicy } from '../../../core/outbound/policy.js';
import {
  drivers,
  openMysqlPool,
  openPostgresPool,
  openSqliteFile,
  type DatabaseHandle,
} from '../../../db/database.js';

// Connecting to a data source (security S6, S13; the failure to prevent is SpringBlade's #36: its
// JDBC connection test reached any host and read local files). A host must be one DATASOURCE_HOSTS
// allows, and the connection goes to the address that was checked (a name resolved once, every
// address checked: no DNS rebinding between check and connect). Drivers get no option that reads a
// file or loads code: PostgreSQL never falls back to ~/.pgpass, MySQL announces no LOCAL INFILE
// and refuses a server's request for one, SQLite opens a file under DATA_DIR read-only, never the
// console's own database (issue 44, item 11). Everything gives up after `timeoutMs`.

export interface ConnectionTarget {
  kind: DatasourceKind;
  host: string | null;
  port: number | null;
  database: string;
  username: string | null;
  password: string | null;
  options: DatasourceOptions;
}

/** Why a target is refused before any connection is tried (a 400 naming it). */
export class TargetRefusedError extends Error {
  constructor(
    readonly reason: 'host' | 'sqlitePath' | 'ownDatabase',
    readonly subject: string,
  ) {
    super(`data source refused: ${reason} ${subject}`);
  }
}

export const DEFAULT_PORTS = { postgres: 5432, mysql: 3306 } as const;

/** Where a data source's SQLite file may be. */
export interface SqliteArea {
  /** DATA_DIR: the only folder a data source's file may be in. */
  dataDir: string;
  /** The console's own database when it is an SQLite file (db/database.ts, sqliteFileOf); else null. */
  ownDatabase: string | null;
}

/** The files SQLite keeps for a database: itself, its write-ahead log, its shared memory, its journal. */
const DATABASE_FILES = ['', '-wal', '-shm', '-journal'];

/** The path with its symbolic links resolved as far as it exists (a missing file: its folder's). */
function realPath(file: string): string {
  try {
    return realpathSync.native(file);
  } catch {
    const parent = path.dirname(file);
    return parent === file ? file : path.join(realPath(parent), path.basename(file));
  }
}

const fileId = (file: string) => {
  const stat = statSync(file, { throwIfNoEntry: false, bigint: true });
  return stat ? `${stat.dev}:${stat.ino}` : null;
};

/**
 * Whether `file` is one of the console's own database's files, however spelt: the same real path
 * (symbolic links, `..`, another spelling of the folders), or the same file on disk (device and
 * inode: a hard link, another case on a case-insensitive disk). Through it a data source would
 * read every tenant's rows, the password digests and the sealed secrets.
 */
function isOwnDatabase(file: string, own: string): boolean {
  const real = realPath(file);
  const id = fileId(file);
  // SQLite names the companions after the path it was given; a link's target has its own too.
  return [own, realPath(own)].some((base) =>
    DATABASE_FILES.some((suffix) => {
      const companion = base + suffix;
      return realPath(companion) === real || (id !== null && fileId(companion) === id);
    }),
  );
}

/**
 * The SQLite file a data source names: a relative path that stays inside DATA_DIR once resolved
 * (symbolic links followed when the file exists), and none of the console's own database's files.
 */
export function sqliteFileIn(area: SqliteArea, relative: string): string {
  const file = sqliteFileInside(area.dataDir, relative);
  if (area.ownDatabase !== null && isOwnDatabase(file, area.ownDatabase))
    throw new TargetRefusedError('ownDatabase', relative);
  return file;
}

function sqliteFileInside(dataDir: string, relative: string): string {
  const root = path.resolve(dataDir);
  if (path.isAbsolute(relative) || relative.includes('\0'))
    throw new TargetRefusedError('sqlitePath', relative);
  const file = path.resolve(root, relative);
  let real = file;
  try {
    real = realpathSync(file);
  } catch {
    // Not there yet: the lexical path is what will be opened.
  }
  const realRoot = (() => {
    try {
      return realpathSync(root);
    } catch {
      return root;
    }
  })();
  const inside = (candidate: string, base: string) =>
    candidate !== base && candidate.startsWith(base.endsWith(path.sep) ? base : base + path.sep);
  if (!inside(file, root) || !inside(real, realRoot)) throw new TargetRefusedError('sqlitePath', relative);
  return real;
}

/** The address to connect to: the host checked by the policy, a name resolved once and checked. */
export async function allowedAddress(policy: OutboundPolicy, host: string): Promise<string> {
  const literal = normalizeAddress(host);
  if (literal) {
    if (!policy.allowsLiteral(host)) throw new TargetRefusedError('host', host);
    return literal.address;
  }
  if (!policy.allowsName(host)) throw new TargetRefusedError('host', host);
  const addresses = await lookup(host, { all: true });
  if (addresses.length === 0 || addresses.some((a) => !policy.allowsResolved(a.address)))
    throw new TargetRefusedError('host', host);
  return addresses[0]!.address;
}

/** A test's answer: the server's version, or the failure with any password taken out. */
export interface ProbeResult {
  connected: boolean;
  millis: number;
  serverVersion: string | null;
  message: string | null;
}

/**
 * Connects, asks the server's version and disconnects, within `timeoutMs`. A target the policy or
 * the SQLite area refuses throws TargetRefusedError; any other failure is the answer's message.
 */
export async function probe(
  target: ConnectionTarget,
  policy: OutboundPolicy,
  sqlite: SqliteArea,
  timeoutMs: number,
): Promise<ProbeResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let close: () => void = () => {};
  const attempt = (async () => {
    if (target.kind === 'sqlite') {
      const file = sqliteFileIn(sqlite, target.database);
      const db = new (drivers.sqlite())(file, {
        readonly: true,
        fileMustExist: true,
        timeout: timeoutMs,
      });
      close = () => db.close();
      const row = db.prepare('select sqlite_version() as v').get() as { v: string };
      return `SQLite ${row.v}`;
    }
    if (!target.host) throw new TargetRefusedError('host', '');
    const address = await allowedAddress(policy, target.host);
    const port = target.port ?? DEFAULT_PORTS[target.kind];
    if (target.kind === 'postgres') {
      const client = new (drivers.pg().Client)(postgresConfig(target, address, port, timeoutMs));
      // The target ending the connection outside a query (while it closes) must not end the
      // process: a failed query still rejects on its own.
      client.on('error', () => undefined);
      close = () => void client.end().catch(() => {});
      await client.connect();
      const result = await client.query<{ v: string }>('select version() as v');
      return result.rows[0]!.v;
    }
    const connection = await drivers
      .mysqlPromise()
      .createConnection(mysqlConfig(target, address, port, timeoutMs));
    close = () => connection.destroy();
    const [rows] = await connection.query('select version() as v');
    return `MySQL ${(rows as Array<{ v: string }>)[0]!.v}`;
  })();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeTimeoutError()), timeoutMs);
  });
  try {
    const version = await Promise.race([attempt, timeout]);
    return { connected: true, millis: elapsed(), serverVersion: version, message: null };
  } catch (error) {
    if (error instanceof TargetRefusedError) throw error;
    attempt.catch(() => {}); // settled later, after the timeout: nothing to report
    return {
      connected: false,
      millis: elapsed(),
      serverVersion: null,
      message: scrub(error, target.password),
    };
  } finally {
    clearTimeout(timer);
    close();
  }
}

export class ProbeTimeoutError extends Error {
  constructor() {
    super('timeout');
  }
}

/** How long a statement of a tenant's routed database may run (its connections get OPEN's 5 s). */
export const ROUTED_STATEMENT_TIMEOUT_MS = 30_000;
/** Connections per data source and server process. */
export const ROUTED_POOL_SIZE = 10;

/**
 * A pooled connection to a data source for a tenant's business records (tenant routing, decision
 * 0020), with the settings the connection test uses: the host allowed by the policy and connected
 * to at the address checked once here (re-checked when the pool is reopened), no option that
 * reads a file, `timeoutMs` to connect; statements may run ROUTED_STATEMENT_TIMEOUT_MS. Unlike the
 * test, an SQLite file under DATA_DIR is opened for writing and created when missing. A failed
 * ping's message leaves the password out.
 */
export async function openPool(
  target: ConnectionTarget,
  policy: OutboundPolicy,
  sqlite: SqliteArea,
  timeoutMs: number,
): Promise<DatabaseHandle> {
  const handle = await (async () => {
    if (target.kind === 'sqlite') return openSqliteFile(sqliteFileIn(sqlite, target.database));
    if (!target.host) throw new TargetRefusedError('host', '');
    const address = await allowedAddress(policy, target.host);
    const port = target.port ?? DEFAULT_PORTS[target.kind];
    if (target.kind === 'postgres')
      return openPostgresPool({
        ...postgresConfig(target, address, port, timeoutMs),
        statement_timeout: ROUTED_STATEMENT_TIMEOUT_MS,
        query_timeout: ROUTED_STATEMENT_TIMEOUT_MS,
        max: ROUTED_POOL_SIZE,
      });
    return openMysqlPool({
      ...mysqlConfig(target, address, port, timeoutMs),
      connectionLimit: ROUTED_POOL_SIZE,
    });
  })();
  return {
    ...handle,
    ping: () =>
      handle.ping().catch((error: unknown) => {
        throw new Error(scrub(error, target.password));
      }),
  };
}

/** A driver's message without the password (some echo their connection settings). */
function scrub(error: unknown, password: string | null): string {
  if (error instanceof ProbeTimeoutError) return 'timeout';
  let text = error instanceof Error ? error.message : String(error);
  if (password) text = text.split(password).join('***');
  return text.slice(0, 500);
}

/** pg settings that read nothing from the environment or the disk (no PG* variables, no .pgpass). */
export function postgresConfig(target: ConnectionTarget, address: string, port: number, timeoutMs: number) {
  return {
    host: address,
    port,
    database: target.database,
    user: target.username ?? '',
    // A string, never undefined: pg would look for the password in ~/.pgpass otherwise.
    password: target.password ?? '',
    ssl: target.options.ssl ? { servername: target.host ?? undefined } : false,
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
    query_timeout: timeoutMs,
    application_name: 'cabinet-console',
    ...(target.options.schema ? { options: `-c search_path=${target.options.schema}` } : {}),
  };
}

/** mysql2 settings without LOCAL INFILE (not announced, and a server's request for a file refused). */
export function mysqlConfig(
  target: ConnectionTarget,
  address: string,
  port: number,
  timeoutMs: number,
): ConnectionOptions {
  return {
    host: address,
    port,
    database: target.database,
    user: target.username ?? '',
    password: target.password ?? '',
    connectTimeout: timeoutMs,
    flags: ['-LOCAL_FILES', '-CONNECT_ATTRS'],
    infileStreamFactory: () => {
      throw new Error('LOCAL INFILE is not allowed');
    },
    multipleStatements: false,
    // mysql2 hands these to tls.connect: the certificate is checked against the name, not the address.
    ssl: target.options.ssl
      ? ({ rejectUnauthorized: true, servername: target.host ?? undefined } as ConnectionOptions['ssl'])
      : undefined,
  };
}
