// `npm run bench`: throughput and latency of the param list (a page of 10 out of 10,000 rows with one
// "contains" filter) on the real server, against a baseline that runs the same SQL through the same
// driver in a bare Fastify route (bench/baseline-server.mjs), on SQLite and PostgreSQL, in one run.
// See docs/benchmarks.md. Expects a built server (npm run bench builds first).
//
// Environment (all optional):
//   BENCH_DURATION     seconds of measurement per target (default 10, 1..120)
//   BENCH_WARMUP       seconds of warm-up per target, not measured (default 3, 0..60)
//   BENCH_CONNECTIONS  concurrent connections of autocannon (default 10, 1..256)
//   BENCH_ENGINES      comma list of sqlite, postgres (default both)
//   BENCH_PG_URL       admin URL used to create and drop the database
//                      (default postgres://postgres@127.0.0.1:5432/postgres; 127.0.0.1/localhost only)
//   BENCH_CPU_PROF     1: run the server and the baseline under --cpu-prof; the profiles land in
//                      bench/results/profiles/ (profiling slows both: keep those figures apart)
//   BASELINE_LOGGER    passed to the baseline (off | a pino level), to price Fastify's logger

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import {
  adminQuery,
  cleanUp,
  cleanUpOnSignals,
  cleanups,
  intEnv,
  ROOT,
  SERVER_MAIN,
  signedInHeaders,
  startProcess,
  stopProcess,
} from './support.mjs';

const BASELINE_MAIN = path.join(ROOT, 'bench/baseline-server.mjs');
const RESULTS_DIR = path.join(ROOT, 'bench/results');

const ROWS = 10_000;
/** Every 10th row's name contains "Alpha": the filter matches 10% of the table. */
const FILTER = 'alpha';
const EXPECTED_TOTAL = ROWS / 10;
const LIST_PATH = `/api/blade-system/param/list?current=1&size=10&paramName=${FILTER}`;
const TARGET_RATIO = 0.7;
const SEED_USER = 1123598821738675201n;
const SEED_DEPT = 1123598813738675201n;

// ---- configuration -------------------------------------------------------------------------------

const config = {
  duration: intEnv('BENCH_DURATION', 10, 1, 120),
  warmup: intEnv('BENCH_WARMUP', 3, 0, 60),
  connections: intEnv('BENCH_CONNECTIONS', 10, 1, 256),
  engines: (process.env.BENCH_ENGINES ?? 'sqlite,postgres')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  pgAdminUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  cpuProf: process.env.BENCH_CPU_PROF === '1',
};

for (const engine of config.engines) {
  if (engine !== 'sqlite' && engine !== 'postgres')
    throw new Error(`BENCH_ENGINES: unknown engine ${engine}`);
}
if (config.engines.includes('postgres')) {
  const host = new URL(config.pgAdminUrl).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost') {
    throw new Error(`BENCH_PG_URL must point at 127.0.0.1 (got host "${host}")`);
  }
}
if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run \`npm run build\` first`);

// ---- processes -----------------------------------------------------------------------------------

/** VmRSS and VmHWM (peak resident set) of a live process, in MB (NaN once it is gone). */
function memoryOf(pid) {
  let status = '';
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    // the process is gone: the run reports errors
  }
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
}

// ---- data ----------------------------------------------------------------------------------------

const PREFIXES = ['系统参数', '账号参数', '存储参数', '消息参数', '柜机参数', '告警参数', '报表参数'];

/** 10,000 rows with ids above the seeded ones; every 10th name contains "Alpha" (mixed case). */
function benchRows(firstId) {
  const start = Date.UTC(2024, 0, 1);
  const rows = [];
  for (let i = 1; i <= ROWS; i++) {
    const prefix = PREFIXES[i % PREFIXES.length];
    const time = new Date(start + i * 37_000);
    rows.push({
      id: firstId + BigInt(i),
      param_name: i % 10 === 0 ? `${prefix}-Alpha-${i}` : `${prefix}-${i}`,
      param_key: `bench.param.${i}`,
      param_value: `value-${i}-${'x'.repeat(i % 40)}`,
      remark: i % 7 === 0 ? null : `参数-${i} 的说明`,
      create_user: SEED_USER,
      create_dept: SEED_DEPT,
      create_time: time,
      update_user: SEED_USER,
      update_time: time,
      status: 1,
      is_deleted: 0,
    });
  }
  return rows;
}

const COLUMNS = [
  'id',
  'param_name',
  'param_key',
  'param_value',
  'remark',
  'create_user',
  'create_dept',
  'create_time',
  'update_user',
  'update_time',
  'status',
  'is_deleted',
];

