// `npm run bench`: what the real server costs per request against a bare baseline, on SQLite and
// PostgreSQL in one run. The baseline (bench/baseline-server.mjs) is a bare Fastify app that runs the
// same SQL through the same driver and answers the same JSON; both run against the same database.
// Routes (BENCH_ROUTES):
//   list       GET /api/blade-system/param/list?current=1&size=10&paramName=alpha (10,000 rows, the
//              "contains" filter scans the table: the database dominates)
//   detail     GET /api/blade-system/param/detail?id=… (one row by key: the framework's fixed cost
//              dominates)
//   user-info  GET /api/blade-auth/oauth/user-info (token check + one row: fixed cost dominates)
//
// Method (docs/benchmarks.md, "Method"; decision 0030): both targets are
// pinned to one CPU (BENCH_PIN_CPU, taskset) and loaded at the same time in slices of
// BENCH_SLICE_SECONDS, so that they run on the same core at the same moment: this machine's virtual
// CPUs change speed from second to second, and what one side meets the other meets too. Per slice:
// the throughput ratio (server req/s ÷ baseline req/s) and the CPU ratio (baseline ÷ server CPU µs
// per request, every thread). Both targets are started BENCH_STARTS times (a process keeps its own
// few-percent bias for its life), each start measuring its share of BENCH_SLICES slices after a
// warm-up of both counted in requests (BENCH_WARMUP_REQUESTS: V8 compiles hot paths as their calls
// add up, and a cold server costs up to 1.5 × its steady CPU per request). The verdict rests on the 95 % interval (order statistics) of the median over
// the starts of each start's median CPU ratio: PASS when all of it clears 0.85 (and server p99 ≤
// 2 × baseline p99), FAIL when all of it falls short (or p99 fails), UNSETTLED when it straddles
// 0.85 or there are fewer than 6 starts. An unsettled route gets extra starts, as many slices each
// as an ordinary start, until it settles or has BENCH_MAX_SLICES slices. The throughput ratio is
// reported with its interval and spread, not judged: with both sides on one core it also measures
// how the scheduler shares that core.
// BENCH_METHOD=alternating is the earlier method (decision 0030; its results are in
// docs/benchmarks.md's history, git log): unpinned, the sides of a pair one after the other, the order
// swapped every pair, the verdict on the interval of the pairs' throughput ratios (3 starts).
// Both targets' idle RSS is read after every start, the verification requests and
// BENCH_IDLE_SECONDS of idling (target: the median over the starts of the server's under
// IDLE_TARGET_MB on SQLite), and again after the routes and BENCH_IDLE_SECONDS (reported). The
// server runs with the Node.js flags `npm start` gives it (SERVER_NODE_FLAGS,
// docs/decisions/0029-young-generation-size.md).
// The verification that both answer the same JSON (byte for byte) runs first, for every route.
// Expects a built server (npm run bench builds first; `npx tsc -b packages/contract server` is enough).
//
// Environment (all optional):
//   BENCH_METHOD        concurrent (default) | alternating (see Method)
//   BENCH_PIN_CPU       the CPU both targets are pinned to, concurrent method (default 0)
//   BENCH_SLICES        pairs of measured slices per route, over all starts (default 12, 1..50)
//   BENCH_MAX_SLICES    pairs at most per route, extra starts included (default 24, 1..100; at
//                       least BENCH_SLICES)
//   BENCH_STARTS        starts of both targets per engine, sharing the pairs (default 6 concurrent,
//                       3 alternating; 1..20, at most BENCH_SLICES)
//   BENCH_SLICE_SECONDS seconds per slice (default 3, 1..60)
//   BENCH_WARMUP        seconds per warm-up slice of each target per route, not measured (default 3,
//                       0..60; 0: no warm-up)
//   BENCH_WARMUP_REQUESTS requests of a route each target answers, from its start, before that route
//                       is measured: warm-up slices go on until both have (default 4000, 0..100000)
//   BENCH_WARMUP_MAX    seconds of warm-up per route and start at most (default 45, 0..600)
//   BENCH_CONNECTIONS   concurrent connections of autocannon (default 10, 1..256)
//   BENCH_ENGINES       comma list of sqlite, postgres (default both)
//   BENCH_ROUTES        comma list of list, detail, user-info (default all)
//   BENCH_IDLE_SECONDS  idle seconds before each reading of the idle RSS (default 5, 0..60)
//   BENCH_PG_URL        admin URL used to create and drop the database
//                       (default postgres://postgres@127.0.0.1:5432/postgres; 127.0.0.1/localhost only)
//   BENCH_CPU_PROF      1: run the server and the baseline under --cpu-prof; the profiles land in
//                       bench/results/profiles/ (profiling slows both: keep those figures apart)
//   BASELINE_LOGGER     passed to the baseline (off | a pino level), to price Fastify's logger
//   BENCH_AGAINST       baseline (default) | server: an A/A run against a second copy of the server,
//                       to read this machine's noise (the spread and interval of identical sides) |
//                       the main.js of another build (e.g. server/.dist-before/main.js): an A/B run,
//                       the "baseline" that build, so a ratio is its CPU per request ÷ this build's

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import {
  cleanUp,
  cleanUpOnSignals,
  cleanups,
  createBenchDatabase,
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
const TARGET_RATIO = 0.85;
const TARGET_P99_FACTOR = 2;
/** The coverage of the median's interval that the verdict rests on. */
const CONFIDENCE = 0.95;
const IDLE_TARGET_MB = 110;
const SEED_USER = 1123598821738675201n;
const SEED_DEPT = 1123598813738675201n;

// ---- configuration -------------------------------------------------------------------------------

const ROUTE_NAMES = ['list', 'detail', 'user-info'];
const list = (raw) =>
  raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const METHODS = ['concurrent', 'alternating'];
const method = process.env.BENCH_METHOD ?? 'concurrent';
if (!METHODS.includes(method)) throw new Error(`BENCH_METHOD: ${METHODS.join(' or ')} (got ${method})`);

const config = {
  method,
  pinCpu: intEnv('BENCH_PIN_CPU', 0, 0, os.availableParallelism() - 1),
  slices: intEnv('BENCH_SLICES', 12, 1, 50),
  maxSlices: intEnv('BENCH_MAX_SLICES', 24, 1, 100),
  // Concurrent slices leave each process's own state as the main variation: more starts, fewer
  // pairs each (docs/decisions/0030-concurrent-same-core-slices.md).
  starts: intEnv('BENCH_STARTS', method === 'concurrent' ? 6 : 3, 1, 20),
  sliceSeconds: intEnv('BENCH_SLICE_SECONDS', 3, 1, 60),
  warmup: intEnv('BENCH_WARMUP', 3, 0, 60),
  // V8 compiles a process's hot paths as their calls add up, so a warm-up is counted in requests:
  // the server runs more code than the baseline and needs about 3,500 list requests after a start
  // before its CPU per request stops falling (docs/benchmarks.md, "Method"; decision 0031).
  warmupRequests: intEnv('BENCH_WARMUP_REQUESTS', 4000, 0, 100_000),
  warmupMax: intEnv('BENCH_WARMUP_MAX', 45, 0, 600),
  connections: intEnv('BENCH_CONNECTIONS', 10, 1, 256),
  idleSeconds: intEnv('BENCH_IDLE_SECONDS', 5, 0, 60),
  engines: list(process.env.BENCH_ENGINES ?? 'sqlite,postgres'),
  routes: list(process.env.BENCH_ROUTES ?? ROUTE_NAMES.join(',')),
  pgAdminUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  cpuProf: process.env.BENCH_CPU_PROF === '1',
  against: process.env.BENCH_AGAINST ?? 'baseline',
};
/** BENCH_AGAINST naming another build's main.js: an A/B run of this build against that one. */
const otherBuild = ['baseline', 'server'].includes(config.against) ? undefined : path.resolve(config.against);
if (otherBuild && !(otherBuild.endsWith('.js') && existsSync(otherBuild))) {
  throw new Error(`BENCH_AGAINST: baseline, server or another build's main.js (got ${config.against})`);
}

for (const engine of config.engines) {
  if (engine !== 'sqlite' && engine !== 'postgres')
    throw new Error(`BENCH_ENGINES: unknown engine ${engine}`);
}
for (const route of config.routes) {
  if (!ROUTE_NAMES.includes(route)) throw new Error(`BENCH_ROUTES: unknown route ${route}`);
}
if (config.engines.includes('postgres')) {
  const host = new URL(config.pgAdminUrl).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost') {
    throw new Error(`BENCH_PG_URL must point at 127.0.0.1 (got host "${host}")`);
  }
}
// Every start measures at least one pair of every route.
config.starts = Math.min(config.starts, config.slices);
config.maxSlices = Math.max(config.maxSlices, config.slices);
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

