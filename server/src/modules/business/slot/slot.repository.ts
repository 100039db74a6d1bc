import { type Slot, type SlotHolder } from '@console/contract';
import { SlotSchema } from '@console/contract/schema';
import { SLOT_STATUS } from '@console/contract/business';
import { platformStore, type Actor, type Store } from '../../../core/repository/store.js';
import { TableRepository, updateStamp } from '../../../core/repository/table-repository.js';
import { defineTable } from '../../../core/repository/table.js';
import { liveRows, unscoped } from '../../../core/repository/unscoped.js';
import { slotGrantScope } from '../grant-scope.repository.js';

/**
 * Slots (zx_slot): the numbered compartments of a machine. A slot's state is BladeX's `status`
 * column (0 empty, 1 stocked, 2 in use, 3 fault, 4 locked). A retired slot is soft-deleted and
 * comes back when its machine grows again (one row per machine and number).
 */
export const slotTable = defineTable(
  SlotSchema,
  'zx_slot',
  { tenantScoped: true, rowScope: slotGrantScope },
  {
    // Set by the server only (no input schema carries them): the machine's own bookkeeping.
    kinds: { machineId: 'id' },
    filter: ['machineId', 'machineNo', 'slotNo', 'remark'],
    sort: ['machineNo', 'slotNo'],
  },
);

const ids = (values: readonly string[]) => values.map((id) => BigInt(id));

export class SlotRepository extends TableRepository<Slot, 'zx_slot'> {
  constructor(store: Store) {
    super(store, slotTable);
  }

  /** The visible slots of one machine, by number. */
  async ofMachine(actor: Actor, machineId: string): Promise<Slot[]> {
    const rows = await (
      await this.visibleSelect(actor)
    )
      .selectAll()
      .where('machine_id', '=', BigInt(machineId))
      .orderBy('slot_no', 'asc')
      .execute();
    return rows.map((row) => this.toEntity(row));
  }

  /** Every live slot of the machines (grants not applied: the machine's own bookkeeping). */
  async allOfMachines(actor: Actor, machineIds: readonly string[]): Promise<Slot[]> {
    if (machineIds.length === 0) return [];
    const rows = await this.scopedSelect(actor)
      .selectAll()
      .where('machine_id', 'in', ids(machineIds))
      .orderBy('slot_no', 'asc')
      .execute();
    return rows.map((row) => this.toEntity(row));
  }

  /**
   * Makes slots 1..count of a machine live: revives retired numbers (empty again) and inserts the
   * numbers it never had.
   */
  async ensureNumbers(
    actor: Actor,
    machine: { id: string; machineNo: string },
    count: number,
  ): Promise<void> {
    const db = unscoped(this.store);
    // Retired rows are outside the base's scope (is_deleted = 1): revived here, in the tenant.
    await db
      .updateTable('zx_slot')
      .set({ ...updateStamp(actor), is_deleted: 0, status: SLOT_STATUS.EMPTY, machine_no: machine.machineNo })
      .where('tenant_id', '=', actor.tenantId)
      .where('machine_id', '=', BigInt(machine.id))
      .where('is_deleted', '=', 1)
      .where('slot_no', '<=', count)
      .execute();
    const existing = new Set(
      (
        await db
          .selectFrom('zx_slot')
          .select('slot_no')
          .where('tenant_id', '=', actor.tenantId)
          .where('machine_id', '=', BigInt(machine.id))
          .execute()
      ).map((row) => Number(row.slot_no)),
    );
    const missing = Array.from({ length: count }, (_, i) => i + 1).filter((n) => !existing.has(n));
    if (missing.length === 0) return;
    await this.insertMany(
      actor,
      missing.map((slotNo) => ({
        machineId: machine.id,
        machineNo: machine.machineNo,
        slotNo,
        status: SLOT_STATUS.EMPTY,
      })),
    );
  }

