import type { Kysely } from 'kysely';
import type { Store } from '../../core/repository/store.js';
import { unscoped } from '../../core/repository/unscoped.js';
import type { Database } from '../../db/schema.js';

/**
 * The hashes of each user's latest passwords (migration 0016), newest first. No audit columns, so
 * not a TableRepository; every query names the tenant.
 */
export class PasswordHistoryRepository {
  readonly #db: Kysely<Database>;

  constructor(private readonly store: Store) {
    this.#db = unscoped(store);
  }

  #ofUser(tenantId: string, userId: string) {
    return this.#db
      .selectFrom('blade_user_password_history')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', BigInt(userId))
      .orderBy('create_time', 'desc')
      .orderBy('id', 'desc');
  }

  /** The user's latest `count` password hashes. */
  async recent(tenantId: string, userId: string, count: number): Promise<string[]> {
    const rows = await this.#ofUser(tenantId, userId).select('password').limit(count).execute();
    return rows.map((row) => String(row.password));
  }

  /** Records a hash just stored, then keeps only the latest `keep` of the user's. */
  async record(tenantId: string, userId: string, hash: string, at: Date, keep: number): Promise<void> {
    await this.#db
      .insertInto('blade_user_password_history')
      .values({
        id: BigInt(this.store.ids.next()),
        tenant_id: tenantId,
        user_id: BigInt(userId),
        password: hash,
        create_time: at,
      })
      .execute();
    const kept = await this.#ofUser(tenantId, userId).select('id').limit(keep).execute();
    await this.#db
      .deleteFrom('blade_user_password_history')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', BigInt(userId))
      .where(
        'id',
        'not in',
        kept.map((row) => BigInt(row.id)),
      )
      .execute();
  }
}
