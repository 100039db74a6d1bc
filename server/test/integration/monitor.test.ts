import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from './support/accounts.js';
import { enginesUnderTest, type TestDatabase } from './support/databases.js';
import { createSeededDatabase } from './support/template-databases.js';
import {
  closeSharedInstances,
  listening,
  REDIS_URL,
  sharedRedisInstance,
  signInOver,
  type SharedInstance,
} from './support/shared-redis.js';
import { SABER_BASIC } from './support/test-app.js';

// Issue 49, 服务监控 and 缓存监控: two processes sharing one database and one Redis, as behind a load
// balancer. Each lists both; the answers it counts move; the database and the cache are described in
// figures only; only the platform administrator may look; /api/metrics is off unless METRICS_TOKEN is
// set and then answers only that token. Nothing secret is in any answer.

const METRICS_TOKEN = `scrape-${randomBytes(16).toString('hex')}`;
/** Publishing this often, the other process sees a change within a test's patience. */
// A slot kept 10 s: the three instances share this worker's event loop, and building one on a loaded
// machine held it past 2 s, so the others' slots ran out (no test here waits for a slot to run out).
const MONITOR = { publishMs: 150, ttlSeconds: 10 };

interface Instance extends SharedInstance {
  origin: string;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the answers are read as the wire sends them */
interface Answer {
  status: number;
  text: string;
  body: any;
}

describe.each(enginesUnderTest())('the monitor across two processes on %s', (kind) => {
  let testDb: TestDatabase;
  let a: Instance;
  let b: Instance;
  let tenantAdmin: TestAccount;
  let adminToken: string;
  const prefix = `test:${randomUUID()}:`;
  const jwtSecret = new Uint8Array(randomBytes(48));
  /** Every answer of the monitor and the metrics, for the secrets check at the end. */
  const answered: string[] = [];

  async function get(on: Instance, path: string, headers: Record<string, string>): Promise<Answer> {
    const res = await fetch(`${on.origin}${path}`, { headers });
    const text = await res.text();
    answered.push(text);
    return {
      status: res.status,
      text,
      body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null,
    };
  }
  const signedIn = (token: string) => ({ authorization: SABER_BASIC, 'blade-auth': `bearer ${token}` });
  const monitor = async (on: Instance, what: 'server' | 'database' | 'cache', token = adminToken) => {
    const res = await get(on, `/api/blade-system/monitor/${what}`, signedIn(token));
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  };
  const processOf = async (on: Instance, id: string) =>
    ((await monitor(on, 'server')).processes as any[]).find((p) => p.id === id);

  beforeAll(async () => {
    testDb = await createSeededDatabase(kind);
    const shared = { prefix, jwtSecret, monitor: MONITOR };
    a = await listening(
      await sharedRedisInstance(kind, testDb, {
        ...shared,
        worker: 1,
        config: { metricsToken: METRICS_TOKEN },
      }),
    );
    b = await listening(await sharedRedisInstance(kind, testDb, { ...shared, worker: 2 }));
    tenantAdmin = await createAccount(
      { store: a.store },
      { tenantId: '100001', roles: [{ alias: 'admin', menuIds: [] }] },
    );
    adminToken = await signInOver(a.origin, { tenantId: '000000', account: 'admin', password: 'admin' });
  });
  afterAll(() => closeSharedInstances([a, b], testDb));

  it('lists both processes from either, each with its figures, the answering one marked', async () => {
    for (const on of [a, b]) {
      const { processes } = await monitor(on, 'server');
      expect(processes).toHaveLength(2);
      expect(processes.filter((p: any) => p.current)).toHaveLength(1);
      for (const p of processes) {
        expect(p).toMatchObject({ version: '0.1.0', node: process.version, pid: process.pid });
        expect(p.rssBytes).toBeGreaterThan(0);
        expect(p.heapUsedBytes).toBeGreaterThan(0);
        expect(p.loopDelayP99Ms).toBeGreaterThanOrEqual(p.loopDelayP50Ms);
        expect(p.minutes).toHaveLength(60);
        expect(p.startedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
        expect(p.pool).toEqual(
          kind === 'sqlite'
            ? { kind: 'single', size: 1, inUse: null, idle: null, waiting: null }
            : expect.objectContaining({ kind: 'pool', size: 10 }),
        );
      }
    }
    const fromA = (await monitor(a, 'server')).processes.map((p: any) => p.id).sort();
    const fromB = (await monitor(b, 'server')).processes.map((p: any) => p.id).sort();
    expect(fromA).toEqual(fromB);
  });

  it('lists a process that starts at once, and no longer once it stops', async () => {
    const c = await sharedRedisInstance(kind, testDb, { prefix, jwtSecret, monitor: MONITOR, worker: 3 });
    try {
      expect((await monitor(a, 'server')).processes).toHaveLength(3);
    } finally {
      await c.app.close();
      await c.cache.close();
      await c.database.close();
    }
    expect((await monitor(a, 'server')).processes).toHaveLength(2);
  });

  it('counts the answers: its own at once, the other process’s once it publishes', async () => {
    const self = (await monitor(a, 'server')).processes.find((p: any) => p.current);
    const before = self.lastMinute.requests;
    for (let i = 0; i < 5; i++) expect((await fetch(`${a.origin}/api/health`)).status).toBe(200);
    const after = await processOf(a, self.id);
    // The 5 calls and the monitor's own first read; the read answering now is not finished yet.
    expect(after.lastMinute.requests).toBe(before + 6);
    expect(after.lastHour.requests).toBeGreaterThanOrEqual(after.lastMinute.requests);
    expect(after.lastMinute.perSecond).toBeGreaterThan(0);
    expect(after.lastMinute.errorRate).toBe(0);
    // The chart's minutes hold the hour's answers (the last minute may have begun among the calls).
    expect(after.minutes.reduce((sum: number, m: any) => sum + m.requests, 0)).toBe(after.lastHour.requests);
    await expect
      .poll(async () => (await processOf(b, self.id)).lastMinute.requests, { timeout: 5_000 })
      .toBeGreaterThanOrEqual(before + 6);
  });

  it('describes the database: engine, version, size, connections and the slowest kinds of statement', async () => {
    const database = await monitor(b, 'database');
    const engine = { sqlite: ['SQLite'], postgres: ['PostgreSQL'], mysql: ['MySQL', 'MariaDB'] }[kind];
    expect(engine).toContain(database.engine);
    expect(database.version).toMatch(/^\d+\.\d+/);
    expect(database.sizeBytes).toBeGreaterThan(0);
    expect(database.connections).toBeGreaterThanOrEqual(1);
    expect(database.processes).toBe(2);
    expect(database.statements.length).toBeGreaterThan(0);
    expect(database.statements.length).toBeLessThanOrEqual(10);
    // Kinds only: a verb and a table's name.
    for (const statement of database.statements) {
      expect(statement.kind).toMatch(/^[a-z]+( [a-z_][\w$]*)?$/);
      expect(statement.maxMs).toBeGreaterThanOrEqual(statement.avgMs);
    }
    const maxima = database.statements.map((s: any) => s.maxMs);
    expect(maxima).toEqual([...maxima].sort((x, y) => y - x));
  });

  it('describes the shared cache: Redis, its memory, keys by prefix as counts, and the hit rates', async () => {
    const cache = await monitor(a, 'cache');
    expect(cache).toMatchObject({ engine: 'redis', capped: false, processes: 2 });
    expect(cache.version).toMatch(/^\d+\.\d+/);
    expect(cache.memoryBytes).toBeGreaterThan(0);
    const prefixes = Object.fromEntries(cache.prefixes.map((p: any) => [p.prefix, p.keys]));
    expect(prefixes['monitor:process:']).toBe(2);
    expect(prefixes['auth:session:']).toBeGreaterThanOrEqual(1);
    expect(cache.keys).toBe(cache.prefixes.reduce((sum: number, p: any) => sum + p.keys, 0));
    // A prefix is a few lower-case words: never an id, an address or a value.
    for (const { prefix } of cache.prefixes) expect(prefix).toMatch(/^([a-z][a-z-]*:){0,3}$/);
    expect(cache.hitRates.map((rate: any) => rate.cache)).toEqual(['dictionaries', 'permissions']);
    const permissions = cache.hitRates[1];
    expect(permissions.hits + permissions.misses).toBeGreaterThan(0);
    expect(permissions.rate).toBeCloseTo(permissions.hits / (permissions.hits + permissions.misses));
  });

  it('answers only the platform administrator', async () => {
    const token = await signInOver(b.origin, tenantAdmin);
    for (const what of ['server', 'database', 'cache'])
      expect((await get(a, `/api/blade-system/monitor/${what}`, signedIn(token))).status).toBe(403);
    expect((await get(a, '/api/blade-system/monitor/server', { authorization: SABER_BASIC })).status).toBe(
      401,
    );
  });

  it('serves /api/metrics only with METRICS_TOKEN set, and then only to that token', async () => {
    expect((await get(b, '/api/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })).status).toBe(404);
    expect((await get(a, '/api/metrics', {})).status).toBe(401);
    expect((await get(a, '/api/metrics', { authorization: `Bearer ${METRICS_TOKEN}x` })).status).toBe(401);
    expect((await get(a, '/api/metrics', { authorization: SABER_BASIC })).status).toBe(401);
    expect((await get(a, '/api/metrics', signedIn(adminToken))).status).toBe(401);

    const res = await fetch(`${a.origin}/api/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = await res.text();
    answered.push(text);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    for (const name of [
      'console_process_info',
      'console_process_resident_memory_bytes',
      'console_event_loop_delay_seconds',
      'console_http_requests_total',
      'console_http_requests_per_second',
      'console_http_error_ratio',
      'console_event_streams',
      'console_db_size_bytes',
      'console_db_connections',
      'console_cache_hits_total',
      'console_shared_cache_keys',
    ])
      expect(text).toContain(`# TYPE ${name} `);
    // Both processes, labelled.
    const ids = (await monitor(a, 'server')).processes.map((p: any) => p.id);
    for (const id of ids) expect(text).toContain(`console_http_requests_total{process="${id}"} `);
    // Every sample line is `name{labels} number`.
    for (const line of text
      .trim()
      .split('\n')
      .filter((l) => !l.startsWith('#')))
      expect(line).toMatch(/^[a-z_]+(\{.*\})? -?[\d.e+-]+$/);
  });

  it('puts nothing secret in any answer', async () => {
    const { password } = await a.store.db
      .selectFrom('blade_user')
      .select('password')
      .where('account', '=', 'admin')
      .where('tenant_id', '=', '000000')
      .executeTakeFirstOrThrow();
    const secrets = [
      Buffer.from(jwtSecret).toString('hex'),
      Buffer.from(jwtSecret).toString('base64'),
      Buffer.from(jwtSecret).toString('base64url'),
      adminToken,
      METRICS_TOKEN,
      password,
      testDb.url,
      REDIS_URL,
      prefix,
    ];
    expect(answered.length).toBeGreaterThan(10);
    const all = answered.join('\n');
    for (const secret of secrets) expect(all).not.toContain(secret);
  });
});
