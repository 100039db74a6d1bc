import type { Page } from '@console/contract';
import { isPlatformAdmin, type Principal } from '../../core/auth/principal.js';
import { notFound } from '../../core/errors.js';
import { parseListQuery } from '../../core/list-query.js';
import type { Store } from '../../core/repository/store.js';
import type { TableDef } from '../../core/repository/table.js';
import { LogRepository, logTables, type LogKind } from './log.repository.js';

const DAY_MS = 86_400_000;
/** How often the retention task runs. */
export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Reading the logs (administrators: the platform administrator sees every tenant's rows, a tenant's
 * administrator its own) and purging them by age. Nothing changes or removes a row through the API.
 */
export class LogService {
  readonly #logs: LogRepository;
  #timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: Store,
    private readonly retentionDays: number,
  ) {
    this.#logs = new LogRepository(store);
  }

  #tenant(principal: Principal): string | null {
    return isPlatformAdmin(principal) ? null : principal.tenantId;
  }

  list<E>(kind: LogKind, principal: Principal, query: Record<string, unknown>): Promise<Page<E>> {
    const parsed = parseListQuery(query, logTables[kind] as TableDef<unknown>, this.store.timeZone);
    return this.#logs.page<E>(kind, this.#tenant(principal), parsed);
  }

  async detail<E>(kind: LogKind, principal: Principal, id: string): Promise<E> {
    const row = await this.#logs.findById<E>(kind, this.#tenant(principal), id);
    if (!row) throw notFound();
    return row;
  }

  /** Deletes rows older than the retention (none when it is 0); answers how many per log. */
  async purge(now = new Date()): Promise<Record<LogKind, number>> {
    if (this.retentionDays <= 0) return { api: 0, error: 0, usual: 0 };
    return this.#logs.purge(new Date(now.getTime() - this.retentionDays * DAY_MS));
  }

  /** Runs the purge shortly after start and then hourly; failures are reported, not thrown. */
  startRetention(onError: (err: unknown) => void): void {
    if (this.retentionDays <= 0 || this.#timer) return;
    const run = () => void this.purge().catch(onError);
    const first = setTimeout(run, 60_000);
    first.unref();
    this.#timer = setInterval(run, PURGE_INTERVAL_MS);
    this.#timer.unref();
  }

  stopRetention(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }
}
