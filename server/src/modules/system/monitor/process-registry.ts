import type { Cache } from '../../../core/cache/index.js';
import type { ProcessSnapshot } from './this-process.js';

// The processes of the cluster, through the shared cache (Redis with REDIS_URL; with the memory
// cache there is one process). The cache lists no keys, so each process takes one of a fixed set
// of numbered slots, `monitor:process:<n>`, as the workbooks' per-user slots are taken: the first
// slot it can set while absent (setIfAbsent is atomic, so no two processes take one slot). Its
// snapshot is the slot's value, written again every few seconds with a short expiry; readers read
// every slot. A process that stops frees its slot (leave); one that dies frees it when the expiry
// passes. A shared index key instead would need a read-modify-write, where two processes writing
// at once lose one's entry; slots need no such step.
//
// At each publish a process reads its slot first: one that lost it (it published nothing for longer
// than the expiry, and another process took the slot) takes another. A slot could expire between
// that read and the write and be taken in that instant; the write then covers the other process's
// snapshot, and that process, finding the slot not its own at its next publish, takes another: it
// is missing from the monitor for one interval, and no slot stays shared.

/** Slots, so processes at most: a reader reads them all (one round trip each, sent at once). */
export const PROCESS_SLOTS = 32;

const slotKey = (slot: number) => `monitor:process:${slot}`;

export interface RegistryTiming {
  /** How often a process publishes its snapshot (ms). */
  publishMs: number;
  /** How long a snapshot lives unless published again (s): a few intervals. */
  ttlSeconds: number;
}

export const REGISTRY_DEFAULTS: RegistryTiming = { publishMs: 5_000, ttlSeconds: 15 };

/**
 * The shape of the snapshots this code writes and reads. A process of another release (a rolling
 * deploy) may publish another: it is left out of the monitor until every process runs one release,
 * rather than answered with fields the contract does not have.
 */
const FORMAT = 1;

/** A slot's value as this code reads it: null when absent, unreadable or of another format. */
function parsed(value: string | null): ProcessSnapshot | null {
  if (value === null) return null;
  try {
    const stored = JSON.parse(value) as { format?: unknown; snapshot?: ProcessSnapshot };
    return stored.format === FORMAT && stored.snapshot ? stored.snapshot : null;
  } catch {
    return null;
  }
}

export class ProcessRegistry {
  #slot: number | null = null;
  #left = false;

  constructor(
    private readonly cache: Cache,
    private readonly timing: RegistryTiming,
  ) {}

  /** Writes the snapshot into this process's slot, taking one first when it has none (or lost it). */
  async publish(snapshot: ProcessSnapshot): Promise<void> {
    if (this.#left) return;
    const value = JSON.stringify({ format: FORMAT, snapshot });
    if (this.#slot !== null && parsed(await this.cache.get(slotKey(this.#slot)))?.id === snapshot.id) {
      await this.cache.set(slotKey(this.#slot), value, this.timing.ttlSeconds);
      return;
    }
    this.#slot = null;
    for (let slot = 0; slot < PROCESS_SLOTS; slot++)
      if (await this.cache.setIfAbsent(slotKey(slot), value, this.timing.ttlSeconds)) {
        this.#slot = slot;
        return;
      }
    // Every slot is taken: this process is left out of the monitor until one frees.
  }

  /** The live processes' snapshots, as last published. */
  async read(): Promise<ProcessSnapshot[]> {
    const values = await Promise.all(
      Array.from({ length: PROCESS_SLOTS }, (_, slot) => this.cache.get(slotKey(slot))),
    );
    return values.flatMap((value) => parsed(value) ?? []);
  }

  /** The process stops: its slot frees at once, if it is still its own. */
  async leave(id: string): Promise<void> {
    this.#left = true;
    if (this.#slot === null) return;
    const key = slotKey(this.#slot);
    this.#slot = null;
    if (parsed(await this.cache.get(key))?.id === id) await this.cache.delete(key);
  }
}
