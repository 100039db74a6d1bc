// The cache and coordination interface (architecture.md): captcha codes, token revocation,
// failure counters, rate limits and the invalidation of per-process caches all go through it, so
// several server processes behind a load balancer behave as one when it is backed by Redis.

export type Unsubscribe = () => Promise<void>;

export interface Cache {
  get(key: string): Promise<string | null>;
  /**
   * get's answer without waiting, when this cache holds its data in the process (the memory cache);
   * absent when only get can tell (Redis). For the guard's fast path (core/auth/guard-fast-path.ts).
   */
  peek?(key: string): string | null;
  /** Stores a value; ttlSeconds > 0 makes it expire. */
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  /** Stores only when the key is absent; true when this call stored it. */
  setIfAbsent(key: string, value: string, ttlSeconds?: number): Promise<boolean>;
  /** Reads and deletes in one step: of several concurrent takers only one gets the value. */
  take(key: string): Promise<string | null>;
  delete(...keys: string[]): Promise<number>;
  /** Deletes every key that starts with the prefix; answers how many. */
  deleteByPrefix(prefix: string): Promise<number>;
  /** Adds 1 and answers the new value; the expiry is set when the counter is created. */
  increment(key: string, ttlSeconds?: number): Promise<number>;
  /** Seconds until the key expires; -1 without expiry, -2 when absent. */
  ttl(key: string): Promise<number>;
  /** Delivers the message to every subscriber in every process sharing the cache. */
  publish(channel: string, message: string): Promise<void>;
  /**
   * Messages published while a process was cut off from the cache never reach it: when it is back,
   * each handler gets '*', meaning "forget everything you hold".
   */
  subscribe(channel: string, handler: (message: string) => void): Promise<Unsubscribe>;
  close(): Promise<void>;
}

/**
 * The shared cache could not be reached (Redis stopped, restarting, unreachable): the request that
 * needed it is answered 503 — never treated as "not found", which could let a revoked session or a
 * used captcha through (docs/decisions/0015-surviving-faults-and-drain.md).
 */
export class CacheUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`cache unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'CacheUnavailableError';
  }
}