/**
 * CPU time the process has used, all its threads (user + system), in µs: /proc/<pid>/stat's utime
 * and stime, in clock ticks of 1/100 s (Linux's USER_HZ).
 */
function cpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/**
 * Pins every thread of a process (and the threads it starts later, which inherit it) to
 * BENCH_PIN_CPU, with util-linux's taskset.
 */
function pinToCpu(pid) {
  try {
    execFileSync('taskset', ['-a', '-cp', String(config.pinCpu), String(pid)], { stdio: 'ignore' });
  } catch (error) {
    throw new Error(
      `BENCH_METHOD=concurrent pins both targets to CPU ${config.pinCpu} with taskset (util-linux), ` +
        `which failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
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

async function getJson(base, urlPath, headers) {
  const res = await globalThis.fetch(base + urlPath, { headers, signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body, text };
}

/** The benchmarked routes: their path, and what the server's answer must show besides equality. */
function routesOf(detailId) {
  return {
    list: {
      path: LIST_PATH,
      check: (body) =>
        body?.data?.total !== EXPECTED_TOTAL
          ? `server total is not ${EXPECTED_TOTAL}`
          : body.data.records?.length !== 10
            ? 'the server did not answer a page of 10'
            : null,
    },
    detail: {
      path: `/api/blade-system/param/detail?id=${detailId}`,
      check: (body) => (body?.data?.id !== detailId ? `the server did not answer param ${detailId}` : null),
    },
    'user-info': {
      path: '/api/blade-auth/oauth/user-info',
      check: (body) => (body?.data?.account !== 'admin' ? 'the server did not answer the admin' : null),
    },
  };
}

/**
 * Both answer 200 and byte-identical JSON on every route (the list: total 1000, a page of 10). The
 * detail's id is the list's third record (a bench row).
 */
async function verify(engine, server, baseline) {
  server.headers = await signedInHeaders(server.base);
  // The same headers to the bare baseline: the same request size, and it checks the same bearer token.
  // A server on the other side (A/A, A/B) signs in itself: a session lives in the process that began it.
  baseline.headers = config.against === 'baseline' ? server.headers : await signedInHeaders(baseline.base);
  const listed = await getJson(server.base, LIST_PATH, server.headers);
  const detailId = listed.body?.data?.records?.[2]?.id;
  const routes = routesOf(detailId);
  for (const name of config.routes) {
    const route = routes[name];
    const a = await getJson(server.base, route.path, server.headers);
    const b = await getJson(baseline.base, route.path, baseline.headers);
    const fail = (why) => {
      throw new Error(
        `[${engine}] ${name}: verification failed: ${why}\nserver:   ${a.status} ${a.text.slice(0, 600)}` +
          `\nbaseline: ${b.status} ${b.text.slice(0, 600)}`,
      );
    };
    if (a.status !== 200 || b.status !== 200) fail('a target did not answer 200');
    const why = route.check(a.body);
    if (why) fail(why);
    if (!isDeepStrictEqual(a.body, b.body)) fail('the bodies differ');
    if (a.text !== b.text) fail('the bodies differ in bytes (key order)');
  }
  return { routes, total: listed.body.data.total, detailId };
}

/** One autocannon run; every response's latency (ms) goes into `latencies` when given. */
function cannon(url, seconds, headers, latencies) {
  const instance = autocannon({
    url,
    headers,
    connections: config.connections,
    pipelining: 1,
    duration: seconds,
    timeout: 10,
  });
  if (latencies) instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  return instance;
}

const round = (n, digits) => Math.round(n * 10 ** digits) / 10 ** digits;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
/** Nearest-rank percentile of sorted values. */
const percentile = (sorted, p) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** VmRSS of both targets after BENCH_IDLE_SECONDS without requests. */
async function idleRss(engine, label, server, baseline) {
  await new Promise((resolve) => setTimeout(resolve, config.idleSeconds * 1000));
  const rss = {
    server: round(memoryOf(server.pid).rssMb, 1),
    baseline: round(memoryOf(baseline.pid).rssMb, 1),
  };
  console.log(
    `[${engine}] idle RSS ${label} and ${config.idleSeconds} s: server ${rss.server} MB, baseline ${rss.baseline} MB`,
  );
  return rss;
}

/** What the slices of one route gather over every start, until `summariseRoute` reads it. */
function routeTally() {
  return {
    latencies: { server: [], baseline: [] },
    errors: { server: 0, baseline: 0 },
    non2xx: { server: 0, baseline: 0 },
    peakRss: { server: 0, baseline: 0 },
    cpuMicros: { server: 0, baseline: 0 },
    requests: { server: 0, baseline: 0 },
    pairs: [],
    warmups: [],
  };
}

/**
 * The pairs of slices start `start` (0-based) measures of a route: BENCH_SLICES shared out evenly
 * over BENCH_STARTS; an extra start (one for routes still unsettled) measures as many as an
 * ordinary start, up to BENCH_MAX_SLICES in all.
 */
function pairsOfStart(start, measured) {
  const share = (n) =>
    Math.floor((config.slices * (n + 1)) / config.starts) - Math.floor((config.slices * n) / config.starts);
  if (start < config.starts) return share(start);
  return Math.min(share(0), config.maxSlices - measured);
}

/**
 * A distribution-free confidence interval of the median of `values` (order statistics): the
 * innermost pair of ranks [k, n+1-k] whose coverage under Binomial(n, ½) is at least
 * CONFIDENCE (6 pairs: min–max, 97 %). Fewer than 6 values cannot reach 95 %: the interval is
 * then their whole range, and `coverage` says how little it holds.
 */
function medianInterval(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  // P(B ≤ j) for B ~ Binomial(n, ½), accumulated.
  let cumulative = 0;
  let coefficient = 1;
  let k = 1;
  let coverage = 1 - 2 / 2 ** n;
  for (let j = 0; 2 * (j + 1) <= n + 1; j++) {
    cumulative += coefficient / 2 ** n;
    coefficient = (coefficient * (n - j)) / (j + 1);
    // The ranks [j + 1, n - j] (1-based) hold the median with probability 1 - 2·P(B ≤ j).
    if (1 - 2 * cumulative < CONFIDENCE) break;
    k = j + 1;
    coverage = 1 - 2 * cumulative;
  }
  return { low: sorted[k - 1], high: sorted[n - k], coverage };
}

/**
 * PASS when the whole interval of the median ratio clears the target, FAIL when the whole interval
 * falls short, UNSETTLED when it straddles the target or too few pairs give no 95 % interval: this
 * machine's noise over these pairs leaves the answer open, and a verdict either way would be a coin
 * that the next run may flip.
 */
function intervalVerdict({ low, high, coverage }) {
  if (coverage < CONFIDENCE) return 'UNSETTLED';
  if (low >= TARGET_RATIO) return 'PASS';
  if (high < TARGET_RATIO) return 'FAIL';
  return 'UNSETTLED';
}

/**
 * What the verdict's interval is taken over. Concurrent: each start's median CPU ratio (baseline ÷
 * server CPU per request, both on one core at the same moment), one value per start, since what
 * still varies is the process, not the second. Alternating: every pair's throughput ratio.
 */
function judgedValues(pairs) {
  if (config.method === 'alternating') return pairs.map((p) => p.ratio);
  return startMediansOf(pairs, 'cpuRatio');
}

/** The median of each start's own pairs, start by start: shows a start that stood apart. */
function startMediansOf(pairs, key) {
  const medians = [];
  for (let start = 1; start <= Math.max(0, ...pairs.map((p) => p.start)); start++) {
    const own = pairs.filter((p) => p.start === start).map((p) => p[key]);
    if (own.length > 0) medians.push(round(median(own), 3));
  }
  return medians;
}

const JUDGED_ON = {
  concurrent: 'the median CPU ratio of each start (baseline ÷ server CPU µs per request, one core)',
  alternating: 'the throughput ratio of each pair',
};

/** The route's verdict: the interval's, unless p99 fails. */
const verdictOf = (interval, p99Factor) =>
  p99Factor > TARGET_P99_FACTOR ? 'FAIL' : intervalVerdict(interval);

const startLabel = (start) =>
  start < config.starts ? `start ${start + 1}/${config.starts}` : `extra start ${start + 1}`;

/**
 * One route on one engine and one start of both targets: a warm-up of each until both have answered
 * BENCH_WARMUP_REQUESTS of the route (a new process has not compiled its hot paths yet), then this start's pairs of slices, the order swapped every pair, so
 * that a trend in the machine's load falls on both sides alike.
 */
async function measureRoute(tally, engine, name, route, server, baseline, start) {
  const targets = { server, baseline };
  const concurrent = config.method === 'concurrent';
  // Concurrent: both sides at once (they share one core); alternating: one after the other.
  const both = async (order, run) => {
    if (concurrent) {
      const results = await Promise.all(order.map((side) => run(side)));
      return Object.fromEntries(order.map((side, i) => [side, results[i]]));
    }
    const results = {};
    for (const side of order) results[side] = await run(side);
    return results;
  };
  // Warm-up slices until both targets have answered BENCH_WARMUP_REQUESTS of this route since their
  // start (at least one slice, at most BENCH_WARMUP_MAX seconds): the CPU ratio of the first slice
  // and of the last are kept, to show what a cold process costs and that the warm-up reached the flat.
  const warm = { seconds: 0, requests: { server: 0, baseline: 0 }, cpuRatios: [] };
  while (
    config.warmup > 0 &&
    warm.seconds + config.warmup <= Math.max(config.warmup, config.warmupMax) &&
    (warm.seconds === 0 || Math.min(warm.requests.server, warm.requests.baseline) < config.warmupRequests)
  ) {
    const cpuBefore = {};
    const results = await both(['server', 'baseline'], (side) => {
      cpuBefore[side] = cpuMicros(targets[side].pid);
      return cannon(targets[side].base + route.path, config.warmup, targets[side].headers);
    });
    const perRequest = {};
    for (const side of ['server', 'baseline']) {
      const answered = results[side].requests.total;
      warm.requests[side] += answered;
      perRequest[side] = (cpuMicros(targets[side].pid) - cpuBefore[side]) / Math.max(1, answered);
    }
    warm.cpuRatios.push(round(perRequest.baseline / perRequest.server, 3));
    warm.seconds += config.warmup;
  }
  tally.warmups.push({ start: start + 1, ...warm });
  process.stdout.write(
    `[${engine}] ${name}, ${startLabel(start)}: warm-up ${warm.seconds} s ` +
      `(${warm.requests.server} / ${warm.requests.baseline} requests, CPU ratio ` +
      `${warm.cpuRatios[0] ?? '—'} → ${warm.cpuRatios.at(-1) ?? '—'})`,
  );
  const count = pairsOfStart(start, tally.pairs.length);
  process.stdout.write(`; ${count} × ${config.sliceSeconds} s pairs (throughput / CPU ratio):`);
  for (let i = 0; i < count; i++) {
    // Swapped every pair over the whole route, not per start (concurrent: which load starts first).
    const order = tally.pairs.length % 2 === 0 ? ['server', 'baseline'] : ['baseline', 'server'];
    const pair = { start: start + 1 };
    const cpuBefore = {};
    const results = await both(order, (side) => {
      const proc = targets[side];
      cpuBefore[side] = cpuMicros(proc.pid);
      return cannon(proc.base + route.path, config.sliceSeconds, proc.headers, tally.latencies[side]);
    });
    const cpuPerRequest = {};
    for (const side of order) {
      const proc = targets[side];
      const result = results[side];
      const cpu = cpuMicros(proc.pid) - cpuBefore[side];
      // Requests answered over the slice's real length (autocannon's duration, in seconds).
      pair[side] = result.requests.total / result.duration;
      cpuPerRequest[side] = cpu / Math.max(1, result.requests.total);
      tally.errors[side] += result.errors + result.timeouts;
      tally.non2xx[side] += result.non2xx;
      tally.peakRss[side] = Math.max(tally.peakRss[side], memoryOf(proc.pid).rssMb);
      tally.cpuMicros[side] += cpu;
      tally.requests[side] += result.requests.total;
    }
    pair.ratio = pair.server / pair.baseline;
    pair.cpuRatio = cpuPerRequest.baseline / cpuPerRequest.server;
    tally.pairs.push(pair);
    process.stdout.write(` ${pair.ratio.toFixed(2)}/${pair.cpuRatio.toFixed(2)}`);
  }
  process.stdout.write('\n');
}

/** The row of the report for one route: the median pair ratio over every start, its spread, p50/p99. */
function summariseRoute(tally, engine, name, route) {
  const { pairs } = tally;
  const ratios = pairs.map((p) => p.ratio);
  const side = (s) => {
    const sorted = tally.latencies[s].sort((a, b) => a - b);
    return {
      requestsPerSec: round(median(pairs.map((p) => p[s])), 1),
      p50Ms: round(percentile(sorted, 50), 2),
      p99Ms: round(percentile(sorted, 99), 2),
      requests: sorted.length,
      non2xx: tally.non2xx[s],
      errors: tally.errors[s],
      runRssMb: round(tally.peakRss[s], 1),
      cpuMicrosPerRequest: round(tally.cpuMicros[s] / tally.requests[s], 1),
    };
  };
  const startMedians = startMediansOf(pairs, 'ratio');
  const cpuRatios = pairs.map((p) => p.cpuRatio);
  const cpuStartMedians = startMediansOf(pairs, 'cpuRatio');
  const throughputInterval = medianInterval(ratios);
  const cpuInterval = medianInterval(cpuStartMedians);
  const interval = medianInterval(judgedValues(pairs));
  const row = {
    engine,
    route: name,
    path: route.path,
    ratioMedian: round(median(ratios), 3),
    ratioIntervalLow: round(throughputInterval.low, 3),
    ratioIntervalHigh: round(throughputInterval.high, 3),
    ratioMin: round(Math.min(...ratios), 3),
    ratioMax: round(Math.max(...ratios), 3),
    pairRatios: ratios.map((r) => round(r, 3)),
    startMedians,
    cpuRatioMedian: round(median(cpuRatios), 3),
    cpuRatioIntervalLow: round(cpuInterval.low, 3),
    cpuRatioIntervalHigh: round(cpuInterval.high, 3),
    pairCpuRatios: cpuRatios.map((r) => round(r, 3)),
    cpuStartMedians,
    method: config.method,
    judgedOn: JUDGED_ON[config.method],
    verdictIntervalLow: round(interval.low, 3),
    verdictIntervalHigh: round(interval.high, 3),
    server: side('server'),
    baseline: side('baseline'),
    // Per start: the warm-up's seconds, requests of each side, and CPU ratio of each of its slices.
    warmups: tally.warmups,
    warmupSecondsMedian: median(tally.warmups.map((w) => w.seconds)),
    coldCpuRatioMedian: round(median(tally.warmups.map((w) => w.cpuRatios[0])), 3),
  };
  row.p99Factor = round(row.server.p99Ms / row.baseline.p99Ms, 2);
  // What a request costs each side, whoever else wants the cores: reported beside the verdict, so
  // that a FAIL on a busy machine tells cost from noise.
  row.cpuRatio = round(row.baseline.cpuMicrosPerRequest / row.server.cpuMicrosPerRequest, 3);
  row.target = verdictOf(interval, row.p99Factor);
  console.log(
    `[${engine}] ${name}: throughput ratio median ${row.ratioMedian.toFixed(3)} of ${ratios.length} pairs ` +
      `(${Math.round(CONFIDENCE * 100)} % interval ${row.ratioIntervalLow.toFixed(2)}–${row.ratioIntervalHigh.toFixed(2)}), ` +
      `per start ${startMedians.map((m) => m.toFixed(2)).join(' ')}; CPU ratio per start ` +
      `${cpuStartMedians.map((m) => m.toFixed(2)).join(' ')}; ${row.target} on ${row.judgedOn} ` +
      `(interval ${row.verdictIntervalLow.toFixed(2)}–${row.verdictIntervalHigh.toFixed(2)}); ` +
      `warm-up ${row.warmupSecondsMedian} s per start (median), its first slice's CPU ratio ` +
      `${row.coldCpuRatioMedian.toFixed(2)} (median, not judged)`,
  );
  return row;
}

async function benchEngine(engine, workDir) {
  const { databaseUrl, drop: dropDatabase } = await createBenchDatabase(engine, workDir, config.pgAdminUrl);
  // One token secret for both: the baseline verifies the server's tokens itself.
  const jwtSecret = randomBytes(48).toString('base64url');
  const serverEnv = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(workDir, `data-${engine}`),
    JWT_SECRET: jwtSecret,
  };
  const profDir = path.join(RESULTS_DIR, 'profiles');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  // One profile per process: the start's number is in the name.
  const profArgs = (target, start) =>
    config.cpuProf
      ? [
          '--cpu-prof',
          `--cpu-prof-dir=${profDir}`,
          `--cpu-prof-name=${target}-${engine}-${stamp}-${start}.cpuprofile`,
        ]
      : [];

  const startBoth = async (start) => {
    const server = await startProcess(
      `server (${engine})`,
      SERVER_MAIN,
      serverEnv,
      profArgs('server', start),
    );
    try {
      // BENCH_AGAINST=server: an A/A run, the "baseline" a second copy of the server on the same
      // database and data directory. Its ratios measure this machine's noise, not a cost.
      const baseline =
        config.against === 'server'
          ? await startProcess(`server copy (${engine})`, SERVER_MAIN, serverEnv, profArgs('baseline', start))
          : otherBuild
            ? await startProcess(
                `other build (${engine})`,
                otherBuild,
                serverEnv,
                profArgs('baseline', start),
              )
            : await startProcess(
                `baseline (${engine})`,
                BASELINE_MAIN,
                {
                  DATABASE_URL: databaseUrl,
                  JWT_SECRET: jwtSecret,
                  BASELINE_LOGGER: process.env.BASELINE_LOGGER ?? 'off',
                },
                profArgs('baseline', start),
              );
      // Concurrent slices: both on one core, so that both see the same core at the same speed.
      if (config.method === 'concurrent') for (const proc of [server, baseline]) pinToCpu(proc.pid);
      return { server, baseline };
    } catch (error) {
      await stopProcess(server);
      throw error;
    }
  };

  let running;
  try {
    // 1. The server creates the schema and seeds; 2. the bench rows go in with the driver; 3. restart.
    console.log(`[${engine}] migrating and seeding through the server …`);
    await stopProcess(await startProcess(`server (${engine})`, SERVER_MAIN, serverEnv));
    console.log(`[${engine}] inserting ${ROWS} rows …`);
    if (engine === 'sqlite') insertSqlite(databaseUrl.slice('sqlite:'.length));
    else await insertPostgres(databaseUrl);

    // Both targets are started BENCH_STARTS times and every start measures its share of each
    // route's pairs: a process can settle into a faster or slower state for its whole life (seen
    // as throughput in two distinct levels from one start to the next), which slices within one
    // start cannot average out.
    // A route whose interval still straddles the target after BENCH_STARTS gets extra starts (of
    // both targets, as many pairs as an ordinary start) until it settles or BENCH_MAX_SLICES.
    const tallies = Object.fromEntries(config.routes.map((name) => [name, routeTally()]));
    // p99 is judged once, over every slice: only the ratio's interval asks for more pairs.
    const unsettled = (name) =>
      tallies[name].pairs.length < config.maxSlices &&
      intervalVerdict(medianInterval(judgedValues(tallies[name].pairs))) === 'UNSETTLED';
    const idleReadings = [];
    let checked;
    for (let start = 0; ; start++) {
      const routes = start < config.starts ? config.routes : config.routes.filter(unsettled);
      if (routes.length === 0) break;
      running = await startBoth(start + 1);
      const { server, baseline } = running;
      checked = await verify(engine, server, baseline);
      console.log(
        `[${engine}] ${startLabel(start)}: both answer the same JSON on ` +
          `${config.routes.join(', ')} (list total ${checked.total}, detail id ${checked.detailId})`,
      );
      const afterStart = await idleRss(engine, 'after start, verification', server, baseline);
      for (const name of routes) {
        await measureRoute(tallies[name], engine, name, checked.routes[name], server, baseline, start);
      }
      const afterRoutes = await idleRss(engine, 'after the routes', server, baseline);
      idleReadings.push({ afterStart, afterRoutes });
      await stopProcess(server);
      await stopProcess(baseline);
      running = undefined;
    }
    const rows = config.routes.map((name) =>
      summariseRoute(tallies[name], engine, name, checked.routes[name]),
    );
    // The median over the starts, and every reading for the record.
    const medianOf = (pick) => round(median(idleReadings.map(pick)), 1);
    const idle = {
      engine,
      serverIdleRssMb: medianOf((r) => r.afterStart.server),
      baselineIdleRssMb: medianOf((r) => r.afterStart.baseline),
      serverAfterRoutesRssMb: medianOf((r) => r.afterRoutes.server),
      baselineAfterRoutesRssMb: medianOf((r) => r.afterRoutes.baseline),
      readings: idleReadings,
    };
    return { rows, idle };
  } finally {
    if (running) {
      await stopProcess(running.server);
      await stopProcess(running.baseline);
    }
    await dropDatabase();
  }
}

