import { LOGIN_OUTCOMES, type LogLogin, type Page } from '@console/contract';
import type { Principal } from '../../core/auth/principal.js';
import { badRequest } from '../../core/errors.js';
import type { Language } from '../../core/i18n.js';
import type { RowPages } from '../../core/repository/row-pages.js';
import type { Store } from '../../core/repository/store.js';
import { unscoped } from '../../core/repository/unscoped.js';
import { SignInLockRepository } from '../auth/sign-in-lock.repository.js';
import { EXPORT_MAX_ROWS, exportable } from '../../core/workbook/sheet-columns.js';
import type { LogService } from './log.service.js';

/** A login log row as stored: whether its user is locked is read when it is shown. */
export type StoredLogin = Omit<LogLogin, 'locked'>;

/**
 * The login log (系统监控 › 登录日志, issue 48), read as the other logs are (LogService: the platform
 * administrator every tenant's rows, a tenant's administrator its own, newest first, counted up to
 * LOG_COUNT_LIMIT), with two additions: `outcome` names one outcome exactly, and each row says
 * whether its user is locked now, so that the page can offer 解锁.
 */
export class LoginLogService {
  readonly #locks: SignInLockRepository;

  constructor(
    store: Store,
    private readonly logs: LogService,
  ) {
    this.#locks = new SignInLockRepository(unscoped(store));
  }

  async list(
    principal: Principal,
    query: Record<string, unknown>,
    language: Language,
  ): Promise<Page<LogLogin>> {
    const page = await this.logs.list<StoredLogin>('login', principal, byOutcome(query), language);
    return { ...page, records: await this.#withLocks(page.records) };
  }

  async detail(principal: Principal, id: string, language: Language): Promise<LogLogin> {
    const row = await this.logs.detail<StoredLogin>('login', principal, id, language);
    return (await this.#withLocks([row]))[0]!;
  }

  /** The rows of the list's search for an export, or 400 when there are more than EXPORT_MAX_ROWS. */
  async exportRows(
    principal: Principal,
    query: Record<string, unknown>,
    language: Language,
  ): Promise<RowPages<StoredLogin>> {
    return exportable(
      await this.logs.rowPages<StoredLogin>('login', principal, byOutcome(query), language, EXPORT_MAX_ROWS),
    );
  }

  /**
   * Each row with whether its user is locked now: one query per tenant on the page. The lock's end
   * is read against this process's clock, as SignInLimits reads it by default (its clock is a test's
   * device only).
   */
  async #withLocks(rows: StoredLogin[]): Promise<LogLogin[]> {
    const users = new Map<string, Set<string>>();
    for (const row of rows)
      if (row.userId !== null)
        users.set(row.tenantId, (users.get(row.tenantId) ?? new Set()).add(row.userId));
    const locked = new Set<string>();
    const now = new Date();
    for (const [tenantId, ids] of users)
      for (const userId of (await this.#locks.lockedAfter(tenantId, [...ids], now)).keys())
        locked.add(userId);
    return rows.map((row) => ({ ...row, locked: row.userId !== null && locked.has(row.userId) }));
  }
}

/**
 * `outcome` names one of LOGIN_OUTCOMES exactly (the page's select), where a bare text filter would
 * mean "contains" and `locked` would match `addressLocked` too; any other value is a 400.
 */
function byOutcome(query: Record<string, unknown>): Record<string, unknown> {
  const { outcome, ...rest } = query;
  if (outcome === undefined || outcome === '') return rest;
  if (typeof outcome !== 'string' || !(LOGIN_OUTCOMES as readonly string[]).includes(outcome))
    throw badRequest('query.filter', { field: 'outcome' });
  return { ...rest, outcome_equal: outcome };
}
