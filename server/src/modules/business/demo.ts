import { createHash, randomBytes } from 'node:crypto';
import { type Machine } from '@console/contract';
import { MACHINE_RUN_STATUS, REFUND_REVIEW_STATUS, SLOT_STATUS } from '@console/contract/business';
import type { Actor } from '../../core/repository/store.js';
import type { TenantStores } from '../../core/repository/tenant-databases.js';
import { firstUserOf } from './demo.repository.js';
import type { SimulatedDevice } from './device-simulator.js';
import { HospitalRepository } from './hospital/hospital.repository.js';
import { AttachRepository } from '../resource/attach/attach.repository.js';
import { TenantRepository } from '../system/tenant/tenant.repository.js';
import { LocalStorage } from '../resource/storage/local-storage.js';
import { linkOf } from '../resource/storage/object-storage.js';
import { ApkService } from './apk/apk.service.js';
import { CommandService } from './command/command.service.js';
import { RolloutService } from './rollout/rollout.service.js';
import { DeviceService } from './device/device.service.js';
import { HospitalService } from './hospital/hospital.service.js';
import { FleetSnapshots } from './device/fleet-snapshots.js';
import { MachineRepository, type DeviceRecord } from './machine/machine.repository.js';
import { MachineService } from './machine/machine.service.js';
import { RefundRepository } from './refund/refund.repository.js';
import { RefundService } from './refund/refund.service.js';

// `npm run demo`: a tenant's fleet to try the console and the dashboard with (business-domain.md,
// "Seed data"). It goes through the same services as the API (so every rule holds) and only
// back-dates what a demo needs to look lived-in: heartbeats and the last 30 days of refunds. The
// tenant's records go where the tenant's are routed (decision 0020); the apk files' attachments
// and the users are the main database's.

export interface DemoSummary {
  hospitals: number;
  machines: number;
  apks: number;
  refunds: number;
}

/** The demo's package of the cabinet app; machine 2 runs version 100 of it, the others 110. */
const DEMO_PACKAGE = 'com.zxgxg.cabinet';
const MACHINE_COUNT = 8;
/** Machine 6 went quiet an hour ago (offline); machine 8 was never heard from. */
const QUIET_MACHINE = 6;
const SILENT_MACHINE = 8;
const machineNo = (i: number) => `DEMO-${String(i).padStart(4, '0')}`;
const versionOf = (i: number) => (i === 2 ? 100 : 110);

const HOSPITALS = [
  ['DEMO-H1', '市第一人民医院', 1, '110101', '东城区北京路1号'],
  ['DEMO-H2', '市妇幼保健院', 2, '110102', '西城区长安街8号'],
  ['DEMO-H3', '区中医医院', 3, null, '朝阳区建国路66号'],
] as const;