  /** Retires the live slots of a machine above `count` and their grants; answers the retired ids. */
  async retireAbove(actor: Actor, machineId: string, count: number): Promise<string[]> {
    const doomed = await this.scopedSelect(actor)
      .select('id')
      .where('machine_id', '=', BigInt(machineId))
      .where('slot_no', '>', count)
      .execute();
    const retired = doomed.map((row) => String(row.id));
    if (retired.length === 0) return retired;
    await this.scopedUpdate(actor).set({ is_deleted: 1 }).where('id', 'in', ids(retired)).execute();
    await this.revokeSlots(actor, retired);
    return retired;
  }

  /** Live slots of the machines that are in use (2): they may not be retired or removed. */
  async inUse(actor: Actor, machineId: string, aboveSlotNo = 0): Promise<number[]> {
    const rows = await this.scopedSelect(actor)
      .select('slot_no')
      .where('machine_id', '=', BigInt(machineId))
      .where('slot_no', '>', aboveSlotNo)
      .where('status', '=', SLOT_STATUS.IN_USE)
      .orderBy('slot_no')
      .execute();
    return rows.map((row) => Number(row.slot_no));
  }

  /** Sets the state (and remark, when given) of the visible slots among ids; answers how many. */
  async setStatus(
    actor: Actor,
    slotIds: readonly string[],
    status: number,
    remark?: string | null,
  ): Promise<number> {
    const result = await (
      await this.visibleUpdate(actor)
    )
      .set({ status, ...(remark === undefined ? {} : { remark }) })
      .where('id', 'in', ids(slotIds))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * A repair order ended (issue 51): the machine's slot of this number, if at fault, is empty again
   * (grants not applied: the process acts). Answers whether it was at fault.
   */
  async clearFault(actor: Actor, machineId: string, slotNo: number): Promise<boolean> {
    const result = await this.scopedUpdate(actor)
      .set({ status: SLOT_STATUS.EMPTY })
      .where('machine_id', '=', BigInt(machineId))
      .where('slot_no', '=', slotNo)
      .where('status', '=', SLOT_STATUS.FAULT)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** How many live slots of the machine are at fault (grants not applied). */
  async faultsOf(actor: Actor, machineId: string): Promise<number> {
    const row = await this.scopedSelect(actor)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('machine_id', '=', BigInt(machineId))
      .where('status', '=', SLOT_STATUS.FAULT)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The device's report of its slots' states (the server acting for the machine: no grants). */
  async reportStates(
    actor: Actor,
    machineId: string,
    states: ReadonlyArray<{ slotNo: number; status: number }>,
  ) {
    for (const status of [0, 1, 2, 3, 4]) {
      const numbers = states.filter((s) => s.status === status).map((s) => s.slotNo);
      if (numbers.length === 0) continue;
      await this.scopedUpdate(actor)
        .set({ status })
        .where('machine_id', '=', BigInt(machineId))
        .where('slot_no', 'in', numbers)
        .where('status', '<>', status)
        .execute();
    }
  }

  /** Soft-deletes every live slot of the machines, with their grants. */
  async removeOfMachines(actor: Actor, machineIds: readonly string[]): Promise<void> {
    if (machineIds.length === 0) return;
    await this.scopedUpdate(actor)
      .set({ is_deleted: 1 })
      .where('machine_id', 'in', ids(machineIds))
      .execute();
    await unscoped(this.store)
      .updateTable('zx_slot_grant')
      .set({ ...updateStamp(actor), is_deleted: 1 })
      .where('tenant_id', '=', actor.tenantId)
      .where('is_deleted', '=', 0)
      .where('machine_id', 'in', ids(machineIds))
      .execute();
  }

  /** Ends every grant of the slots (retired slots hold nobody). */
  async revokeSlots(actor: Actor, slotIds: readonly string[]): Promise<void> {
    if (slotIds.length === 0) return;
    await unscoped(this.store)
      .updateTable('zx_slot_grant')
      .set({ ...updateStamp(actor), is_deleted: 1 })
      .where('tenant_id', '=', actor.tenantId)
      .where('is_deleted', '=', 0)
      .where('slot_id', 'in', ids(slotIds))
      .execute();
  }

  /**
   * Who holds the machine and each of its slots (users of the tenant, live), by account. The grants
   * are read here, the users in the main database (a tenant's own database has no users).
   */
  async holders(
    actor: Actor,
    machineId: string,
  ): Promise<{ machine: SlotHolder[]; bySlot: Map<string, SlotHolder[]> }> {
    const grants = await unscoped(this.store)
      .selectFrom('zx_slot_grant as g')
      .select(['g.slot_id', 'g.user_id'])
      .where(liveRows('g', actor.tenantId))
      .where('g.machine_id', '=', BigInt(machineId))
      .execute();
    const userIds = [...new Set(grants.map((g) => String(g.user_id)))];
    const users = userIds.length
      ? await unscoped(platformStore(this.store))
          .selectFrom('blade_user as u')
          .select(['u.id', 'u.account', 'u.real_name'])
          .where(liveRows('u', actor.tenantId))
          .where('u.id', 'in', ids(userIds))
          .orderBy('u.account')
          .execute()
      : [];
    const machine: SlotHolder[] = [];
    const bySlot = new Map<string, SlotHolder[]>();
    for (const user of users) {
      const holder = (via: SlotHolder['via']): SlotHolder => ({
        userId: String(user.id),
        account: user.account,
        realName: user.real_name,
        via,
      });
      for (const grant of grants) {
        if (String(grant.user_id) !== String(user.id)) continue;
        if (grant.slot_id === null) machine.push(holder('machine'));
        else {
          const key = String(grant.slot_id);
          bySlot.set(key, [...(bySlot.get(key) ?? []), holder('slot')]);
        }
      }
    }
    return { machine, bySlot };
  }

  /** How many slots the caller sees in each state. */
  /** The tenant's live slots at fault (an alert rule's subjects), at most `limit`. */
  async atFault(
    tenantId: string,
    limit: number,
  ): Promise<Array<{ id: string; machineId: string; machineNo: string; slotNo: number }>> {
    const rows = await unscoped(this.store)
      .selectFrom('zx_slot')
      .select(['id', 'machine_id', 'machine_no', 'slot_no'])
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .where('status', '=', SLOT_STATUS.FAULT)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: String(row.id),
      machineId: String(row.machine_id),
      machineNo: row.machine_no,
      slotNo: Number(row.slot_no),
    }));
  }

  /** The fleet board's slot counts per machine over what the caller sees. */
  async countsByMachine(
    actor: Actor,
  ): Promise<Array<{ machineId: string; slots: number; inUse: number; fault: number }>> {
    const rows = await (
      await this.visibleSelect(actor)
    )
      .select((eb) => [
        'machine_id',
        eb.fn.countAll().as('slots'),
        eb.fn.sum(eb.case().when('status', '=', SLOT_STATUS.IN_USE).then(1).else(0).end()).as('inUse'),
        eb.fn.sum(eb.case().when('status', '=', SLOT_STATUS.FAULT).then(1).else(0).end()).as('fault'),
      ])
      .groupBy('machine_id')
      .execute();
    return rows.map((row) => ({
      machineId: String(row.machine_id),
      slots: Number(row.slots),
      inUse: Number(row.inUse ?? 0),
      fault: Number(row.fault ?? 0),
    }));
  }

  async countsByStatus(actor: Actor): Promise<Map<number, number>> {
    const rows = await (
      await this.visibleSelect(actor)
    )
      .select((eb) => ['status', eb.fn.countAll().as('n')])
      .groupBy('status')
      .execute();
    return new Map(rows.map((r) => [Number(r.status), Number(r.n)]));
  }
}
