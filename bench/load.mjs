// Load and fault benchmark (issue 14): two server processes on PostgreSQL + Redis behind a small
// load balancer emulated here (it polls /api/ready and routes only to ready processes), and one on
// SQLite, under a mixed workload of reads and writes over the platform modules. Meanwhile: kill -9
// of one process and a restart, termination of the database sessions, SIGTERM of a process (drain)
// and a restart. Then every acknowledged write is checked: present with its last value, and every
// acknowledged remove gone.
//
//   npm run bench:load                      60 s, with faults
//   BENCH_SECONDS=600 BENCH_FAULTS=0 npm run bench:load     the memory soak
//
// Environment: BENCH_SECONDS (60), BENCH_CONCURRENCY (24), BENCH_FAULTS (1), BENCH_RSS_EVERY_MS
// (1000), BENCH_HEAP_SNAPSHOTS (0: 1 writes a heap snapshot of each process at the start and the
// end of the load into BENCH_HEAP_DIR), BENCH_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres).
// Traffic only to 127.0.0.1; every loop is bounded by the duration; it creates its own PostgreSQL
// database, its own redis-server on a free port and temporary directories, and removes them all.

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { signedInHeaders } from './support.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 24);
const FAULTS = (process.env.BENCH_FAULTS ?? '1') !== '0';
const RSS_EVERY_MS = Number(process.env.BENCH_RSS_EVERY_MS ?? 1000);
const HEAP_SNAPSHOTS = process.env.BENCH_HEAP_SNAPSHOTS === '1';
const PG_ADMIN = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------- processes and their memory

const incarnations = []; // { name, pid, rss: [{t, kb}] }

function rssKb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

class ServerProcess {
  constructor(name, env) {
    this.name = name;
    this.env = env;
    this.generation = 0;
    this.ready = false;
  }

  async start() {
    this.port ??= await freePort();
    this.generation += 1;
    const args = ['--import', 'tsx'];
    if (HEAP_SNAPSHOTS) args.push('--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${this.env.HEAP_DIR}`);
    this.child = spawn(process.execPath, [...args, 'server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...this.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        MQTT_PORT: '0',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.stderr = '';
    this.child.stderr.on('data', (d) => (this.stderr = (this.stderr + d).slice(-4000)));
    this.exited = new Promise((r) => this.child.once('exit', (code, signal) => r({ code, signal })));
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`${this.name} exited at start:\n${this.stderr}`);
      if (await this.probe()) break;
      await sleep(200);
    }
    if (!(await this.probe())) throw new Error(`${this.name} not ready in 90 s:\n${this.stderr}`);
    this.ready = true;
    this.record = { name: `${this.name}#${this.generation}`, pid: this.child.pid, rss: [] };
    incarnations.push(this.record);
  }

  async probe() {
    try {
      const res = await fetch(`http://127.0.0.1:${this.port}/api/ready`, {
        signal: AbortSignal.timeout(2000),
      });
      return res.status === 200;
    } catch {
      return false;
    }
  }

  alive() {
    return this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  async kill9() {
    this.ready = false;
    this.child.kill('SIGKILL');
    await this.exited;
  }

  async sigterm() {
    this.child.kill('SIGTERM');
    return this.exited;
  }
}

// ---------------------------------------------------------------- the load balancer and the client

const stats = {
  latencies: [],
  status: new Map(),
  errors: new Map(),
  resetsAtDrain: 0,
  requests: 0,
};

/** Polls /api/ready like a balancer (every 250 ms, one failure takes a process out). */
function balancer(group) {
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await Promise.all(
        group.members.map(async (m) => {
          if (m.alive()) m.ready = await m.probe();
          else m.ready = false;
        }),
      );
      await sleep(250);
    }
  })();
  return async () => {
    stopped = true;
    await loop;
  };
}

function pick(group) {
  const ready = group.members.filter((m) => m.ready);
  const pool = ready.length > 0 ? ready : group.members.filter((m) => m.alive());
  if (pool.length === 0) return null;
  group.next = ((group.next ?? 0) + 1) % pool.length;
  return pool[group.next];
}

/**
 * One request through the balancer. Answers {status, body} or {error}; a refused connection (the
 * process is gone) is tried on another process, as a balancer does, since nothing was sent.
 */
