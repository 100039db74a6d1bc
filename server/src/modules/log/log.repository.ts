import type { LogApi, LogError, LogLogin, LogUsual, Page } from '@console/contract';
import { sql, type Kysely } from 'kysely';
import { filterExpression, orderTerms, type AnySelect } from '../../core/repository/apply-list-query.js';
import { pageOf } from '../../core/repository/page.js';
import { exportRowPages, mapPages, type RowPages } from '../../core/repository/row-pages.js';
import type { ListQuery } from '../../core/list-query.js';
import type { Store } from '../../core/repository/store.js';
import { defineTable, rowToEntity, type FieldSpec, type TableDef } from '../../core/repository/table.js';
import type { Database } from '../../db/schema.js';
import { unscoped } from '../../core/repository/unscoped.js';

// The logs (BladeX's blade_log_api, blade_log_error, blade_log_usual, and the login log of issue 48,
// blade_log_login): written in batches by LogWriter, read by administrators, purged by age. They
// have no audit or soft-delete columns, so TableRepository does not apply: reads are scoped here, by
// tenant unless the caller sees all.

const COMMON: Record<string, FieldSpec> = {
  id: ['id', { filter: true, sort: true, readOnly: true }],
  serviceId: ['string', { filter: true }],
  serverHost: ['string', { filter: true }],
  serverIp: ['string', { filter: true }],
  env: ['string', { filter: true }],
  method: ['string', { filter: true, sort: true }],
  requestUri: ['string', { filter: true, sort: true }],
  userAgent: ['string', { filter: true }],
  remoteIp: ['string', { filter: true, sort: true }],
  methodClass: ['string', { filter: true }],
  methodName: ['string', { filter: true }],
  params: ['text', { filter: true }],
  time: ['string', { filter: true, sort: true }],
  createBy: ['string', { filter: true, sort: true }],
  createTime: ['datetime', { filter: true, sort: true }],
};

export type LogKind = 'api' | 'error' | 'usual' | 'login';

/** Every log, in the order the writer drains and the purge deletes them. */
export const LOG_KINDS: readonly LogKind[] = ['api', 'error', 'usual', 'login'];

/**
 * What a tenant's administrator never sees of the logs, nor filters or sorts by (item 9 of issue
 * 13): the server's host, address and environment; the fault's stack, file, line and exception.
 */
export const HIDDEN_FROM_TENANTS = [
  'serverHost',
  'serverIp',
  'env',
  'stackTrace',
  'exceptionName',
  'lineNumber',
  'fileName',
] as const;

const API_FIELDS: Record<string, FieldSpec> = {
  ...COMMON,
  type: ['string', { filter: true }],
  title: ['string', { filter: true, sort: true }],
};

const USUAL_FIELDS: Record<string, FieldSpec> = {
  ...COMMON,
  logLevel: ['string', { filter: true, sort: true }],
  logId: ['string', { filter: true, sort: true }],
  logData: ['text', { filter: true }],
};

const ERROR_FIELDS: Record<string, FieldSpec> = {
  ...COMMON,
  stackTrace: ['text', { filter: true }],
  exceptionName: ['string', { filter: true, sort: true }],
  message: ['text', { filter: true }],
  lineNumber: ['int', { filter: true }],
  fileName: ['string', { filter: true }],
  requestId: ['string', { filter: true }],
};

/** The login log: what came of each sign-in attempt, as typed (never a password, digest or token). */
const LOGIN_FIELDS: Record<string, FieldSpec> = {
  id: ['id', { filter: true, sort: true, readOnly: true }],
  account: ['string', { filter: true, sort: true }],
  userId: ['id', { filter: true }],
  outcome: ['string', { filter: true, sort: true }],
  grantType: ['string', { filter: true }],
  clientId: ['string', { filter: true }],
  ip: ['string', { filter: true, sort: true }],
  browser: ['string', { filter: true }],
  os: ['string', { filter: true }],
  userAgent: ['string', { filter: true }],
  createTime: ['datetime', { filter: true, sort: true }],
};

