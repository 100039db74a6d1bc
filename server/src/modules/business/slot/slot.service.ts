import type {
  CancelGrantInput,
  GrantMachineInput,
  GrantResult,
  GrantSlotInput,
  GrantTreeMachine,
  Machine,
  Page,
  Slot,
  SlotStatusInput,
} from '@console/contract';
import { badRequest, notFound } from '../../../core/errors.js';
import { parseListQuery } from '../../../core/list-query.js';
import { withChildren } from '../../../core/tree.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';
import type { TenantStores } from '../../../core/repository/tenant-databases.js';
import { grantsRestrict } from '../grant-scope.repository.js';
import { MachineRepository } from '../machine/machine.repository.js';
import { SlotGrantRepository } from './slot-grant.repository.js';
import { SlotRepository, slotTable } from './slot.repository.js';

// Slot grants (business-domain.md): who may operate which machines and slots. Grants are idempotent
// (granting what is held changes nothing), and nobody grants or cancels more than they hold (S12):
// an operator works only within the machines and slots granted to them, whole machines only when
// they hold the machine whole. Administrators work across the tenant.

const unique = <T>(values: readonly T[]) => [...new Set(values)];

export class SlotService {
  constructor(
    private readonly stores: TenantStores,
    private readonly offlineSeconds: number,
  ) {}

