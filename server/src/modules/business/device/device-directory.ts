import type { ChangeListener } from '../../../core/events/event-hub.js';
import type { DeviceRecord } from '../machine/machine.repository.js';

// Which machine an external broker's message comes from, kept in this process's memory (issue 50).
// Reading it for every message took two statements (the number's tenant, then the machine), and a
// heartbeat that changes nothing writes nothing at once (heartbeat-times.ts): with the record kept,
// such a heartbeat asks the database nothing. With two server processes sharing the messages, those
// round trips were what made a heartbeat dearer in each of them (docs/benchmarks.md).
//
// A record is this process's view of the machine: its volatile part (last heard, connection ended,
// package and version) moves with the messages this process handles (DeviceService), and may be
// behind what another process has written since. That costs at most a write that was not needed:
// a heartbeat that looks like news to this process is written. What only the console changes and a
// message must see at once (the machine removed, its secret rotated) is announced as a change of
// the tenant's `machine` topic (MachineService), in every process within milliseconds; then the
// tenant's records here are read again. One lost with the shared cache is read again after TTL_MS.
// The memory: one record per machine whose messages this process has handled.

/** How long a record is used at most before it is read again. */
export const DIRECTORY_TTL_MS = 5 * 60_000;

/** The change topic that makes a tenant's records stale. */
export const MACHINE_TOPIC = 'machine';

export class DeviceDirectory {
  /** tenant → machine number → its record, and when it was read (ms). */
  readonly #known = new Map<string, Map<string, { device: DeviceRecord; readAt: number }>>();
  /** Changes heard so far: a read begun before a change is not kept after it. */
  #changes = 0;

  constructor(
    /** The machine as stored: undefined when the number is not a live machine of the tenant. */
    private readonly read: (tenantId: string, machineNo: string) => Promise<DeviceRecord | undefined>,
    changes: { onChange(listener: ChangeListener): unknown },
    private readonly now: () => number = Date.now,
  ) {
    changes.onChange((tenantId, topic) => {
      if (topic !== MACHINE_TOPIC) return;
      this.#known.delete(tenantId);
      this.#changes += 1;
    });
  }

  /** The tenant's machine by its number: the record kept, or read (an unknown number is not kept). */
  async deviceOf(tenantId: string, machineNo: string): Promise<DeviceRecord | undefined> {
    const kept = this.#known.get(tenantId)?.get(machineNo);
    if (kept && this.now() - kept.readAt < DIRECTORY_TTL_MS) return kept.device;
    const readAt = this.now();
    const changes = this.#changes;
    const device = await this.read(tenantId, machineNo);
    let machines = this.#known.get(tenantId);
    if (!device || changes !== this.#changes) machines?.delete(machineNo);
    else {
      if (!machines) this.#known.set(tenantId, (machines = new Map()));
      machines.set(machineNo, { device, readAt });
    }
    return device;
  }
}
