import type { TenantStores } from '../../../core/repository/tenant-databases.js';
import { MachineRepository, type DeviceRecord } from '../machine/machine.repository.js';

// What a heartbeat writes, and when (issue 50: "changes of state are durable before they are
// acknowledged; repeated identical heartbeats may be coalesced").
//
// - A heartbeat that changes something is written before it is answered: the machine comes online
//   (it was silent, or its MQTT connection had ended), or it runs another package or version. Its
//   slots' states are written at once too, by the slot repository, when they differ.
// - A heartbeat that only says "still here" moves the machine's time in memory. Every FLUSH_MS,
//   one statement per tenant and second writes those times (the second it came, never later), so
//   100,000 machines beating once a minute cost a few statements a second, not 1,700 commits.
//
// What a crash loses: at most FLUSH_MS of "still here" times, which the next heartbeat restores.
// Another process reads a time at most FLUSH_MS old; the online rule's window is minutes.

/** How often the times waiting in memory are written. */
export const FLUSH_MS = 500;
/** At most this many machines in one statement. */
const BATCH = 1000;

/**
 * Whether a heartbeat changes nothing stored: the same package and version as stored, and the
 * machine heard from within the first half of the offline window with its connection not ended
 * since (so it stays online, and its "online since" stays). What it says of its slots is the slot
 * repository's to compare.
 */
export function onlyStillHere(
  device: DeviceRecord,
  says: { apkPackageName?: string; apkVersionCode?: number },
  offlineSeconds: number,
  now: number,
): boolean {
  const heard = device.heardAt?.getTime();
  const ended = device.disconnectedAt?.getTime();
  return (
    heard !== undefined &&
    heard >= now - (offlineSeconds * 1000) / 2 &&
    (ended === undefined || ended < heard) &&
    (says.apkPackageName === undefined || says.apkPackageName === device.apkPackageName) &&
    (says.apkVersionCode === undefined || says.apkVersionCode === device.apkVersionCode)
  );
}

/**
 * What this process now knows of the machine, once it has handled its heartbeat: heard from `now`,
 * running what it said. A record kept across messages (an MQTT connection's, the device directory's)
 * so stays this process's latest view, and onlyStillHere compares the next heartbeat with it.
 */
export function heardFrom(
  device: DeviceRecord,
  says: { apkPackageName?: string; apkVersionCode?: number },
  now: number,
): void {
  device.heardAt = new Date(now);
  if (says.apkPackageName !== undefined) device.apkPackageName = says.apkPackageName;
  if (says.apkVersionCode !== undefined) device.apkVersionCode = says.apkVersionCode;
}

/** The "still here" times waiting to be written, and their writer. */
export class HeartbeatTimes {
  /** tenant → machine id → when it was last heard (ms). */
  #waiting = new Map<string, Map<string, number>>();
  #flushing: Promise<void> = Promise.resolve();
  readonly #timer: NodeJS.Timeout;

  constructor(
    private readonly stores: TenantStores,
    private readonly offlineSeconds: number,
    /** Told of a write that failed (the times wait for the next one). */
    private readonly failed: (error: unknown) => void,
    flushMs = FLUSH_MS,
  ) {
    this.#timer = setInterval(() => void this.flush(), flushMs);
    this.#timer.unref();
  }

  /** The tenant's machine was heard from at `at` (ms) and nothing else changed. */
  heard(tenantId: string, machineId: string, at: number): void {
    let machines = this.#waiting.get(tenantId);
    if (!machines) this.#waiting.set(tenantId, (machines = new Map()));
    machines.set(machineId, Math.max(at, machines.get(machineId) ?? 0));
  }

  /** Writes what waits (one write at a time; a call during one waits for it, then writes the rest). */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#write());
    return this.#flushing;
  }

  /** Writes what waits and stops the timer (the server is closing). */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }

  async #write(): Promise<void> {
    const waiting = this.#waiting;
    if (waiting.size === 0) return;
    this.#waiting = new Map();
    for (const [tenantId, machines] of waiting) {
      try {
        const repository = new MachineRepository(await this.stores.storeFor(tenantId), this.offlineSeconds);
        for (const [second, ids] of bySecond(machines))
          for (let i = 0; i < ids.length; i += BATCH)
            await repository.recordHeard(tenantId, ids.slice(i, i + BATCH), new Date(second));
      } catch (error) {
        this.failed(error);
        // Kept for the next write, unless the machine was heard from again meanwhile.
        for (const [id, at] of machines) this.heard(tenantId, id, at);
      }
    }
  }
}

/** The machines grouped by the second they were heard in (times are kept to the second). */
function bySecond(machines: Map<string, number>): Map<number, string[]> {
  const groups = new Map<number, string[]>();
  for (const [id, at] of machines) {
    const second = Math.floor(at / 1000) * 1000;
    const ids = groups.get(second);
    if (ids) ids.push(id);
    else groups.set(second, [id]);
  }
  return groups;
}
