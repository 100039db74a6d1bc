// `npm run bench:lists` (issue 21, part 3): the list calls the console makes on large tables. A
// million rows in the api log and in the usual log, 200,000 users of one tenant, inserted with the
// drivers into a database the built server migrated and seeded; then each call is made
// sequentially (one at a time) after a warm-up, and its p50 / p95 reported. See docs/benchmarks.md.
// Expects a built server (npm run bench:lists builds first).
//
// Environment (all optional):
//   BENCH_ENGINES     comma list of sqlite, postgres (default both)
//   BENCH_PG_URL      admin URL used to create and drop the database
//                     (default postgres://postgres@127.0.0.1:5432/postgres; 127.0.0.1/localhost only)
//   BENCH_LOG_ROWS    rows of each of the api and usual logs (default 1,000,000)
//   BENCH_USER_ROWS   users (default 200,000)
//   BENCH_CALLS       measured calls per list call (default 20, 1..1000)
//   BENCH_WARMUP      warm-up calls per list call, not measured (default 3, 0..100)

import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
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

/* global URLSearchParams */
const RESULTS_DIR = path.join(ROOT, 'bench/results');

const config = {
  engines: (process.env.BENCH_ENGINES ?? 'sqlite,postgres')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  pgAdminUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  logRows: intEnv('BENCH_LOG_ROWS', 1_000_000, 1000, 20_000_000),
  userRows: intEnv('BENCH_USER_ROWS', 200_000, 1000, 5_000_000),
  calls: intEnv('BENCH_CALLS', 20, 1, 1000),
  warmup: intEnv('BENCH_WARMUP', 3, 0, 100),
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

// ---- data ----------------------------------------------------------------------------------------

/** A small deterministic generator (mulberry32): every run inserts the same rows. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (rnd, list) => list[Math.floor(rnd() * list.length)];

const TENANTS = ['000000', '100001', '100002', '100003', '100004', '100005'];
/** The log rows' year: from 2025-11-01 to 2026-11-01 (UTC), in insertion order with jitter. */
const YEAR_START = Date.UTC(2025, 10, 1);
const YEAR_MS = 365 * 86_400_000;
const ENDPOINTS = [
  ['GET', '/api/blade-system/user/page', '用户列表'],
  ['GET', '/api/blade-system/user/detail', '用户详情'],
  ['POST', '/api/blade-system/user/submit', '用户保存'],
  ['POST', '/api/blade-system/user/remove', '用户删除'],
  ['GET', '/api/blade-system/dept/tree', '部门树'],
  ['GET', '/api/blade-system/role/tree', '角色树'],
  ['GET', '/api/blade-system/menu/routes', '菜单路由'],
  ['GET', '/api/blade-system/param/list', '参数列表'],
  ['POST', '/api/blade-system/param/submit', '参数保存'],
  ['GET', '/api/blade-system/dict/dictionary', '字典'],
  ['GET', '/api/blade-desk/notice/list', '通知列表'],
  ['POST', '/api/blade-desk/notice/submit', '通知保存'],
  ['GET', '/api/blade-resource/oss/list', '对象存储列表'],
  ['POST', '/api/blade-resource/attach/put-file', '上传附件'],
  ['GET', '/api/zxgxg-api/machine/list', '柜机列表'],
  ['GET', '/api/zxgxg-api/machine/detail', '柜机详情'],
  ['POST', '/api/zxgxg-api/machine/submit', '柜机保存'],
  ['GET', '/api/zxgxg-api/hospital/list', '医院列表'],
  ['GET', '/api/zxgxg-api/refund/review/list', '退款审核列表'],
  ['POST', '/api/zxgxg-api/refund/review/agree', '退款同意'],
  ['GET', '/api/zxgxg-api/apk/list', '版本列表'],
  ['POST', '/api/blade-auth/oauth/token', '登录'],
  ['GET', '/api/blade-log/api/list', '接口日志列表'],
  ['GET', '/api/blade-flow/work/todo-list', '待办列表'],
];
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (Linux; Android 13; CabinetPad) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
  'okhttp/4.12.0',
];
const LEVELS = ['INFO', 'INFO', 'INFO', 'WARN', 'ERROR', 'DEBUG'];
const EVENTS = ['sign-in', 'sign-out', 'machine-heartbeat', 'refund-agree', 'apk-release', 'grant-change'];
/** 2,000 operators: "contains user1234" finds one of them (about 1 row in 2,000). */
const operator = (rnd) => `user${String(Math.floor(rnd() * 2000)).padStart(4, '0')}`;