/** Fills the tenant, unless its demo hospitals are there already (answers null then). */
export async function fillDemo(
  stores: TenantStores,
  options: { tenantId: string; uploadsRoot: string; offlineSeconds: number },
): Promise<DemoSummary | null> {
  const actor: Actor = await firstUserOf(stores.main, options.tenantId);
  const store = await stores.storeFor(actor);
  const hospitalRecords = new HospitalRepository(store);
  if (await hospitalRecords.findByCode(actor, HOSPITALS[0][0])) return null;

  const quiet = () => undefined;
  const hospitals = new HospitalService(stores);
  const machines = new MachineService(stores, options.offlineSeconds, quiet);
  const refunds = new RefundService(stores, quiet);
  // No console is open while the demo is filled: nobody to tell of changes, no broker to send by.
  const commands = new CommandService(
    stores,
    options.offlineSeconds,
    quiet,
    { changed: async () => {} },
    () => undefined,
  );
  const rollouts = new RolloutService(stores, options.offlineSeconds, quiet, { changed: async () => {} });
  // Each demo machine beats once, as a new machine: written at once, nothing left to coalesce.
  const devices = new DeviceService(
    stores,
    options.offlineSeconds,
    refunds,
    commands,
    rollouts,
    { heard: () => undefined },
    new FleetSnapshots(stores, { onChange: () => undefined }),
  );

  const hospitalIds: string[] = [];
  for (const [hospitalCode, hospitalName, level, regionCode, address] of HOSPITALS) {
    const regionKnown = regionCode ? await hospitalRecords.regionExists(regionCode) : false;
    const saved = await hospitals.submit(actor, {
      hospitalCode,
      hospitalName,
      level,
      regionCode: regionKnown ? regionCode : null,
      address,
      contactName: '设备科',
      contactPhone: '010-88886666',
    });
    hospitalIds.push(saved.id);
  }

  // Versions of the cabinet app: 1.0 and 1.1 published, 1.2 a draft.
  const apks = new ApkService(stores, quiet);
  const storage = new LocalStorage(options.uploadsRoot, options.tenantId);
  for (const [versionName, versionCode, publishStatus] of [
    ['1.0.0', 100, 1],
    ['1.1.0', 110, 1],
    ['1.2.0', 120, 0],
  ] as const) {
    // A stand-in package: a zip's end record and the version, enough for the file checks.
    const content = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x05, 0x06]),
      Buffer.alloc(18),
      Buffer.from(versionName),
    ]);
    const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    const name = `upload/${day}/${randomBytes(16).toString('hex')}.apk`;
    // Stored files count against the tenant's storage quota, as an upload's do (OssService.putFile).
    if (!(await new TenantRepository(stores.main).reserveUpload(options.tenantId, content.length)))
      throw new Error(`tenant ${options.tenantId}: its storage quota has no room for the demo's apk files`);
    await storage.put(name, content);
    const attachments = new AttachRepository(stores.main);
    const attachId = await attachments.insert(actor, {
      link: linkOf(storage, name),
      domain: storage.domain,
      name,
      originalName: `cabinet-${versionName}.apk`,
      extension: 'apk',
      attachSize: content.length,
    });
    await attachments.recordDigest(actor, attachId, createHash('md5').update(content).digest('hex'));
    await apks.submit(actor, {
      appName: '智能储物柜',
      packageName: 'com.zxgxg.cabinet',
      versionName,
      versionCode,
      attachId,
      forceUpdate: 0,
      releaseNotes: `${versionName} 版本更新`,
      publishStatus,
    });
  }

  // Eight machines across the hospitals: most online on 1.1, one on 1.0, one silent, one at fault.
  const created: Machine[] = [];
  for (let i = 1; i <= MACHINE_COUNT; i++) {
    const machine = await machines.submit(actor, {
      machineNo: machineNo(i),
      machineName: `${i}号柜`,
      hospitalId: hospitalIds[(i - 1) % hospitalIds.length]!,
      location: `${((i - 1) % 5) + 1}楼 护士站旁`,
      model: i % 3 === 0 ? 3 : 1,
      slotCount: i % 3 === 0 ? 48 : 24,
      runStatus: i === 7 ? MACHINE_RUN_STATUS.FAULT : MACHINE_RUN_STATUS.NORMAL,
    });
    created.push(machine);
    if (i === SILENT_MACHINE) continue;
    const device = newDevice(options.tenantId, machine);
    const states = Array.from({ length: machine.slotCount }, (_, n) => ({
      slotNo: n + 1,
      status:
        n % 7 === 0
          ? SLOT_STATUS.IN_USE
          : n % 5 === 0
            ? SLOT_STATUS.STOCKED
            : n === 11
              ? SLOT_STATUS.FAULT
              : SLOT_STATUS.EMPTY,
    }));
    await devices.heartbeat(device, {
      apkPackageName: DEMO_PACKAGE,
      apkVersionCode: versionOf(i),
      slots: states,
    });
  }
  await new MachineRepository(store, options.offlineSeconds).recordHeartbeat(
    actor,
    created[QUIET_MACHINE - 1]!.id,
    {},
    new Date(Date.now() - 3_600_000),
  );

  // Refund requests over the last 30 days: the older ones decided, the recent ones pending.
  const refundRepository = new RefundRepository(store);
  const reasons = ['柜门打不开', '物品未取出', '重复扣费', '格口故障', '误操作'];
  let count = 0;
  for (let day = 29; day >= 0; day--) {
    for (let k = 0; k < (day % 3) + 1; k++) {
      const machine = created[(day + k) % 7]!;
      const orderAmount = 300 + ((day * 37 + k * 53) % 1700);
      const refund = await devices.refundRequest(newDevice(options.tenantId, machine), {
        orderNo: `DEMO${Date.now().toString(36).toUpperCase()}${String(count).padStart(4, '0')}`,
        slotNo: ((day + k) % machine.slotCount) + 1,
        customerOpenId: `o-demo-${day}-${k}`,
        customerPhone: `139${String(10_000_000 + day * 1000 + k).slice(-8)}`,
        orderAmount,
        refundAmount: k === 1 ? Math.round(orderAmount / 2) : orderAmount,
        reason: reasons[(day + k) % reasons.length]!,
      });
      const applied = new Date(Date.now() - day * 86_400_000 - (k + 1) * 3_600_000);
      if (day >= 2) {
        const status = (day + k) % 4 === 0 ? REFUND_REVIEW_STATUS.REJECTED : REFUND_REVIEW_STATUS.AGREED;
        await refundRepository.decide(
          actor,
          refund.id,
          status,
          status === REFUND_REVIEW_STATUS.REJECTED ? '经核实柜机正常' : null,
        );
        await refundRepository.backdate(
          actor,
          refund.id,
          applied,
          new Date(applied.getTime() + 2 * 3_600_000),
        );
      } else await refundRepository.backdate(actor, refund.id, applied, null);
      count++;
    }
  }
  return { hospitals: HOSPITALS.length, machines: created.length, apks: 3, refunds: count };
}

