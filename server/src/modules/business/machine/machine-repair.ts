import type { MachineRepairForm, MachineRepairInput, MachineRepairStarted } from '@console/contract';
import { found } from '../../../core/entity-service.js';
import { badRequest } from '../../../core/errors.js';
import { inTransaction, whenCommitted, type Actor, type Store } from '../../../core/repository/store.js';
import type { TenantStores } from '../../../core/repository/tenant-databases.js';
import { REPAIR_PROCESS_KEY } from '../../../db/seed/repair-process.js';
import { flowRuntime } from '../../flow/engine/load.js';
import type { StepResult } from '../../flow/engine/runtime.js';
import { FlowInstanceRepository, type InstanceRecord } from '../../flow/runtime/runtime.repository.js';
import type { FlowRuntimeService } from '../../flow/runtime/runtime.service.js';
import type { RecordBusinessEvent } from '../business-events.js';
import { HospitalRepository } from '../hospital/hospital.repository.js';
import { SlotRepository } from '../slot/slot.repository.js';
import { MachineRepository } from './machine.repository.js';

// A machine repair order (issue 51): 报修 on the machine page starts the seeded process 设备报修
// (db/seed/repair-process.ts, a designed form and a model with no code of their own) for the
// machine, assigned to the maintainer chosen (the hospital's, to begin with). This file is the
// machine's side of it, a business form of the workflow's runtime: the instance carries the machine
// (businessTable zx_machine, businessId its id), 发起事务 does not offer the process (a repair
// order is about a machine, so it starts from one), and when the maintainer completes the repair
// task the process ends and, in that step's transaction, the slot named is no longer at fault and
// the machine, with no slot left at fault, runs normally again.

export const MACHINE_TABLE = 'zx_machine';

/** The call that starts it (named when the process is started any other way). */
export const REPAIR_PATH = '/api/zxgxg-api/machine/repair';

export class MachineRepairs {
  constructor(
    /** Where each tenant's records are (decision 0020): the machines and the workflow's alike. */
    private readonly stores: TenantStores,
    private readonly runtime: FlowRuntimeService,
    private readonly offlineSeconds: number,
    private readonly record: RecordBusinessEvent,
  ) {
    runtime.register({
      table: MACHINE_TABLE,
      processKey: REPAIR_PROCESS_KEY,
      startPath: REPAIR_PATH,
      // Started from the machine page only (decision 0048): 发起事务 does not offer it.
      listed: false,
      follow: (tx, actor, instance, step) => this.followStep(tx, actor, instance, step),
    });
  }

