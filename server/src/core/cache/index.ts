import type { Cache } from './cache.js';
import { MemoryCache } from './memory-cache.js';
import { RedisCache } from './redis-cache.js';

export type { Cache, Unsubscribe } from './cache.js';

export async function openCache(redisUrl: string | null, prefix?: string): Promise<Cache> {
  return redisUrl ? RedisCache.connect(redisUrl, prefix) : new MemoryCache();
}
