import path from 'node:path';
import { loadSecret } from '../core/auth/jwt-secret.js';
import { MemoryCache } from '../core/cache/memory-cache.js';
import { ConfigError, loadConfig } from '../core/config.js';
import { IdGenerator } from '../core/ids.js';
import { OutboundPolicy } from '../core/outbound/policy.js';
import { SecretBox } from '../core/secret-box.js';
import { openDatabase, sqliteFileOf } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDatabase } from '../db/seed/seed.js';
import { fillDemo } from '../modules/business/demo.js';
import { addDemoPeople } from '../modules/business/demo-people.js';
import { firstUserOf } from '../modules/business/demo.repository.js';
import { DatasourceService } from '../modules/develop/datasource/datasource.service.js';
import { tenantDatabases } from '../modules/system/tenant/tenant-databases.js';

// `npm run demo [-- <tenantId>]`: fills a tenant (000000 by default) with demo hospitals, machines
// and their slots, apk versions, heartbeats and refund requests, so the console and the home page's
// dashboard can be tried at once, and adds the leave process's approver and manager (demo-people.ts),
// printing their generated passwords once. Not part of `npm start`. It reads the environment as the server
// does (DATABASE_URL, DATA_DIR, DATA_KEY, DATASOURCE_HOSTS); a tenant bound to a data source gets
// its demo there (decision 0020). A second run changes nothing. Exit codes: 0 done or already there,
// 1 no such tenant, 2 bad usage or configuration.

function fail(code: number, message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

async function main(): Promise<void> {
  const [tenantId = '000000', ...rest] = process.argv.slice(2);
  if (rest.length > 0 || !/^\d{1,12}$/.test(tenantId)) fail(2, 'usage: npm run demo [-- <tenantId>]');
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(2, `Invalid configuration: ${error.message}`);
    throw error;
  }
  const database = openDatabase(config.databaseUrl, config.databaseKind);
  const cache = new MemoryCache();
  let closeRouting = async () => {};
  try {
    const ids = new IdGenerator(config.workerId ?? 1023);
    await migrateToLatest(database.db);
    await seedDatabase(database.db, ids);
    const store = { db: database.db, kind: database.kind, ids, timeZone: config.timeZone };
    const tenant = await database.db
      .selectFrom('blade_tenant')
      .select('tenant_id')
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!tenant) fail(1, `No tenant ${tenantId}. Nothing was changed.`);
    // The tenant's records go where the server would put them: its data source when it is bound.
    const routing = tenantDatabases({
      store,
      cache,
      datasources: new DatasourceService({
        store,
        secrets: new SecretBox(loadSecret(config.dataKey, config.dataDir, 'data-key')),
        hosts: new OutboundPolicy(config.datasourceHosts),
        dataDir: path.resolve(config.dataDir),
        ownDatabase: sqliteFileOf(database.db) ?? null,
      }),
    });
    closeRouting = () => routing.close();
    const actor = await firstUserOf(routing.main, tenantId);
    const people = actor.deptId ? await addDemoPeople(routing.main, { ...actor, deptId: actor.deptId }) : [];
    if (people.length > 0)
      process.stdout.write(
        `People for the leave process (their passwords are shown this once and must be changed at the first sign-in):\n` +
          people.map((p) => `  ${p.account} (${p.realName}, role ${p.roleAlias}): ${p.password}\n`).join(''),
      );
    const summary = await fillDemo(routing, {
      tenantId,
      uploadsRoot: path.join(path.resolve(config.dataDir), 'uploads'),
      offlineSeconds: config.machineOfflineSeconds,
    });
    if (!summary)
      process.stdout.write(`Tenant ${tenantId} has its demo data already. Nothing was changed.\n`);
    else
      process.stdout.write(
        `Tenant ${tenantId}: ${summary.hospitals} hospitals, ${summary.machines} machines with their slots, ` +
          `${summary.apks} apk versions and ${summary.refunds} refund requests. Sign in and open the home page.\n`,
      );
  } finally {
    await closeRouting();
    await cache.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(2);
});