  #machines(store: Store) {
    return new MachineRepository(store, this.offlineSeconds);
  }

  /** `list`: the visible slots (of one machine with machineId / machineNo filters). */
  async list(actor: Actor, query: Record<string, unknown>): Promise<Page<Slot>> {
    const store = await this.stores.storeFor(actor);
    return new SlotRepository(store).page(actor, parseListQuery(query, slotTable, store.timeZone));
  }

  /** `status`: one state for the visible slots named; all of them or none. */
  async setStatus(actor: Actor, input: SlotStatusInput): Promise<number> {
    const ids = unique(input.slotIds);
    return inTransaction(await this.stores.storeFor(actor), async (tx) => {
      const slots = new SlotRepository(tx);
      const found = await slots.findByIds(actor, ids);
      if (found.length !== ids.length) throw notFound();
      const remark = input.remark === undefined ? undefined : input.remark?.trim() || null;
      return slots.setStatus(actor, ids, input.status, remark);
    });
  }

  /** grant-tree: the machine and its slots (those the caller sees), each with who holds it. */
  async grantTree(
    actor: Actor,
    machineNo: string,
    slotTitle: (slotNo: number) => string,
  ): Promise<GrantTreeMachine[]> {
    const store = await this.stores.storeFor(actor);
    const [machine] = await this.#machines(store).findByNumbers(actor, [machineNo.trim()]);
    if (!machine) throw notFound();
    const slots = new SlotRepository(store);
    const visible = await slots.ofMachine(actor, machine.id);
    const holders = await slots.holders(actor, machine.id);
    // As every tree (core/tree.ts): a machine without visible slots has no `children`.
    return [
      withChildren(
        {
          id: machine.id,
          parentId: '0',
          title: `${machine.machineNo} ${machine.machineName}`,
          key: machine.id,
          value: machine.id,
          machineNo: machine.machineNo,
          holders: holders.machine,
        },
        visible.map((slot) => ({
          id: slot.id,
          parentId: machine.id,
          title: slotTitle(slot.slotNo),
          key: slot.id,
          value: slot.id,
          hasChildren: false,
          slotNo: slot.slotNo,
          status: slot.status,
          holders: [...holders.machine, ...(holders.bySlot.get(slot.id) ?? [])],
        })),
      ),
    ];
  }

  /** grant/machine: every slot of the machines to the users. */
  async grantMachines(actor: Actor, input: GrantMachineInput): Promise<GrantResult> {
    return inTransaction(await this.stores.storeFor(actor), async (tx) => {
      const grants = new SlotGrantRepository(tx);
      const userIds = await this.#users(grants, actor, input.userIds);
      const machines = await this.#wholeMachines(tx, actor, input.machineNos);
      const held = await grants.ofUsersOnMachines(
        actor,
        userIds,
        machines.map((m) => m.id),
      );
      const whole = new Set(held.filter((g) => g.slotId === null).map((g) => `${g.userId}:${g.machineId}`));
      const added = userIds.flatMap((userId) =>
        machines
          .filter((m) => !whole.has(`${userId}:${m.id}`))
          .map((m) => ({ userId, machineId: m.id, slotId: null })),
      );
      await grants.insertMany(actor, added);
      return { changed: added.length };
    });
  }

  /** grant/slot: the slots to the users (a user holding the machine whole holds them already). */
  async grantSlots(actor: Actor, input: GrantSlotInput): Promise<GrantResult> {
    return inTransaction(await this.stores.storeFor(actor), async (tx) => {
      const grants = new SlotGrantRepository(tx);
      const userIds = await this.#users(grants, actor, input.userIds);
      const slots = await this.#visibleSlots(tx, actor, input.slotIds);
      const held = await grants.ofUsersOnMachines(actor, userIds, unique(slots.map((s) => s.machineId)));
      const covered = new Set(held.map((g) => `${g.userId}:${g.slotId ?? `machine:${g.machineId}`}`));
      const added = userIds.flatMap((userId) =>
        slots
          .filter(
            (s) => !covered.has(`${userId}:${s.id}`) && !covered.has(`${userId}:machine:${s.machineId}`),
          )
          .map((s) => ({ userId, machineId: s.machineId, slotId: s.id })),
      );
      await grants.insertMany(actor, added);
      return { changed: added.length };
    });
  }

  /**
   * cancel/grant: by machine, every grant of the users on those machines ends; by slot, their grants
   * of those slots end, and a user holding the machine whole keeps its other slots one by one.
   */
  async cancel(actor: Actor, input: CancelGrantInput): Promise<GrantResult> {
    const machineNos = unique(input.machineNos ?? []);
    const slotIds = unique(input.slotIds ?? []);
    if (machineNos.length === 0 && slotIds.length === 0) throw badRequest('slot.cancel.nothing');
    return inTransaction(await this.stores.storeFor(actor), async (tx) => {
      const grants = new SlotGrantRepository(tx);
      const userIds = await this.#users(grants, actor, input.userIds);
      let changed = 0;
      if (machineNos.length > 0) {
        const machines = await this.#wholeMachines(tx, actor, machineNos);
        const held = await grants.ofUsersOnMachines(
          actor,
          userIds,
          machines.map((m) => m.id),
        );
        changed += await grants.end(
          actor,
          held.map((g) => g.id),
        );
      }
      if (slotIds.length > 0) {
        const slots = await this.#visibleSlots(tx, actor, slotIds);
        const cancelled = new Set(slots.map((s) => s.id));
        const machineIds = unique(slots.map((s) => s.machineId));
        const held = await grants.ofUsersOnMachines(actor, userIds, machineIds);
        changed += await grants.end(
          actor,
          held.filter((g) => g.slotId !== null && cancelled.has(g.slotId)).map((g) => g.id),
        );
        const wholes = held.filter((g) => g.slotId === null);
        if (wholes.length > 0) {
          const all = await new SlotRepository(tx).allOfMachines(actor, machineIds);
          await grants.end(
            actor,
            wholes.map((g) => g.id),
          );
          const kept = wholes.flatMap((g) =>
            all
              .filter((s) => s.machineId === g.machineId && !cancelled.has(s.id))
              .map((s) => ({ userId: g.userId, machineId: g.machineId, slotId: s.id })),
          );
          await grants.insertMany(actor, kept);
          changed += wholes.length;
        }
      }
      return { changed };
    });
  }

  async #users(grants: SlotGrantRepository, actor: Actor, userIds: readonly string[]): Promise<string[]> {
    const wanted = unique(userIds);
    const known = await grants.tenantUsers(actor, wanted);
    const unknown = wanted.filter((id) => !known.has(id));
    if (unknown.length > 0) throw badRequest('slot.user.unknown', { ids: unknown.join(', ') });
    return wanted;
  }

  /** The machines by number, each visible to the caller and (for an operator) held whole. */
  async #wholeMachines(tx: Store, actor: Actor, machineNos: readonly string[]): Promise<Machine[]> {
    const wanted = unique(machineNos.map((n) => n.trim()));
    const machines = await this.#machines(tx).findByNumbers(actor, wanted);
    const missing = wanted.filter((no) => !machines.some((m) => m.machineNo === no));
    if (missing.length > 0) throw badRequest('slot.machine.unknown', { machineNos: missing.join(', ') });
    if (grantsRestrict(actor)) {
      const own = await new SlotGrantRepository(tx).ofUsersOnMachines(
        actor,
        [actor.userId!],
        machines.map((m) => m.id),
      );
      const partial = machines.find((m) => !own.some((g) => g.machineId === m.id && g.slotId === null));
      if (partial) throw badRequest('slot.machine.notHeld', { machineNo: partial.machineNo });
    }
    return machines;
  }

  /** The slots by id, each visible to the caller (an operator sees only what they hold). */
  async #visibleSlots(tx: Store, actor: Actor, slotIds: readonly string[]): Promise<Slot[]> {
    const wanted = unique(slotIds);
    const slots = await new SlotRepository(tx).findByIds(actor, wanted);
    const missing = wanted.filter((id) => !slots.some((s) => s.id === id));
    if (missing.length > 0) throw badRequest('slot.slot.unknown', { ids: missing.join(', ') });
    return slots;
  }
}