/**
 * The demo machines that keep beating (all but the quiet and the silent one), each with a new
 * device secret for the simulator to beat with (rotated as 重置设备密钥 does: the old one stops
 * working). Empty when the tenant has no demo fleet.
 */
export async function demoDevices(
  stores: TenantStores,
  options: { tenantId: string; offlineSeconds: number },
): Promise<SimulatedDevice[]> {
  const actor: Actor = await firstUserOf(stores.main, options.tenantId);
  const beating = Array.from({ length: MACHINE_COUNT }, (_, n) => n + 1).filter(
    (i) => i !== QUIET_MACHINE && i !== SILENT_MACHINE,
  );
  const store = await stores.storeFor(actor);
  const found = await new MachineRepository(store, options.offlineSeconds).findByNumbers(
    actor,
    beating.map(machineNo),
  );
  const machines = new MachineService(stores, options.offlineSeconds, () => undefined);
  const devices: SimulatedDevice[] = [];
  for (const i of beating) {
    const machine = found.find((each) => each.machineNo === machineNo(i));
    if (!machine) continue;
    const rotated = await machines.rotateSecret(actor, machine.id);
    devices.push({
      machineNo: machine.machineNo,
      secret: rotated.deviceSecret!,
      apkPackageName: DEMO_PACKAGE,
      apkVersionCode: versionOf(i),
    });
  }
  return devices;
}

/** A machine the demo just made, as the device API knows it (never heard from yet). */
function newDevice(tenantId: string, machine: { id: string; machineNo: string }): DeviceRecord {
  return {
    id: machine.id,
    tenantId,
    machineNo: machine.machineNo,
    secretHash: null,
    apkPackageName: null,
    apkVersionCode: null,
    heardAt: null,
    disconnectedAt: null,
  };
}
