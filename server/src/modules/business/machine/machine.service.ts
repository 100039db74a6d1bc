import { MACHINE_RUN_STATUS, type Machine, type MachineInput } from '@console/contract';
import { EntityService, found } from '../../../core/entity-service.js';
import { badRequest, notFound } from '../../../core/errors.js';
import { parseListQuery } from '../../../core/list-query.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';
import type { RecordBusinessEvent } from '../business-events.js';
import { newDeviceSecret } from '../device-secret.js';
import { HospitalRepository } from '../hospital/hospital.repository.js';
import { SlotRepository } from '../slot/slot.repository.js';
import { MachineRepository, machineTable } from './machine.repository.js';

export class MachineService extends EntityService<Machine, MachineInput, 'zx_machine', MachineRepository> {
  constructor(
    store: Store,
    readonly offlineSeconds: number,
    private readonly record: RecordBusinessEvent,
  ) {
    super(store, machineTable, (s) => new MachineRepository(s, offlineSeconds));
  }

  /** `list`: the visible machines; `onlineStatus` (0/1) filters on the heartbeat window. */
  override list(actor: Actor, query: Record<string, unknown>) {
    const raw = query.onlineStatus;
    const online = raw === '0' || raw === '1' ? Number(raw) : undefined;
    return this.repository.pageOnline(actor, parseListQuery(query, this.table, this.store.timeZone), online);
  }

  /**
   * Creates a machine with slots 1..slotCount and a device secret (in the answer, once), or edits
   * one: a changed slotCount adds slots or retires the highest ones, never one in use. All in one
   * transaction.
   */
  async submit(actor: Actor, input: MachineInput): Promise<Machine> {
    const id = input.id || undefined;
    const values = {
      machineNo: input.machineNo.trim(),
      machineName: input.machineName.trim(),
      hospitalId: input.hospitalId,
      location: input.location?.trim() || null,
      model: input.model ?? null,
      slotCount: input.slotCount,
      runStatus: input.runStatus ?? MACHINE_RUN_STATUS.NORMAL,
      remark: input.remark?.trim() || null,
    };
    return inTransaction(this.store, async (tx) => {
      const machines = this.repositoryOn(tx);
      const slots = new SlotRepository(tx);
      const before = id === undefined ? undefined : found(await machines.findById(actor, id));
      if (before && before.machineNo !== values.machineNo) throw badRequest('machine.machineNo.fixed');
      if (!before && (await machines.numberTaken(values.machineNo)))
        throw badRequest('machine.machineNo.exists', { machineNo: values.machineNo });
      if (!(await new HospitalRepository(tx).findById(actor, values.hospitalId)))
        throw badRequest('machine.hospital.unknown');

      if (before && values.slotCount < before.slotCount) {
        const busy = await slots.inUse(actor, before.id, values.slotCount);
        if (busy.length > 0) throw badRequest('machine.slotsInUse', { slots: busy.join(', ') });
        await slots.retireAbove(actor, before.id, values.slotCount);
      }
      if (!before) {
        const secret = newDeviceSecret();
        const created = found(await machines.findById(actor, await machines.insert(actor, values)));
        await machines.setSecretHash(actor, created.id, secret.hash);
        await slots.ensureNumbers(actor, created, values.slotCount);
        return { ...created, deviceSecret: secret.secret };
      }
      const saved = await this.save(machines, actor, before.id, values);
      if (values.slotCount > before.slotCount) await slots.ensureNumbers(actor, saved, values.slotCount);
      return saved;
    });
  }

  /** A machine with a slot in use stays; removing one removes its slots and their grants. */
  protected override async beforeRemove(
    tx: Store,
    actor: Actor,
    ids: string[],
    rows: Machine[],
  ): Promise<void> {
    const slots = new SlotRepository(tx);
    for (const machine of rows) {
      const busy = await slots.inUse(actor, machine.id);
      if (busy.length > 0)
        throw badRequest('machine.removeInUse', { machineNo: machine.machineNo, slots: busy.join(', ') });
    }
    await slots.removeOfMachines(actor, ids);
  }

  /** bindWxAccount: binds the person answering for the machine, or unbinds with both empty. */
  async bindWx(
    actor: Actor,
    id: string,
    wxOpenId?: string,
    wxNickname?: string,
  ): Promise<'bound' | 'unbound'> {
    const openId = wxOpenId?.trim() || null;
    const nickname = wxNickname?.trim() || null;
    if (!openId && nickname) throw badRequest('machine.wxOpenId.required');
    const machine = found(await this.repository.findById(actor, id));
    if (!(await this.repository.bindWx(actor, id, openId, nickname))) throw notFound();
    this.record(actor, {
      logId: openId ? 'machine-bind-wx' : 'machine-unbind-wx',
      logData: openId
        ? `${machine.machineNo} bound to WeChat ${openId} (${nickname ?? ''}), was ${machine.wxOpenId ?? 'none'}`
        : `${machine.machineNo} unbound from WeChat ${machine.wxOpenId ?? 'none'}`,
      params: { id, wxOpenId: openId, wxNickname: nickname },
    });
    return openId ? 'bound' : 'unbound';
  }

  /** A new device secret for a visible machine: answered once, the old one stops working at once. */
  async rotateSecret(actor: Actor, id: string): Promise<Machine> {
    const machine = found(await this.repository.findById(actor, id));
    const secret = newDeviceSecret();
    if (!(await this.repository.setSecretHash(actor, id, secret.hash))) throw notFound();
    this.record(actor, {
      logId: 'machine-rotate-secret',
      logData: `${machine.machineNo}: device secret rotated`,
    });
    return { ...machine, deviceSecret: secret.secret };
  }
}
