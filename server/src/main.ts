import { randomInt } from 'node:crypto';
import { buildApp } from './app.js';
import { openCache } from './core/cache/index.js';
import { ConfigError, loadConfig, type Config } from './core/config.js';
import { redact } from './core/redact.js';
import { Drain } from './core/drain.js';
import { IdGenerator } from './core/ids.js';
import { loadJwtSecret, loadSecret, secretsToShare } from './core/auth/jwt-secret.js';
import { serverSm2KeyPair } from './core/auth/sm2-key.js';
import { openDatabase } from './db/database.js';
import { migrateThen } from './db/migrate.js';
import { seedGeneratedMenus } from './db/seed/generated-menus.js';
import { seedDatabase } from './db/seed/seed.js';

// Start-up contract (architecture.md): read config, open the database, migrate, seed an empty
// database, listen; on SIGTERM/SIGINT stop accepting, let in-flight requests finish, close.

/** After the drain delay: the longest the open requests may take before the process exits anyway. */
const SHUTDOWN_CAP_MS = 30_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Invalid configuration: ${redact(error.message)}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const unshared = secretsToShare(config);
  if (unshared.length > 0) {
    const names = unshared.join(' and ');
    process.stderr.write(
      `Invalid configuration: REDIS_URL is set (several server processes), so set ${names} to the same value (at least 32 characters) in every process; one generated into DATA_DIR would differ per process\n`,
    );
    process.exit(1);
  }
  // Lost connections are logged once the app's logger exists; the pool replaces them either way.
  let connectionLost = (error: Error): void => {
    process.stderr.write(`database connection lost: ${redact(error.message)}\n`);
  };
  const database = openDatabase(config.databaseUrl, config.databaseKind, {
    onConnectionLost: (error) => connectionLost(error),
    sqliteSynchronous: config.sqliteSynchronous,
  });
  const ids = new IdGenerator(config.workerId ?? randomInt(1024));
  const cache = await openCache(config.redisUrl, config.redisKeyPrefix);

  let seedMs = 0;
  const seeded = await migrateThen(database.db, async () => {
    const seedStarted = performance.now();
    const wrote = await seedDatabase(database.db, ids);
    // The generated modules' pages and buttons the menu table lacks (docs/decisions/0021).
    await seedGeneratedMenus(database.db);
    seedMs = Math.round(performance.now() - seedStarted);
    return wrote;
  });

  const sm2 = serverSm2KeyPair(config);
  let drain: Drain | undefined = undefined;
  const app = await buildApp({
    config,
    store: { db: database.db, kind: database.kind, ids, timeZone: config.timeZone },
    cache,
    jwtSecret: loadJwtSecret(config.jwtSecret, config.dataDir),
    dataKey: loadSecret(config.dataKey, config.dataDir, 'data-key'),
    sm2,
    // Ready while the database and the shared cache answer.
    ping: async () => {
      await database.ping();
      await cache.get('ready');
    },
    draining: () => drain?.draining === true,
    events: { perUser: config.streamsPerUser, perProcess: config.streamsPerProcess },
  });

  connectionLost = (err) => app.log.warn({ err }, 'database connection lost');

  // The first start loads the reference data (dictionaries, the regions of China): say how long it took.
  if (seeded) app.log.info({ ms: seedMs }, 'seeded the database');
  // Not secret: what an operator puts into a SpringBlade console's website.js (auth.publicKey).
  app.log.info({ sm2PublicKey: sm2.publicKey }, 'SM2 public key for SpringBlade consoles');

  drain = new Drain(app);
  let stopping = false;
  // SIGTERM (a deploy, a scale-in): readiness down, serve on for SHUTDOWN_DRAIN_MS so the balancer
  // stops sending, then stop accepting and finish what is open (core/drain.ts). SIGINT (Ctrl-C at a
  // terminal) skips the delay.
  const stop = async (signal: string, drainMs: number) => {
    if (stopping) return;
    stopping = true;
    drain.begin();
    app.log.info({ signal, drainMs }, 'shutting down: readiness down, draining');
    // No job run starts any more; those running get the drain window, then are let go to another process.
    const jobsStopped = app.scheduler.stop(drainMs);
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    await jobsStopped;
    app.log.info('shutting down: no longer accepting connections; finishing in-flight requests');
    // The balancer sends no one here any more: open event streams end, and reconnect elsewhere.
    app.events.drain();
    const timer = setTimeout(() => {
      app.log.error(`shutdown took longer than ${SHUTDOWN_CAP_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_CAP_MS + 5_000);
    timer.unref();
    try {
      const complete = await drain.stopAccepting(SHUTDOWN_CAP_MS);
      if (!complete) app.log.warn('connections still open at the cap were closed');
      await app.close();
      await cache.close();
      await database.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM', config.shutdownDrainMs));
  process.once('SIGINT', () => void stop('SIGINT', 0));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      database: database.kind,
      cache: config.redisUrl ? 'redis' : 'memory',
      console: Boolean(config.webDist),
    },
    'ready',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Start-up failed: ${redact(error instanceof Error ? error.message : String(error))}\n`,
  );
  process.exit(1);
});
