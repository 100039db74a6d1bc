import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { liveRows } from '../../core/repository/unscoped.js';

// blade_sign_in_lock (migration 0009): an account's recent failed sign-ins and its temporary lock,
// one row per account that has any. The policy (how many, how long) is sign-in-limits.ts'; this is
// only the storage, shared with the unlock command (cli/unlock.ts).

const toMs = (value: unknown): number | null =>
  value === null || value === undefined ? null : new Date(value as string | Date).getTime();

/** What an account's lock row says. */
export interface AccountLockState {
  failures: number;
  lastFailure: number;
  lockedUntil: number | null;
}

export class SignInLockRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async state(userId: string): Promise<AccountLockState | null> {
    const row = await this.#db
      .selectFrom('blade_sign_in_lock')
      .select(['failures', 'last_failure_time', 'locked_until'])
      .where('user_id', '=', BigInt(userId))
      .executeTakeFirst();
    return row
      ? {
          failures: Number(row.failures),
          lastFailure: toMs(row.last_failure_time)!,
          lockedUntil: toMs(row.locked_until),
        }
      : null;
  }

  /**
   * Counts a failure at `now` (failures before `forgetBefore` are forgotten first) and answers the
   * count. One statement counts it, so concurrent failures (several processes) all count.
   */
  async countFailure(tenantId: string, userId: string, now: Date, forgetBefore: Date): Promise<number> {
    const id = BigInt(userId);
    const count = () =>
      this.#db
        .updateTable('blade_sign_in_lock')
        .set({
          failures: sql<number>`case when last_failure_time < ${forgetBefore} then 1 else failures + 1 end`,
          last_failure_time: now,
        })
        .where('user_id', '=', id)
        .executeTakeFirst();
    if (Number((await count()).numUpdatedRows) === 0) {
      try {
        await this.#db
          .insertInto('blade_sign_in_lock')
          .values({
            user_id: id,
            tenant_id: tenantId,
            failures: 1,
            last_failure_time: now,
            locked_until: null,
          })
          .execute();
      } catch {
        await count(); // another process inserted the row first
      }
    }
    return (await this.state(userId))?.failures ?? 1;
  }

  async lockUntil(userId: string, until: Date): Promise<void> {
    await this.#db
      .updateTable('blade_sign_in_lock')
      .set({ locked_until: until })
      .where('user_id', '=', BigInt(userId))
      .execute();
  }

  /** The accounts among these of the tenant whose lock lasts beyond `now`, with its end (ms). */
  async lockedAfter(tenantId: string, userIds: readonly string[], now: Date): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('blade_sign_in_lock')
      .select(['user_id', 'locked_until'])
      .where('tenant_id', '=', tenantId)
      .where(
        'user_id',
        'in',
        userIds.map((id) => BigInt(id)),
      )
      .where('locked_until', '>', now)
      .execute();
    return new Map(rows.map((row) => [String(row.user_id), toMs(row.locked_until)!]));
  }

  /** Forgets the failures and lifts the locks of these accounts of the tenant; answers how many had any. */
  async clear(tenantId: string, userIds: readonly string[]): Promise<number> {
    if (userIds.length === 0) return 0;
    const result = await this.#db
      .deleteFrom('blade_sign_in_lock')
      .where('tenant_id', '=', tenantId)
      .where(
        'user_id',
        'in',
        userIds.map((id) => BigInt(id)),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** For the unlock command: whether the tenant exists (not removed). */
  async tenantExists(tenantId: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('blade_tenant')
      .select('tenant_id')
      .where(liveRows('blade_tenant', tenantId))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** For the unlock command: a user of the tenant by account (not removed). */
  async findAccount(tenantId: string, account: string): Promise<{ id: string; account: string } | undefined> {
    const row = await this.#db
      .selectFrom('blade_user')
      .select(['id', 'account'])
      .where(liveRows('blade_user', tenantId))
      .where('account', '=', account)
      .executeTakeFirst();
    return row ? { id: String(row.id), account: String(row.account) } : undefined;
  }
}
