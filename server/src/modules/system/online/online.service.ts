import type { OnlineSession, Page } from '@console/contract';
import { isPlatformAdmin, type Principal } from '../../../core/auth/principal.js';
import { notFound } from '../../../core/errors.js';
import { parseListQuery, type ListQuery } from '../../../core/list-query.js';
import type { Store } from '../../../core/repository/store.js';
import type { Sessions } from '../../auth/sessions.js';
import {
  OnlineSessionRepository,
  onlineSessionTable,
  type OnlineSessionRow,
} from './online-session.repository.js';

// 在线用户 (issue 48): the live sign-in sessions and 强退. The platform administrator sees and ends
// every tenant's sessions, a tenant's administrator its own tenant's only (a session of another
// tenant is as good as absent). Ending one stops its tokens in every process at once and tells its
// open pages why (Sessions.end: the event stream's `session` event, reason `kicked`).

/** How many times a list reads its page while it finds rows of forgotten sessions. */
const MAX_READS = 3;

export class OnlineService {
  readonly #sessions: OnlineSessionRepository;

  constructor(
    private readonly store: Store,
    private readonly sessions: Pick<Sessions, 'end' | 'live'>,
  ) {
    this.#sessions = new OnlineSessionRepository(store);
  }

  /** null: every tenant (the platform administrator). */
  #tenant(principal: Principal): string | null {
    return isPlatformAdmin(principal) ? null : principal.tenantId;
  }

  /** A page of the live sessions: newest sign-in first unless the query orders otherwise. */
  async list(principal: Principal, query: Record<string, unknown>): Promise<Page<OnlineSession>> {
    const parsed = parseListQuery(query, onlineSessionTable, this.store.timeZone);
    if (parsed.orders.length === 0)
      parsed.orders.push({ column: onlineSessionTable.byName.get('loginTime')!, direction: 'desc' });
    const page = await this.#livePage(this.#tenant(principal), parsed);
    const deptNames = await this.#sessions.deptNames(
      page.records.flatMap((row) => (row.deptId ? [row.deptId] : [])),
    );
    return {
      ...page,
      records: page.records.map((row) => shown(row, principal, deptNames)),
    };
  }

  /**
   * A page of the sessions the shared cache still holds. A row can outlive its session where the
   * cache forgot it (the memory cache of a process that restarted): such rows are removed as they
   * are met and the page is read again.
   */
  async #livePage(tenantId: string | null, query: ListQuery): Promise<Page<OnlineSessionRow>> {
    for (let reads = 1; ; reads++) {
      const page = await this.#sessions.page(tenantId, query, new Date());
      const gone: string[] = [];
      for (const row of page.records)
        if (!(await this.sessions.live(row.sessionId))) gone.push(row.sessionId);
      if (gone.length === 0 || reads === MAX_READS) return page;
      await this.#sessions.remove(gone);
    }
  }

  /**
   * Ends the sessions (强退), all or none: one that is not live (ended already, expired, another
   * tenant's) answers 404 and nothing ends. The caller's own session may be among them (the console
   * asks first): then the caller is signed out too.
   */
  async logout(principal: Principal, sessionIds: readonly string[]): Promise<number> {
    const now = new Date();
    const rows = await this.#sessions.findMany(this.#tenant(principal), sessionIds, now);
    if (rows.length !== new Set(sessionIds).size) throw notFound('online.sessionGone');
    // Their access tokens live no longer than their refresh tokens: revoked for that long.
    const longest = Math.max(...rows.map((row) => Date.parse(row.expireTime) - now.getTime()));
    await this.sessions.end(
      rows.map((row) => row.sessionId),
      Math.ceil(longest / 1000),
      'kicked',
    );
    return rows.length;
  }
}

function shown(
  row: OnlineSessionRow,
  principal: Principal,
  deptNames: ReadonlyMap<string, string>,
): OnlineSession {
  return {
    id: row.sessionId,
    tenantId: row.tenantId,
    userId: row.userId,
    account: row.account,
    realName: row.realName,
    deptId: row.deptId,
    deptName: (row.deptId && deptNames.get(row.deptId)) ?? null,
    ip: row.ip,
    browser: row.browser,
    os: row.os,
    clientId: row.clientId,
    grantType: row.grantType,
    loginTime: row.loginTime,
    lastActiveTime: row.lastActiveTime,
    current: row.sessionId === principal.sessionId,
  };
}
