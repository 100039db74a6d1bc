import type { AuditFields } from '@console/contract';
import { platformStore, type Actor, type Store } from '../../../core/repository/store.js';
import { TableRepository } from '../../../core/repository/table-repository.js';
import { defineTable } from '../../../core/repository/table.js';
import { liveRows, unscoped } from '../../../core/repository/unscoped.js';

/** A slot grant (zx_slot_grant): a user may operate a slot, or (slotId null) every slot of a machine. */
export interface SlotGrant extends AuditFields {
  tenantId: string;
  userId: string;
  machineId: string;
  slotId: string | null;
}

export const slotGrantTable = defineTable<SlotGrant, 'zx_slot_grant'>(
  'zx_slot_grant',
  { tenantScoped: true },
  {
    userId: ['id', { filter: true }],
    machineId: ['id', { filter: true }],
    slotId: ['id', { filter: true }],
  },
);

const big = (ids: readonly string[]) => ids.map((id) => BigInt(id));

export class SlotGrantRepository extends TableRepository<SlotGrant, 'zx_slot_grant'> {
  constructor(store: Store) {
    super(store, slotGrantTable);
  }

  /** The live grants of these users on these machines. */
  async ofUsersOnMachines(
    actor: Actor,
    userIds: readonly string[],
    machineIds: readonly string[],
  ): Promise<SlotGrant[]> {
    if (userIds.length === 0 || machineIds.length === 0) return [];
    const rows = await this.scopedSelect(actor)
      .selectAll()
      .where('user_id', 'in', big(userIds))
      .where('machine_id', 'in', big(machineIds))
      .execute();
    return rows.map((row) => this.toEntity(row));
  }

  /** Ends the grants among ids; answers how many ended. */
  async end(actor: Actor, grantIds: readonly string[]): Promise<number> {
    if (grantIds.length === 0) return 0;
    const result = await this.scopedUpdate(actor)
      .set({ is_deleted: 1 })
      .where('id', 'in', big(grantIds))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The users among ids that are live users of the actor's tenant. */
  async tenantUsers(actor: Actor, userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    // Users are another module's rows (in the main database): read through their tenant and
    // soft-delete columns.
    const rows = await unscoped(platformStore(this.store))
      .selectFrom('blade_user as u')
      .select('u.id')
      .where(liveRows('u', actor.tenantId))
      .where('u.id', 'in', big(userIds))
      .execute();
    return new Set(rows.map((row) => String(row.id)));
  }
}
