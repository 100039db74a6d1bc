import type { FastifyInstance } from 'fastify';
import type { Cache } from '../../core/cache/index.js';
import type { Store } from '../../core/repository/store.js';
import type { TenantStores } from '../../core/repository/tenant-databases.js';
import type { MessageService } from '../desk/message/message.service.js';
import type { LogWriter } from '../log/log-writer.js';
import type { MenuService } from '../system/menu/menu.service.js';
import { usualEventRecorder } from '../log/usual-events.js';
import { apkRoutes } from './apk/apk.routes.js';
import { ApkService } from './apk/apk.service.js';
import type { RecordBusinessEvent } from './business-events.js';
import { dashboardRoutes, fleetRoutes } from './dashboard/dashboard.routes.js';
import { DashboardService } from './dashboard/dashboard.service.js';
import { deviceRoutes } from './device/device.routes.js';
import { FleetSnapshots } from './device/fleet-snapshots.js';
import { HeartbeatTimes } from './device/heartbeat-times.js';
import { DeviceService } from './device/device.service.js';
import { hospitalRoutes } from './hospital/hospital.routes.js';
import { HospitalService } from './hospital/hospital.service.js';
import { machineRoutes } from './machine/machine.routes.js';
import { MachineService } from './machine/machine.service.js';
import { MachineRepairs } from './machine/machine-repair.js';
import type { FlowRuntimeService } from '../flow/runtime/runtime.service.js';
import { RefundApprovals } from './refund/refund-approval.js';
import { RefundMessages } from './refund/refund-messages.js';
import { refundReminderJob } from './refund/refund-reminder-job.js';
import { machineSilentJob } from './machine/machine-silent-job.js';
import type { SmsService } from '../resource/sms/sms.service.js';
import { alertSweepJob } from './alert/alert-sweep-job.js';
import { alertRoutes, alertRuleRoutes } from './alert/alert.routes.js';
import { AlertRuleService, AlertSweep } from './alert/alert.service.js';
import { commandRoutes } from './command/command.routes.js';
import { CommandService } from './command/command.service.js';
import type { DeviceLink } from './mqtt/device-link.js';
import { rolloutRoutes } from './rollout/rollout.routes.js';
import { RolloutService } from './rollout/rollout.service.js';
import { startMachineChannel, type MqttSettings } from './mqtt/mqtt.plugin.js';
import type { JobHandlers } from '../../core/jobs/job-handlers.js';
import { refundRoutes } from './refund/refund.routes.js';
import { RefundService } from './refund/refund.service.js';
import { slotRoutes } from './slot/slot.routes.js';
import { SlotService } from './slot/slot.service.js';

const PREFIX = '/api/zxgxg-api';

export interface BusinessDependencies {
  /** The workflow's runtime: a refund above the tenant's threshold needs its process (issue 51). */
  flow?: FlowRuntimeService;
  /** The main database: its dictionaries and its time zone. */
  store: Store;
  /** Where each tenant's business records are (decision 0020). */
  stores: TenantStores;
  cache: Cache;
  logWriter: LogWriter;
  /** A machine silent for this long counts as offline (MACHINE_OFFLINE_SECONDS; default 300). */
  machineOfflineSeconds?: number;
  /** Who holds which buttons (a refund request's reviewers). */
  menus: MenuService;
  /** The message center: a refund request tells its reviewers. */
  messages: MessageService;
  /** Where the area's job handlers go (the refund reminder; issue 49). */
  jobs: JobHandlers;
  /** The tenants' SMS settings: a silent machine's operators get an SMS too. */
  sms: Pick<SmsService, 'send'>;
  /** The machines' MQTT channel (none set: no broker). */
  mqtt: MqttSettings;
}

/**
 * The business area (spec §7, "Business (/api/zxgxg-api/)"): its services and routes. Its records
 * are routed per tenant (`stores`, decision 0020); the dictionaries its sheets read are the main
 * database's (`store`).
 */
