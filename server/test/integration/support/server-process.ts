import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../../src/db/database.js';
import { clearSeededAdminPasswordChange } from './template-databases.js';

// The server as an operator runs it: the built server (server/dist, what `npm start` runs), a real
// process, a real port, real signals. The integration project builds it first (vitest.config.ts).

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The built entry point; `npm run build -w server` (tsc -b) writes it. */
export const SERVER_ENTRY = 'server/dist/main.js';

/**
 * The environment of a spawned server: quiet logs, no drain wait on SIGTERM (the 5 s a balancer
 * needs) unless a test sets SHUTDOWN_DRAIN_MS — drain.test.ts does —, and no MQTT broker.
 */
const serverEnv = (port: number, env: Record<string, string>) => ({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SHUTDOWN_DRAIN_MS: '0',
  // No embedded MQTT broker (this machine's Mosquitto holds 1883); the MQTT tests start their own.
  MQTT_PORT: '0',
  ...env,
});

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts the built server (or another entry point, e.g. a copy of it) and waits until /api/ready
 * answers 200 (at most 60 s). The seeded admin's first-sign-in password change is then cleared in
 * its database (test support: clearSeededAdminPasswordChange), so that tests sign in as admin /
 * admin to test something else.
 */
export async function startServer(env: Record<string, string>, entry = SERVER_ENTRY): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: serverEnv(port, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      await clearAdminPasswordChange(env);
      return { child, port, output: () => output, exited };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server not ready in 60 s:\n${output}`);
}

/** Runs the built server to its exit (a start-up that must refuse); answers its code and stderr. */
export async function runToExit(
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: serverEnv(port, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  // A server that wrongly starts is stopped once it answers.
  const timer = setInterval(() => {
    void fetch(`http://127.0.0.1:${port}/api/health`).then(
      () => child.kill('SIGKILL'),
      () => undefined,
    );
  }, 500);
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  clearInterval(timer);
  return { code, stderr };
}

/** The database a server started with `env` uses (as config.ts finds it), its admin's flag cleared. */
async function clearAdminPasswordChange(env: Record<string, string>): Promise<void> {
  const dataDir = path.resolve(ROOT, env.DATA_DIR ?? './data');
  const url = env.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'console.db')}`;
  const kind = url.startsWith('sqlite:') ? 'sqlite' : url.startsWith('postgres') ? 'postgres' : 'mysql';
  const handle = openDatabase(url, kind);
  try {
    await clearSeededAdminPasswordChange(handle.db);
  } finally {
    await handle.close();
  }
}

export const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** Signs in as admin with the password grant; answers the headers of a signed-in console call. */
export async function adminHeaders(port: number): Promise<Record<string, string>> {
  const query = new URLSearchParams({
    tenantId: '000000',
    username: 'admin',
    password: createHash('md5').update('admin').digest('hex'),
    grant_type: 'password',
    scope: 'all',
  });
  const res = await fetch(`http://127.0.0.1:${port}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { authorization: BASIC },
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return { authorization: BASIC, 'blade-auth': `bearer ${body.access_token}` };
}

/** Whether a parsed body is the contract's R envelope. */
export function isEnvelope(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const r = body as Record<string, unknown>;
  return (
    typeof r.code === 'number' && typeof r.success === 'boolean' && 'data' in r && typeof r.msg === 'string'
  );
}
