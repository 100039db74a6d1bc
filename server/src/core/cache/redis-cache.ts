import { Redis, ReplyError } from 'ioredis';
import {
  CacheUnavailableError,
  countByPrefix,
  type Cache,
  type CacheInspection,
  type Unsubscribe,
} from './cache.js';

/**
 * While Redis is away a command waits for at most two reconnection attempts (50, 100 … 500 ms
 * apart) or 2 s, then fails with CacheUnavailableError (a 503); ioredis keeps reconnecting.
 */
const REDIS_OPTIONS = {
  lazyConnect: true,
  maxRetriesPerRequest: 2,
  commandTimeout: 2_000,
  retryStrategy: (times: number) => Math.min(times * 50, 500),
} as const;

/** Redis answered with an error (a bug here, not an outage) passes as is; anything else is an outage. */
async function reachable<T>(command: Promise<T>): Promise<T> {
  try {
    return await command;
  } catch (error) {
    if (error instanceof ReplyError) throw error;
    throw new CacheUnavailableError(error);
  }
}

/**
 * The shared cache for several server processes. Keys live under a prefix so that one Redis can
 * serve several installations (and test runs) without their keys meeting.
 */
export class RedisCache implements Cache {
  readonly #redis: Redis;
  #subscriber: Redis | null = null;
  readonly #handlers = new Map<string, Set<(message: string) => void>>();
  readonly #subscribing = new Map<string, Promise<void>>();

  private constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    this.#redis = redis;
  }

  /** Connects and checks the connection, so a wrong REDIS_URL fails at start, not on first use. */
  static async connect(url: string, prefix = 'console:'): Promise<RedisCache> {
    const redis = new Redis(url, REDIS_OPTIONS);
    // Connection errors surface on the commands that fail; ioredis keeps reconnecting meanwhile.
    redis.on('error', () => undefined);
    try {
      await redis.connect();
      await redis.ping();
    } catch (error) {
      redis.disconnect();
      const where = new URL(url);
      where.password = '';
      throw new Error(
        `cannot reach Redis at ${where.host}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return new RedisCache(redis, prefix);
  }

  #key(key: string): string {
    return this.prefix + key;
  }

  async get(key: string): Promise<string | null> {
    return reachable(this.#redis.get(this.#key(key)));
  }

  async set(key: string, value: string, ttlSeconds?: number): Promise<void> {
    if (ttlSeconds && ttlSeconds > 0)
      await reachable(this.#redis.set(this.#key(key), value, 'EX', ttlSeconds));
    else await reachable(this.#redis.set(this.#key(key), value));
  }

  async setIfAbsent(key: string, value: string, ttlSeconds?: number): Promise<boolean> {
    const result = await reachable(
      ttlSeconds && ttlSeconds > 0
        ? this.#redis.set(this.#key(key), value, 'EX', ttlSeconds, 'NX')
        : this.#redis.set(this.#key(key), value, 'NX'),
    );
    return result === 'OK';
  }

  async take(key: string): Promise<string | null> {
    return reachable(this.#redis.getdel(this.#key(key)));
  }

  async delete(...keys: string[]): Promise<number> {
    if (keys.length === 0) return 0;
    return reachable(this.#redis.del(...keys.map((k) => this.#key(k))));
  }

  /** SCAN's pattern for the keys of this cache under `prefix`. */
  #matching(prefix: string): string {
    return `${this.#key(prefix).replace(/[*?[\]\\]/g, '\\$&')}*`;
  }

  async deleteByPrefix(prefix: string): Promise<number> {
    let deleted = 0;
    let cursor = '0';
    do {
      const [next, keys] = await reachable(
        this.#redis.scan(cursor, 'MATCH', this.#matching(prefix), 'COUNT', 500),
      );
      cursor = next;
      if (keys.length > 0) deleted += await reachable(this.#redis.unlink(...keys));
    } while (cursor !== '0');
    return deleted;
  }

  async increment(key: string, ttlSeconds?: number): Promise<number> {
    const k = this.#key(key);
    if (!ttlSeconds || ttlSeconds <= 0) return reachable(this.#redis.incr(k));
    // INCR and the expiry of a new counter in one step, so a crash cannot leave a counter forever.
    const [[, value]] = (await reachable(this.#redis.multi().incr(k).expire(k, ttlSeconds, 'NX').exec())) as [
      [Error | null, number],
    ];
    return value;
  }

  async ttl(key: string): Promise<number> {
    return reachable(this.#redis.ttl(this.#key(key)));
  }

  async publish(channel: string, message: string): Promise<void> {
    await reachable(this.#redis.publish(this.#key(channel), message));
  }

  async subscribe(channel: string, handler: (message: string) => void): Promise<Unsubscribe> {
    if (!this.#subscriber) {
      // A connection in subscriber mode can do nothing else: it gets its own.
      this.#subscriber = this.#redis.duplicate();
      const subscriber = this.#subscriber;
      subscriber.on('message', (ch: string, message: string) => {
        for (const h of this.#handlers.get(ch) ?? []) h(message);
      });
      // Lost, it reconnects and subscribes again by itself; what was published meanwhile never
      // arrives, so every subscriber is told '*' (forget everything) once it is back.
      subscriber.on('error', () => undefined);
      let lost = false;
      subscriber.on('close', () => (lost = true));
      subscriber.on('ready', () => {
        if (!lost) return;
        lost = false;
        for (const handlers of this.#handlers.values()) for (const h of handlers) h('*');
      });
    }
    const subscriber = this.#subscriber;
    const k = this.#key(channel);
    let set = this.#handlers.get(k);
    if (!set) {
      this.#handlers.set(k, (set = new Set()));
      this.#subscribing.set(
        k,
        subscriber.subscribe(k).then(() => undefined),
      );
    }
    // The handler is in place before SUBSCRIBE completes, and every caller waits for it.
    set.add(handler);
    await this.#subscribing.get(k);
    let active = true;
    return async () => {
      if (!active) return;
      active = false;
      set.delete(handler);
      if (set.size === 0 && this.#handlers.get(k) === set) {
        this.#handlers.delete(k);
        this.#subscribing.delete(k);
        await subscriber.unsubscribe(k);
      }
    };
  }

  /**
   * SCAN in batches (never KEYS, which would stop Redis for every client while it runs) over this
   * installation's keys, until `maxKeys` are counted; INFO for the version and the memory used.
   */
  async inspect(maxKeys: number): Promise<CacheInspection> {
    // A set: SCAN may answer a key twice (when Redis rehashes meanwhile).
    const keys = new Set<string>();
    let capped = false;
    let cursor = '0';
    do {
      const [next, batch] = await reachable(
        this.#redis.scan(cursor, 'MATCH', this.#matching(''), 'COUNT', 1000),
      );
      cursor = next;
      for (const key of batch)
        if (keys.size < maxKeys) keys.add(key.slice(this.prefix.length));
        else capped = true;
    } while (cursor !== '0' && !capped);
    const [server, memory] = await Promise.all([
      reachable(this.#redis.info('server')),
      reachable(this.#redis.info('memory')),
    ]);
    const field = (text: string, name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(text)?.[1]?.trim();
    return {
      engine: 'redis',
      version: field(server, 'redis_version') ?? null,
      memoryBytes: Number(field(memory, 'used_memory') ?? 0),
      keys: keys.size,
      capped,
      prefixes: countByPrefix(keys),
    };
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.#redis.quit(), this.#subscriber?.quit()]);
  }
}