// ---- report --------------------------------------------------------------------------------------

function table(head, body) {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

function resultsTable(rows) {
  return table(
    [
      'engine',
      'route',
      'throughput ratio median',
      '95 % interval',
      'spread',
      'CPU ratio median',
      'CPU ratio 95 % interval (starts)',
      'server req/s',
      'baseline req/s',
      'server p50/p99 ms',
      'baseline p50/p99 ms',
      'p99 ×',
      'target',
      'CPU µs/request server / baseline (ratio)',
      'non-2xx/errors',
    ],
    rows.map((r) => [
      r.engine,
      r.route,
      r.ratioMedian.toFixed(3),
      `${r.ratioIntervalLow.toFixed(2)}–${r.ratioIntervalHigh.toFixed(2)}`,
      `${r.ratioMin.toFixed(2)}–${r.ratioMax.toFixed(2)}`,
      r.cpuRatioMedian.toFixed(3),
      `${r.cpuRatioIntervalLow.toFixed(2)}–${r.cpuRatioIntervalHigh.toFixed(2)}`,
      r.server.requestsPerSec.toFixed(1),
      r.baseline.requestsPerSec.toFixed(1),
      `${r.server.p50Ms} / ${r.server.p99Ms}`,
      `${r.baseline.p50Ms} / ${r.baseline.p99Ms}`,
      r.p99Factor.toFixed(2),
      r.target,
      `${r.server.cpuMicrosPerRequest} / ${r.baseline.cpuMicrosPerRequest} (${r.cpuRatio.toFixed(2)})`,
      `${r.server.non2xx + r.baseline.non2xx}/${r.server.errors + r.baseline.errors}`,
    ]),
  );
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

const loadAverage = () => os.loadavg().map((n) => round(n, 2));

// ---- main ----------------------------------------------------------------------------------------

async function main() {
  const startedAt = new Date();
  const loadBefore = loadAverage();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'bench-param-list-'));
  const removeWorkDir = async () => rmSync(workDir, { recursive: true, force: true });
  cleanups.add(removeWorkDir);
  const rows = [];
  const idle = [];
  try {
    for (const engine of config.engines) {
      const result = await benchEngine(engine, workDir);
      rows.push(...result.rows);
      idle.push(result.idle);
    }
  } finally {
    await removeWorkDir();
    cleanups.delete(removeWorkDir);
  }
  const loadAfter = loadAverage();

  console.log(
    `\n${config.connections} connections; per route a warm-up of ${config.warmup} s slices until each ` +
      `target has answered ${config.warmupRequests} of its requests since its start (at most ` +
      `${config.warmupMax} s), then ` +
      `${config.slices} pairs of ${config.sliceSeconds} s slices over ${config.starts} starts of both (up to ${config.maxSlices} with extra starts while unsettled), ` +
      `${config.method === 'concurrent' ? `both sides of a pair at once on CPU ${config.pinCpu}` : 'the sides of a pair one after the other'}; load average ${loadBefore.join(' ')} → ` +
      `${loadAfter.join(' ')}\n`,
  );
  if (otherBuild) {
    console.log(
      `A/B run (BENCH_AGAINST=${config.against}): the "baseline" is that build; a CPU ratio is its CPU per ` +
        "request ÷ this build's (under 1: this build costs more), and the verdicts mean nothing\n",
    );
  }
  if (config.against === 'server') {
    console.log(
      'A/A run (BENCH_AGAINST=server): the "baseline" is a second copy of the server; the ratios and ' +
        "their interval show this machine's noise, and the verdicts mean nothing\n",
    );
  }
  console.log(resultsTable(rows));
  console.log(
    `\ntarget: ratio ≥ ${TARGET_RATIO} and server p99 ≤ ${TARGET_P99_FACTOR} × baseline p99, judged on ` +
      `${JUDGED_ON[config.method]}: PASS when the median's ${Math.round(CONFIDENCE * 100)} % interval clears ` +
      `${TARGET_RATIO}, FAIL when it falls short, UNSETTLED when it straddles the target or has fewer than 6 ` +
      'values (the noise leaves the answer open); CPU is every thread of the process, user and system\n',
  );
  console.log(
    table(
      [
        'engine',
        'server idle RSS MB after start / after the routes (median of the starts)',
        'baseline idle RSS MB after start / after the routes',
        'target',
      ],
      idle.map((m) => [
        m.engine,
        `${m.serverIdleRssMb.toFixed(1)} / ${m.serverAfterRoutesRssMb.toFixed(1)}`,
        `${m.baselineIdleRssMb.toFixed(1)} / ${m.baselineAfterRoutesRssMb.toFixed(1)}`,
        m.engine === 'sqlite' ? (m.serverIdleRssMb < IDLE_TARGET_MB ? 'PASS' : 'FAIL') : '—',
      ]),
    ),
  );
  console.log(
    `\ntarget: the server's idle RSS after start under ${IDLE_TARGET_MB} MB on SQLite (median of the starts)`,
  );

  const failures = rows.filter(
    (r) => r.server.non2xx + r.baseline.non2xx + r.server.errors + r.baseline.errors > 0,
  );
  const report = {
    benchmark: 'param-list',
    method: 'alternating slices',
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    loadAverage: { before: loadBefore, after: loadAfter },
    rows: ROWS,
    expectedTotal: EXPECTED_TOTAL,
    target: `median ratio ≥ ${TARGET_RATIO} of the baseline's requests/s (its ${Math.round(CONFIDENCE * 100)} % interval for PASS or FAIL), p99 ≤ ${TARGET_P99_FACTOR} × the baseline's`,
    config: { ...config, pgAdminUrl: undefined, baselineLogger: process.env.BASELINE_LOGGER ?? 'off' },
    machine: machine(),
    idleMemory: idle,
    results: rows,
  };
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `param-list-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nwritten: ${path.relative(ROOT, file)}`);

  if (failures.length > 0) {
    console.error(`\n${failures.length} route(s) had non-2xx answers, errors or timeouts`);
    process.exitCode = 1;
  }
}

cleanUpOnSignals();

main().catch(async (error) => {
  console.error(`\nbench failed: ${error instanceof Error ? error.message : String(error)}`);
  await cleanUp();
  process.exit(1);
});
