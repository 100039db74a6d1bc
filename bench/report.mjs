// `npm run bench:report` (issue 19): the seeded report "refunds by hospital and month" over 100,000
// generated refund reviews, on the real built server, on SQLite and PostgreSQL: a run's first page
// (rows, the total, subtotals at two levels, the grand total and the chart, all from the
// database), a deep page, a filtered run and a CSV export of one hospital's rows. Sequential
// calls after a warm-up; p50 / p95 / max per call. See docs/benchmarks.md.
//
// Environment (all optional):
//   BENCH_REPORT_ROWS   refund rows (default 100000, 1000..1000000)
//   BENCH_REPORT_CALLS  measured calls per figure (default 20, 5..500)
//   BENCH_ENGINES       comma list of sqlite, postgres (default both)
//   BENCH_PG_URL        admin URL used to create and drop the database
//                       (default postgres://postgres@127.0.0.1:5432/postgres; 127.0.0.1/localhost only)

import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
import { FIRST_ID, HOSPITALS, hospitals, insertPostgres, insertSqlite, refunds } from './refund-data.mjs';

const ROWS = intEnv('BENCH_REPORT_ROWS', 100_000, 1_000, 1_000_000);
const CALLS = intEnv('BENCH_REPORT_CALLS', 20, 5, 500);
const WARMUP_CALLS = 3;
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',').map((s) => s.trim());
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The seeded report (server/src/db/seed/reports.ts): its id is derived from its key. */
const REPORT_KEY = 'refunds-by-hospital-month';
const API = '/api/blade-report/report';

for (const engine of ENGINES)
  if (engine !== 'sqlite' && engine !== 'postgres')
    throw new Error(`BENCH_ENGINES: unknown engine ${engine}`);
if (!['127.0.0.1', 'localhost'].includes(new URL(PG_ADMIN_URL).hostname))
  throw new Error('BENCH_PG_URL must point at 127.0.0.1');
if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run \`npm run build\` first`);

// ---- measuring -----------------------------------------------------------------------------------

async function call(base, headers, method, url, body) {
  const started = performance.now();
  const res = await globalThis.fetch(base + url, {
    method,
    headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(60_000),
  });
  const buffer = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - started;
  if (res.status !== 200)
    throw new Error(`${method} ${url}: HTTP ${res.status} ${buffer.toString().slice(0, 400)}`);
  return { ms, buffer, json: () => JSON.parse(buffer.toString()) };
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n) => Math.round(n * 10) / 10;

async function timed(label, once) {
  for (let i = 0; i < WARMUP_CALLS; i++) await once();
  const times = [];
  for (let i = 0; i < CALLS; i++) times.push((await once()).ms);
  times.sort((a, b) => a - b);
  const figure = {
    label,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(times.at(-1)),
  };
  console.log(`  ${label}: p50 ${figure.p50} ms, p95 ${figure.p95} ms, max ${figure.max} ms`);
  return figure;
}

async function benchEngine(engine, workDir) {
  // Dropped with the run's other clean-ups at the end (or when it is interrupted).
  const { databaseUrl } = await createBenchDatabase(engine, workDir, PG_ADMIN_URL);
  const env = { DATABASE_URL: databaseUrl, DATA_DIR: path.join(workDir, `data-${engine}`) };
  console.log(`[${engine}] migrating and seeding through the server …`);
  await stopProcess(await startProcess(`server (${engine})`, SERVER_MAIN, env));
  console.log(`[${engine}] inserting ${ROWS} refund reviews over ${HOSPITALS} hospitals …`);
  const tables = [
    ['zx_hospital', hospitals()],
    ['zx_refund_review', refunds(ROWS)],
  ];
  if (engine === 'sqlite') insertSqlite(databaseUrl.slice('sqlite:'.length), tables);
  else await insertPostgres(databaseUrl, tables);
  const server = await startProcess(`server (${engine})`, SERVER_MAIN, env);
  try {
    const headers = await signedInHeaders(server.base);
    const list = (
      await call(server.base, headers, 'GET', `${API}/rest/list?name=${encodeURIComponent('退款统计')}`)
    ).json();
    const id = list.data.records[0]?.id;
    if (!id) throw new Error(`[${engine}] the seeded report ${REPORT_KEY} is missing`);
    const run = (body) => call(server.base, headers, 'POST', `${API}/run`, { id, ...body });

    const first = (await run({})).json().data;
    if (first.total !== ROWS || first.grandTotal[0] !== ROWS)
      throw new Error(
        `[${engine}] expected ${ROWS} rows, the report counted ${first.total} / ${first.grandTotal[0]}`,
      );
    const levels = (level) => first.groups.filter((g) => g.level === level).length;
    console.log(
      `[${engine}] verified: total ${first.total}, ${levels(2)} hospital × month subtotals, ${levels(1)} hospital subtotals, chart of ${first.chart?.series.length}`,
    );
    // The seeded report's filters: the apply time from / to, then the hospital (see seed/reports.ts).
    const hospitalId = (FIRST_ID + 3n).toString();
    const filtered = (await run({ values: [null, null, hospitalId] })).json().data;
    if (filtered.total !== ROWS / HOSPITALS)
      throw new Error(`[${engine}] one hospital should hold ${ROWS / HOSPITALS} rows, got ${filtered.total}`);

    const figures = [
      await timed('run, first page (20 rows, total, 2-level subtotals, grand total, chart)', () => run({})),
      await timed('run, page 2,500 of 5,000', () => run({ current: 2500, size: 20 })),
      await timed(`run, one hospital (${ROWS / HOSPITALS} rows)`, () =>
        run({ values: [null, null, hospitalId] }),
      ),
      await timed(`export CSV, one hospital (${ROWS / HOSPITALS} rows)`, () =>
        call(
          server.base,
          headers,
          'GET',
          `${API}/export?id=${id}&format=csv&values=${encodeURIComponent(JSON.stringify([null, null, hospitalId]))}`,
        ),
      ),
      await timed(`export .xlsx, one hospital (${ROWS / HOSPITALS} rows)`, () =>
        call(
          server.base,
          headers,
          'GET',
          `${API}/export?id=${id}&format=xlsx&values=${encodeURIComponent(JSON.stringify([null, null, hospitalId]))}`,
        ),
      ),
    ];
    return { engine, figures };
  } finally {
    await stopProcess(server);
  }
}

async function main() {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'bench-report-'));
  cleanups.add(() => rmSync(workDir, { recursive: true, force: true }));
  const startedAt = new Date();
  const results = [];
  for (const engine of ENGINES) results.push(await benchEngine(engine, workDir));
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `report-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ startedAt, rows: ROWS, calls: CALLS, load: os.loadavg(), results }, null, 2)}\n`,
  );
  console.log(`\nwritten: ${path.relative(ROOT, file)}`);
  await cleanUp();
}

cleanUpOnSignals();

main().catch(async (error) => {
  console.error(`\nbench failed: ${error instanceof Error ? error.message : String(error)}`);
  await cleanUp();
  process.exit(1);
});
