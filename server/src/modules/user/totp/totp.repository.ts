import type { Kysely } from 'kysely';
import type { Store } from '../../../core/repository/store.js';
import { liveRows, unscoped } from '../../../core/repository/unscoped.js';
import type { Database } from '../../../db/schema.js';

// blade_user_totp (migration 0023): a user's TOTP second factor, one row per user, read and written
// by the user's own id within the tenant (the callers scope it: the signed-in user, the sign-in's
// account, an administrator's users within their data scope). Also where the tenant's and the
// roles' requirement is read.

/** A user's second factor as stored (the secret still sealed). */
export interface StoredTotp {
  sealedSecret: string;
  confirmed: boolean;
  lastStep: number;
  /** SHA-256 digests (hex) of the recovery codes not used yet. */
  recoveryDigests: string[];
}

export class TotpRepository {
  readonly #db: Kysely<Database>;

  constructor(private readonly store: Store) {
    this.#db = unscoped(store);
  }

  async find(tenantId: string, userId: string): Promise<StoredTotp | undefined> {
    const row = await this.#db
      .selectFrom('blade_user_totp')
      .select(['secret', 'confirmed', 'last_step', 'recovery_codes'])
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', BigInt(userId))
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      sealedSecret: row.secret,
      confirmed: Number(row.confirmed) === 1,
      lastStep: Number(row.last_step),
      recoveryDigests: row.recovery_codes ? (JSON.parse(row.recovery_codes) as string[]) : [],
    };
  }

  /** Begins a setup: a new secret, not confirmed, replacing one not confirmed either. */
  async begin(tenantId: string, userId: string, sealedSecret: string): Promise<void> {
    const now = new Date();
    await this.remove(tenantId, [userId]);
    await this.#db
      .insertInto('blade_user_totp')
      .values({
        id: BigInt(this.store.ids.next()),
        tenant_id: tenantId,
        user_id: BigInt(userId),
        secret: sealedSecret,
        confirmed: 0,
        last_step: 0,
        recovery_codes: null,
        create_time: now,
        update_time: now,
      })
      .execute();
  }

  /** Confirms the setup with the step of the code that confirmed it and the recovery codes' digests. */
  async confirm(tenantId: string, userId: string, step: number, recoveryDigests: string[]): Promise<void> {
    await this.#db
      .updateTable('blade_user_totp')
      .set({
        confirmed: 1,
        last_step: step,
        recovery_codes: JSON.stringify(recoveryDigests),
        update_time: new Date(),
      })
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', BigInt(userId))
      .execute();
  }

  /**
   * Records that a code of `step` was accepted, only if no code of that step or a later one was:
   * true when this call recorded it (of two concurrent uses of one code, one wins).
   */
  async useStep(tenantId: string, userId: string, step: number): Promise<boolean> {
    const result = await this.#db
      .updateTable('blade_user_totp')
      .set({ last_step: step, update_time: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', BigInt(userId))
      .where('last_step', '<', step)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Removes a used recovery code's digest, only if it is still there: true when this call removed it
   * (the list is compared as it was read, so of two concurrent uses one wins).
   */
  async useRecoveryCode(tenantId: string, userId: string, was: string[], digest: string): Promise<boolean> {
    const result = await this.#db
      .updateTable('blade_user_totp')
      .set({ recovery_codes: JSON.stringify(was.filter((d) => d !== digest)), update_time: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', BigInt(userId))
      .where('recovery_codes', '=', JSON.stringify(was))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Removes the users' second factors (of the tenant); answers how many there were. */
  async remove(tenantId: string, userIds: readonly string[]): Promise<number> {
    if (userIds.length === 0) return 0;
    const result = await this.#db
      .deleteFrom('blade_user_totp')
      .where('tenant_id', '=', tenantId)
      .where('user_id', 'in', userIds.map(BigInt))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Whether the tenant, or one of the roles (of the tenant, not removed), requires a second factor. */
  async required(tenantId: string, roleIds: readonly string[]): Promise<boolean> {
    const tenant = await this.#db
      .selectFrom('blade_tenant')
      .select('totp_required')
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (Number(tenant?.totp_required) === 1) return true;
    if (roleIds.length === 0) return false;
    const role = await this.#db
      .selectFrom('blade_role as r')
      .select('r.id')
      .where(liveRows('r', tenantId))
      .where('r.id', 'in', roleIds.map(BigInt))
      .where('r.totp_required', '=', 1)
      .executeTakeFirst();
    return role !== undefined;
  }
}
