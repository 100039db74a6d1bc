import type { FastifyInstance } from 'fastify';
import type { AppDependencies } from '../../app.js';
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

/** The business area (spec §7, "Business (/api/zxgxg-api/)"): its services and routes. */
export async function registerBusiness(
  app: FastifyInstance,
  deps: AppDependencies,
  logWriter: LogWriter,
): Promise<void> {
  const store = deps.store;
  const offlineSeconds = deps.config.machineOfflineSeconds ?? 300;
  const record: RecordBusinessEvent = usualEventRecorder(logWriter, store.timeZone);
  const refunds = new RefundService(store, record);

  await app.register(hospitalRoutes, {
    prefix: `${PREFIX}/hospital`,
    hospitals: new HospitalService(store),
    store,
  });
  await app.register(machineRoutes, {
    prefix: `${PREFIX}/machine`,
    machines: new MachineService(store, offlineSeconds, record),
    store,
  });
  await app.register(slotRoutes, { prefix: `${PREFIX}/slot`, slots: new SlotService(store, offlineSeconds) });
  await app.register(apkRoutes, { prefix: `${PREFIX}/apk`, apks: new ApkService(store, record) });
  await app.register(refundRoutes, { prefix: `${PREFIX}/refund/review`, refunds, store });
  await app.register(dashboardRoutes, {
    prefix: `${PREFIX}/dashboard`,
    dashboards: new DashboardService(store, deps.cache, offlineSeconds),
  });
  await app.register(deviceRoutes, {
    prefix: `${PREFIX}/device`,
    devices: new DeviceService(store, offlineSeconds, refunds),
  });
}
