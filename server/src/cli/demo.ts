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
import { demoDevices, fillDemo } from '../modules/business/demo.js';
import { simulateDevices, type SimulatedDevice } from '../modules/business/device-simulator.js';
import { addDemoPeople } from '../modules/business/demo-people.js';
import { firstUserOf } from '../modules/business/demo.repository.js';
import { DatasourceService } from '../modules/develop/datasource/datasource.service.js';
import { tenantDatabases } from '../modules/system/tenant/tenant-databases.js';

// `npm run demo [-- [<tenantId>] [--every=<seconds>] [--server=<url>] [--no-beat]]`: fills a tenant
// (000000 by default) with demo hospitals, machines and their slots, apk versions, heartbeats and
// refund requests, so the console and the home page's dashboard can be tried at once, and adds the
// leave process's approver and manager (demo-people.ts), printing their generated passwords once.
// Not part of `npm start`. It reads the environment as the server does (DATABASE_URL, DATA_DIR,
// DATA_KEY, DATASOURCE_HOSTS, PORT, MACHINE_OFFLINE_SECONDS); a tenant bound to a data source gets
// its demo there (decision 0020). A second run adds nothing.
//
// Then, unless --no-beat, it stays and beats the demo's living machines through the server's device
// API (device-simulator.ts; their device secrets rotated for it), every `--every` seconds (default
// 60, within the offline window), at --server (default http://127.0.0.1:$PORT), until Ctrl-C: the
// fleet stays online while it runs. Exit codes: 0 done, or stopped; 1 no such tenant; 2 bad usage
// or configuration.

const USAGE = 'usage: npm run demo [-- [<tenantId>] [--every=<seconds>] [--server=<url>] [--no-beat]]';

function fail(code: number, message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

interface DemoArguments {
  tenantId: string;
  beat: boolean;
  everySeconds: number | undefined;
  serverUrl: string | undefined;
}

function parseArguments(args: readonly string[]): DemoArguments {
  const parsed: DemoArguments = {
    tenantId: '000000',
    beat: true,
    everySeconds: undefined,
    serverUrl: undefined,
  };
  let tenantGiven = false;
  for (const arg of args) {
    const [name, value] = arg.split(/=(.*)/s, 2) as [string, string | undefined];
    if (arg === '--no-beat') parsed.beat = false;
    else if (name === '--every' && value && /^\d+(\.\d+)?$/.test(value) && Number(value) > 0)
      parsed.everySeconds = Number(value);
    else if (name === '--server' && value && URL.canParse(value)) parsed.serverUrl = value;
    else if (!tenantGiven && /^\d{1,12}$/.test(arg)) {
      parsed.tenantId = arg;
      tenantGiven = true;
    } else fail(2, USAGE);
  }
  return parsed;
}

async function main(): Promise<void> {
  const { tenantId, beat, everySeconds, serverUrl } = parseArguments(process.argv.slice(2));
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
  let devices: SimulatedDevice[] = [];
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
    if (!summary) process.stdout.write(`Tenant ${tenantId} has its demo data already. Nothing was added.\n`);
    else
      process.stdout.write(
        `Tenant ${tenantId}: ${summary.hospitals} hospitals, ${summary.machines} machines with their slots, ` +
          `${summary.apks} apk versions and ${summary.refunds} refund requests. Sign in and open the home page.\n`,
      );
    if (beat)
      devices = await demoDevices(routing, { tenantId, offlineSeconds: config.machineOfflineSeconds });
  } finally {
    await closeRouting();
    await cache.close();
    await database.close();
  }
  if (devices.length === 0) return;
  beatUntilStopped(devices, {
    serverUrl: serverUrl ?? `http://${localAddress(config.host)}:${config.port}`,
    everySeconds: everySeconds ?? Math.min(60, Math.max(1, Math.floor(config.machineOfflineSeconds / 3))),
    offlineSeconds: config.machineOfflineSeconds,
  });
}

/** Where this machine reaches a server bound to `host` (all interfaces: the loopback). */
function localAddress(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** Beats the devices until Ctrl-C, saying what it does and when the server cannot be reached. */
function beatUntilStopped(
  devices: SimulatedDevice[],
  options: { serverUrl: string; everySeconds: number; offlineSeconds: number },
): void {
  process.stdout.write(
    `Beating ${devices.length} demo machines through ${options.serverUrl} every ${options.everySeconds} s ` +
      `(the device API), so they stay online. Press Ctrl-C to stop; they go offline ` +
      `${options.offlineSeconds} s after the last beat.\n`,
  );
  let failing: string | null = null;
  const simulator = simulateDevices({
    serverUrl: options.serverUrl,
    devices,
    intervalMs: options.everySeconds * 1000,
    onBeat: (outcome) => {
      // One line when beats start failing (the server not started yet, say) and one when they recover.
      const problem =
        'error' in outcome
          ? `the server at ${options.serverUrl} cannot be reached (${outcome.error}); still trying`
          : outcome.status === 200
            ? null
            : `the server answered ${outcome.status} for ${outcome.machineNo}; still trying`;
      if (problem && problem !== failing) process.stderr.write(`${problem}\n`);
      else if (!problem && failing) process.stdout.write('The server hears the machines again.\n');
      failing = problem;
    },
  });
  const stop = () => {
    void simulator.stop().then(() => {
      process.stdout.write('Stopped beating.\n');
      process.exit(0);
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(2);
});