export async function registerBusiness(app: FastifyInstance, deps: BusinessDependencies): Promise<void> {
  const { store, stores } = deps;
  const offlineSeconds = deps.machineOfflineSeconds ?? 300;
  const record: RecordBusinessEvent = usualEventRecorder(deps.logWriter, store.timeZone);
  const refundMessages = new RefundMessages(store, deps.menus, deps.messages);
  // The refund's second approval runs on the workflow when the server has it (issue 51).
  const approvals = deps.flow ? new RefundApprovals(store, deps.flow) : undefined;
  const refunds = new RefundService(stores, record, refundMessages, app.events, approvals);
  deps.jobs.register(refundReminderJob(stores, refundMessages));
  deps.jobs.register(
    alertSweepJob(store, new AlertSweep(stores, offlineSeconds, deps.messages, deps.sms, app.events)),
  );
  deps.jobs.register(
    machineSilentJob({
      store,
      stores,
      cache: deps.cache,
      messages: deps.messages,
      sms: deps.sms,
      offlineSeconds,
    }),
  );

  await app.register(hospitalRoutes, {
    prefix: `${PREFIX}/hospital`,
    hospitals: new HospitalService(stores),
    store,
  });
  // Commands go out through the MQTT channel, which hands the machines' words on them back.
  const commands = new CommandService(stores, offlineSeconds, record, app.events, () => link);
  const rollouts = new RolloutService(stores, offlineSeconds, record, app.events);
  const heartbeatTimes = new HeartbeatTimes(stores, offlineSeconds, (error) =>
    app.log.error({ err: error }, 'heartbeat times not written; kept for the next write'),
  );
  app.addHook('onClose', () => heartbeatTimes.close());
  const devices = new DeviceService(
    stores,
    offlineSeconds,
    refunds,
    commands,
    rollouts,
    heartbeatTimes,
    new FleetSnapshots(stores, app.events),
  );
  const link: DeviceLink | undefined = await startMachineChannel(app, devices, deps.mqtt, `${PREFIX}/mqtt`);
  // A machine's repair order runs on the workflow when the server has it (issue 51).
  const repairs = deps.flow ? new MachineRepairs(stores, deps.flow, offlineSeconds, record) : undefined;
  await app.register(machineRoutes, {
    prefix: `${PREFIX}/machine`,
    machines: new MachineService(stores, offlineSeconds, record, {
      changes: app.events,
      secretRotated: (machine) => link?.disconnect(machine.tenantId, machine.machineNo),
      ...(repairs ? { underRepair: (actor, ids, tx) => repairs.openAmong(actor, ids, tx) } : {}),
    }),
    store,
    repairs,
  });
  await app.register(slotRoutes, {
    prefix: `${PREFIX}/slot`,
    slots: new SlotService(stores, offlineSeconds),
  });
  await app.register(apkRoutes, {
    prefix: `${PREFIX}/apk`,
    apks: new ApkService(stores, record, app.events),
  });
  await app.register(refundRoutes, { prefix: `${PREFIX}/refund/review`, refunds });
  const dashboards = new DashboardService(stores, deps.cache, offlineSeconds);
  await app.register(dashboardRoutes, { prefix: `${PREFIX}/dashboard`, dashboards });
  await app.register(fleetRoutes, { prefix: `${PREFIX}/fleet`, dashboards });
  await app.register(deviceRoutes, { prefix: `${PREFIX}/device`, devices });
  await app.register(commandRoutes, { prefix: PREFIX, commands });
  await app.register(rolloutRoutes, { prefix: `${PREFIX}/rollout`, rollouts });
  const alertRules = new AlertRuleService(stores);
  await app.register(alertRuleRoutes, { prefix: `${PREFIX}/alert-rule`, rules: alertRules });
  await app.register(alertRoutes, { prefix: `${PREFIX}/alert`, rules: alertRules });
}
