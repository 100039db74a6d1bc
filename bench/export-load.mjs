// `npm run bench:export` (issue 44, item 6): what other requests wait while large exports run. On the
// real built server over 50,000 generated refund reviews: BENCH_EXPORTS exports kept in flight (each
// one started again as soon as it ends) by BENCH_EXPORT_USERS users, while a prober sends
// GET /api/health and a light signed-in call (GET /api/blade-auth/oauth/user-info) in turn at a
// steady rate, each on its own clock (open loop: a slow answer does not delay the next probe, so
// a stall shows in the figures instead of hiding in fewer probes). Per kind of export: the probes'
// p50 / p95 / p99 / max, the exports done and their durations, the server's RSS (every thread)
// before and at its peak. A quiet phase first gives the probes' latency with no export running.
// The goal (issue 44): p99 under 100 ms while 8 exports of 50,000 rows run.
//
// Kinds (BENCH_EXPORT_KINDS):
//   report  GET /api/blade-report/report/export?format=xlsx of the seeded refund report, unfiltered
//   sheet   GET /api/zxgxg-api/refund/review/export (the refund page's 导出), unfiltered
//   csv     the seeded report as CSV
//
// Environment (all optional):
//   BENCH_EXPORT_ROWS     refund rows (default 50000, 1000..50000: the exports' limit)
//   BENCH_EXPORTS         exports in flight (default 8, 1..32)
//   BENCH_EXPORT_USERS    users sharing them, admin and copies of it (default 4, 1..32)
//   BENCH_EXPORT_SECONDS  measured seconds per kind (default 30, 5..600)
//   BENCH_PROBE_MS        milliseconds between probes (default 20, 5..1000)
//   BENCH_EXPORT_KINDS    comma list of report, sheet, csv (default report,sheet)
//   BENCH_ENGINES         comma list of sqlite, postgres (default both)
//   BENCH_SERVER_MAIN     the server to run (default server/dist/main.js; a copy of another build
//                         inside server/, such as server/.dist-before/main.js, for a before/after)
//   BENCH_NODE_ARGS       more Node.js flags for the server, separated by spaces (--cpu-prof, …)
//   BENCH_PG_URL          admin URL used to create and drop the database
//                         (default postgres://postgres@127.0.0.1:5432/postgres; 127.0.0.1/localhost only)

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { execFileSync } from 'node:child_process';
import { readSheet } from 'read-excel-file/node';
import {
  cleanUp,
  cleanUpOnSignals,
  cleanups,
  cpuSeconds,
  createBenchDatabase,
  intEnv,
  ROOT,
  SERVER_MAIN,
  SERVER_NODE_FLAGS,
  signedInHeaders,
  sleep,
  startProcess,
  stopProcess,
} from './support.mjs';
import {
  hospitals,
  insertPostgres,
  insertSqlite,
  refunds,
  runStatement,
  selectRows,
} from './refund-data.mjs';

const ROWS = intEnv('BENCH_EXPORT_ROWS', 50_000, 1_000, 50_000);
const EXPORTS = intEnv('BENCH_EXPORTS', 8, 1, 32);
const USERS = intEnv('BENCH_EXPORT_USERS', 4, 1, 32);
const SECONDS = intEnv('BENCH_EXPORT_SECONDS', 30, 5, 600);
const PROBE_MS = intEnv('BENCH_PROBE_MS', 20, 5, 1000);
const QUIET_SECONDS = 5;
const KINDS = (process.env.BENCH_EXPORT_KINDS ?? 'report,sheet').split(',').map((s) => s.trim());
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',').map((s) => s.trim());
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REPORT_API = '/api/blade-report/report';
const SERVER = process.env.BENCH_SERVER_MAIN ? path.resolve(process.env.BENCH_SERVER_MAIN) : SERVER_MAIN;
/** `npm start`'s flags for whichever build runs (startProcess gives them to SERVER_MAIN itself). */
const SERVER_ARGS = [
  ...(SERVER === SERVER_MAIN ? [] : SERVER_NODE_FLAGS),
  ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
];

