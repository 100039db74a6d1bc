import { type Machine, type Page } from '@console/contract';
import { MachineSchema } from '@console/contract/schema';
import { MACHINE_RUN_STATUS } from '@console/contract/business';
import type { ExpressionBuilder } from 'kysely';
import { formatDateTime } from '../../../core/dates.js';
import type { ListQuery } from '../../../core/list-query.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import { TableRepository, type TableSelect } from '../../../core/repository/table-repository.js';
import { defineTable } from '../../../core/repository/table.js';
import { unscoped } from '../../../core/repository/unscoped.js';
import { machineGrantScope } from '../grant-scope.repository.js';
import type { Database } from '../../../db/schema.js';
import { HospitalRepository } from '../hospital/hospital.repository.js';

/** A stored instant as read back (a Date, or ISO text on SQLite), or null. */
const instantOf = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value));

/** Machines (zx_machine): a tenant's cabinets, each in a hospital, each with its slots. */
export const machineTable = defineTable(
  MachineSchema,
  'zx_machine',
  { tenantScoped: true, rowScope: machineGrantScope },
  {
    kinds: { hospitalId: 'id', lastHeartbeatTime: 'datetime', wxBindTime: 'datetime' },
    computed: {
      hospitalName: true,
      onlineStatus: true,
      onlineSince: true,
      offlineSince: true,
      underRepair: true,
    },
    filter: [
      'machineNo',
      'machineName',
      'hospitalId',
      'location',
      'model',
      'runStatus',
      'lastHeartbeatTime',
      'apkPackageName',
      'apkVersionCode',
      'wxOpenId',
      'wxNickname',
      'remark',
    ],
    sort: [
      'machineNo',
      'machineName',
      'model',
      'slotCount',
      'runStatus',
      'lastHeartbeatTime',
      'apkVersionCode',
    ],
    // What the device reports and the binding records: written by their own calls, never a form.
    readOnly: [
      'lastHeartbeatTime',
      'apkPackageName',
      'apkVersionCode',
      'wxOpenId',
      'wxNickname',
      'wxBindTime',
      'deviceSecret',
    ],
    writeOnly: { deviceSecret: 'string' },
  },
);

/**
 * How a machine is found by its device: by number, in the tenant holding the number. Read from the
 * database, then moved on by the messages the process handles (device/heartbeat-times.ts, heardFrom):
 * a record kept across messages is the process's latest view of the machine.
 */
export interface DeviceRecord {
  id: string;
  tenantId: string;
  machineNo: string;
  secretHash: string | null;
  apkPackageName: string | null;
  apkVersionCode: number | null;
  /** Its last heartbeat (an unchanged one may still be on its way to the database: device/heartbeat-times.ts). */
  heardAt: Date | null;
  /** When its MQTT connection last ended. */
  disconnectedAt: Date | null;
}

export class MachineRepository extends TableRepository<Machine, 'zx_machine'> {
  constructor(
    store: Store,
    /** A machine is online while its last heartbeat is younger than this. */
    private readonly offlineSeconds: number,
  ) {
    super(store, machineTable);
  }

  /** The moment before which a heartbeat no longer counts: machines are offline past it. */
  onlineSince(now = Date.now()): Date {
    return new Date(now - this.offlineSeconds * 1000);
  }

  // The online rule, in SQL (the lists' filter, the counts) and for a row read: a machine is online
  // while it was heard from (a heartbeat, or an MQTT connection) within the window and its MQTT
  // connection has not ended since.

