import type { Cache } from './cache.js';
import { MemoryCache } from './memory-cache.js';

export type { Cache, CacheInspection, Unsubscribe } from './cache.js';

/** Redis's client loads only when REDIS_URL is set (a single process never needs it). */
export async function openCache(redisUrl: string | null, prefix?: string): Promise<Cache> {
  if (!redisUrl) return new MemoryCache();
  const { RedisCache } = await import('./redis-cache.js');
  return RedisCache.connect(redisUrl, prefix);
}