  #machines(store: Store) {
    return new MachineRepository(store, this.offlineSeconds);
  }

  /**
   * What the 报修 dialog starts from: the machine (one the caller sees, else 404), its slots the
   * caller sees, and its hospital's maintainer while that user is a live user of the tenant.
   */
  async form(actor: Actor, machineId: string): Promise<MachineRepairForm> {
    const store = await this.stores.storeFor(actor);
    const machine = found(await this.#machines(store).findById(actor, machineId));
    const slots = await new SlotRepository(store).ofMachine(actor, machine.id);
    const hospitals = new HospitalRepository(store);
    const maintainerId = machine.hospitalId ? await hospitals.maintainerOf(actor, machine.hospitalId) : null;
    const live =
      maintainerId && (await hospitals.tenantUsers(actor.tenantId, [maintainerId])).has(maintainerId);
    return {
      machineId: machine.id,
      machineNo: machine.machineNo,
      machineName: machine.machineName,
      maintainerId: live ? maintainerId : null,
      slots: slots.map((slot) => ({ slotNo: slot.slotNo, status: slot.status })),
    };
  }

  /**
   * 报修: starts the tenant's latest 设备报修 for a machine the caller sees, in one transaction. The
   * slot (optional) is one of the machine's the caller sees, the maintainer a live user of the
   * tenant; the form's own checks (the photos are attachments of the tenant, the lengths) are the
   * runtime's, against the form the definition pinned. A tenant with no such process deployed is
   * told so, and nothing is written.
   */
  async report(actor: Actor, input: MachineRepairInput): Promise<MachineRepairStarted> {
    const store = await this.stores.storeFor(actor);
    // The engine is loaded before the transaction opens (runtime.service.ts, engineStep).
    await flowRuntime();
    return inTransaction(store, async (tx) => {
      const machine = found(await this.#machines(tx).findById(actor, input.machineId));
      const slotNo = input.slotNo ?? null;
      if (slotNo !== null) {
        const slots = await new SlotRepository(tx).ofMachine(actor, machine.id);
        if (!slots.some((slot) => slot.slotNo === slotNo))
          throw badRequest('machine.repair.slot.unknown', { machineNo: machine.machineNo, slotNo });
      }
      const maintainerId = input.maintainerId;
      if (!(await new HospitalRepository(tx).tenantUsers(actor.tenantId, [maintainerId])).has(maintainerId))
        throw badRequest('machine.repair.maintainer.unknown', { id: maintainerId });
      const photos = input.photos ?? [];
      const variables: Record<string, unknown> = {
        machine: machine.machineNo,
        fault: input.fault.trim(),
        maintainer: maintainerId,
        ...(slotNo !== null ? { slot: slotNo } : {}),
        ...(photos.length > 0 ? { photos } : {}),
      };
      const started = await this.runtime.startLatest(
        actor,
        REPAIR_PROCESS_KEY,
        { variables, businessTable: MACHINE_TABLE, businessId: machine.id },
        tx,
      );
      if (started === null) throw badRequest('machine.repair.noProcess');
      await whenCommitted(tx, async () =>
        this.record(actor, {
          logId: 'machine-repair',
          message: {
            key: 'machine.log.repair',
            args: { machineNo: machine.machineNo, slot: slotNo ?? '-', instance: started },
          },
          params: { machineId: machine.id, slotNo, maintainerId },
        }),
      );
      return { processInstanceId: started };
    });
  }

  /** The machines among ids with a repair order running (the list's 维修中). */
  async openAmong(actor: Actor, machineIds: readonly string[], store?: Store): Promise<Set<string>> {
    return new FlowInstanceRepository(store ?? (await this.stores.storeFor(actor))).runningAmong(
      actor,
      MACHINE_TABLE,
      machineIds,
    );
  }

  /**
   * The process ended (the maintainer completed the repair; not a withdrawal or a deletion): the
   * slot named, if still at fault, is empty again; the machine, at fault with no slot left at
   * fault, runs normally. A slot in another state is left alone (it was dealt with otherwise since).
   */
  private async followStep(tx: Store, actor: Actor, instance: InstanceRecord, step: StepResult | null) {
    if (!instance.businessId || !step?.ended || step.cancelled) return;
    const machineId = instance.businessId;
    const slot = step.variables.slot;
    const slotNo = typeof slot === 'number' && Number.isInteger(slot) ? slot : null;
    const slots = new SlotRepository(tx);
    const slotCleared = slotNo !== null && (await slots.clearFault(actor, machineId, slotNo));
    const machineCleared =
      (await slots.faultsOf(actor, machineId)) === 0 &&
      (await this.#machines(tx).clearFault(actor, machineId));
    if (!slotCleared && !machineCleared) return;
    const machineNo = (await this.#machines(tx).numberOf(actor, machineId)) ?? machineId;
    await whenCommitted(tx, async () =>
      this.record(actor, {
        logId: 'machine-repair-done',
        message: {
          key: 'machine.log.repairDone',
          args: {
            machineNo,
            slot: slotCleared ? String(slotNo) : '-',
            instance: instance.id,
          },
        },
        params: { machineId, slotNo, slotCleared, machineCleared },
      }),
    );
  }
}
