import type { AddressInfo } from 'node:net';
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
import { md5, SABER_BASIC } from './test-app.js';

// One of several server instances behind a load balancer, in this process: one database, one
// Redis (under the run's own key prefix) and one signing key shared with the others.

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface SharedInstance {
  app: FastifyInstance;
  database: DatabaseHandle;
  cache: RedisCache;
  store: Store;
}

/**
 * Builds an instance (worker id `worker`) over the shared database and Redis; migrates and seeds
 * (without the regions), as a server process does at start: on a copy of the template
 * (createSeededDatabase) both find their work done.
 */
export async function sharedRedisInstance(
  kind: DatabaseKind,
  testDb: TestDatabase,
  shared: {
    worker: number;
    prefix: string;
    jwtSecret: Uint8Array;
    events?: AppDependencies['events'];
    monitor?: AppDependencies['monitor'];
    /** Settings besides the defaults below (METRICS_TOKEN, …). */
    config?: Partial<AppDependencies['config']>;
    jobs?: AppDependencies['jobs'];
  },
): Promise<SharedInstance> {
  const database = openDatabase(testDb.url, kind);
  const ids = new IdGenerator(shared.worker);
  await migrateToLatest(database.db);
  await seedDatabase(database.db, ids, { regions: false });
  await clearSeededAdminPasswordChange(database.db);
  const cache = await RedisCache.connect(REDIS_URL, shared.prefix);
  const store: Store = { db: database.db, kind, ids, timeZone: 'Asia/Shanghai' };
  const app = await buildApp({
    config: { logLevel: 'silent', webDist: null, socialProviders: [], ...shared.config },
    store,
    cache,
    jwtSecret: shared.jwtSecret,
    ping: database.ping,
    ...(shared.events ? { events: shared.events } : {}),
    ...(shared.monitor ? { monitor: shared.monitor } : {}),
    ...(shared.jobs ? { jobs: shared.jobs } : {}),
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

/** The instance listening on a port of loopback, with the origin to call it at over real HTTP. */
export async function listening<T extends SharedInstance>(instance: T): Promise<T & { origin: string }> {
  await instance.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = instance.app.server.address() as AddressInfo;
  return { ...instance, origin: `http://127.0.0.1:${port}` };
}

/** The password grant over HTTP, as the console signs in; answers the access token. */
export async function signInOver(
  origin: string,
  account: { tenantId: string; account: string; password: string },
  headers: Record<string, string> = {},
): Promise<string> {
  const query = new URLSearchParams({
    tenantId: account.tenantId,
    username: account.account,
    password: md5(account.password),
    grant_type: 'password',
    scope: 'all',
  });
  const res = await fetch(`${origin}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { authorization: SABER_BASIC, ...headers },
  });
  const body = (await res.json()) as { access_token?: string; error_description?: string };
  if (res.status !== 200 || !body.access_token)
    throw new Error(`sign-in of ${account.account} failed: ${res.status} ${body.error_description}`);
  return body.access_token;
}
