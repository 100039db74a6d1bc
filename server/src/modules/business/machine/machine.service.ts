import { type Machine, type MachineInput } from '@console/contract';
import { MACHINE_RUN_STATUS } from '@console/contract/business';
import { TenantEntityService, found } from '../../../core/entity-service.js';
import { ApiError, badRequest, notFound } from '../../../core/errors.js';
import { parseListQuery } from '../../../core/list-query.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';
import type { TenantStores } from '../../../core/repository/tenant-databases.js';
import type { RecordBusinessEvent } from '../business-events.js';
import type { EventHub } from '../../../core/events/event-hub.js';
import { newDeviceSecret } from '../device-secret.js';
import { MACHINE_TOPIC } from '../device/device-directory.js';
import { HospitalRepository } from '../hospital/hospital.repository.js';
import { SlotRepository } from '../slot/slot.repository.js';
import { claimKey, releaseUnused, type KeyInUse } from '../tenant-keys.js';
import { MachineRepository, machineTable } from './machine.repository.js';
import { MachineImportSchema, type MachineImport } from './machine.sheet.js';
import type { Language } from '../../../core/i18n.js';
import { CellError, type ImportColumn, type SheetImporter } from '../../../core/workbook/sheet-import.js';

/** What a machine's form writes (the rest is the device's and the server's). */
type MachineValues = Pick<
  Machine,
  'machineNo' | 'machineName' | 'location' | 'model' | 'slotCount' | 'runStatus' | 'remark'
> & { hospitalId: string };

/** Machine numbers per read when an import looks up the importer's machines. */
const NUMBERS_PER_READ = 1_000;

/** Whether a live machine of the tenant has the number (what backs its hold on the number). */
const numberInUse: KeyInUse = (store, tenantId, machineNo) =>
  new MachineRepository(store, 0).numberInUse(tenantId, machineNo);

/** What the rest of the server hears of, or adds to, the machines' records. */
export interface MachineHooks {
  /**
   * Machines were removed or their secrets rotated: announced as a change of the tenant's `machine`
   * topic (the device directories forget its machines: device/device-directory.ts; the consoles
   * read their machines again).
   */
  changes?: Pick<EventHub, 'changed'>;
  /** A machine's secret was rotated: its MQTT connection ends (mqtt/device-link.ts). */
  secretRotated?: (machine: Machine) => Promise<void> | void;
  /** The machines among ids with a repair order running (machine-repair.ts); none without the workflow. */
  underRepair?: (actor: Actor, ids: string[], store: Store) => Promise<Set<string>>;
}

export class MachineService extends TenantEntityService<
  Machine,
  MachineInput,
  'zx_machine',
  MachineRepository