const LOG_ID_BASE = 100_000_000_000n;
const USER_ID_BASE = 200_000_000_000n;

const API_COLUMNS = [
  'id',
  'tenant_id',
  'service_id',
  'server_host',
  'server_ip',
  'env',
  'type',
  'title',
  'method',
  'request_uri',
  'user_agent',
  'remote_ip',
  'method_class',
  'method_name',
  'params',
  'time',
  'create_by',
  'create_time',
];
const USUAL_COLUMNS = [
  'id',
  'tenant_id',
  'service_id',
  'server_host',
  'server_ip',
  'env',
  'log_level',
  'log_id',
  'log_data',
  'method',
  'request_uri',
  'user_agent',
  'remote_ip',
  'method_class',
  'method_name',
  'params',
  'time',
  'create_by',
  'create_time',
];

/** Log rows from..to (exclusive) of `total`, as arrays in the order of `columns`. */
function logRows(kind, from, to, total) {
  const rnd = random(kind === 'api' ? 11 + from : 29 + from);
  const rows = [];
  for (let i = from; i < to; i++) {
    const [method, uri, title] = pick(rnd, ENDPOINTS);
    const time = new Date(YEAR_START + Math.floor(((i + rnd()) / total) * YEAR_MS));
    const host = `app-${1 + (i % 3)}`;
    const common = {
      id: LOG_ID_BASE + BigInt(i),
      tenant_id: pick(rnd, TENANTS),
      service_id: 'cabinet-console',
      server_host: host,
      server_ip: `10.0.0.${1 + (i % 3)}`,
      env: 'prod',
      method,
      request_uri: uri,
      user_agent: pick(rnd, AGENTS),
      remote_ip: `192.168.${Math.floor(rnd() * 256)}.${Math.floor(rnd() * 256)}`,
      method_class: 'org.springblade.modules.Controller',
      method_name: uri.slice(uri.lastIndexOf('/') + 1),
      params: `current=1&size=10&id=${Math.floor(rnd() * 1e9)}`,
      create_by: operator(rnd),
      create_time: time,
    };
    if (kind === 'api') {
      rows.push({ ...common, type: '1', title, time: String(Math.floor(rnd() * 400)) });
    } else {
      const event = pick(rnd, EVENTS);
      rows.push({
        ...common,
        log_level: pick(rnd, LEVELS),
        log_id: `${event}-${Math.floor(rnd() * 100000)}`,
        log_data: `{"event":"${event}","detail":"${'x'.repeat(Math.floor(rnd() * 80))}"}`,
        time: time.toISOString(),
      });
    }
  }
  return rows;
}

const USER_COLUMNS = [
  'id',
  'tenant_id',
  'code',
  'user_type',
  'account',
  'password',
  'name',
  'real_name',
  'email',
  'phone',
  'sex',
  'role_id',
  'dept_id',
  'create_user',
  'create_dept',
  'create_time',
  'update_user',
  'update_time',
  'status',
  'is_deleted',
];
const SURNAMES = ['张', '王', '李', '赵', '刘', '陈', '杨', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡'];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '涛',
  '明',
  '超',
];
const SEED_USER = 1123598821738675201n;
const SEED_DEPT = 1123598813738675201n;
const SEED_ROLE = 1123598816738675201n;

function userRows(from, to) {
  const rnd = random(97 + from);
  const rows = [];
  for (let i = from; i < to; i++) {
    const time = new Date(YEAR_START + Math.floor((i / config.userRows) * YEAR_MS));
    const name = pick(rnd, SURNAMES) + pick(rnd, GIVEN) + (rnd() < 0.5 ? pick(rnd, GIVEN) : '');
    rows.push({
      id: USER_ID_BASE + BigInt(i),
      tenant_id: '000000',
      code: null,
      user_type: 1,
      account: `user${i}`,
      password: 'not-a-real-hash',
      name,
      real_name: name,
      email: `user${i}@example.com`,
      phone: `138${String(i).padStart(8, '0')}`,
      sex: 1 + (i % 2),
      role_id: String(SEED_ROLE),
      dept_id: String(SEED_DEPT),
      create_user: SEED_USER,
      create_dept: SEED_DEPT,
      create_time: time,
      update_user: SEED_USER,
      update_time: time,
      status: i % 100 === 0 ? 2 : 1,
      is_deleted: 0,
    });
  }
  return rows;
}

