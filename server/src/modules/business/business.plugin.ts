import type { FastifyInstance } from 'fastify';
import type { AppDependencies } from '../../app.js';
import type { TenantStores } from '../../core/repository/tenant-databases.js';
import type { LogWriter } from '../log/log-writer.js';
import { usualEventRecorder } from '../log/usual-events.js';
import { apkRoutes } from './apk/apk.routes.js';
import { ApkService } from './apk/apk.service.js';
import type { RecordBusinessEvent } from './business-events.js';
import { dashboardRoutes } from './dashboard/dashboard.routes.js';
import { DashboardService } from './dashboard/dashboard.service.js';
import { deviceRoutes } from './device/device.routes.js';
import { DeviceService } from './device/device.service.js';
import { hospitalRoutes } from './hospital/hospital.routes.js';
import { HospitalService } from './hospital/hospital.service.js';
import { machineRoutes } from './machine/machine.routes.js';
import { MachineService } from './machine/machine.service.js';
import { refundRoutes } from './refund/refund.routes.js';
import { RefundService } from './refund/refund.service.js';
import { slotRoutes } from './slot/slot.routes.js';
import { SlotService } from './slot/slot.service.js';

const PREFIX = '/api/zxgxg-api';

/**
 * The business area (spec §7, "Business (/api/zxgxg-api/)"): its services and routes. Its records
 * are routed per tenant (`stores`, decision 0020); the dictionaries its sheets read are the main
 * database's.
 */
export async function registerBusiness(
  app: FastifyInstance,
  deps: AppDependencies,
  logWriter: LogWriter,
  stores: TenantStores,
): Promise<void> {
  const store = deps.store;
  const offlineSeconds = deps.config.machineOfflineSeconds ?? 300;
  const record: RecordBusinessEvent = usualEventRecorder(logWriter, store.timeZone);
  const refunds = new RefundService(stores, record);

  await app.register(hospitalRoutes, {
    prefix: `${PREFIX}/hospital`,
    hospitals: new HospitalService(stores),
    store,
  });
  await app.register(machineRoutes, {
    prefix: `${PREFIX}/machine`,
    machines: new MachineService(stores, offlineSeconds, record),
    store,
  });
  await app.register(slotRoutes, {
    prefix: `${PREFIX}/slot`,
    slots: new SlotService(stores, offlineSeconds),
  });
  await app.register(apkRoutes, { prefix: `${PREFIX}/apk`, apks: new ApkService(stores, record) });
  await app.register(refundRoutes, { prefix: `${PREFIX}/refund/review`, refunds, store });
  await app.register(dashboardRoutes, {
    prefix: `${PREFIX}/dashboard`,
    dashboards: new DashboardService(stores, deps.cache, offlineSeconds),
  });
  await app.register(deviceRoutes, {
    prefix: `${PREFIX}/device`,
    devices: new DeviceService(stores, offlineSeconds, refunds),
  });
}
