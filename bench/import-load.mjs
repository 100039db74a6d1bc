// `npm run bench:import` (issue 52): what other requests wait while a large import runs. On the real
// built server: a sheet of BENCH_IMPORT_ROWS posts (50,000 by default, the imports' limit) is
// imported — first a dry run, then a commit of every row — while a prober sends GET /api/health
// and a light signed-in call (GET /api/blade-auth/oauth/user-info) in turn at a steady rate, each on
// its own clock (open loop: a stall shows in the figures instead of hiding in fewer probes). Per
// phase: the probes' p50 / p95 / p99 / max, the import's duration and answer. A quiet phase first.
// The goal (issue 52): p99 of the other requests under 100 ms while the 50,000-row import runs.
//
// Environment (all optional):
//   BENCH_IMPORT_ROWS   rows of the sheet (default 50000, 100..50000)
//   BENCH_PROBE_MS      milliseconds between probes (default 20, 5..1000)
//   BENCH_ENGINES       comma list of sqlite, postgres (default both)
//   BENCH_PG_URL        admin URL used to create and drop the database
//                       (default postgres://postgres@127.0.0.1:5432/postgres; 127.0.0.1/localhost only)

import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import writeXlsxFile from 'write-excel-file/node';
import {
  cleanUp,
  cleanUpOnSignals,
  cleanups,
  createBenchDatabase,
  intEnv,
  ROOT,
  SERVER_MAIN,
  signedInHeaders,
  sleep,
  startProcess,
  stopProcess,
} from './support.mjs';
import { runStatement } from './refund-data.mjs';

const ROWS = intEnv('BENCH_IMPORT_ROWS', 50_000, 100, 50_000);
const PROBE_MS = intEnv('BENCH_PROBE_MS', 20, 5, 1000);
const QUIET_SECONDS = 5;
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',').map((s) => s.trim());
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

for (const engine of ENGINES)
  if (engine !== 'sqlite' && engine !== 'postgres')
    throw new Error(`BENCH_ENGINES: unknown engine ${engine}`);
if (!['127.0.0.1', 'localhost'].includes(new URL(PG_ADMIN_URL).hostname))
  throw new Error('BENCH_PG_URL must point at 127.0.0.1');
if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run \`npm run build\` first`);

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

/** Probes at a steady rate until `until` settles: health and user-info in turn, each timed. */
async function probe(base, headers, until) {
  const times = [];
  const failures = [];
  const pending = new Set();
  let stopped = false;
  void until.then(
    () => (stopped = true),
    () => (stopped = true),
  );
  let turn = 0;
  for (let at = performance.now(); !stopped; at += PROBE_MS) {
    const wait = at - performance.now();
    if (wait > 0) await sleep(wait);
    const url = turn++ % 2 === 0 ? '/api/health' : '/api/blade-auth/oauth/user-info';
    const started = performance.now();
    const one = globalThis
      .fetch(base + url, {
        headers: url === '/api/health' ? {} : headers,
        signal: AbortSignal.timeout(60_000),
      })
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.status === 200) times.push(performance.now() - started);
        else failures.push(`${url}: ${res.status}`);
      })
      .catch((error) => failures.push(`${url}: ${error.message}`));
    pending.add(one);
    void one.finally(() => pending.delete(one));
  }
  await Promise.all(pending);
  return { probes: summary(times), failures };
}

/** The sheet: ROWS posts with codes of their own, in the template's columns. */
async function postSheet() {
  const rows = [['岗位类型', '岗位编号', '岗位名称', '岗位排序', '岗位描述']];
  for (let i = 1; i <= ROWS; i++) rows.push(['基层', `bench-${i}`, `压测岗位 ${i}`, i % 1000, null]);
  return writeXlsxFile(rows).toBuffer();
}

async function importSheet(base, headers, sheet, query) {
  const form = new globalThis.FormData();
  form.append('file', new globalThis.Blob([sheet]), 'posts.xlsx');
  const started = performance.now();
  const res = await globalThis.fetch(`${base}/api/blade-system/post/import?${query}`, {
    method: 'POST',
    headers,
    body: form,
    signal: AbortSignal.timeout(1_800_000),
  });
  const body = await res.json();
  const seconds = round((performance.now() - started) / 1000);
  const { total, valid, imported, errors } = body.data ?? {};
  return {
    status: res.status,
    seconds,
    total,
    valid,
    imported,
    errors: errors?.length,
    msg: body.msg?.slice(0, 200),
  };
}

async function measure(label, base, headers, work) {
  const done = work();
  const { probes, failures } = await probe(base, headers, done);
  const result = await done;
  console.log(
    `  ${label}: probes p50 ${probes.p50} / p95 ${probes.p95} / p99 ${probes.p99} / max ${probes.max} ms (${probes.n}, ${failures.length} failed)` +
      (result ? `; import ${JSON.stringify(result)}` : ''),
  );
  if (failures.length > 0) console.log(`    failures: ${failures.slice(0, 5).join('; ')}`);
  return { label, probes, failures: failures.length, import: result ?? null };
}

async function benchEngine(engine, workDir, sheet) {
  const { databaseUrl } = await createBenchDatabase(engine, workDir, PG_ADMIN_URL);
  const env = { DATABASE_URL: databaseUrl, DATA_DIR: path.join(workDir, `data-${engine}`) };
  console.log(`[${engine}] migrating and seeding through the server …`);
  await stopProcess(await startProcess(`server (${engine})`, SERVER_MAIN, env));
  await runStatement(
    engine,
    databaseUrl,
    `update blade_user set password_change_required = 0 where tenant_id = $1`,
    ['000000'],
  );
  const server = await startProcess(`server (${engine})`, SERVER_MAIN, env);
  try {
    const admin = await signedInHeaders(server.base);
    const figures = [
      await measure('quiet (no import)', server.base, admin, () => sleep(QUIET_SECONDS * 1000)),
    ];
    figures.push(
      await measure(`dry run of ${ROWS} rows`, server.base, admin, () =>
        importSheet(server.base, admin, sheet, 'dryRun=true'),
      ),
    );
    figures.push(
      await measure(`import of ${ROWS} rows`, server.base, admin, () =>
        importSheet(server.base, admin, sheet, 'mode=all'),
      ),
    );
    return { engine, figures };
  } finally {
    await stopProcess(server);
  }
}

async function main() {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  cleanups.add(() => rmSync(workDir, { recursive: true, force: true }));
  const startedAt = new Date();
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    // not a checkout
  }
  const sheet = await postSheet();
  console.log(
    `import load: ${ROWS} posts (${sheet.length} bytes), probes every ${PROBE_MS} ms; commit ${commit}, load ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  const results = [];
  for (const engine of ENGINES) results.push(await benchEngine(engine, workDir, sheet));
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `import-load-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ startedAt, commit, rows: ROWS, probeMs: PROBE_MS, results }, null, 2)}\n`,
  );
  console.log(`results: ${path.relative(ROOT, file)}`);
}

cleanUpOnSignals();
main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
