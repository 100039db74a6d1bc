import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from '../../../src/app.js';
import { RedisCache } from '../../../src/core/cache/redis-cache.js';
import { IdGenerator } from '../../../src/core/ids.js';
import type { Store } from '../../../src/core/repository/store.js';
import { openDatabase, type DatabaseHandle } from '../../../src/db/database.js';
import type { DatabaseKind } from '../../../src/db/database.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { seedDatabase } from '../../../src/db/seed/seed.js';
import type { TestDatabase } from './databases.js';
import { clearSeededAdminPasswordChange } from './template-databases.js';

// One of several server instances behind a load balancer, in this process: one database, one
// Redis (under the run's own key prefix) and one signing key shared with the others.

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface SharedInstance {
  app: FastifyInstance;
  database: DatabaseHandle;
  cache: RedisCache;
  store: Store;
}

/** Builds an instance (worker id `worker`) over the shared database and Redis; migrates and seeds. */
export async function sharedRedisInstance(
  kind: DatabaseKind,
  testDb: TestDatabase,
  shared: { worker: number; prefix: string; jwtSecret: Uint8Array; events?: AppDependencies['events'] },
): Promise<SharedInstance> {
  const database = openDatabase(testDb.url, kind);
  const ids = new IdGenerator(shared.worker);
  await migrateToLatest(database.db);
  await seedDatabase(database.db, ids);
  await clearSeededAdminPasswordChange(database.db);
  const cache = await RedisCache.connect(REDIS_URL, shared.prefix);
  const store: Store = { db: database.db, kind, ids, timeZone: 'Asia/Shanghai' };
  const app = await buildApp({
    config: { logLevel: 'silent', webDist: null, socialProviders: [] },
    store,
    cache,
    jwtSecret: shared.jwtSecret,
    ping: database.ping,
    ...(shared.events ? { events: shared.events } : {}),
  });
  return { app, database, cache, store };
}

/** Closes the instances (their keys in Redis with them) and drops the database. */
export async function closeSharedInstances(
  instances: ReadonlyArray<SharedInstance | undefined>,
  testDb: TestDatabase | undefined,
): Promise<void> {
  for (const instance of instances) {
    if (!instance) continue;
    await instance.cache.deleteByPrefix('');
    // A listening instance: fetch keeps its connections open for the next call.
    instance.app.server.closeAllConnections();
    await instance.app.close();
    await instance.cache.close();
    await instance.database.close();
  }
  await testDb?.drop();
}
