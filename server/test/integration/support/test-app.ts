import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDependencies } from '../../../src/app.js';
import { MemoryCache } from '../../../src/core/cache/memory-cache.js';
import type { Config, SocialProviderSettings } from '../../../src/core/config.js';
import type { DatabaseKind } from '../../../src/db/database.js';
import { IdGenerator } from '../../../src/core/ids.js';
import type { Store } from '../../../src/core/repository/store.js';
import { loadSm2KeyPair } from '../../../src/core/auth/sm2-key.js';
import { openDatabase, sqliteFile, type DatabaseHandle } from '../../../src/db/database.js';
import { seedDatabase } from '../../../src/db/seed/seed.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { createTestDatabase, type TestDatabase } from './databases.js';
import { createSeededDatabase } from './template-databases.js';

/** A migrated, seeded database on one engine with the real application in front of it. */
export interface TestApp {
  kind: DatabaseKind;
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The URL of this app's database (for a child process such as `npm run unlock`). */
  databaseUrl: string;
  store: Store;
  cache: MemoryCache;
  jwtSecret: Uint8Array;
  /** This app's DATA_DIR (uploads), removed on close. */
  dataDir: string;
  /** The platform administrator's access token (admin / admin in tenant 000000). */
  adminToken: string;
  /**
   * Calls the API as the console does: the saber client's Basic header and, unless `token` is
   * null, a bearer token (the administrator's by default).
   */
  call(options: InjectOptions, token?: string | null): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** The password grant; answers the raw response. */
  signIn(
    account: string,
    password: string,
    tenantId?: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  close(): Promise<void>;
}

export const SABER_BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
export const md5 = (text: string) => createHash('md5').update(text).digest('hex');

export async function startTestApp(
  kind: DatabaseKind,
  socialProviders: SocialProviderSettings[] = [],
  trustProxy: false | number | string[] = false,
  /** regions: load the regions of China (3,600 rows); only the tests that read regions need them. */
  options: {
    regions?: boolean;
    /**
     * Migrate and seed a new empty database instead of copying the template: a new installation,
     * whose admin / admin must be changed at the first sign-in (the templates clear that).
     */
    freshDatabase?: boolean;
    logs?: AppDependencies['logs'];
    signInLockout?: AppDependencies['signInLockout'];
    /** SQLite: DATA_DIR is the folder of the database file, as by default (DATA_DIR/console.db). */
    databaseInDataDir?: boolean;
    uploadRate?: AppDependencies['uploadRate'];
    workbooks?: AppDependencies['workbooks'];
    events?: AppDependencies['events'];
    /** A cache shared with another app: two server processes over one Redis. */
    cache?: MemoryCache;
    config?: Partial<
      Pick<
        Config,
        | 'uploadMaxBytes'
        | 'uploadTypes'
        | 'smsEndpoints'
        | 'logRetentionDays'
        | 'outboundHosts'
        | 'datasourceHosts'
        | 'host'
        | 'mqttPort'
        | 'mqttUrl'
        | 'mqttShareGroup'
        | 'mqttHookToken'
        | 'apiDocsPublic'
      >
    >;
  } = {},
): Promise<TestApp> {
  const testDb: TestDatabase = options.freshDatabase
    ? await createTestDatabase(kind)
    : await createSeededDatabase(kind);
  const database = openDatabase(testDb.url, kind);
  if (options.freshDatabase) await migrateToLatest(database.db);
  const ids = new IdGenerator(1);
  // The copy is migrated and seeded already; a fresh database is seeded here, and the regions are
  // added when asked (the seed finds the rest there).
  if (options.freshDatabase || options.regions)
    await seedDatabase(database.db, ids, { regions: options.regions ?? false });
  const store: Store = { db: database.db, kind, ids, timeZone: 'Asia/Shanghai' };
  const cache = options.cache ?? new MemoryCache();
  const jwtSecret = new Uint8Array(randomBytes(48));
  const dataDir =
    options.databaseInDataDir && kind === 'sqlite'
      ? path.dirname(sqliteFile(testDb.url))
      : mkdtempSync(path.join(tmpdir(), 'console-data-'));
  const app = await buildApp({
    config: { logLevel: 'silent', webDist: null, socialProviders, trustProxy, dataDir, ...options.config },
    store,
    cache,
    jwtSecret,
    dataKey: new Uint8Array(randomBytes(32)),
    // As main.ts: the SM2 pair kept in DATA_DIR (sm2-key.json), made on this first start.
    sm2: loadSm2KeyPair(dataDir),
    ping: database.ping,
    ...(options.logs ? { logs: options.logs } : {}),
    ...(options.signInLockout ? { signInLockout: options.signInLockout } : {}),
    ...(options.uploadRate ? { uploadRate: options.uploadRate } : {}),
    ...(options.workbooks ? { workbooks: options.workbooks } : {}),
    ...(options.events ? { events: options.events } : {}),
  });
  const inject = async (options: InjectOptions) => {
    const res: LightMyRequestResponse = await app.inject(options);
    const text = res.body;
    return { status: res.statusCode, body: text ? JSON.parse(text) : null };
  };
  const signIn = (
    account: string,
    password: string,
    tenantId = '000000',
    headers: Record<string, string> = {},
  ) =>
    inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      query: {
        tenantId,
        username: account,
        password: md5(password),
        grant_type: 'password',
        scope: 'all',
        type: 'account',
      },
      headers: { authorization: SABER_BASIC, ...headers },
    });
  const admin = await signIn('admin', 'admin');
  if (admin.status !== 200) throw new Error(`admin sign-in failed: ${JSON.stringify(admin.body)}`);
  const adminToken = admin.body.access_token as string;
  return {
    kind,
    app,
    database,
    databaseUrl: testDb.url,
    store,
    cache,
    jwtSecret,
    dataDir,
    adminToken,
    signIn,
    call(options, token = adminToken) {
      const headers: Record<string, string> = {
        authorization: SABER_BASIC,
        ...(options.headers as Record<string, string>),
      };
      if (token) headers['blade-auth'] = `bearer ${token}`;
      return inject({ ...options, headers });
    },
    async close() {
      await app.close();
      await cache.close();
      await database.close().catch(() => undefined); // a test may have closed it already
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
