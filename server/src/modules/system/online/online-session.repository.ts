import type { Page } from '@console/contract';
import type { Kysely } from 'kysely';
import type { ListQuery } from '../../../core/list-query.js';
import { pageOf } from '../../../core/repository/page.js';
import type { Store } from '../../../core/repository/store.js';
import { defineTable, rowToEntity } from '../../../core/repository/table.js';
import { unscoped } from '../../../core/repository/unscoped.js';
import type { Database } from '../../../db/schema.js';

// blade_online_session (migration 0022): one row per live sign-in session, written when it begins
// and removed when it ends. It has no audit or soft-delete columns, so TableRepository does not
// apply: reads are scoped here, to a tenant unless the caller sees every tenant (the platform).

/** Who a session is and how it signed in: what its row holds besides its times. */
interface SessionFields {
  sessionId: string;
  tenantId: string;
  userId: string;
  account: string;
  realName: string | null;
  deptId: string | null;
  ip: string | null;
  browser: string | null;
  os: string | null;
  clientId: string;
  grantType: string;
}

/** A session's row, by field (times as the wire writes them). */
export interface OnlineSessionRow extends SessionFields {
  loginTime: string;
  lastActiveTime: string;
  expireTime: string;
}

/** What is written when a session begins (the times are the caller's clock). */
export interface SessionStart extends SessionFields {
  loginTime: Date;
  expireTime: Date;
}

/** The filters of the online users page: account and address (contains), tenant (equal). */
export const onlineSessionTable = defineTable<OnlineSessionRow, 'blade_online_session'>(
  'blade_online_session',
  { tenantScoped: true, audit: false },
  {
    sessionId: ['string', { readOnly: true }],
    userId: ['id', { readOnly: true }],
    account: ['string', { filter: true, sort: true }],
    realName: ['string', {}],
    deptId: ['id', {}],
    ip: ['string', { filter: true, sort: true }],
    browser: ['string', {}],
    os: ['string', {}],
    clientId: ['string', {}],
    grantType: ['string', {}],
    loginTime: ['datetime', { sort: true }],
    lastActiveTime: ['datetime', { sort: true }],
    expireTime: ['datetime', {}],
  },
);

/** Rows per statement of a batch: well under every engine's limit on bound parameters. */
const CHUNK = 500;

export class OnlineSessionRepository {
  readonly #db: Kysely<Database>;

  constructor(private readonly store: Store) {
    this.#db = unscoped(store);
  }

  async insert(start: SessionStart): Promise<void> {
    await this.#db
      .insertInto('blade_online_session')
      .values({
        id: BigInt(this.store.ids.next()),
        session_id: start.sessionId,
        tenant_id: start.tenantId,
        user_id: BigInt(start.userId),
        account: start.account.slice(0, 100),
        real_name: start.realName?.slice(0, 100) ?? null,
        dept_id: start.deptId ? BigInt(start.deptId) : null,
        ip: start.ip?.slice(0, 255) ?? null,
        browser: start.browser,
        os: start.os,
        client_id: start.clientId,
        grant_type: start.grantType,
        login_time: start.loginTime,
        last_active_time: start.loginTime,
        expire_time: start.expireTime,
      })
      .execute();
  }

  /** The session lives on until `expireTime` (its refresh token was swapped). */
  async extend(sessionId: string, expireTime: Date): Promise<void> {
    await this.#db
      .updateTable('blade_online_session')
      .set({ expire_time: expireTime })
      .where('session_id', '=', sessionId)
      .execute();
  }

  /** Records the sessions' last activity. */
  async touch(sessionIds: readonly string[], at: Date): Promise<void> {
    for (let i = 0; i < sessionIds.length; i += CHUNK)
      await this.#db
        .updateTable('blade_online_session')
        .set({ last_active_time: at })
        .where('session_id', 'in', sessionIds.slice(i, i + CHUNK))
        .execute();
  }

  async remove(sessionIds: readonly string[]): Promise<void> {
    for (let i = 0; i < sessionIds.length; i += CHUNK)
      await this.#db
        .deleteFrom('blade_online_session')
        .where('session_id', 'in', sessionIds.slice(i, i + CHUNK))
        .execute();
  }

  /** Removes the sessions that expired before `now` (their refresh tokens can no longer be used). */
  async purgeExpired(now: Date): Promise<number> {
    const result = await this.#db
      .deleteFrom('blade_online_session')
      .where('expire_time', '<', now)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** tenantId null: every tenant's sessions (the platform administrator). Unexpired ones only. */
  #live(tenantId: string | null, now: Date) {
    const q = this.#db.selectFrom('blade_online_session').where('expire_time', '>', now);
    return tenantId === null ? q : q.where('tenant_id', '=', tenantId);
  }

  /** A page of the live sessions under the query's filters, newest sign-in first by default. */
  page(tenantId: string | null, query: ListQuery, now: Date): Promise<Page<OnlineSessionRow>> {
    return pageOf(this.#live(tenantId, now), query, (row) =>
      rowToEntity(onlineSessionTable, row, this.store.timeZone),
    );
  }

  /** The live sessions among `sessionIds` (of the tenant, unless null). */
  async findMany(
    tenantId: string | null,
    sessionIds: readonly string[],
    now: Date,
  ): Promise<OnlineSessionRow[]> {
    if (sessionIds.length === 0) return [];
    const rows = await this.#live(tenantId, now)
      .selectAll()
      .where('session_id', 'in', [...sessionIds])
      .execute();
    return rows.map((row) => rowToEntity(onlineSessionTable, row, this.store.timeZone));
  }

  /** The names of the departments, by id (for the page's rows, of whichever tenants they are). */
  async deptNames(deptIds: readonly string[]): Promise<Map<string, string>> {
    const ids = [...new Set(deptIds)];
    if (ids.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('blade_dept')
      .select(['id', 'dept_name'])
      .where('id', 'in', ids.map(BigInt))
      .execute();
    return new Map(rows.map((row) => [String(row.id), row.dept_name]));
  }

  /** The ids of the account's live sessions. */
  async sessionsOf(tenantId: string, userId: string, now: Date): Promise<string[]> {
    const rows = await this.#live(tenantId, now)
      .select('session_id')
      .where('user_id', '=', BigInt(userId))
      .execute();
    return rows.map((row) => row.session_id);
  }
}
