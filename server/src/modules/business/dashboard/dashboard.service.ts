import { type Dashboard, type FleetHospital } from '@console/contract';
import { SLOT_STATUS, REFUND_REVIEW_STATUS } from '@console/contract/business';
import type { Cache } from '../../../core/cache/index.js';
import { formatDateTime } from '../../../core/dates.js';
import type { Actor } from '../../../core/repository/store.js';
import type { TenantStores } from '../../../core/repository/tenant-databases.js';
import { ApkRepository } from '../apk/apk.repository.js';
import { grantsRestrict } from '../grant-scope.repository.js';
import { HospitalRepository } from '../hospital/hospital.repository.js';
import { MachineRepository } from '../machine/machine.repository.js';
import { RefundRepository } from '../refund/refund.repository.js';
import { SlotRepository } from '../slot/slot.repository.js';

const DAYS = 30;
/** Seconds a dashboard is served from the cache: the home page polls, the database is asked less. */
export const DASHBOARD_TTL_SECONDS = 10;

/**
 * The home page's numbers (one call): the fleet the caller sees (tenant, and grants for an
 * operator, through the repositories' scopes), briefly cached per tenant, and per user where
 * grants make users' views differ.
 */
export class DashboardService {
  constructor(
    private readonly stores: TenantStores,
    private readonly cache: Cache,
    private readonly offlineSeconds: number,
  ) {}

  async dashboard(actor: Actor): Promise<Dashboard> {
    const key = `dashboard:${actor.tenantId}:${grantsRestrict(actor) ? (actor.userId ?? '-') : 'all'}`;
    const cached = await this.cache.get(key).catch(() => null);
    if (cached) return JSON.parse(cached) as Dashboard;
    const dashboard = await this.compute(actor);
    await this.cache.set(key, JSON.stringify(dashboard), DASHBOARD_TTL_SECONDS).catch(() => undefined);
    return dashboard;
  }

  /**
   * 设备总览 (issue 50): per hospital, its machines online, offline and at fault, and its slots in use
   * and at fault, over what the caller sees (grants included), largest hospitals first. Not cached:
   * the board is read again when it is told the fleet changed.
   */
  async fleetOverview(actor: Actor): Promise<FleetHospital[]> {
    const store = await this.stores.storeFor(actor);
    const machineRecords = new MachineRepository(store, this.offlineSeconds);
    const [machines, slotsOfMachines, hospitalOf] = await Promise.all([
      machineRecords.countsByHospital(actor),
      new SlotRepository(store).countsByMachine(actor),
      machineRecords.hospitalsOf(actor),
    ]);
    // The slots of each hospital: of its machines the caller sees.
    const slots = new Map<string | null, { slots: number; inUse: number; fault: number }>();
    for (const counted of slotsOfMachines) {
      if (!hospitalOf.has(counted.machineId)) continue;
      const hospitalId = hospitalOf.get(counted.machineId) ?? null;
      const sum = slots.get(hospitalId) ?? { slots: 0, inUse: 0, fault: 0 };
      slots.set(hospitalId, {
        slots: sum.slots + counted.slots,
        inUse: sum.inUse + counted.inUse,
        fault: sum.fault + counted.fault,
      });
    }
    const names = await new HospitalRepository(store).namesOf(
      actor,
      machines.map((m) => m.hospitalId),
    );
    return machines
      .map((m) => {
        const s = slots.get(m.hospitalId);
        return {
          hospitalId: m.hospitalId,
          hospitalName: m.hospitalId ? (names.get(m.hospitalId) ?? null) : null,
          machines: m.machines,
          online: m.online,
          offline: m.machines - m.online,
          fault: m.fault,
          slots: s?.slots ?? 0,
          slotsInUse: s?.inUse ?? 0,
          slotsFault: s?.fault ?? 0,
        };
      })
      .sort((a, b) => b.machines - a.machines || (a.hospitalName ?? '').localeCompare(b.hospitalName ?? ''));
  }

  async compute(actor: Actor): Promise<Dashboard> {
    const store = await this.stores.storeFor(actor);
    const machines = new MachineRepository(store, this.offlineSeconds);
    const refunds = new RefundRepository(store);
    const now = new Date();
    const days = Array.from({ length: DAYS }, (_, i) =>
      formatDateTime(new Date(now.getTime() - (DAYS - 1 - i) * 86_400_000), store.timeZone).slice(0, 10),
    );
    // From the first day's midnight in the wire's time zone: the earliest moment of the chart.
    const since = new Date(now.getTime() - DAYS * 86_400_000);
    const [fleet, slots, pending, decided, versions] = await Promise.all([
      machines.fleetCounts(actor),
      new SlotRepository(store).countsByStatus(actor),
      refunds.pendingTotals(actor),
      refunds.decidedSince(actor, since),
      machines.versionsInField(actor),
    ]);
    const byDay = new Map(days.map((date) => [date, { date, agreed: 0, rejected: 0, agreedAmount: 0 }]));
    for (const d of decided) {
      const day = byDay.get(formatDateTime(d.reviewTime, store.timeZone).slice(0, 10));
      if (!day) continue;
      if (d.status === REFUND_REVIEW_STATUS.AGREED) {
        day.agreed++;
        day.agreedAmount += d.amount;
      } else day.rejected++;
    }
    const names = await new ApkRepository(store).versionNames(
      actor,
      versions.filter((v) => v.packageName && v.versionCode !== null) as Array<{
        packageName: string;
        versionCode: number;
      }>,
    );
    const count = (status: number) => slots.get(status) ?? 0;
    return {
      machines: {
        total: fleet.total,
        online: fleet.online,
        offline: fleet.total - fleet.online,
        fault: fleet.fault,
      },
      slots: {
        total: [...slots.values()].reduce((a, b) => a + b, 0),
        empty: count(SLOT_STATUS.EMPTY),
        stocked: count(SLOT_STATUS.STOCKED),
        inUse: count(SLOT_STATUS.IN_USE),
        fault: count(SLOT_STATUS.FAULT),
        locked: count(SLOT_STATUS.LOCKED),
      },
      refunds: { pending: pending.pending, pendingAmount: pending.amount },
      refundsByDay: [...byDay.values()],
      apkVersions: versions.map((v) => ({
        ...v,
        versionName:
          v.packageName && v.versionCode !== null
            ? (names.get(`${v.packageName}:${v.versionCode}`) ?? null)
            : null,
      })),
      generatedAt: formatDateTime(now, store.timeZone),
    };
  }
}
