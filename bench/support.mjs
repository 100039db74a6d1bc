// What the benches share: numeric settings from the environment, server processes started on a free
// port and stopped, a signed-in admin's headers, and clean-up of what a run made when it ends early.

import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/* global URLSearchParams */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_MAIN = path.join(ROOT, 'server/dist/main.js');
/** The Node.js flags `npm start` runs the server with (package.json `config`, decision 0029). */
export const SERVER_NODE_FLAGS = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'))
  .config.serverNodeFlags.split(' ')
  .filter(Boolean);

export function intEnv(name, fallback, min, max) {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  }
  return n;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export const children = new Set();
/** Things to undo if the run is interrupted (the PostgreSQL database, the temp directory). */
export const cleanups = new Set();

/**
 * Starts a Node.js process on a free port of 127.0.0.1 and waits until GET /api/ready answers 200.
 * The built server gets `npm start`'s flags, so a bench measures the server as it is run.
 */
export async function startProcess(label, script, env, nodeArgs = []) {
  const port = await freePort();
  const flags = script === SERVER_MAIN ? SERVER_NODE_FLAGS : [];
  const child = spawn(process.execPath, [...flags, ...nodeArgs, script], {
    cwd: ROOT,
    // No embedded MQTT broker unless a bench asks for one (this machine's Mosquitto holds 1883).
    env: { ...process.env, MQTT_PORT: '0', ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const base = `http://127.0.0.1:${port}`;
  const proc = { label, child, pid: child.pid, port, base, exited, output: () => output };
  children.add(proc);

  const deadline = Date.now() + 60_000;
  let done = false;
  void exited.then(() => (done = true));
  while (!done && Date.now() < deadline) {
    try {
      const res = await globalThis.fetch(`${base}/api/ready`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return proc;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await stopProcess(proc);
  throw new Error(`${label} did not become ready (${done ? 'it exited' : 'timeout'}):\n${output}`);
}

export async function stopProcess(proc) {
  if (!children.has(proc)) return;
  children.delete(proc);
  if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 15_000);
  await proc.exited;
  clearTimeout(timer);
}

/** A statement on PostgreSQL's admin connection (create and drop the bench's database). */
export async function adminQuery(adminUrl, text) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database for one engine's run: a file in `workDir` on SQLite, `bench_<random>` created
 * through `pgAdminUrl` on PostgreSQL. `drop()` removes it (nothing on SQLite: the work directory
 * goes); until then an interrupted run drops it too (`cleanups`).
 */
export async function createBenchDatabase(engine, workDir, pgAdminUrl) {
  if (engine === 'sqlite')
    return { databaseUrl: `sqlite:${path.join(workDir, 'bench.db')}`, drop: async () => {} };
  const name = `bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(pgAdminUrl, `create database ${name}`);
  const dropDatabase = () => adminQuery(pgAdminUrl, `drop database if exists ${name} with (force)`);
  cleanups.add(dropDatabase);
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: async () => {
      cleanups.delete(dropDatabase);
      await dropDatabase();
    },
  };
}

export const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/**
 * What the benches change the seeded admin / admin to: it must be changed at the first sign-in
 * (issue 44), and the server answers nothing else until it is.
 */
export const BENCH_ADMIN_PASSWORD = 'Bench#console-2026';

const md5 = (text) => createHash('md5').update(text).digest('hex');

async function passwordGrant(base, account, password) {
  const query = new URLSearchParams({
    tenantId: '000000',
    username: account,
    password: md5(password),
    grant_type: 'password',
    scope: 'all',
  });
  const res = await globalThis.fetch(`${base}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { authorization: BASIC },
    signal: AbortSignal.timeout(10_000),
  });
  return res.json();
}

/**
 * Signs in to the real server (password grant; admin / admin unless told): the headers of a
 * signed-in console call. The seeded admin's required change is made once, to
 * BENCH_ADMIN_PASSWORD, which a later sign-in to the same database uses.
 */
export async function signedInHeaders(base, account = 'admin', password = 'admin') {
  const seededAdmin = account === 'admin' && password === 'admin';
  let body = await passwordGrant(base, account, password);
  if (!body.access_token && seededAdmin) body = await passwordGrant(base, account, BENCH_ADMIN_PASSWORD);
  if (!body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  const headers = { authorization: BASIC, 'blade-auth': `bearer ${body.access_token}` };
  if (body.password_change_required) {
    if (!seededAdmin) throw new Error(`${account} must change its password first`);
    const res = await globalThis.fetch(`${base}/api/blade-user/update-password`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        oldPassword: md5(password),
        newPassword: md5(BENCH_ADMIN_PASSWORD),
        newPassword1: md5(BENCH_ADMIN_PASSWORD),
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status !== 200) throw new Error(`password change failed: ${await res.text()}`);
  }
  return headers;
}

let cleaningUp = false;
export async function cleanUp() {
  if (cleaningUp) return;
  cleaningUp = true;
  await Promise.all([...children].map((proc) => stopProcess(proc)));
  for (const undo of cleanups) {
    try {
      await undo();
    } catch (error) {
      console.error(`clean-up failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** Stops the processes and undoes what a run made when it is interrupted. */
export function cleanUpOnSignals() {
  process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));
  process.once('SIGTERM', () => void cleanUp().then(() => process.exit(143)));
}

/** CPU-seconds (user + system) of the server: its main thread (the event loop) and every thread. */
export function cpuSeconds(pid) {
  const of = (file) => {
    try {
      // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return NaN;
    }
  };
  return { main: of(`/proc/${pid}/task/${pid}/stat`), all: of(`/proc/${pid}/stat`) };
}

/**
 * Runs the fleet simulator (scripts/fleet-simulate.mjs) against a server to its end, signed in as
 * the bench's administrator: its JSON totals. `args`: the simulator's options (--machines, --mode,
 * …). `marks`, each called once: `beating` when its machines beat (their preparation is over),
 * `measuring` when its warm-up is over (with --warmup: the totals count from there), `stopping` when
 * its machines stop beating.
 */
export function runSimulator(base, args, marks = {}) {
  const lines = [
    [' machines (', marks.beating],
    ['warm-up over', marks.measuring],
    ['stopping', marks.stopping],
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(ROOT, 'scripts/fleet-simulate.mjs'),
        ...['--url', base, '--password', BENCH_ADMIN_PASSWORD, '--report', '1000'],
        ...args,
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => {
      for (const [line, mark] of lines) if (!err.includes(line) && (err + chunk).includes(line)) mark?.();
      err += chunk;
    });
    child.once('exit', (code) => {
      const last = out.trim().split('\n').at(-1);
      if (code === 0 && last) resolve(JSON.parse(last));
      else reject(new Error(`the simulator failed (${code}):\n${err.slice(-2000)}`));
    });
  });
}