> {
  constructor(
    stores: TenantStores,
    readonly offlineSeconds: number,
    private readonly record: RecordBusinessEvent,
    private readonly hooks: MachineHooks = {},
  ) {
    super(stores, machineTable, (s) => new MachineRepository(s, offlineSeconds));
  }

  /** `list`: the visible machines; `onlineStatus` (0/1) filters on the heartbeat window. */
  override async list(actor: Actor, query: Record<string, unknown>) {
    const raw = query.onlineStatus;
    const online = raw === '0' || raw === '1' ? Number(raw) : undefined;
    const store = await this.storeFor(actor);
    const page = await this.repositoryOn(store).pageOnline(
      actor,
      parseListQuery(query, this.table, this.timeZone),
      online,
    );
    if (!this.hooks.underRepair) return page;
    // 维修中: one query for the page's machines.
    const repairing = await this.hooks.underRepair(
      actor,
      page.records.map((m) => m.id),
      store,
    );
    return {
      ...page,
      records: page.records.map((m) => ({ ...m, underRepair: repairing.has(m.id) ? 1 : 0 })),
    };
  }

  /**
   * Creates a machine with slots 1..slotCount and a device secret (in the answer, once), or edits
   * one: a changed slotCount adds slots or retires the highest ones, never one in use. All in one
   * transaction (a new machine's number is taken on the platform first: #claimNumber).
   */
  async submit(actor: Actor, input: MachineInput): Promise<Machine> {
    const id = input.id || undefined;
    const values = this.#values(input, input.hospitalId);
    const store = await this.storeFor(actor);
    if (id === undefined) {
      await this.#claimNumber(actor, values.machineNo);
      return this.#releasingOnFailure(actor, [values.machineNo], () =>
        inTransaction(store, (tx) => this.#create(tx, actor, values)),
      );
    }
    return inTransaction(store, (tx) => this.#update(tx, actor, id, values));
  }

  /**
   * An existing machine of the actor's (visible to them) changed: its number is fixed, its hospital
   * the tenant's; a smaller slotCount retires the highest slots (never one in use), a larger adds.
   */
  async #update(tx: Store, actor: Actor, id: string, values: MachineValues): Promise<Machine> {
    const machines = this.repositoryOn(tx);
    const slots = new SlotRepository(tx);
    const before = found(await machines.findById(actor, id));
    if (before.machineNo !== values.machineNo) throw badRequest('machine.machineNo.fixed');
    if (!(await new HospitalRepository(tx).findById(actor, values.hospitalId)))
      throw badRequest('machine.hospital.unknown');
    if (values.slotCount < before.slotCount) {
      const busy = await slots.inUse(actor, before.id, values.slotCount);
      if (busy.length > 0) throw badRequest('machine.slotsInUse', { slots: busy.join(', ') });
      await slots.retireAbove(actor, before.id, values.slotCount);
    }
    const saved = await this.save(machines, actor, before.id, values);
    if (values.slotCount > before.slotCount) await slots.ensureNumbers(actor, saved, values.slotCount);
    return saved;
  }

  /**
   * The import (core/workbook/sheet-import.ts). New machines' numbers are taken on the platform
   * before the import's transaction (#claimNumber, outside transactions: SQLite has one
   * connection), a number taken twice in the sheet or by another tenant refusing its row; once the
   * transaction has ended, the numbers no stored machine uses are given back (a dry run's all).
   * Imported machines' device secrets are set by rotating.
   *
   * With the key column (`key=machineNo`) a row whose number is a machine the importer sees (of
   * their tenant, within their grants) updates it as its form's save does (#update: name, hospital,
   * place, model, slots, remark; its run status is the form's, not the sheet's, and stays). Such a
   * number is not taken again; any other is a new machine's, so another tenant's number is refused
   * as it is without the key.
   */
  importer(columns: (language: Language) => Promise<ImportColumn[]>): SheetImporter<MachineImport> {
    return {
      columns: (_actor, language) => columns(language),
      schema: MachineImportSchema,
      keys: ['machineNo'],
      storeFor: (actor) => this.storeFor(actor),
      prepare: async (actor, rows, key) => {
        const refused = new Map<number, ApiError>();
        const claimed: string[] = [];
        const seen = new Set<string>();
        // With the key: the numbers of the importer's machines (read a slice at a time: a sheet of
        // 50,000 rows is more than a statement's parameters).
        const existing = new Set<string>();
        if (key !== undefined) {
          const machines = await this.repositoryFor(actor);
          const numbers = [...new Set(rows.map(({ input }) => input.machineNo.trim()))];
          for (let at = 0; at < numbers.length; at += NUMBERS_PER_READ)
            for (const machine of await machines.findByNumbers(
              actor,
              numbers.slice(at, at + NUMBERS_PER_READ),
            ))
              existing.add(machine.machineNo);
        }
        for (const { row, input } of rows) {
          const machineNo = input.machineNo.trim();
          try {
            if (seen.has(machineNo)) throw badRequest('machine.machineNo.exists', { machineNo });
            seen.add(machineNo);
            if (existing.has(machineNo)) continue;
            await this.#claimNumber(actor, machineNo);
            claimed.push(machineNo);
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            refused.set(row, error);
          }
        }
        return {
          refused,
          settle: () =>
            releaseUnused(this.stores, actor, 'machine', claimed, numberInUse).catch(() => undefined),
        };
      },
      findByKey: async (tx, actor, _key, input) =>
        (await this.repositoryOn(tx).findByNumbers(actor, [input.machineNo.trim()]))[0]?.id,
      store: async (tx, actor, input, existing) => {
        const code = input.hospitalCode.trim();
        const hospital = await new HospitalRepository(tx).findByCode(actor, code);
        if (!hospital) throw new CellError('hospitalCode', 'machine.hospital.unknownCode', { code });
        const values = this.#values(input, hospital.id);
        if (existing === undefined) {
          await this.#create(tx, actor, values);
          return;
        }
        const before = found(await this.repositoryOn(tx).findById(actor, existing));
        await this.#update(tx, actor, existing, { ...values, runStatus: before.runStatus });
      },
    };
  }

  #values(input: Omit<MachineInput, 'id' | 'hospitalId'>, hospitalId: string): MachineValues {
    return {
      machineNo: input.machineNo.trim(),
      machineName: input.machineName.trim(),
      hospitalId,
      location: input.location?.trim() || null,
      model: input.model ?? null,
      slotCount: input.slotCount,
      runStatus: input.runStatus ?? MACHINE_RUN_STATUS.NORMAL,
      remark: input.remark?.trim() || null,
    };
  }

  /**
   * Takes a machine number for the actor's tenant: numbers are device serials, unique on the
   * platform, whichever database each tenant's machines are in (decision 0020).
   */
  async #claimNumber(actor: Actor, machineNo: string): Promise<void> {
    if (!(await claimKey(this.stores, actor, 'machine', machineNo, numberInUse)))
      throw badRequest('machine.machineNo.exists', { machineNo });
  }

  /** Runs the work; if it fails, the numbers it took and did not use are given back. */
  async #releasingOnFailure<T>(actor: Actor, machineNos: string[], work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      await releaseUnused(this.stores, actor, 'machine', machineNos, numberInUse).catch(() => undefined);
      throw error;
    }
  }

  /** A new machine (its number taken already), in a hospital of the tenant; slots and a secret. */
  async #create(tx: Store, actor: Actor, values: MachineValues): Promise<Machine> {
    const machines = this.repositoryOn(tx);
    if (!(await new HospitalRepository(tx).findById(actor, values.hospitalId)))
      throw badRequest('machine.hospital.unknown');
    const secret = newDeviceSecret();
    const created = found(await machines.findById(actor, await machines.insert(actor, values)));
    await machines.setSecretHash(actor, created.id, secret.hash);
    await new SlotRepository(tx).ensureNumbers(actor, created, values.slotCount);
    return { ...created, deviceSecret: secret.secret };
  }

  /** Removes machines with their slots and grants; their numbers are free again on the platform. */
  override async remove(actor: Actor, rawIds: string): Promise<number> {
    const removed = await this.removeRows(actor, rawIds);
    if (removed.length > 0) await this.hooks.changes?.changed(actor.tenantId, MACHINE_TOPIC);
    await releaseUnused(
      this.stores,
      actor,
      'machine',
      removed.map((m) => m.machineNo),
      numberInUse,
    );
    return removed.length;
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
    const machines = await this.repositoryFor(actor);
    const machine = found(await machines.findById(actor, id));
    if (!(await machines.bindWx(actor, id, openId, nickname))) throw notFound();
    this.record(actor, {
      logId: openId ? 'machine-bind-wx' : 'machine-unbind-wx',
      message: openId
        ? {
            key: 'machine.log.bindWx',
            args: {
              machineNo: machine.machineNo,
              openId,
              nickname: nickname ?? '',
              was: machine.wxOpenId ?? '-',
            },
          }
        : {
            key: 'machine.log.unbindWx',
            args: { machineNo: machine.machineNo, was: machine.wxOpenId ?? '-' },
          },
      params: { id, wxOpenId: openId, wxNickname: nickname },
    });
    return openId ? 'bound' : 'unbound';
  }

  /** unbindWxAccount: the machine answers to no WeChat account any more. */
  async unbindWx(actor: Actor, id: string): Promise<void> {
    await this.bindWx(actor, id);
  }

  /** A new device secret for a visible machine: answered once, the old one stops working at once. */
  async rotateSecret(actor: Actor, id: string): Promise<Machine> {
    const machines = await this.repositoryFor(actor);
    const machine = found(await machines.findById(actor, id));
    const secret = newDeviceSecret();
    if (!(await machines.setSecretHash(actor, id, secret.hash))) throw notFound();
    this.record(actor, {
      logId: 'machine-rotate-secret',
      message: { key: 'machine.log.rotateSecret', args: { machineNo: machine.machineNo } },
    });
    await this.hooks.changes?.changed(actor.tenantId, MACHINE_TOPIC);
    await this.hooks.secretRotated?.(machine);
    return { ...machine, deviceSecret: secret.secret };
  }
}
