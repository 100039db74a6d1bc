import type { DictItem } from '@console/contract';
import type { Cache, Unsubscribe } from '../../../core/cache/index.js';
import { HitCounts } from '../../../core/cache/hit-counts.js';

// The dictionary lookup (`dictionary?code=`) is called by every page that shows a dictionary
// column or select: its answers are kept per process and dropped in every process at once when
// any entry of the kind changes (the shared cache's `dict:changed` channel), as account states are.

const CHANNEL = 'dict:changed';
/** A safety net only: changes drop entries at once. */
const TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 10_000;

/** Which dictionaries changed: the system ones, one tenant's business ones, or everything. */
export type DictScope = { kind: 'system' } | { kind: 'biz'; tenantId: string } | 'all';

const prefixOf = (scope: Exclude<DictScope, 'all'>) =>
  scope.kind === 'system' ? 'system|' : `biz|${scope.tenantId}|`;

export class DictCache {
  readonly #entries = new Map<string, { value: Promise<DictItem[]>; until: number }>();
  #unsubscribe: Unsubscribe | null = null;
  /** Dictionaries answered from this copy or loaded (缓存监控). */
  readonly lookups = new HitCounts();

  constructor(private readonly cache: Cache) {}

  async start(): Promise<void> {
    this.#unsubscribe = await this.cache.subscribe(CHANNEL, (message) => this.#drop(message));
  }

  async stop(): Promise<void> {
    await this.#unsubscribe?.();
  }

  #drop(prefix: string): void {
    if (prefix === '*') return this.#entries.clear();
    for (const key of [...this.#entries.keys()]) if (key.startsWith(prefix)) this.#entries.delete(key);
  }

  /** The entries of a dictionary, from this process's copy or loaded once for concurrent callers. */
  async get(
    scope: Exclude<DictScope, 'all'>,
    code: string,
    load: () => Promise<DictItem[]>,
  ): Promise<DictItem[]> {
    const key = `${prefixOf(scope)}${code}`;
    const hit = this.#entries.get(key);
    const fresh = hit !== undefined && hit.until > Date.now();
    this.lookups.count(fresh);
    if (fresh) return hit.value;
    const value = load();
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    this.#entries.set(key, { value, until: Date.now() + TTL_MS });
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    return value;
  }

  /** Entries changed (after the change committed): every process forgets them. */
  async changed(scope: DictScope): Promise<void> {
    const prefix = scope === 'all' ? '*' : prefixOf(scope);
    this.#drop(prefix);
    await this.cache.publish(CHANNEL, prefix);
  }
}