async function call(group, method, url, { body, token } = {}) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const target = pick(group);
    if (!target) {
      await sleep(100);
      continue;
    }
    const started = performance.now();
    const draining = target.draining;
    try {
      const res = await fetch(`http://127.0.0.1:${target.port}${url}`, {
        method,
        headers: {
          authorization: BASIC,
          ...(token ? { 'blade-auth': `bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      stats.requests += 1;
      stats.latencies.push(performance.now() - started);
      stats.status.set(res.status, (stats.status.get(res.status) ?? 0) + 1);
      let parsed = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
      return { status: res.status, body: parsed };
    } catch (error) {
      const code = error?.cause?.code ?? error?.code ?? error?.name ?? 'error';
      if (code === 'ECONNREFUSED') {
        target.ready = false;
        continue;
      }
      stats.requests += 1;
      stats.errors.set(code, (stats.errors.get(code) ?? 0) + 1);
      if (draining || target.draining) stats.resetsAtDrain += 1;
      return { error: code };
    }
  }
  return { error: 'no process' };
}

async function signIn(group) {
  // Through one process: the seeded admin's required change (support.mjs) is made once.
  for (let i = 0; i < 20; i++) {
    const target = pick(group);
    if (target) {
      try {
        const headers = await signedInHeaders(`http://127.0.0.1:${target.port}`);
        return headers['blade-auth'].slice('bearer '.length);
      } catch {
        // not up yet, or draining: the next try
      }
    }
    await sleep(500);
  }
  throw new Error(`sign-in failed on ${group.name}`);
}

// ---------------------------------------------------------------- the workload and its model

const READS = [
  '/api/blade-system/param/list?current=1&size=20',
  '/api/blade-system/dept/list',
  '/api/blade-system/role/list',
  '/api/blade-system/post/list?current=1&size=20',
  '/api/blade-system/menu/list',
  '/api/blade-system/dict/list?current=1&size=20',
  '/api/blade-system/tenant/list?current=1&size=20',
  '/api/blade-desk/notice/list?current=1&size=20',
  '/api/blade-auth/oauth/user-info',
];

/** What the server acknowledged: key -> {id, value, removed, uncertain}. */
function newModel() {
  return new Map();
}

async function worker(group, n, deadline) {
  const model = group.model;
  const mine = [];
  let seq = 0;
  while (Date.now() < deadline) {
    const roll = Math.random();
    if (roll < 0.5) {
      await call(group, 'GET', READS[Math.floor(Math.random() * READS.length)], { token: group.token });
      continue;
    }
    if (roll < 0.65 || mine.length === 0) {
      const key = `bench.${group.name}.w${n}.${seq++}`;
      const value = randomBytes(6).toString('hex');
      const entry = { id: null, value: null, removed: false, uncertain: false };
      model.set(key, entry);
      const res = await call(group, 'POST', '/api/blade-system/param/submit', {
        token: group.token,
        body: { paramName: `bench ${n}`, paramKey: key, paramValue: value },
      });
      if (res.status === 200 && res.body?.success) {
        entry.id = res.body.data.id;
        entry.value = value;
        mine.push(key);
      } else entry.uncertain = true;
      continue;
    }
    const key = mine[Math.floor(Math.random() * mine.length)];
    const entry = model.get(key);
    if (roll < 0.92) {
      const value = randomBytes(6).toString('hex');
      const res = await call(group, 'POST', '/api/blade-system/param/submit', {
        token: group.token,
        body: { id: entry.id, paramName: `bench ${n}`, paramKey: key, paramValue: value },
      });
      if (res.status === 200 && res.body?.success) entry.value = value;
      else {
        entry.uncertain = true;
        mine.splice(mine.indexOf(key), 1);
      }
    } else {
      const res = await call(group, 'POST', `/api/blade-system/param/remove?ids=${entry.id}`, {
        token: group.token,
      });
      if (res.status === 200 && res.body?.success) entry.removed = true;
      else entry.uncertain = true;
      mine.splice(mine.indexOf(key), 1);
    }
  }
}

async function verify(group) {
  const found = new Map();
  for (let page = 1; page < 10_000; page++) {
    const res = await call(
      group,
      'GET',
      `/api/blade-system/param/list?current=${page}&size=200&paramKey=bench.`,
      {
        token: group.token,
      },
    );
    if (res.status !== 200)
      throw new Error(`verification read failed on ${group.name}: ${JSON.stringify(res)}`);
    for (const r of res.body.data.records) found.set(r.paramKey, r.paramValue);
    if (page * 200 >= res.body.data.total) break;
  }
  let lost = 0;
  let stale = 0;
  let resurrected = 0;
  let checked = 0;
  for (const [key, entry] of group.model) {
    if (entry.uncertain) continue;
    checked += 1;
    if (entry.removed) {
      if (found.has(key)) resurrected += 1;
    } else if (!found.has(key)) lost += 1;
    else if (found.get(key) !== entry.value) stale += 1;
  }
  const uncertain = [...group.model.values()].filter((e) => e.uncertain).length;
  return { checked, lost, stale, resurrected, uncertain };
}

// ---------------------------------------------------------------- faults

async function terminateSessions(admin, dbName) {
  const res = await admin.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [dbName],
  );
  return res.rowCount;
}

async function faults(pgGroup, admin, dbName, start, deadline, log) {
  const span = deadline - start;
  const at = async (fraction) => {
    const wait = start + span * fraction - Date.now();
    if (wait > 0) await sleep(wait);
  };
  const [p1, p2] = pgGroup.members;

  await at(0.2);
  log(`kill -9 ${p2.name}`);
  await p2.kill9();
  await sleep(500);
  await p2.start();
  log(`${p2.name} restarted`);

  await at(0.45);
  for (let i = 0; i < 3; i++) {
    const n = await terminateSessions(admin, dbName);
    log(`pg_terminate_backend: ${n} sessions`);
    await sleep(300);
  }

  await at(0.65);
  log(`SIGTERM ${p1.name}`);
  p1.draining = true;
  const exit = await p1.sigterm();
  p1.draining = false;
  p1.ready = false;
  log(`${p1.name} exited ${JSON.stringify(exit)}`);
  pgGroup.drainExit = exit;
  await p1.start();
  log(`${p1.name} restarted`);
}

// ---------------------------------------------------------------- run

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'console-bench-load-'));
  const heapDir = process.env.BENCH_HEAP_DIR ?? path.join(work, 'heap');
  mkdirSync(heapDir, { recursive: true });
  const dbName = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const pgUrl = new URL(PG_ADMIN);
  pgUrl.pathname = `/${dbName}`;

  const redisPort = await freePort();
  const redis = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  await sleep(300);

  const secrets = { JWT_SECRET: randomBytes(32).toString('hex'), DATA_KEY: randomBytes(32).toString('hex') };
  const shared = {
    ...secrets,
    DATABASE_URL: pgUrl.toString(),
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    SHUTDOWN_DRAIN_MS: '1000',
    HEAP_DIR: heapDir,
  };
  const p1 = new ServerProcess('pg-1', { ...shared, WORKER_ID: '1', DATA_DIR: path.join(work, 'p1') });
  const p2 = new ServerProcess('pg-2', { ...shared, WORKER_ID: '2', DATA_DIR: path.join(work, 'p2') });
  const s1 = new ServerProcess('sqlite', {
    DATA_DIR: path.join(work, 's1'),
    SHUTDOWN_DRAIN_MS: '1000',
    HEAP_DIR: heapDir,
    REDIS_URL: '',
  });
  const started = Date.now();
  const log = (msg) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${msg}`);
  let stopBalancers = [];
  const sampler = setInterval(() => {
    for (const inc of incarnations) {
      const kb = rssKb(inc.pid);
      if (kb !== null) inc.rss.push({ t: Date.now(), kb });
    }
  }, RSS_EVERY_MS);

  try {
    // One at a time: the first migrates and seeds the database.
    await p1.start();
    await p2.start();
    await s1.start();
    log('three processes ready');
    const pgGroup = { name: 'pg', members: [p1, p2], model: newModel() };
    const sqliteGroup = { name: 'sqlite', members: [s1], model: newModel() };
    stopBalancers = [balancer(pgGroup), balancer(sqliteGroup)];
    pgGroup.token = await signIn(pgGroup);
    sqliteGroup.token = await signIn(sqliteGroup);

    if (HEAP_SNAPSHOTS) for (const m of [p1, p2, s1]) m.child.kill('SIGUSR2');
    const loadStart = Date.now();
    const deadline = loadStart + SECONDS * 1000;
    const pgWorkers = Math.max(1, Math.round((CONCURRENCY * 2) / 3));
    const tasks = [
      ...Array.from({ length: pgWorkers }, (_, n) => worker(pgGroup, n, deadline)),
      ...Array.from({ length: Math.max(1, CONCURRENCY - pgWorkers) }, (_, n) =>
        worker(sqliteGroup, n, deadline),
      ),
    ];
    if (FAULTS) tasks.push(faults(pgGroup, admin, dbName, loadStart, deadline, log));
    await Promise.all(tasks);
    const elapsed = (Date.now() - loadStart) / 1000;
    log('load done');
    if (HEAP_SNAPSHOTS) {
      for (const m of [p1, p2, s1]) m.child.kill('SIGUSR2');
      await sleep(15_000);
    }

    const pgCheck = await verify(pgGroup);
    const sqliteCheck = await verify(sqliteGroup);
    // End RSS: after a few seconds' rest.
    await sleep(3000);

    const sorted = stats.latencies.sort((a, b) => a - b);
    const fiveXX = [...stats.status].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    const result = {
      seconds: SECONDS,
      concurrency: CONCURRENCY,
      faults: FAULTS,
      requests: stats.requests,
      reqPerSec: Math.round(stats.requests / elapsed),
      p50: percentile(sorted, 50).toFixed(1),
      p99: percentile(sorted, 99).toFixed(1),
      status: Object.fromEntries(stats.status),
      fiveXX,
      connectionErrors: Object.fromEntries(stats.errors),
      resetsAtDrain: stats.resetsAtDrain,
      drainExit: pgGroup.drainExit ?? null,
      verification: { pg: pgCheck, sqlite: sqliteCheck },
    };
    console.log(JSON.stringify(result, null, 2));

    const rows = incarnations.map((inc) => {
      const kbs = inc.rss.map((s) => s.kb);
      const mb = (kb) => (kb / 1024).toFixed(0);
      return `| ${inc.name} | ${kbs.length ? mb(kbs[0]) : '-'} | ${kbs.length ? mb(Math.max(...kbs)) : '-'} | ${kbs.length ? mb(kbs.at(-1)) : '-'} |`;
    });
    console.log(
      '\n| process | RSS start MB | RSS peak MB | RSS end MB |\n|---|---|---|---|\n' + rows.join('\n'),
    );
    if (SECONDS >= 300) {
      // The soak: RSS once a minute per process.
      for (const inc of incarnations) {
        const perMinute = [];
        for (const s of inc.rss) {
          const minute = Math.floor((s.t - loadStart) / 60_000);
          if (minute >= 0 && perMinute[minute] === undefined) perMinute[minute] = (s.kb / 1024).toFixed(0);
        }
        console.log(`${inc.name} RSS MB by minute: ${perMinute.join(' ')}`);
      }
    }
    if (HEAP_SNAPSHOTS) {
      for (const f of readdirSync(heapDir))
        console.log(`heap snapshot ${f}: ${(statSync(path.join(heapDir, f)).size / 1e6).toFixed(1)} MB`);
      console.log(`heap snapshots kept in ${heapDir}`);
    }
    const failed =
      pgCheck.lost +
      pgCheck.stale +
      pgCheck.resurrected +
      sqliteCheck.lost +
      sqliteCheck.stale +
      sqliteCheck.resurrected;
    process.exitCode = failed > 0 ? 1 : 0;
  } finally {
    clearInterval(sampler);
    for (const stop of stopBalancers) await stop();
    for (const m of [p1, p2, s1]) {
      if (m.alive()) {
        m.child.kill('SIGTERM');
        await Promise.race([m.exited, sleep(40_000)]);
        if (m.alive()) m.child.kill('SIGKILL');
      }
    }
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
    await admin.end();
    redis.kill('SIGKILL');
    // Heap snapshots are kept only in a BENCH_HEAP_DIR given outside the work directory.
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
