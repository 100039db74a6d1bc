import { countByPrefix, type Cache, type CacheInspection, type Unsubscribe } from './cache.js';

interface Entry {
  value: string;
  expiresAt: number | null;
}

/** The single-process cache: the default when REDIS_URL is not set. */
export class MemoryCache implements Cache {
  readonly #entries = new Map<string, Entry>();
  readonly #subscribers = new Map<string, Set<(message: string) => void>>();
  readonly #sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    // Expired entries are dropped on read; the sweep bounds memory for keys never read again.
    this.#sweeper = setInterval(() => this.#sweep(), 60_000);
    this.#sweeper.unref();
  }

  #sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.#entries)
      if (entry.expiresAt !== null && entry.expiresAt <= now) this.#entries.delete(key);
  }

  #live(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt !== null && entry.expiresAt <= this.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #expiry(ttlSeconds?: number): number | null {
    return ttlSeconds && ttlSeconds > 0 ? this.now() + ttlSeconds * 1000 : null;
  }

  async get(key: string): Promise<string | null> {
    return this.peek(key);
  }

  peek(key: string): string | null {
    return this.#live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlSeconds?: number): Promise<void> {
    this.#entries.set(key, { value, expiresAt: this.#expiry(ttlSeconds) });
  }

  async setIfAbsent(key: string, value: string, ttlSeconds?: number): Promise<boolean> {
    if (this.#live(key)) return false;
    this.#entries.set(key, { value, expiresAt: this.#expiry(ttlSeconds) });
    return true;
  }

  async take(key: string): Promise<string | null> {
    const entry = this.#live(key);
    this.#entries.delete(key);
    return entry?.value ?? null;
  }

  async delete(...keys: string[]): Promise<number> {
    let n = 0;
    for (const key of keys) if (this.#live(key) && this.#entries.delete(key)) n++;
    return n;
  }

  async deleteByPrefix(prefix: string): Promise<number> {
    let n = 0;
    for (const key of [...this.#entries.keys()]) if (key.startsWith(prefix) && (await this.delete(key))) n++;
    return n;
  }

  async increment(key: string, ttlSeconds?: number): Promise<number> {
    const entry = this.#live(key);
    const next = (entry ? Number(entry.value) : 0) + 1;
    this.#entries.set(key, {
      value: String(next),
      expiresAt: entry ? entry.expiresAt : this.#expiry(ttlSeconds),
    });
    return next;
  }

  async ttl(key: string): Promise<number> {
    const entry = this.#live(key);
    if (!entry) return -2;
    if (entry.expiresAt === null) return -1;
    return Math.max(0, Math.ceil((entry.expiresAt - this.now()) / 1000));
  }

  async publish(channel: string, message: string): Promise<void> {
    // Delivered asynchronously, as Redis does, so publishers never run handlers re-entrantly.
    for (const handler of this.#subscribers.get(channel) ?? []) queueMicrotask(() => handler(message));
  }

  async subscribe(channel: string, handler: (message: string) => void): Promise<Unsubscribe> {
    let set = this.#subscribers.get(channel);
    if (!set) this.#subscribers.set(channel, (set = new Set()));
    // A function per subscription: removing it twice must not remove a later identical handler.
    const subscription = (message: string) => handler(message);
    set.add(subscription);
    return async () => {
      set.delete(subscription);
    };
  }

  async inspect(maxKeys: number): Promise<CacheInspection> {
    const keys: string[] = [];
    let live = 0;
    // Each entry: its key and value as UTF-16, and about 80 bytes of map slot and object around them.
    let memoryBytes = 0;
    for (const [key, entry] of this.#entries) {
      if (!this.#live(key)) continue;
      live += 1;
      memoryBytes += 2 * (key.length + entry.value.length) + 80;
      if (keys.length < maxKeys) keys.push(key);
    }
    return {
      engine: 'memory',
      version: null,
      memoryBytes,
      keys: keys.length,
      capped: live > keys.length,
      prefixes: countByPrefix(keys),
    };
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    this.#entries.clear();
    this.#subscribers.clear();
  }
}
