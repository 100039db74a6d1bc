import { Type, type Static } from 'typebox';
import { Nullable } from '../schema.js';

// Issue 49: 系统监控 › 服务监控 and 缓存监控 (GET /api/blade-system/monitor/server|database|cache).
// Figures only: no token, key, connection string or statement value is ever part of them.

const Count = () => Type.Integer({ minimum: 0 });

/** Answers over a window: how many, per second, and the share of them that were 5xx. */
export const RequestRatesSchema = Type.Object({
  requests: Count(),
  errors: Count(),
  perSecond: Type.Number(),
  /** errors ÷ requests, 0–1 (0 without requests). */
  errorRate: Type.Number(),
});
export type RequestRates = Static<typeof RequestRatesSchema>;

/** One minute of a process's answers (the chart's points). */
export const MinuteCountsSchema = Type.Object({
  /** The minute's start, `YYYY-MM-DD HH:mm:ss` in the server's zone. */
  at: Type.String(),
  requests: Count(),
  errors: Count(),
});
export type MinuteCounts = Static<typeof MinuteCountsSchema>;

/**
 * The database connections of a process: a pool (PostgreSQL, MySQL) as its driver counts them, or
 * SQLite's one connection, whose use the driver does not count (`single`: the counts are null).
 */
export const PoolFiguresSchema = Type.Object({
  kind: Type.Union([Type.Literal('pool'), Type.Literal('single')]),
  /** The most connections the pool opens (1 for SQLite). */
  size: Count(),
  inUse: Nullable(Count()),
  idle: Nullable(Count()),
  /** Queries waiting for a connection. */
  waiting: Nullable(Count()),
});
export type PoolFigures = Static<typeof PoolFiguresSchema>;

/** One server process, as it last published itself through the shared cache. */
export const ProcessFiguresSchema = Type.Object({
  /** The process's own id while it runs: host, pid and a random part. */
  id: Type.String(),
  host: Type.String(),
  pid: Count(),
  /** The process that answered this call. */
  current: Type.Boolean(),
  /** The server's version (server/package.json). */
  version: Type.String(),
  /** Node.js's version (`v22.13.0`). */
  node: Type.String(),
  startedAt: Type.String(),
  uptimeSeconds: Count(),
  /** When these figures were taken (a process publishes them every few seconds). */
  updatedAt: Type.String(),
  rssBytes: Count(),
  heapUsedBytes: Count(),
  heapTotalBytes: Count(),
  /** Event-loop delay percentiles (ms) over the last full minute (the first minute: so far). */
  loopDelayP50Ms: Type.Number(),
  loopDelayP99Ms: Type.Number(),
  lastMinute: RequestRatesSchema,
  lastHour: RequestRatesSchema,
  /** The last 60 minutes, oldest first, the current minute last. */
  minutes: Type.Array(MinuteCountsSchema),
  /** Event streams open in the process (/api/blade-desk/stream). */
  streams: Count(),
  pool: PoolFiguresSchema,
});
export type ProcessFigures = Static<typeof ProcessFiguresSchema>;

export const ServerMonitorSchema = Type.Object({
  processes: Type.Array(ProcessFiguresSchema),
});
export type ServerMonitor = Static<typeof ServerMonitorSchema>;

/** A kind of statement (its verb and first table, `select blade_user`) and its times. */
export const StatementKindSchema = Type.Object({
  kind: Type.String(),
  count: Count(),
  avgMs: Type.Number(),
  maxMs: Type.Number(),
});
export type StatementKind = Static<typeof StatementKindSchema>;

export const DatabaseMonitorSchema = Type.Object({
  /** SQLite, PostgreSQL, MySQL or MariaDB. */
  engine: Type.String(),
  version: Type.String(),
  /** SQLite: the file's pages; PostgreSQL: pg_database_size; MySQL: its tables' data and indexes. */
  sizeBytes: Count(),
  /** Connections to the database server (every client's); SQLite: this process's one. */
  connections: Count(),
  /** The slowest kinds of the last hour across the live processes, slowest first (10 at most). */
  statements: Type.Array(StatementKindSchema),
  /** How many processes' statements were counted. */
  processes: Count(),
});
export type DatabaseMonitor = Static<typeof DatabaseMonitorSchema>;

/** A group of cache keys by their leading words (`auth:session:`): a count, never a key or value. */
export const KeyPrefixCountSchema = Type.Object({
  prefix: Type.String(),
  keys: Count(),
});
export type KeyPrefixCount = Static<typeof KeyPrefixCountSchema>;

/** A per-process cache of the console: lookups answered from it (hits) or read anew (misses). */
export const CacheHitRateSchema = Type.Object({
  cache: Type.Union([Type.Literal('dictionaries'), Type.Literal('permissions')]),
  hits: Count(),
  misses: Count(),
  /** hits ÷ lookups, 0–1; null before any lookup. */
  rate: Nullable(Type.Number()),
});
export type CacheHitRate = Static<typeof CacheHitRateSchema>;

export const CacheMonitorSchema = Type.Object({
  engine: Type.Union([Type.Literal('redis'), Type.Literal('memory')]),
  /** Redis's version; null for the memory cache. */
  version: Nullable(Type.String()),
  /**
   * Redis: used_memory of the whole Redis server (every installation sharing it); memory: an
   * estimate of the entries' size.
   */
  memoryBytes: Count(),
  /** This installation's keys (under REDIS_KEY_PREFIX), counted up to a cap. */
  keys: Count(),
  /** The count stopped at the cap: the prefixes are those of the keys counted. */
  capped: Type.Boolean(),
  prefixes: Type.Array(KeyPrefixCountSchema),
  /** Since each process started, summed over the live processes. */
  hitRates: Type.Array(CacheHitRateSchema),
  processes: Count(),
});
export type CacheMonitor = Static<typeof CacheMonitorSchema>;
