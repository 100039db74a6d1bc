import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import Sqlite from 'better-sqlite3';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
/** How much of the server's output a start-up failure reports. */
const OUTPUT_TAIL_CHARS = 4_000;

export interface RunningServer {
  baseUrl: string;
  /** Its database (`sqlite:<file>` unless the file chose another), for what no route writes. */
  databaseUrl: string;
  /** Stops the server (SIGTERM) and deletes its database and files. */
  stop: () => Promise<void>;
}

export interface ServerOptions {
  /**
   * The built console to serve (WEB_DIST), relative to the repository: E2E_WEB_DIST or web/dist
   * (a build of one's own lets several people, or agents, run browser tests side by side).
   */
  webDist?: string;
  /** Further environment, e.g. REDIS_URL. */
  env?: Record<string, string>;
}

/**
 * A migrated and seeded SQLite file (admin / admin without the change at first sign-in) that each
 * server without a DATABASE_URL of its own starts from, as a copy: set by the browser tests'
 * globalSetup (template-database.ts). A start on the copy skips the migrations and the seed, about a
 * second of the start's three on this machine kind; the process tests show a start on an empty
 * database. Unset (the benchmarks, the screenshots): an empty database.
 */
export const TEMPLATE_DATABASE_VARIABLE = 'E2E_TEMPLATE_DATABASE';

/** The seeded platform administrator (server/src/db/seed/seed.ts SEED_IDS.admin). */
export const SEEDED_ADMIN_ID = '1123598821738675201';

/**
 * Test support only: the seeded admin / admin must be changed at the first sign-in (issue 44); the
 * browser tests sign in as admin / admin to test something else, so the flag is cleared once the
 * server is ready (server/test/integration/password-policy.test.ts shows a new installation's).
 */
function clearAdminPasswordChange(databaseUrl: string): void {
  const db = new Sqlite(databaseUrl.slice('sqlite:'.length));
  try {
    db.prepare('update blade_user set password_change_required = 0 where id = ?').run(
      BigInt(SEEDED_ADMIN_ID),
    );
  } finally {
    db.close();
  }
}

/** The Node.js flags `npm start` runs the server with (package.json `config`, decision 0029). */
function serverNodeFlags(): string[] {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    config: { serverNodeFlags: string };
  };
  return manifest.config.serverNodeFlags.split(' ').filter(Boolean);
}

/** Starts the built server, serving the built console, on a free port with a fresh SQLite database. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const webDist = options.webDist ?? process.env.E2E_WEB_DIST ?? 'web/dist';
  for (const artefact of ['server/dist/main.js', `${webDist}/index.html`]) {
    if (!existsSync(join(repoRoot, artefact))) {
      throw new Error(`${artefact} is missing: run \`npm run build\` first`);
    }
  }

  const dataDir = await mkdtemp(join(tmpdir(), 'console-e2e-'));
  const port = await freePort();
  const databaseUrl = options.env?.DATABASE_URL ?? `sqlite:${join(dataDir, 'e2e.db')}`;
  const template = process.env[TEMPLATE_DATABASE_VARIABLE];
  if (!options.env?.DATABASE_URL && template) await copyFile(template, join(dataDir, 'e2e.db'));
  const child = spawn(process.execPath, [...serverNodeFlags(), 'server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: join(repoRoot, webDist),
      // No balancer in front: no drain delay on SIGTERM. Secrets given, as REDIS_URL requires them.
      SHUTDOWN_DRAIN_MS: '0',
      // No embedded MQTT broker: this machine's Mosquitto holds its port, 1883.
      MQTT_PORT: '0',
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_KEY: randomBytes(32).toString('hex'),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopProcess(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(baseUrl, child);
    clearAdminPasswordChange(databaseUrl);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }
  return { baseUrl, databaseUrl, stop };
}

async function waitUntilReady(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited during start-up (${child.exitCode ?? child.signalCode})`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/ready`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await delay(200);
  }
  throw new Error(`GET /api/ready did not answer 200 within ${READY_TIMEOUT_MS / 1000} s`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  // A server that does not drain in time is killed, so a hung shutdown cannot hang the test run.
  const stopped = await Promise.race([exited.then(() => true), delay(STOP_TIMEOUT_MS, false)]);
  if (!stopped) {
    child.kill('SIGKILL');
    await exited;
  }
}

/** A port the OS reports free now; the server binds it a moment later. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}
