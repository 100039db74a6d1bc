import type { Store } from '../../core/repository/store.js';
import { unscoped } from '../../core/repository/unscoped.js';

/**
 * The keys unique across the platform: machine numbers (device serials). Payment orders were too
 * until migration 0017 made them unique per tenant.
 */
export type TenantKeyKind = 'machine';

/**
 * zx_tenant_key (decision 0020): which tenant holds a key unique across the platform, in the main
 * database whichever database the tenant's records are in. Read and written across tenants on
 * purpose: a device is found by its number before its tenant is known, and a number taken in one
 * tenant is taken for all. Build it on the main database's store.
 */
export class TenantKeyRepository {
  constructor(private readonly store: Store) {}

  /** The tenant holding the key, if any. */
  async holderOf(kind: TenantKeyKind, value: string): Promise<string | undefined> {
    const row = await unscoped(this.store)
      .selectFrom('zx_tenant_key')
      .select('tenant_id')
      .where('key_kind', '=', kind)
      .where('key_value', '=', value)
      .executeTakeFirst();
    return row?.tenant_id;
  }

  /** Takes a free key for the tenant; false when someone holds it (even the tenant itself). */
  async claim(kind: TenantKeyKind, value: string, tenantId: string): Promise<boolean> {
    const row = { key_kind: kind, key_value: value, tenant_id: tenantId, create_time: new Date() };
    const insert = unscoped(this.store).insertInto('zx_tenant_key').values(row);
    // No unique-key error (which would end a PostgreSQL transaction): nothing inserted instead.
    const result = await (
      this.store.kind === 'mysql' ? insert.ignore() : insert.onConflict((oc) => oc.doNothing())
    ).executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Hands a key over from one tenant to another, only if `from` still holds it. */
  async move(kind: TenantKeyKind, value: string, from: string, to: string): Promise<boolean> {
    const result = await unscoped(this.store)
      .updateTable('zx_tenant_key')
      .set({ tenant_id: to, create_time: new Date() })
      .where('key_kind', '=', kind)
      .where('key_value', '=', value)
      .where('tenant_id', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Gives up the tenant's hold on the keys (a machine removed, a creation that failed). */
  async release(kind: TenantKeyKind, values: readonly string[], tenantId: string): Promise<void> {
    if (values.length === 0) return;
    await unscoped(this.store)
      .deleteFrom('zx_tenant_key')
      .where('key_kind', '=', kind)
      .where('key_value', 'in', [...values])
      .where('tenant_id', '=', tenantId)
      .execute();
  }
}