function insertSqlite(file) {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.defaultSafeIntegers(true);
    const maxId = db.prepare('select coalesce(max(id), 0) as m from blade_param').get().m;
    const insert = db.prepare(
      `insert into blade_param (${COLUMNS.join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`,
    );
    db.transaction((rows) => {
      for (const row of rows) {
        insert.run(...COLUMNS.map((c) => (row[c] instanceof Date ? row[c].toISOString() : row[c])));
      }
    })(benchRows(BigInt(maxId)));
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

async function insertPostgres(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('select coalesce(max(id), 0)::text as m from blade_param');
    const all = benchRows(BigInt(rows[0].m));
    const types = ['bigint', 'text', 'text', 'text', 'text', 'bigint', 'bigint', 'timestamptz'];
    types.push('bigint', 'timestamptz', 'int', 'int');
    for (let i = 0; i < all.length; i += 2000) {
      const batch = all.slice(i, i + 2000);
      const arrays = COLUMNS.map((c) =>
        batch.map((r) => (typeof r[c] === 'bigint' ? r[c].toString() : r[c])),
      );
      await client.query(
        `insert into blade_param (${COLUMNS.join(', ')}) select * from unnest(${types
          .map((t, n) => `$${n + 1}::${t}[]`)
          .join(', ')})`,
        arrays,
      );
    }
    // Fresh statistics now, so that autovacuum does not change the plan between the two targets.
    await client.query('analyze blade_param');
  } finally {
    await client.end();
  }
}

// ---- measuring -----------------------------------------------------------------------------------