for (const engine of ENGINES)
  if (engine !== 'sqlite' && engine !== 'postgres')
    throw new Error(`BENCH_ENGINES: unknown engine ${engine}`);
for (const kind of KINDS)
  if (!['report', 'sheet', 'csv'].includes(kind)) throw new Error(`BENCH_EXPORT_KINDS: unknown kind ${kind}`);
if (!['127.0.0.1', 'localhost'].includes(new URL(PG_ADMIN_URL).hostname))
  throw new Error('BENCH_PG_URL must point at 127.0.0.1');
if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run \`npm run build\` first`);

// ---- data ----------------------------------------------------------------------------------------

/** Copies of the seeded administrator (same role, same password): bench-1 … bench-(USERS-1). */
async function benchUsers(engine, databaseUrl) {
  const [admin] = await selectRows(
    engine,
    databaseUrl,
    `select * from blade_user where account = $1 and tenant_id = $2`,
    ['admin', '000000'],
  );
  if (!admin) throw new Error(`[${engine}] the seeded administrator is missing`);
  return Array.from({ length: USERS - 1 }, (_, i) => ({
    ...admin,
    id: BigInt(admin.id) + 1_000_000n + BigInt(i),
    account: `bench-${i + 1}`,
    name: `bench-${i + 1}`,
    real_name: `bench-${i + 1}`,
  }));
}

// ---- measuring -----------------------------------------------------------------------------------

const percentile = (sorted, p) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n) => Math.round(n * 10) / 10;
const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? NaN),
  };
};

/** The server's resident memory, every thread (the export workers are threads of the process). */
function rssMb(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Math.round(Number(line[1]) / 1024) : NaN;
  } catch {
    return NaN;
  }
}

async function timedGet(base, headers, url) {
  const started = performance.now();
  const res = await globalThis.fetch(base + url, { headers, signal: AbortSignal.timeout(120_000) });
  const bytes = (await res.arrayBuffer()).byteLength;
  return { ms: performance.now() - started, status: res.status, bytes };
}

/** Probes at a steady rate until `until` resolves: health and user-info in turn, each timed. */
async function probe(base, headers, until) {
  const times = { health: [], userInfo: [] };
  const failures = [];
  const pending = new Set();
  let stopped = false;
  void until.then(() => (stopped = true));
  let turn = 0;
  const next = performance.now();
  for (let at = next; !stopped; at += PROBE_MS) {
    const wait = at - performance.now();
    if (wait > 0) await sleep(wait);
    const which = turn++ % 2 === 0 ? 'health' : 'userInfo';
    const url = which === 'health' ? '/api/health' : '/api/blade-auth/oauth/user-info';
    const one = timedGet(base, which === 'health' ? {} : headers, url).then(
      (r) => (r.status === 200 ? times[which].push(r.ms) : failures.push(`${url}: ${r.status}`)),
      (error) => failures.push(`${url}: ${error.message}`),
    );
    pending.add(one);
    void one.finally(() => pending.delete(one));
  }
  await Promise.all(pending);
  return { times, failures };
}

function exportUrl(kind, reportId) {
  if (kind === 'sheet') return '/api/zxgxg-api/refund/review/export';
  return `${REPORT_API}/export?id=${reportId}&format=${kind === 'csv' ? 'csv' : 'xlsx'}`;
}

/** EXPORTS loops, each exporting again as soon as its last export ended, until the time is up. */
async function exportLoad(base, users, url, seconds) {
  const deadline = performance.now() + seconds * 1000;
  const durations = [];
  const statuses = {};
  await Promise.all(
    Array.from({ length: EXPORTS }, async (_, slot) => {
      const headers = users[slot % users.length];
      while (performance.now() < deadline) {
        // A server that does not accept a connection within 10 s fails fetch (undici's connect
        // timeout): counted by its code, as an answer other than 200 is by its status.
        const r = await timedGet(base, headers, url).catch((error) => ({
          status: error.cause?.code ?? error.name,
        }));
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        if (r.status === 200) durations.push(r.ms);
        else await sleep(100);
      }
    }),
  );
  return { durations, statuses };
}

