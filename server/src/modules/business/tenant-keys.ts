import type { Actor, Store } from '../../core/repository/store.js';
import type { TenantStores } from '../../core/repository/tenant-databases.js';
import { TenantKeyRepository, type TenantKeyKind } from './tenant-key.repository.js';

// Keys unique across the platform (machine numbers) when tenants' records may be
// in different databases (decision 0020): a tenant holds a key in zx_tenant_key, in the main
// database, before its record is written in its own. A hold is only as good as the record behind
// it: a hold whose record is gone (a creation that failed, a process that stopped between the two
// writes) passes to the next tenant that asks. Called outside transactions: the holder's record is
// read in the holder's database, which may be the one a transaction holds (SQLite has one
// connection).

/** Whether a record of the tenant in `store` uses the key. */
export type KeyInUse = (store: Store, tenantId: string, value: string) => Promise<boolean>;

/**
 * Takes the key for the actor's tenant: true when the tenant holds it now (the caller then writes
 * its record; if that fails, releaseUnused), false when another record of any tenant uses it.
 */
export async function claimKey(
  stores: TenantStores,
  actor: Actor,
  kind: TenantKeyKind,
  value: string,
  inUse: KeyInUse,
): Promise<boolean> {
  const keys = new TenantKeyRepository(stores.main);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await keys.claim(kind, value, actor.tenantId)) return true;
    const holder = await keys.holderOf(kind, value);
    if (holder === undefined) continue; // released meanwhile: try again
    if (await inUse(await stores.storeFor(holder), holder, value)) return false;
    if (holder === actor.tenantId) return true;
    if (await keys.move(kind, value, holder, actor.tenantId)) return true;
  }
  return false;
}

/**
 * Gives up the tenant's hold on the keys that no record of the tenant uses (read after the write
 * that failed, or the removal, was settled): a key a concurrent call of the tenant used stays held.
 */
export async function releaseUnused(
  stores: TenantStores,
  actor: Actor,
  kind: TenantKeyKind,
  values: readonly string[],
  inUse: KeyInUse,
): Promise<void> {
  if (values.length === 0) return;
  const store = await stores.storeFor(actor);
  const unused: string[] = [];
  for (const value of new Set(values)) if (!(await inUse(store, actor.tenantId, value))) unused.push(value);
  await new TenantKeyRepository(stores.main).release(kind, unused, actor.tenantId);
}
