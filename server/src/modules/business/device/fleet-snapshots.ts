import type { Apk } from '@console/contract';
import type { ChangeListener } from '../../../core/events/event-hub.js';
import type { TenantStores } from '../../../core/repository/tenant-databases.js';
import { ApkRepository } from '../apk/apk.repository.js';
import { CommandRepository } from '../command/command.repository.js';
import { RolloutRepository } from '../rollout/rollout.repository.js';

// What every heartbeat of a tenant asks, and only the console (or a machine's word on a command)
// changes: the newest published version of each package, the packages a staged update holds, and
// the machines with commands waiting. Each process reads them for a tenant at most once per
// SNAPSHOT_MS, and again as soon as a change of their topic is announced, by this process or
// another (EventHub.onChange); a heartbeat then asks the database only for its own machine: its
// commands when it has some waiting, its offer when a staged update holds its package.
//
// A change announced in another process reaches this one within a few milliseconds through the
// shared cache; one the shared cache lost is seen within SNAPSHOT_MS.

/** How long a tenant's snapshot is used at most. */
export const SNAPSHOT_MS = 1000;

/** The topics whose changes make a snapshot stale. */
const TOPICS = new Set(['apk', 'rollout', 'command']);

export interface FleetSnapshot {
  /** The newest published version of each package. */
  newest: ReadonlyMap<string, Apk>;
  /** The packages a staged update holds. */
  staged: ReadonlySet<string>;
  /** The machines (ids) with commands waiting. */
  commandsWaiting: ReadonlySet<string>;
}

export class FleetSnapshots {
  readonly #taken = new Map<string, { at: number; snapshot: Promise<FleetSnapshot> }>();

  constructor(
    private readonly stores: TenantStores,
    changes: { onChange(listener: ChangeListener): unknown },
    private readonly now: () => number = Date.now,
  ) {
    changes.onChange((tenantId, topic) => {
      if (TOPICS.has(topic)) this.#taken.delete(tenantId);
    });
  }

  /** The tenant's snapshot: the one taken within SNAPSHOT_MS, or a new one. */
  of(tenantId: string): Promise<FleetSnapshot> {
    const taken = this.#taken.get(tenantId);
    if (taken && this.now() - taken.at < SNAPSHOT_MS) return taken.snapshot;
    const snapshot = this.#take(tenantId);
    this.#taken.set(tenantId, { at: this.now(), snapshot });
    // A read that failed is not kept: the next heartbeat tries again.
    snapshot.catch(() => {
      if (this.#taken.get(tenantId)?.snapshot === snapshot) this.#taken.delete(tenantId);
    });
    return snapshot;
  }

  async #take(tenantId: string): Promise<FleetSnapshot> {
    const store = await this.stores.storeFor(tenantId);
    const server = { tenantId, userId: null, deptId: null };
    const [newest, staged, commandsWaiting] = await Promise.all([
      new ApkRepository(store).newestPublishedOfEach(server),
      new RolloutRepository(store).heldPackages(tenantId),
      new CommandRepository(store).machinesWaiting(tenantId),
    ]);
    return { newest, staged, commandsWaiting };
  }
}