  /** The rule as a condition, over the window starting at `since`. */
  #online(eb: ExpressionBuilder<Database, 'zx_machine'>, since: Date) {
    return eb.and([
      eb('last_heartbeat_time', '>=', since),
      eb.or([eb('offline_time', 'is', null), eb('offline_time', '<', eb.ref('last_heartbeat_time'))]),
    ]);
  }

  /** Its negation, spelt out (a comparison with a null is neither true nor false). */
  #offline(eb: ExpressionBuilder<Database, 'zx_machine'>, since: Date) {
    return eb.or([
      eb('last_heartbeat_time', 'is', null),
      eb('last_heartbeat_time', '<', since),
      eb.and([eb('offline_time', 'is not', null), eb('offline_time', '>=', eb.ref('last_heartbeat_time'))]),
    ]);
  }

  protected override toEntity(row: Record<string, unknown>): Machine {
    const machine = super.toEntity(row);
    const heard = instantOf(row.last_heartbeat_time);
    const ended = instantOf(row.offline_time);
    const online = heard !== null && heard >= this.onlineSince() && (ended === null || ended < heard);
    const wire = (at: Date | null) => (at ? formatDateTime(at, this.store.timeZone) : null);
    // Offline since the connection ended, or since the last heartbeat's window ran out.
    const silentFrom = heard && new Date(heard.getTime() + this.offlineSeconds * 1000);
    return {
      ...machine,
      hospitalName: null,
      onlineStatus: online ? 1 : 0,
      onlineSince: online ? wire(instantOf(row.online_time) ?? heard) : null,
      offlineSince: online ? null : wire(ended && (!heard || ended >= heard) ? ended : silentFrom),
    };
  }

  /** A page of the visible machines; `online` (0/1) filters on the online rule. */
  async pageOnline(actor: Actor, query: ListQuery, online: number | undefined): Promise<Page<Machine>> {
    let q = await this.visibleSelect(actor);
    if (online !== undefined) q = this.whereOnline(q, online === 1);
    const page = await this.pageFrom(q, query);
    return { ...page, records: await this.withHospitalNames(actor, page.records) };
  }

  whereOnline(q: TableSelect<'zx_machine'>, online: boolean): TableSelect<'zx_machine'> {
    const since = this.onlineSince();
    return q.where((eb) => (online ? this.#online(eb, since) : this.#offline(eb, since)));
  }

  /** The visible machines whose last heartbeat is older than `before` (never-seen ones are not). */
  async silentSince(actor: Actor, before: Date, limit: number): Promise<Machine[]> {
    const rows = await (
      await this.visibleSelect(actor)
    )
      .selectAll()
      .where('last_heartbeat_time', 'is not', null)
      .where('last_heartbeat_time', '<', before)
      .orderBy('last_heartbeat_time')
      .limit(limit)
      .execute();
    return this.withHospitalNames(
      actor,
      rows.map((row) => this.toEntity(row)),
    );
  }

  override async findById(actor: Actor, id: string): Promise<Machine | undefined> {
    const machine = await super.findById(actor, id);
    return machine ? (await this.withHospitalNames(actor, [machine]))[0] : undefined;
  }

  /** The visible machines with these numbers. */
  async findByNumbers(actor: Actor, machineNos: readonly string[]): Promise<Machine[]> {
    if (machineNos.length === 0) return [];
    const rows = await (
      await this.visibleSelect(actor)
    )
      .selectAll()
      .where('machine_no', 'in', [...machineNos])
      .execute();
    return rows.map((row) => this.toEntity(row));
  }

  /**
   * Whether a live machine of the tenant, in this database, has the number: whether the tenant's
   * hold on it (zx_tenant_key, see tenant-keys.ts) is backed by a machine.
   */
  async numberInUse(tenantId: string, machineNo: string): Promise<boolean> {
    const row = await this.scopedSelect({ tenantId, userId: null, deptId: null })
      .select('id')
      .where('machine_no', '=', machineNo)
      .executeTakeFirst();
    return row !== undefined;
  }

  async withHospitalNames(actor: Actor, machines: Machine[]): Promise<Machine[]> {
    const names = await new HospitalRepository(this.store).namesOf(
      actor,
      machines.map((m) => m.hospitalId),
    );
    return machines.map((m) => ({
      ...m,
      hospitalName: m.hospitalId ? (names.get(m.hospitalId) ?? null) : null,
    }));
  }

  /** Binds (or, with nulls, unbinds) the WeChat account answering for a visible machine. */
  async bindWx(actor: Actor, id: string, openId: string | null, nickname: string | null): Promise<boolean> {
    const result = await (
      await this.visibleUpdate(actor)
    )
      .set({ wx_open_id: openId, wx_nickname: nickname, wx_bind_time: openId ? new Date() : null })
      .where('id', '=', BigInt(id))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A live machine's number in the tenant, grants not applied (what a log line names). */
  async numberOf(actor: Actor, id: string): Promise<string | undefined> {
    const row = await this.scopedSelect(actor)
      .select('machine_no')
      .where('id', '=', BigInt(id))
      .executeTakeFirst();
    return row?.machine_no;
  }

  /**
   * A repair order ended (issue 51): the machine's run status FAULT becomes NORMAL. The tenant's
   * machine, grants not applied: the process acts, not its maintainer's view of the fleet.
   */
  async clearFault(actor: Actor, id: string): Promise<boolean> {
    const result = await this.scopedUpdate(actor)
      .set({ run_status: MACHINE_RUN_STATUS.NORMAL })
      .where('id', '=', BigInt(id))
      .where('run_status', '=', MACHINE_RUN_STATUS.FAULT)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Stores the hash of a machine's new device secret. */
  async setSecretHash(actor: Actor, id: string, secretHash: string): Promise<boolean> {
    const result = await (
      await this.visibleUpdate(actor)
    )
      .set({ device_secret: secretHash })
      .where('id', '=', BigInt(id))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * The live machine with this number in its tenant (found first through zx_tenant_key, in the main
   * database, then read in the tenant's own): how a device is recognised.
   */
  async findDevice(tenantId: string, machineNo: string): Promise<DeviceRecord | undefined> {
    const row = await this.scopedSelect({ tenantId, userId: null, deptId: null })
      .select([
        'id',
        'tenant_id',
        'machine_no',
        'device_secret',
        'apk_package_name',
        'apk_version_code',
        'last_heartbeat_time',
        'offline_time',
      ])
      .where('machine_no', '=', machineNo)
      .executeTakeFirst();
    return row
      ? {
          id: String(row.id),
          tenantId: row.tenant_id,
          machineNo: row.machine_no,
          secretHash: row.device_secret,
          apkPackageName: row.apk_package_name,
          apkVersionCode: row.apk_version_code === null ? null : Number(row.apk_version_code),
          heardAt: instantOf(row.last_heartbeat_time),
          disconnectedAt: instantOf(row.offline_time),
        }
      : undefined;
  }

  /**
   * A heartbeat: the time, and what the device says it runs. A machine that was offline comes
   * online now.
   */
  async recordHeartbeat(
    actor: Actor,
    id: string,
    apk: { packageName?: string; versionCode?: number },
    /** When it came: now, or a demo's past. */
    at = new Date(),
  ): Promise<void> {
    const since = this.onlineSince(at.getTime());
    await this.scopedUpdate(actor)
      // online_time first: MySQL's UPDATE reads a column assigned before it as already changed.
      .set((eb) => ({
        online_time: eb.case().when(this.#offline(eb, since)).then(at).else(eb.ref('online_time')).end(),
        last_heartbeat_time: at,
        ...(apk.packageName !== undefined ? { apk_package_name: apk.packageName } : {}),
        ...(apk.versionCode !== undefined ? { apk_version_code: apk.versionCode } : {}),
      }))
      .where('id', '=', BigInt(id))
      .execute();
  }

  /**
   * Heartbeats that changed nothing, in one statement: the machines were heard from `at` (no
   * earlier than what is stored, which another process may have written since). A machine that is
   * offline as stored (its connection's end written by another process since this one last knew)
   * comes online at `at`, as recordHeartbeat would have it.
   */
  async recordHeard(tenantId: string, ids: readonly string[], at: Date): Promise<void> {
    const since = this.onlineSince(at.getTime());
    await this.scopedUpdate({ tenantId, userId: null, deptId: null })
      // online_time first: MySQL's UPDATE reads a column assigned before it as already changed.
      .set((eb) => ({
        online_time: eb.case().when(this.#offline(eb, since)).then(at).else(eb.ref('online_time')).end(),
        last_heartbeat_time: at,
      }))
      .where(
        'id',
        'in',
        ids.map((id) => BigInt(id)),
      )
      .where((eb) => eb.or([eb('last_heartbeat_time', 'is', null), eb('last_heartbeat_time', '<', at)]))
      .execute();
  }

  /** Its MQTT connection began: heard from now, and online now unless it was already. */
  markConnected(actor: Actor, id: string, at = new Date()): Promise<void> {
    return this.recordHeartbeat(actor, id, {}, at);
  }

  /** Its MQTT connection ended (a disconnect, or the will message): offline now. */
  async markDisconnected(actor: Actor, id: string, at = new Date()): Promise<void> {
    await this.scopedUpdate(actor).set({ offline_time: at }).where('id', '=', BigInt(id)).execute();
  }

  /**
   * The tenant's live machines that last said they run the package (a staged update's fleet): id,
   * number and hospital, by number. All of them: a rollout is the tenant's, not a user's view.
   */
  async runningPackage(
    tenantId: string,
    packageName: string,
  ): Promise<Array<{ id: string; machineNo: string; hospitalId: string | null }>> {
    const rows = await unscoped(this.store)
      .selectFrom('zx_machine')
      .select(['id', 'machine_no', 'hospital_id'])
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .where('apk_package_name', '=', packageName)
      .orderBy('machine_no')
      .execute();
    return rows.map((row) => ({
      id: String(row.id),
      machineNo: row.machine_no,
      hospitalId: row.hospital_id === null ? null : String(row.hospital_id),
    }));
  }

  /** The fleet board's machine counts per hospital over what the caller sees (the online rule). */
  async countsByHospital(
    actor: Actor,
  ): Promise<Array<{ hospitalId: string | null; machines: number; online: number; fault: number }>> {
    const since = this.onlineSince();
    const rows = await (
      await this.visibleSelect(actor)
    )
      .select((eb) => [
        'hospital_id',
        eb.fn.countAll().as('machines'),
        eb.fn.sum(eb.case().when(this.#online(eb, since)).then(1).else(0).end()).as('online'),
        eb.fn
          .sum(eb.case().when('run_status', '=', MACHINE_RUN_STATUS.FAULT).then(1).else(0).end())
          .as('fault'),
      ])
      .groupBy('hospital_id')
      .execute();
    return rows.map((row) => ({
      hospitalId: row.hospital_id === null ? null : String(row.hospital_id),
      machines: Number(row.machines),
      online: Number(row.online ?? 0),
      fault: Number(row.fault ?? 0),
    }));
  }

  /** The hospital of each machine the caller sees (the fleet board's slots by hospital). */
  async hospitalsOf(actor: Actor): Promise<Map<string, string | null>> {
    const rows = await (await this.visibleSelect(actor)).select(['id', 'hospital_id']).execute();
    return new Map(
      rows.map((row) => [String(row.id), row.hospital_id === null ? null : String(row.hospital_id)]),
    );
  }

  /** The dashboard's machine counts over what the caller sees. */
  async fleetCounts(actor: Actor): Promise<{ total: number; online: number; fault: number }> {
    const since = this.onlineSince();
    const row = await (
      await this.visibleSelect(actor)
    )
      .select((eb) => [
        eb.fn.countAll().as('total'),
        eb.fn.sum(eb.case().when(this.#online(eb, since)).then(1).else(0).end()).as('online'),
        eb.fn
          .sum(eb.case().when('run_status', '=', MACHINE_RUN_STATUS.FAULT).then(1).else(0).end())
          .as('fault'),
      ])
      .executeTakeFirst();
    return {
      total: Number(row?.total ?? 0),
      online: Number(row?.online ?? 0),
      fault: Number(row?.fault ?? 0),
    };
  }

  /** Machines by the package and version they last reported, most machines first. */
  async versionsInField(
    actor: Actor,
  ): Promise<Array<{ packageName: string | null; versionCode: number | null; machines: number }>> {
    const rows = await (
      await this.visibleSelect(actor)
    )
      .select((eb) => ['apk_package_name', 'apk_version_code', eb.fn.countAll().as('machines')])
      .groupBy(['apk_package_name', 'apk_version_code'])
      .execute();
    return rows
      .map((r) => ({
        packageName: r.apk_package_name,
        versionCode: r.apk_version_code === null ? null : Number(r.apk_version_code),
        machines: Number(r.machines),
      }))
      .sort((a, b) => b.machines - a.machines || (b.versionCode ?? -1) - (a.versionCode ?? -1));
  }

  /**
   * How many live machines of the tenant stand in each of these hospitals, granted to the caller or
   * not: a removal must not orphan machines the caller cannot see.
   */
  async countInHospitals(actor: Actor, hospitalIds: readonly string[]): Promise<Map<string, number>> {
    if (hospitalIds.length === 0) return new Map();
    const rows = await this.scopedSelect(actor)
      .select(['hospital_id', (eb) => eb.fn.countAll().as('n')])
      .where(
        'hospital_id',
        'in',
        hospitalIds.map((id) => BigInt(id)),
      )
      .groupBy('hospital_id')
      .execute();
    return new Map(rows.map((r) => [String(r.hospital_id), Number(r.n)]));
  }
}
