import type { Page } from '@console/contract';
import { isPlatformAdmin, type Principal } from '../../core/auth/principal.js';
import { notFound } from '../../core/errors.js';
import { translate, type Language } from '../../core/i18n.js';
import { parseListQuery } from '../../core/list-query.js';
import { mapPages, type RowPages } from '../../core/repository/row-pages.js';
import type { Store } from '../../core/repository/store.js';
import type { TableDef } from '../../core/repository/table.js';
import { shownMessage } from './usual-message.js';
import {
  HIDDEN_FROM_TENANTS,
  LogRepository,
  logTables,
  tenantLogTables,
  type LogKind,
} from './log.repository.js';

const DAY_MS = 86_400_000;

/**
 * Reading the logs (administrators: the platform administrator sees every tenant's rows, a tenant's
 * administrator its own) and purging them by age (the platform's 日志清理 job, hourly: log-jobs.ts).
 * Nothing changes or removes a row through the API.
 */
export class LogService {
  readonly #logs: LogRepository;

  constructor(
    private readonly store: Store,
    private readonly retentionDays: number,
  ) {
    this.#logs = new LogRepository(store);
  }

  #tenant(principal: Principal): string | null {
    return isPlatformAdmin(principal) ? null : principal.tenantId;
  }

  /**
   * A tenant's administrator reads its own rows without the server's internals (HIDDEN_FROM_TENANTS)
   * and, for faults, a message with the request id instead of the fault's own text, which may hold
   * SQL, paths or an upstream service's answer. The platform administrator reads everything.
   */
  async list<E>(
    kind: LogKind,
    principal: Principal,
    query: Record<string, unknown>,
    language: Language,
  ): Promise<Page<E>> {
    const tenant = this.#tenant(principal);
    const page = await this.#logs.page<E>(kind, tenant, this.#parse(kind, tenant, query));
    return { ...page, records: page.records.map((row) => shown(kind, row, tenant, language)) };
  }

  /** The list's filters and sorts, over the fields the reader may see. */
  #parse(kind: LogKind, tenant: string | null, query: Record<string, unknown>) {
    const def = tenant === null ? logTables[kind] : tenantLogTables[kind];
    return parseListQuery(query, def as TableDef<unknown>, this.store.timeZone);
  }

  /** The rows of a list's search as an export reads them (at most `max`), shown as the list shows them. */
  async rowPages<E>(
    kind: LogKind,
    principal: Principal,
    query: Record<string, unknown>,
    language: Language,
    max: number,
  ): Promise<RowPages<E>> {
    const tenant = this.#tenant(principal);
    const rows = await this.#logs.rowPages<E>(kind, tenant, this.#parse(kind, tenant, query), max);
    return {
      count: rows.count,
      pages: mapPages(rows.pages, (page) => page.map((row) => shown(kind, row, tenant, language))),
    };
  }

  async detail<E>(kind: LogKind, principal: Principal, id: string, language: Language): Promise<E> {
    const tenant = this.#tenant(principal);
    const row = await this.#logs.findById<E>(kind, tenant, id);
    if (!row) throw notFound();
    return shown(kind, row, tenant, language);
  }

  /** Whether rows are ever purged: a retention of 0 keeps them forever. */
  get purges(): boolean {
    return this.retentionDays > 0;
  }

  /** Deletes rows older than the retention (none when it is 0); answers how many per log. */
  async purge(now = new Date()): Promise<Record<LogKind, number>> {
    if (!this.purges) return { api: 0, error: 0, usual: 0, login: 0 };
    return this.#logs.purge(new Date(now.getTime() - this.retentionDays * DAY_MS));
  }
}

/**
 * A log row as its reader sees it: a usual log's message in the reader's language; for a tenant's
 * administrator, without what is hidden from tenants.
 */
function shown<E>(kind: LogKind, row: E, tenant: string | null, language: Language): E {
  const read =
    kind === 'usual'
      ? ({ ...row, logData: shownMessage((row as { logData: string | null }).logData, language) } as E)
      : row;
  return tenant === null ? read : forTenant(kind, read, language);
}

/** A log row as a tenant's administrator sees it (security S13, issue 13 item 9). */
function forTenant<E>(kind: LogKind, row: E, language: Language): E {
  const out: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const field of HIDDEN_FROM_TENANTS) if (field in out) out[field] = null;
  if (kind === 'error')
    out.message = translate(language, 'log.error.tenantMessage', {
      requestId: (out.requestId as string | null) ?? '-',
    });
  return out as E;
}
