import type {
  CommandResultInput,
  HeartbeatAnswer,
  HeartbeatInput,
  MachineCommand,
  RefundRequestInput,
  RefundReview,
  UpdateProgressInput,
} from '@console/contract';
import { formatDateTime } from '../../../core/dates.js';
import { ApiError } from '../../../core/errors.js';
import type { Actor } from '../../../core/repository/store.js';
import type { TenantStores } from '../../../core/repository/tenant-databases.js';
import type { CommandService } from '../command/command.service.js';
import type { RolloutService } from '../rollout/rollout.service.js';
import { deviceSecretMatches } from '../device-secret.js';
import type { FleetSnapshots } from './fleet-snapshots.js';
import { heardFrom, onlyStillHere, type HeartbeatTimes } from './heartbeat-times.js';
import { MachineRepository, type DeviceRecord } from '../machine/machine.repository.js';
import type { RefundService } from '../refund/refund.service.js';
import { SlotRepository } from '../slot/slot.repository.js';
import { TenantKeyRepository } from '../tenant-key.repository.js';

// The machines' own API (docs/device-api.md). A machine proves itself with its number and device
// secret; it then acts in its tenant as the server does (no user, no grants). Online and offline are
// not stored: a machine is online while its last heartbeat is within MACHINE_OFFLINE_SECONDS, which
// every process computes alike when it reads. The number names the tenant (zx_tenant_key, in the
// main database), whose database holds the machine (decision 0020).

export class DeviceService {
  constructor(
    private readonly stores: TenantStores,
    private readonly offlineSeconds: number,
    private readonly refunds: RefundService,
    /** Commands to machines: a heartbeat's answer carries those waiting; the machine reports on them. */
    private readonly commands: Pick<CommandService, 'waitingFor' | 'result'>,
    /** Staged updates: they decide the update offer of a package they hold, and hear progress. */
    private readonly rollouts: Pick<RolloutService, 'offerFor' | 'progress'>,
    /** Where a heartbeat that changed nothing leaves its time (written within a second). */
    private readonly heartbeatTimes: Pick<HeartbeatTimes, 'heard'>,
    /** What every heartbeat of a tenant asks (the newest versions, staged packages, waiting commands). */
    private readonly snapshots: Pick<FleetSnapshots, 'of'>,
  ) {}

  /** The machine a request names, if its secret matches; else 401 (the same for an unknown number). */
  async authenticate(machineNo: string | undefined, secret: string | undefined): Promise<DeviceRecord> {
    if (!machineNo || !secret) throw new ApiError(401, 'device.unauthorized');
    const tenantId = await new TenantKeyRepository(this.stores.main).holderOf('machine', machineNo);
    if (tenantId === undefined) throw new ApiError(401, 'device.unauthorized');
    const store = await this.stores.storeFor(tenantId);
    const device = await new MachineRepository(store, this.offlineSeconds).findDevice(tenantId, machineNo);
    if (!device || !deviceSecretMatches(secret, device.secretHash))
      throw new ApiError(401, 'device.unauthorized');
    return device;
  }

  /**
   * The machine of a tenant by its number, without its secret: a message the MQTT broker let through
   * (it checked the credentials and the topic), or undefined when the number is not the tenant's.
   */
  async deviceOf(tenantId: string, machineNo: string): Promise<DeviceRecord | undefined> {
    if ((await new TenantKeyRepository(this.stores.main).holderOf('machine', machineNo)) !== tenantId)
      return undefined;
    const store = await this.stores.storeFor(tenantId);
    return new MachineRepository(store, this.offlineSeconds).findDevice(tenantId, machineNo);
  }

  /** The tenant a machine number is of, if it is any tenant's (an MQTT broker's topic check). */
  tenantOf(machineNo: string): Promise<string | undefined> {
    return new TenantKeyRepository(this.stores.main).holderOf('machine', machineNo);
  }

  /** Its MQTT connection began (online now) or ended (offline now). */
  async connection(device: DeviceRecord, connected: boolean): Promise<void> {
    const actor = actorOf(device);
    const machines = new MachineRepository(await this.stores.storeFor(actor), this.offlineSeconds);
    const at = new Date();
    if (connected) {
      await machines.markConnected(actor, device.id, at);
      device.heardAt = at;
    } else {
      await machines.markDisconnected(actor, device.id, at);
      device.disconnectedAt = at;
    }
  }

  /** Records the heartbeat and the slots' states; answers the newer published apk, if any. */
  async heartbeat(device: DeviceRecord, input: HeartbeatInput): Promise<HeartbeatAnswer> {
    const actor = actorOf(device);
    const store = await this.stores.storeFor(actor);
    const now = Date.now();
    if (onlyStillHere(device, input, this.offlineSeconds, now))
      this.heartbeatTimes.heard(device.tenantId, device.id, now);
    else
      await new MachineRepository(store, this.offlineSeconds).recordHeartbeat(
        actor,
        device.id,
        {
          ...(input.apkPackageName !== undefined ? { packageName: input.apkPackageName } : {}),
          ...(input.apkVersionCode !== undefined ? { versionCode: input.apkVersionCode } : {}),
        },
        new Date(now),
      );
    heardFrom(device, input, now);
    if (input.slots?.length) await new SlotRepository(store).reportStates(actor, device.id, input.slots);

    const packageName = input.apkPackageName ?? device.apkPackageName;
    const running = input.apkVersionCode ?? -1;
    const fleet = await this.snapshots.of(device.tenantId);
    // A staged update holding the package decides; else the newest published version newer than
    // the one running.
    const staged =
      packageName && fleet.staged.has(packageName)
        ? await this.rollouts.offerFor(device, packageName, running)
        : undefined;
    const newest = staged === undefined && packageName ? fleet.newest.get(packageName) : undefined;
    return {
      serverTime: formatDateTime(new Date(now), store.timeZone),
      commands: fleet.commandsWaiting.has(device.id) ? await this.commands.waitingFor(device) : [],
      update:
        staged !== undefined
          ? staged
          : newest && newest.versionCode > running
            ? {
                packageName: newest.packageName,
                versionCode: newest.versionCode,
                versionName: newest.versionName,
                fileUrl: newest.fileUrl,
                fileSize: newest.fileSize,
                md5: newest.md5,
                forceUpdate: newest.forceUpdate,
                releaseNotes: newest.releaseNotes,
              }
            : null,
    };
  }

  /** The machine's word on an update it was offered: recorded when a staged update offered it. */
  async updateProgress(device: DeviceRecord, input: UpdateProgressInput): Promise<{ recorded: boolean }> {
    return { recorded: await this.rollouts.progress(device, input) };
  }

  /** The machine's word on one of its commands (acknowledged, succeeded, failed). */
  commandResult(device: DeviceRecord, input: CommandResultInput): Promise<MachineCommand> {
    return this.commands.result(device, input);
  }

  /** A customer's refund request for an order paid at this machine. */
  async refundRequest(device: DeviceRecord, input: RefundRequestInput): Promise<RefundReview> {
    const actor = actorOf(device);
    const store = await this.stores.storeFor(actor);
    const machine = await new MachineRepository(store, this.offlineSeconds).findById(actor, device.id);
    return this.refunds.request(
      actor,
      { machineNo: device.machineNo, hospitalId: machine?.hospitalId ?? null },
      input,
    );
  }
}

/** The machine acting in its tenant: the server's own kind of actor (no user, no roles). */
function actorOf(device: DeviceRecord): Actor {
  return { tenantId: device.tenantId, userId: null, deptId: null };
}