const loginTable = defineTable<LogLogin, 'blade_log_login'>(
  'blade_log_login',
  { tenantScoped: true, audit: false },
  LOGIN_FIELDS,
);

export const logTables = {
  api: defineTable<LogApi, 'blade_log_api'>(
    'blade_log_api',
    { tenantScoped: true, audit: false },
    API_FIELDS,
  ),
  error: defineTable<LogError, 'blade_log_error'>(
    'blade_log_error',
    { tenantScoped: true, audit: false },
    ERROR_FIELDS,
  ),
  usual: defineTable<LogUsual, 'blade_log_usual'>(
    'blade_log_usual',
    { tenantScoped: true, audit: false },
    USUAL_FIELDS,
  ),
  login: loginTable,
} satisfies Record<LogKind, TableDef<unknown>>;

const visible = (fields: Record<string, FieldSpec>): Record<string, FieldSpec> =>
  Object.fromEntries(
    Object.entries(fields).filter(
      ([field]) => !(HIDDEN_FROM_TENANTS as readonly string[]).includes(field) && field !== 'message',
    ),
  );

/** The same tables as a tenant's administrator may filter and sort them (the message neither). */
export const tenantLogTables = {
  api: defineTable<LogApi, 'blade_log_api'>(
    'blade_log_api',
    { tenantScoped: true, audit: false },
    visible(API_FIELDS),
  ),
  error: defineTable<LogError, 'blade_log_error'>(
    'blade_log_error',
    { tenantScoped: true, audit: false },
    visible(ERROR_FIELDS),
  ),
  usual: defineTable<LogUsual, 'blade_log_usual'>(
    'blade_log_usual',
    { tenantScoped: true, audit: false },
    visible(USUAL_FIELDS),
  ),
  // Nothing of the login log is the server's own: a tenant's administrator reads all of its rows.
  login: loginTable,
} satisfies Record<LogKind, TableDef<unknown>>;

/** A row to write, by column name (LogWriter builds them; ids and times are set when queued). */
export type LogRow = Record<string, unknown> & { id: bigint; tenant_id: string; create_time: Date };

/** Where batches go: the database, or in tests a slower stand-in. */
export interface LogSink {
  insert(kind: LogKind, rows: LogRow[]): Promise<void>;
}

/**
 * The most rows a log's list counts (issue 21): past it the page says `total: 10000` with
 * `totalExact: false` (the console shows "10,000+"), so that no list call scans a million rows to
 * count them. A filter that narrows below it still answers its exact total.
 */
export const LOG_COUNT_LIMIT = 10_000;

/**
 * The most rows a log's count reads for a "contains" filter that no index serves (SQLite, MySQL, and
 * PostgreSQL without pg_trgm or on a column without a trigram index): the count is then of the
 * matches among them, a lower bound ("2,100+"), while the page's rows are still every match in order.
 */
export const LOG_SCAN_LIMIT = 50_000;

/** Rows per statement: well under every engine's limit on bound parameters. */
const CHUNK = 500;

export class LogRepository implements LogSink {
  readonly #db: Kysely<Database>;

  constructor(private readonly store: Store) {
    this.#db = unscoped(store);
  }

  async insert(kind: LogKind, rows: LogRow[]): Promise<void> {
    const table = logTables[kind].table as 'blade_log_api';
    for (let i = 0; i < rows.length; i += CHUNK) {
      await this.#db
        .insertInto(table)
        .values(rows.slice(i, i + CHUNK) as never)
        .execute();
    }
  }

  /** tenantId null: every tenant's rows (the platform administrator). */
  #scoped(kind: LogKind, tenantId: string | null): AnySelect {
    const q = (this.#db as Kysely<any>).selectFrom(logTables[kind].table); // eslint-disable-line @typescript-eslint/no-explicit-any
    return tenantId === null ? q : q.where('tenant_id', '=', tenantId);
  }

  /** A log's rows as the log pages read them, for a report to filter and aggregate (issue 19). */
  visibleSelect(kind: LogKind, tenantId: string | null): AnySelect {
    return this.#scoped(kind, tenantId);
  }

