import { Migrator } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { drivers, sqliteFileOf } from './database.js';
import { migrationProvider } from './migrations/index.js';
import { loadGeneratedModules } from './generated-modules.js';
import { migrateGenerated } from './generated-migrations.js';

/**
 * Brings the schema up to date; safe to call from several processes. PostgreSQL and MySQL lock
 * (Kysely takes a lock there); on SQLite a lock file beside the database lets one process migrate
 * at a time (withSqliteLock).
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  return withSqliteLock(db, () => migrateHeld(db));
}

/**
 * The migrations, then `after` (a start's seed), one process at a time on an SQLite file: a seed
 * that writes for seconds (the regions of a new database, on a loaded machine) outlasted the other
 * process's busy timeout, which failed to start with "database is locked".
 */
export async function migrateThen<T>(db: Kysely<Database>, after: () => Promise<T>): Promise<T> {
  return withSqliteLock(db, async () => {
    await migrateHeld(db);
    return after();
  });
}

async function migrateHeld(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const core = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  // Then the generated modules' own sequence (db/generated-migrations.ts).
  const migrations = Object.assign({}, ...(await loadGeneratedModules()).map((module) => module.migrations));
  const generated = await migrateGenerated(db as unknown as Kysely<unknown>, migrations);
  if (generated.error)
    throw generated.error instanceof Error ? generated.error : new Error(String(generated.error));
  return [...core, ...generated.names];
}

/** How long a process waits for another's migrations on the same SQLite file before giving up. */
const SQLITE_LOCK_WAIT_MS = 120_000;
const SQLITE_LOCK_POLL_MS = 50;

/**
 * SQLite has no migration lock of its own, and Kysely's SQLite adapter does not run DDL in a
 * transaction: two processes starting on one file met each other's half-applied migrations. An
 * exclusive transaction on `<database>-migrate.lock` (a file of its own, so the migrations' writes
 * are not blocked by it) serialises them; the second finds the migrations done. The operating
 * system releases the lock when a process dies, so a crash never leaves it held. Polled, not
 * waited for inside SQLite: better-sqlite3 would block the event loop (a tenant's database can be
 * migrated while the server is serving).
 */
async function withSqliteLock<T>(db: Kysely<Database>, run: () => Promise<T>): Promise<T> {
  const file = sqliteFileOf(db);
  if (!file) return run();
  const lock = new (drivers.sqlite())(`${file}-migrate.lock`);
  try {
    lock.pragma('busy_timeout = 0');
    for (const deadline = Date.now() + SQLITE_LOCK_WAIT_MS; ;) {
      try {
        lock.exec('BEGIN EXCLUSIVE');
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, SQLITE_LOCK_POLL_MS));
      }
    }
    return await run();
  } finally {
    if (lock.inTransaction) lock.exec('ROLLBACK');
    lock.close();
  }
}
