import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../core/config.js';
import { openDatabase, sqliteFile } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { SignInLockRepository } from '../modules/auth/sign-in-lock.repository.js';

// `npm run unlock -- <tenantId> <account>`: lifts an account's sign-in lock and forgets its failed
// sign-ins, from the command line, for when nobody who could use user/unlock can sign in
// (docs/operations.md, "Unlocking an account"; decision 0013). It reads the environment as the
// server does (DATABASE_URL, DATA_DIR; core/config.ts). The lock is kept in the database, so the
// cache (REDIS_URL or the server's memory) plays no part and a running server sees the change on
// the next sign-in. Exit codes: 0 done, 1 no such tenant or account, 2 bad usage or configuration.

const USAGE = 'usage: npm run unlock -- <tenantId> <account>';

function fail(code: number, message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

async function main(): Promise<void> {
  const [tenantId, account, ...rest] = process.argv.slice(2);
  if (!tenantId || !account || rest.length > 0) fail(2, USAGE);

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(2, `Invalid configuration: ${error.message}`);
    throw error;
  }
  const where =
    config.databaseKind === 'sqlite'
      ? `the SQLite database ${path.resolve(sqliteFile(config.databaseUrl))}`
      : `the ${config.databaseKind === 'postgres' ? 'PostgreSQL' : 'MySQL/MariaDB'} database of DATABASE_URL`;
  // Never create an empty database by mistake (a wrong directory, a wrong DATA_DIR).
  if (config.databaseKind === 'sqlite' && !existsSync(sqliteFile(config.databaseUrl)))
    fail(2, `No database: ${where} does not exist (set DATABASE_URL or DATA_DIR as for the server).`);

  const database = openDatabase(config.databaseUrl, config.databaseKind);
  try {
    // The same migrations as at start (safe beside a running server): the lock table may be new.
    await migrateToLatest(database.db);
    const locks = new SignInLockRepository(database.db);
    if (!(await locks.tenantExists(tenantId)))
      fail(1, `No tenant ${tenantId} in ${where}. Nothing was changed.`);
    const user = await locks.findAccount(tenantId, account);
    if (!user) fail(1, `No account "${account}" in tenant ${tenantId} (${where}). Nothing was changed.`);

    const before = await locks.state(user.id);
    await locks.clear(tenantId, [user.id]);

    const who = `"${user.account}" of tenant ${tenantId} (user ${user.id})`;
    const at = (ms: number) =>
      `${new Date(ms).toLocaleString('sv-SE', { timeZone: config.timeZone })} ${config.timeZone}`;
    const failures = `${before?.failures ?? 0} failed sign-in${before?.failures === 1 ? '' : 's'}`;
    if (before?.lockedUntil && before.lockedUntil > Date.now())
      process.stdout.write(
        `Unlocked ${who}: it was locked until ${at(before.lockedUntil)}; cleared ${failures}.\n`,
      );
    else if (before) process.stdout.write(`${who} was not locked; cleared ${failures}.\n`);
    else process.stdout.write(`${who} was not locked and had no failed sign-ins; nothing to clear.\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  fail(2, `unlock failed: ${error instanceof Error ? error.message : String(error)}`);
});
