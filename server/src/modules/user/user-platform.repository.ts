import type { Actor, Store } from '../../core/repository/store.js';
import { unscoped } from '../../core/repository/unscoped.js';

/**
 * The settings of a user on one platform (update-platform's userExt), one row per user and user
 * type. BladeX keeps them in blade_user_web / blade_user_app / blade_user_other; here one table
 * with the type as a column. Every query names the tenant.
 */
export class UserPlatformRepository {
  constructor(private readonly store: Store) {}

  async find(actor: Actor, userId: string, userType: number): Promise<string | null> {
    const row = await unscoped(this.store)
      .selectFrom('blade_user_platform')
      .select('user_ext')
      .where('tenant_id', '=', actor.tenantId)
      .where('user_id', '=', BigInt(userId))
      .where('user_type', '=', userType)
      .executeTakeFirst();
    return row?.user_ext ?? null;
  }

  async save(actor: Actor, userId: string, userType: number, userExt: string | null): Promise<void> {
    const updated = await unscoped(this.store)
      .updateTable('blade_user_platform')
      .set({ user_ext: userExt })
      .where('tenant_id', '=', actor.tenantId)
      .where('user_id', '=', BigInt(userId))
      .where('user_type', '=', userType)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return;
    await unscoped(this.store)
      .insertInto('blade_user_platform')
      .values({
        id: BigInt(this.store.ids.next()),
        tenant_id: actor.tenantId,
        user_id: BigInt(userId),
        user_type: userType,
        user_ext: userExt,
      })
      .execute();
  }
}