async function getJson(base, headers) {
  const res = await globalThis.fetch(base + LIST_PATH, { headers, signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body };
}

/** Both answer 200, the same total, the same first record id, and in fact the same JSON. */
async function verify(engine, server, baseline) {
  server.headers = await signedInHeaders(server.base);
  // The baseline checks nothing; it gets the same headers so that both requests are the same size.
  baseline.headers = server.headers;
  const a = await getJson(server.base, server.headers);
  const b = await getJson(baseline.base, baseline.headers);
  const fail = (why) => {
    throw new Error(
      `[${engine}] verification failed: ${why}\nserver:   ${a.status} ${JSON.stringify(a.body).slice(0, 600)}` +
        `\nbaseline: ${b.status} ${JSON.stringify(b.body).slice(0, 600)}`,
    );
  };
  if (a.status !== 200 || b.status !== 200) fail('a target did not answer 200');
  if (a.body?.data?.total !== EXPECTED_TOTAL) fail(`server total is not ${EXPECTED_TOTAL}`);
  if (a.body.data.total !== b.body?.data?.total) fail('totals differ');
  if (a.body.data.records?.length !== 10) fail('the server did not answer a page of 10');
  if (a.body.data.records[0]?.id !== b.body.data.records?.[0]?.id) fail('first record ids differ');
  if (!isDeepStrictEqual(a.body, b.body)) fail('the bodies differ');
  if (JSON.stringify(a.body) !== JSON.stringify(b.body)) fail('the bodies differ in key order');
  return { total: a.body.data.total, firstId: a.body.data.records[0].id };
}

function cannon(url, seconds, headers) {
  return autocannon({
    url,
    headers,
    connections: config.connections,
    pipelining: 1,
    duration: seconds,
    timeout: 10,
  });
}

/** Warm-up (discarded), then the measured run while polling the target's RSS every 100 ms. */
async function measure(engine, proc, target) {
  const url = proc.base + LIST_PATH;
  process.stdout.write(`[${engine}] ${target}: warm-up ${config.warmup} s, measure ${config.duration} s … `);
  if (config.warmup > 0) await cannon(url, config.warmup, proc.headers);
  let runPeakRss = memoryOf(proc.pid).rssMb;
  const poll = setInterval(() => {
    runPeakRss = Math.max(runPeakRss, memoryOf(proc.pid).rssMb);
  }, 100);
  let result;
  try {
    result = await cannon(url, config.duration, proc.headers);
  } finally {
    clearInterval(poll);
  }
  const memory = memoryOf(proc.pid);
  const row = {
    engine,
    target,
    requestsPerSec: round(result.requests.average, 1),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyAvgMs: round(result.latency.average, 2),
    requests: result.requests.total,
    ok2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors, // autocannon counts timeouts among errors
    timeouts: result.timeouts,
    peakRssMb: round(memory.hwmMb, 1),
    runPeakRssMb: round(Math.max(runPeakRss, memory.rssMb), 1),
  };
  process.stdout.write(`${row.requestsPerSec} req/s\n`);
  return row;
}

const round = (n, digits) => Math.round(n * 10 ** digits) / 10 ** digits;

async function benchEngine(engine, workDir) {
  let databaseUrl;
  let dropDatabase = async () => undefined;
  if (engine === 'sqlite') {
    databaseUrl = `sqlite:${path.join(workDir, 'bench.db')}`;
  } else {
    const name = `bench_${randomBytes(6).toString('hex')}`;
    await adminQuery(config.pgAdminUrl, `create database ${name}`);
    dropDatabase = () => adminQuery(config.pgAdminUrl, `drop database if exists ${name} with (force)`);
    cleanups.add(dropDatabase);
    const url = new URL(config.pgAdminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const serverEnv = { DATABASE_URL: databaseUrl, DATA_DIR: path.join(workDir, `data-${engine}`) };
  const profDir = path.join(RESULTS_DIR, 'profiles');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const profArgs = (target) =>
    config.cpuProf
      ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`, `--cpu-prof-name=${target}-${engine}-${stamp}.cpuprofile`]
      : [];

  let server;
  let baseline;
  try {
    // 1. The server creates the schema and seeds; 2. the bench rows go in with the driver; 3. restart.
    console.log(`[${engine}] migrating and seeding through the server …`);
    await stopProcess(await startProcess(`server (${engine})`, SERVER_MAIN, serverEnv));
    console.log(`[${engine}] inserting ${ROWS} rows …`);
    if (engine === 'sqlite') insertSqlite(databaseUrl.slice('sqlite:'.length));
    else await insertPostgres(databaseUrl);

    server = await startProcess(`server (${engine})`, SERVER_MAIN, serverEnv, profArgs('server'));
    baseline = await startProcess(
      `baseline (${engine})`,
      BASELINE_MAIN,
      { DATABASE_URL: databaseUrl, BASELINE_LOGGER: process.env.BASELINE_LOGGER ?? 'off' },
      profArgs('baseline'),
    );
    const checked = await verify(engine, server, baseline);
    console.log(`[${engine}] both answer total=${checked.total}, first id ${checked.firstId}, same JSON`);

    // One target at a time; the other one idles.
    const rows = [await measure(engine, server, 'server'), await measure(engine, baseline, 'baseline')];
    const ratio = round(rows[0].requestsPerSec / rows[1].requestsPerSec, 3);
    rows[0].ratio = ratio;
    rows[0].target70 = ratio >= TARGET_RATIO ? 'PASS' : 'FAIL';
    rows[1].ratio = 1;
    rows[1].target70 = '';
    return rows;
  } finally {
    if (server) await stopProcess(server);
    if (baseline) await stopProcess(baseline);
    await dropDatabase();
    cleanups.delete(dropDatabase);
  }
}

// ---- report --------------------------------------------------------------------------------------

function table(rows) {
  const head = [
    'engine',
    'target',
    'req/s',
    'p50 ms',
    'p99 ms',
    'non-2xx',
    'errors',
    'ratio',
    '≥70%',
    'peak RSS MB',
  ];
  const body = rows.map((r) => [
    r.engine,
    r.target,
    r.requestsPerSec.toFixed(1),
    String(r.latencyP50Ms),
    String(r.latencyP99Ms),
    String(r.non2xx),
    String(r.errors),
    r.ratio.toFixed(3),
    r.target70,
    r.peakRssMb.toFixed(1),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

function machine() {
  const cpus = os.cpus();
  let commit = null;
  try {
    const head = readFileSync(path.join(ROOT, '.git/HEAD'), 'utf8').trim();
    commit = head.startsWith('ref: ')
      ? readFileSync(path.join(ROOT, '.git', head.slice(5)), 'utf8').trim()
      : head;
  } catch {
    // not a git checkout
  }
  return {
    cpus: cpus.length,
    availableParallelism: os.availableParallelism(),
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGb: round(os.totalmem() / 2 ** 30, 1),
    kernel: `${os.type()} ${os.release()}`,
    node: process.version,
    commit,
  };
}

// ---- main ----------------------------------------------------------------------------------------

async function main() {
  const startedAt = new Date();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'bench-param-list-'));
  const removeWorkDir = async () => rmSync(workDir, { recursive: true, force: true });
  cleanups.add(removeWorkDir);
  const rows = [];
  try {
    for (const engine of config.engines) rows.push(...(await benchEngine(engine, workDir)));
  } finally {
    await removeWorkDir();
    cleanups.delete(removeWorkDir);
  }

  console.log(
    `\nparam list: page of 10 of ${ROWS} rows, paramName=${FILTER} (matches ${EXPECTED_TOTAL}); ` +
      `${config.connections} connections, ${config.duration} s per target after ${config.warmup} s warm-up\n`,
  );
  console.log(table(rows));

  const failures = rows.filter((r) => r.non2xx > 0 || r.errors > 0 || r.timeouts > 0);
  const report = {
    benchmark: 'param-list',
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    request: `GET ${LIST_PATH}`,
    rows: ROWS,
    expectedTotal: EXPECTED_TOTAL,
    target: `server ≥ ${TARGET_RATIO * 100}% of the baseline's requests/s`,
    config: { ...config, pgAdminUrl: undefined, baselineLogger: process.env.BASELINE_LOGGER ?? 'off' },
    machine: machine(),
    results: rows,
  };
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `param-list-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nwritten: ${path.relative(ROOT, file)}`);

  if (failures.length > 0) {
    console.error(`\n${failures.length} run(s) had non-2xx answers, errors or timeouts`);
    process.exitCode = 1;
  }
}

cleanUpOnSignals();

main().catch(async (error) => {
  console.error(`\nbench failed: ${error instanceof Error ? error.message : String(error)}`);
  await cleanUp();
  process.exit(1);
});