/**
 * One phase: `work` runs while the probes do. `idle` is the server's CPU per second with the probes
 * alone (the quiet phase's), taken off what an export is said to cost.
 */
async function measure(label, base, admin, pid, work, idle = { main: 0, all: 0 }) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const rss = { before: rssMb(pid), peak: 0 };
  const sampler = setInterval(() => (rss.peak = Math.max(rss.peak, rssMb(pid))), 100);
  const started = performance.now();
  const cpuBefore = cpuSeconds(pid);
  const done = work();
  // Settled either way: a failed load must not leave a rejection unhandled while the probes run.
  const probes = await probe(
    base,
    admin,
    done.catch(() => undefined),
  );
  const result = await done;
  clearInterval(sampler);
  loop.disable();
  rss.peak = Math.max(rss.peak, rssMb(pid));
  const cpuAfter = cpuSeconds(pid);
  const seconds = (performance.now() - started) / 1000;
  const exportsDone = result?.durations.length ?? 0;
  const perExport = (cpu, idlePerSecond) =>
    exportsDone > 0 ? round(((cpu - idlePerSecond * seconds) * 1000) / exportsDone) : null;
  const health = summary(probes.times.health);
  const userInfo = summary(probes.times.userInfo);
  const all = summary([...probes.times.health, ...probes.times.userInfo]);
  const figure = {
    label,
    seconds: round(seconds),
    probes: { all, health, userInfo, failures: probes.failures.length },
    exports: result ? { statuses: result.statuses, duration: summary(result.durations) } : null,
    rssMb: rss,
    // The server's CPU per second (the probes' own cost, in the quiet phase), and what each export
    // cost it beyond the probes: on its event loop, and in all its threads.
    cpuPerSecond: {
      main: (cpuAfter.main - cpuBefore.main) / seconds,
      all: (cpuAfter.all - cpuBefore.all) / seconds,
    },
    cpuMsPerExport: {
      mainThread: perExport(cpuAfter.main - cpuBefore.main, idle.main),
      allThreads: perExport(cpuAfter.all - cpuBefore.all, idle.all),
    },
    benchLoopDelayP99Ms: round(loop.percentile(99) / 1e6),
  };
  console.log(
    `  ${label}: probes p50 ${all.p50} / p95 ${all.p95} / p99 ${all.p99} / max ${all.max} ms (${all.n}, ${probes.failures.length} failed)` +
      (result
        ? `; exports ${JSON.stringify(result.statuses)}, each p50 ${figure.exports.duration.p50} ms / max ${figure.exports.duration.max} ms`
        : '') +
      (exportsDone > 0
        ? `; CPU per export ${figure.cpuMsPerExport.mainThread} ms on the event loop, ${figure.cpuMsPerExport.allThreads} ms in all`
        : '') +
      `; RSS ${rss.before} → peak ${rss.peak} MB; this process's loop p99 ${figure.benchLoopDelayP99Ms} ms`,
  );
  if (probes.failures.length > 0) console.log(`    failures: ${probes.failures.slice(0, 5).join('; ')}`);
  return figure;
}