  /** The columns of a log with a trigram index (migration 0015, PostgreSQL with pg_trgm), by log. */
  #trigrams = new Map<LogKind, Promise<Set<string>>>();

  #trigramColumns(kind: LogKind): Promise<Set<string>> {
    if (this.store.kind !== 'postgres') return Promise.resolve(new Set());
    let found = this.#trigrams.get(kind);
    if (!found) {
      const table = logTables[kind].table;
      found = sql<{ name: string }>`select indexname as name from pg_indexes
          where tablename = ${table} and schemaname = current_schema() and indexname like ${`idx_${table}_%_trgm`}`
        .execute(this.#db)
        .then(({ rows }) => new Set(rows.map((r) => r.name.slice(`idx_${table}_`.length, -'_trgm'.length))));
      found.catch(() => this.#trigrams.delete(kind));
      this.#trigrams.set(kind, found);
    }
    return found;
  }

  async page<E>(kind: LogKind, tenantId: string | null, query: ListQuery): Promise<Page<E>> {
    const def = logTables[kind] as TableDef<unknown> as TableDef<E>;
    const trigrams = await this.#trigramColumns(kind);
    // A filter no index serves reads rows one by one: the count reads at most LOG_SCAN_LIMIT of them.
    const scans = query.filters.some(
      (f) => f.op === 'notContains' || (f.op === 'contains' && !trigrams.has(f.column.name)),
    );
    return pageOf(this.#scoped(kind, tenantId), query, (row) => rowToEntity(def, row, this.store.timeZone), {
      countLimit: LOG_COUNT_LIMIT,
      ...(scans ? { scanLimit: LOG_SCAN_LIMIT } : {}),
      db: this.#db,
    });
  }

  async findById<E>(kind: LogKind, tenantId: string | null, id: string): Promise<E | undefined> {
    const def = logTables[kind] as TableDef<unknown> as TableDef<E>;
    const row = await this.#scoped(kind, tenantId)
      .selectAll()
      .where('id', '=', BigInt(id))
      .executeTakeFirst();
    return row ? rowToEntity(def, row, this.store.timeZone) : undefined;
  }

  /**
   * A log's rows under the filters, in the list's order, as an export reads them: how many (at most
   * `max` + 1) and their pages (core/repository/row-pages.ts).
   */
  async rowPages<E>(
    kind: LogKind,
    tenantId: string | null,
    query: Pick<ListQuery, 'filters' | 'orders'>,
    max: number,
  ): Promise<RowPages<E>> {
    const def = logTables[kind] as TableDef<unknown> as TableDef<E>;
    const filtered = query.filters.reduce<AnySelect>(
      (q, f) => q.where((eb) => filterExpression(eb, f)),
      this.#scoped(kind, tenantId),
    );
    const table: AnySelect = (this.#db as Kysely<any>).selectFrom(def.table); // eslint-disable-line @typescript-eslint/no-explicit-any
    const rows = await exportRowPages<Record<string, unknown>>(
      {
        db: this.#db,
        filtered,
        ordered: orderTerms(query.orders).reduce<AnySelect>(
          (q, [column, dir]) => q.orderBy(column, dir),
          filtered,
        ),
        key: 'id',
        rowsOf: (keys) => table.selectAll().where('id', 'in', keys).execute(),
        keyOf: (row) => row.id,
      },
      max,
    );
    return {
      count: rows.count,
      pages: mapPages(rows.pages, (page) => page.map((row) => rowToEntity(def, row, this.store.timeZone))),
    };
  }

  /** Deletes the rows of every log created before the instant; answers how many per log. */
  async purge(before: Date): Promise<Record<LogKind, number>> {
    const out = { api: 0, error: 0, usual: 0, login: 0 };
    for (const kind of LOG_KINDS) {
      const result = await this.#db
        .deleteFrom(logTables[kind].table as 'blade_log_api')
        .where('create_time', '<', before)
        .executeTakeFirst();
      out[kind] = Number(result.numDeletedRows);
    }
    return out;
  }
}
