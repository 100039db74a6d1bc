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
  /**
   * What the cache holds, in figures only (缓存监控): its keys counted by prefix (keyPrefixOf), at
   * most `maxKeys` of them, and the memory it uses. Never a key's own part or a value.
   */
  inspect(maxKeys: number): Promise<CacheInspection>;
  close(): Promise<void>;
}

export interface CacheInspection {
  engine: 'redis' | 'memory';
  /** Redis's version; null for the memory cache. */
  version: string | null;
  /** Redis: used_memory of the whole server; memory: an estimate of the entries' size. */
  memoryBytes: number;
  /** Keys counted (this installation's only, under its prefix in Redis). */
  keys: number;
  /** Counting stopped at maxKeys. */
  capped: boolean;
  /** Keys by prefix, most first. */
  prefixes: Array<{ prefix: string; keys: number }>;
}

/** A word of a key's leading part: lower-case letters and hyphens (`auth`, `second-factor`). */
const PREFIX_WORD = /^[a-z][a-z-]*$/;
/** Words of a prefix at most: `auth:fail:ip:` is the deepest the server writes. */
const PREFIX_WORDS = 3;

/**
 * The group a key is counted in: its leading words (`auth:session:`, `captcha:`, `sms:rate:`), up to
 * three, never its last part, and none that holds a digit or a capital — the parts after them are
 * what a key is about (a session id, an address, a tenant, a phone number), which no figure shows.
 * A key without such a part counts as '' (other).
 */
export function keyPrefixOf(key: string): string {
  const parts = key.split(':');
  let prefix = '';
  for (let i = 0; i < Math.min(parts.length - 1, PREFIX_WORDS) && PREFIX_WORD.test(parts[i]!); i++)
    prefix += `${parts[i]}:`;
  return prefix;
}

/** Counts of keys by prefix, as inspect answers them: most first, then by name. */
export function countByPrefix(keys: Iterable<string>): CacheInspection['prefixes'] {
  const counts = new Map<string, number>();
  for (const key of keys) {
    const prefix = keyPrefixOf(key);
    counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
  }
  return [...counts]
    .map(([prefix, keys]) => ({ prefix, keys }))
    .sort((a, b) => b.keys - a.keys || a.prefix.localeCompare(b.prefix));
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
