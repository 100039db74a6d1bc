import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../src/app.js';
import { MemoryCache } from '../../../src/core/cache/memory-cache.js';
import type { DatabaseKind } from '../../../src/core/config.js';
import { IdGenerator } from '../../../src/core/ids.js';
import type { Store } from '../../../src/core/repository/store.js';
import { openDatabase, type DatabaseHandle } from '../../../src/db/database.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { seedDatabase } from '../../../src/db/seed/seed.js';
import { createTestDatabase, type TestDatabase } from './databases.js';

/** A migrated, seeded database on one engine with the real application in front of it. */
export interface TestApp {
  kind: DatabaseKind;
  app: FastifyInstance;
  database: DatabaseHandle;
  store: Store;
  call(options: InjectOptions): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  close(): Promise<void>;
}

export async function startTestApp(kind: DatabaseKind): Promise<TestApp> {
  const testDb: TestDatabase = await createTestDatabase(kind);
  const database = openDatabase(testDb.url, kind);
  const ids = new IdGenerator(1);
  await migrateToLatest(database.db);
  await seedDatabase(database.db, ids);
  const store: Store = { db: database.db, kind, ids, timeZone: 'Asia/Shanghai' };
  const cache = new MemoryCache();
  const app = await buildApp({
    config: { logLevel: 'silent', webDist: null },
    store,
    cache,
    ping: database.ping,
  });
  return {
    kind,
    app,
    database,
    store,
    async call(options) {
      const res: LightMyRequestResponse = await app.inject(options);
      const text = res.body;
      return { status: res.statusCode, body: text ? JSON.parse(text) : null };
    },
    async close() {
      await app.close();
      await cache.close();
      await database.close().catch(() => undefined); // a test may have closed it already
      await testDb.drop();
    },
  };
}