const TABLES = [
  {
    table: 'blade_log_api',
    columns: API_COLUMNS,
    total: () => config.logRows,
    rows: (a, b) => logRows('api', a, b, config.logRows),
  },
  {
    table: 'blade_log_usual',
    columns: USUAL_COLUMNS,
    total: () => config.logRows,
    rows: (a, b) => logRows('usual', a, b, config.logRows),
  },
  { table: 'blade_user', columns: USER_COLUMNS, total: () => config.userRows, rows: userRows },
];
const BATCH = 5000;

function insertSqlite(file) {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    for (const { table, columns, total, rows } of TABLES) {
      const insert = db.prepare(
        `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
      );
      const many = db.transaction((batch) => {
        for (const row of batch)
          insert.run(...columns.map((c) => (row[c] instanceof Date ? row[c].toISOString() : row[c])));
      });
      for (let i = 0; i < total(); i += BATCH) many(rows(i, Math.min(i + BATCH, total())));
      process.stdout.write(`  ${table}: ${total()} rows\n`);
    }
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.exec('analyze');
  } finally {
    db.close();
  }
}

async function insertPostgres(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const { table, columns, total, rows } of TABLES) {
      const { rows: types } = await client.query(
        `select column_name, format_type(a.atttypid, a.atttypmod) as type
           from information_schema.columns c
           join pg_attribute a on a.attrelid = c.table_name::regclass and a.attname = c.column_name
          where c.table_name = $1 and c.table_schema = current_schema()`,
        [table],
      );
      const typeOf = new Map(types.map((t) => [t.column_name, t.type]));
      const casts = columns.map((c, n) => `$${n + 1}::${typeOf.get(c)}[]`).join(', ');
      const statement = `insert into ${table} (${columns.join(', ')}) select * from unnest(${casts})`;
      for (let i = 0; i < total(); i += BATCH) {
        const batch = rows(i, Math.min(i + BATCH, total()));
        await client.query(
          statement,
          columns.map((c) => batch.map((r) => (typeof r[c] === 'bigint' ? r[c].toString() : r[c]))),
        );
      }
      process.stdout.write(`  ${table}: ${total()} rows\n`);
    }
    // Fresh statistics and visibility map, as a table that has been in use for a while has.
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

// ---- the calls -----------------------------------------------------------------------------------

const MONTH = { createTime_dategt: '2026-03-01 00:00:00', createTime_datelt: '2026-03-31 23:59:59' };
const NEWEST = { descs: 'createTime' };

/** The calls the console's pages make: [list, call, path, query]. */
const CALLS = [
  ...['api', 'usual'].flatMap((kind) => {
    const list = `/api/blade-log/${kind}/list`;
    return [
      [kind, 'first page', list, { current: 1, size: 10, ...NEWEST }],
      [kind, 'page 1,000', list, { current: 1000, size: 10, ...NEWEST }],
      [
        kind,
        'contains requestUri "user/page" (~4%)',
        list,
        { current: 1, size: 10, requestUri: 'user/page', ...NEWEST },
      ],
      [
        kind,
        'contains createBy "user1234" (~0.05%)',
        list,
        { current: 1, size: 10, createBy: 'user1234', ...NEWEST },
      ],
      [kind, 'date range (March 2026)', list, { current: 1, size: 10, ...MONTH, ...NEWEST }],
    ];
  }),
  ['users', 'first page', '/api/blade-system/user/page', { current: 1, size: 10 }],
  ['users', 'page 1,000', '/api/blade-system/user/page', { current: 1000, size: 10 }],
  [
    'users',
    'contains account "user1234"',
    '/api/blade-system/user/page',
    { current: 1, size: 10, account: 'user1234' },
  ],
  [
    'users',
    'contains realName "张伟"',
    '/api/blade-system/user/page',
    { current: 1, size: 10, realName: '张伟' },
  ],
  ['users', 'status = pending', '/api/blade-system/user/page', { current: 1, size: 10, status_equal: 2 }],
];

async function call(base, headers, pathname, query) {
  const url = `${base}${pathname}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
  const started = performance.now();
  const res = await globalThis.fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
  const body = await res.json();
  const ms = performance.now() - started;
  if (res.status !== 200 || body.code !== 200)
    throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, data: body.data };
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

async function measure(engine, proc) {
  const headers = await signedInHeaders(proc.base);
  const out = [];
  for (const [list, name, pathname, query] of CALLS) {
    let last;
    for (let i = 0; i < config.warmup; i++) last = await call(proc.base, headers, pathname, query);
    const times = [];
    for (let i = 0; i < config.calls; i++) {
      last = await call(proc.base, headers, pathname, query);
      times.push(last.ms);
    }
    times.sort((a, b) => a - b);
    const row = {
      engine,
      list,
      call: name,
      p50Ms: round(percentile(times, 50)),
      p95Ms: round(percentile(times, 95)),
      total: last.data.total,
      totalExact: last.data.totalExact ?? true,
      records: last.data.records.length,
    };
    console.log(
      `[${engine}] ${list.padEnd(5)} ${name.padEnd(40)} p50 ${String(row.p50Ms).padStart(7)} ms  p95 ${String(row.p95Ms).padStart(7)} ms  total ${row.total}${row.totalExact ? '' : '+'} (${row.records} rows)`,
    );
    out.push(row);
  }
  return out;
}

async function benchEngine(engine, workDir) {
  const { databaseUrl, drop: dropDatabase } = await createBenchDatabase(engine, workDir, config.pgAdminUrl);
  const serverEnv = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(workDir, `data-${engine}`),
    // The bench's own calls are not what it measures: keep them out of the api log's figures.
    LOG_RETENTION_DAYS: '0',
  };
  let server;
  try {
    console.log(`[${engine}] migrating and seeding through the server …`);
    await stopProcess(await startProcess(`server (${engine})`, SERVER_MAIN, serverEnv));
    console.log(`[${engine}] inserting rows …`);
    const started = performance.now();
    if (engine === 'sqlite') insertSqlite(databaseUrl.slice('sqlite:'.length));
    else await insertPostgres(databaseUrl);
    const insertSeconds = round((performance.now() - started) / 1000);
    console.log(`[${engine}] inserted in ${insertSeconds} s`);
    server = await startProcess(`server (${engine})`, SERVER_MAIN, serverEnv);
    return { insertSeconds, rows: await measure(engine, server) };
  } finally {
    if (server) await stopProcess(server);
    await dropDatabase();
  }
}

function table(rows) {
  const head = ['engine', 'list', 'call', 'p50 ms', 'p95 ms', 'total'];
  const body = rows.map((r) => [
    r.engine,
    r.list,
    r.call,
    r.p50Ms.toFixed(1),
    r.p95Ms.toFixed(1),
    `${r.total}${r.totalExact ? '' : '+'}`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

async function main() {
  const startedAt = new Date();
  const loadBefore = os.loadavg();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'bench-large-lists-'));
  const removeWorkDir = async () => rmSync(workDir, { recursive: true, force: true });
  cleanups.add(removeWorkDir);
  const rows = [];
  const inserts = {};
  try {
    for (const engine of config.engines) {
      const result = await benchEngine(engine, workDir);
      inserts[engine] = result.insertSeconds;
      rows.push(...result.rows);
    }
  } finally {
    await removeWorkDir();
    cleanups.delete(removeWorkDir);
  }
  const loadAfter = os.loadavg();
  const load = (l) => l.map((n) => n.toFixed(2)).join(' ');
  console.log(
    `\n${config.logRows} rows in each log, ${config.userRows} users; ${config.calls} sequential calls per line ` +
      `after ${config.warmup} warm-up calls; load average ${load(loadBefore)} → ${load(loadAfter)}\n`,
  );
  console.log(table(rows));
  const report = {
    benchmark: 'large-lists',
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    config: { ...config, pgAdminUrl: undefined },
    loadAverage: { before: loadBefore, after: loadAfter },
    cpus: os.cpus().length,
    insertSeconds: inserts,
    results: rows,
  };
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `large-lists-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nwritten: ${path.relative(ROOT, file)}`);
}

cleanUpOnSignals();

main().catch(async (error) => {
  console.error(`\nbench failed: ${error instanceof Error ? error.message : String(error)}`);
  await cleanUp();
  process.exit(1);
});