async function benchEngine(engine, workDir) {
  const { databaseUrl } = await createBenchDatabase(engine, workDir, PG_ADMIN_URL);
  const env = { DATABASE_URL: databaseUrl, DATA_DIR: path.join(workDir, `data-${engine}`) };
  console.log(`[${engine}] migrating and seeding through the server …`);
  await stopProcess(await startProcess(`server (${engine})`, SERVER, env, SERVER_ARGS));
  console.log(`[${engine}] inserting ${ROWS} refund reviews and ${USERS - 1} more administrators …`);
  const tables = [
    ['zx_hospital', hospitals()],
    ['zx_refund_review', refunds(ROWS)],
    ...(USERS > 1 ? [['blade_user', await benchUsers(engine, databaseUrl)]] : []),
  ];
  if (engine === 'sqlite') insertSqlite(databaseUrl.slice('sqlite:'.length), tables);
  else await insertPostgres(databaseUrl, tables);
  // The seeded administrator (and so its copies) must change its password first (migration 0016):
  // until then only the password routes answer it.
  await runStatement(
    engine,
    databaseUrl,
    `update blade_user set password_change_required = 0 where tenant_id = $1`,
    ['000000'],
  );
  const server = await startProcess(`server (${engine})`, SERVER, env, SERVER_ARGS);
  try {
    const admin = await signedInHeaders(server.base);
    const users = [admin];
    for (let i = 1; i < USERS; i++) users.push(await signedInHeaders(server.base, `bench-${i}`));
    const list = await globalThis.fetch(
      `${server.base}${REPORT_API}/rest/list?name=${encodeURIComponent('退款统计')}`,
      { headers: admin },
    );
    const reportId = (await list.json()).data.records[0]?.id;
    if (!reportId) throw new Error(`[${engine}] the seeded refund report is missing`);

    // Every kind once, read back: each holds every row (and warms the server up).
    for (const kind of KINDS) {
      const res = await globalThis.fetch(server.base + exportUrl(kind, reportId), { headers: admin });
      const buffer = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200)
        throw new Error(`[${engine}] ${kind}: HTTP ${res.status} ${buffer.toString().slice(0, 300)}`);
      const lines =
        kind === 'csv' ? buffer.toString().trim().split('\r\n').length : (await readSheet(buffer)).length;
      if (lines !== ROWS + 1) throw new Error(`[${engine}] ${kind}: ${lines - 1} rows, expected ${ROWS}`);
      console.log(`[${engine}] verified: ${kind} holds ${ROWS} rows and the header (${buffer.length} bytes)`);
    }

    const quiet = await measure('quiet (no export)', server.base, admin, server.pid, () =>
      sleep(QUIET_SECONDS * 1000),
    );
    const figures = [quiet];
    for (const kind of KINDS)
      figures.push(
        await measure(
          `${EXPORTS} × ${kind}`,
          server.base,
          admin,
          server.pid,
          () => exportLoad(server.base, users, exportUrl(kind, reportId), SECONDS),
          quiet.cpuPerSecond,
        ),
      );
    return { engine, figures };
  } finally {
    await stopProcess(server);
  }
}

async function main() {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));
  cleanups.add(() => rmSync(workDir, { recursive: true, force: true }));
  const startedAt = new Date();
  const loadBefore = os.loadavg();
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout
  }
  console.log(
    `export load: ${EXPORTS} exports of ${ROWS} rows in flight (${USERS} users), probes every ${PROBE_MS} ms, ${SECONDS} s per kind; ${path.relative(ROOT, SERVER)} at commit ${commit}, load ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  const results = [];
  for (const engine of ENGINES) results.push(await benchEngine(engine, workDir));
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `export-load-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        startedAt,
        commit,
        server: path.relative(ROOT, SERVER),
        rows: ROWS,
        exports: EXPORTS,
        users: USERS,
        seconds: SECONDS,
        probeMs: PROBE_MS,
        loadBefore,
        results,
      },
      null,
      2,
    )}\n`,
  );
  console.log(
    `\nwritten: ${path.relative(ROOT, file)} (load now ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')})`,
  );
  await cleanUp();
}

cleanUpOnSignals();

main().catch(async (error) => {
  console.error(`\nbench failed: ${error instanceof Error ? error.message : String(error)}`);
  await cleanUp();
  process.exit(1);
});
