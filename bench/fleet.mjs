// `npm run bench:fleet` (issue 50): the fleet's heartbeats against one built server process, with the
// simulator (scripts/fleet-simulate.mjs) in its own process, on each engine of BENCH_ENGINES
// (sqlite,postgres). Per engine and channel (HTTP, then MQTT through the embedded broker):
// heartbeats per second sustained with BENCH_CONCURRENCY heartbeats always in flight from
// BENCH_MACHINES machines for BENCH_SECONDS, their latency (HTTP: the answer; MQTT: publish to PUBACK,
// which the server sends once the heartbeat is recorded: the publish-to-visible lag), and meanwhile
// the machine list's p95 (an administrator's first page, read every 200 ms). BENCH_CHANNELS narrows
// the channels (http,mqtt). docs/benchmarks.md
// holds the goals and the results. The machine shares its 2 cores among the server, the simulator,
// the database and this script: the figures are of this machine, not of a server alone.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  cleanUp,
  cleanUpOnSignals,
  cpuSeconds,
  createBenchDatabase,
  freePort,
  intEnv,
  runSimulator,
  signedInHeaders,
  startProcess,
  stopProcess,
  SERVER_MAIN,
} from './support.mjs';

const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',').map((e) => e.trim());
const MACHINES = intEnv('BENCH_MACHINES', 200, 1, 100_000);
const CONCURRENCY = intEnv('BENCH_CONCURRENCY', 16, 1, 1000);
const SECONDS = intEnv('BENCH_SECONDS', 30, 5, 3600);
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

cleanUpOnSignals();

/** The machine list's latencies (ms), read every 200 ms until `until` resolves. */
async function listLatencies(base, headers, until) {
  const latencies = [];
  let done = false;
  void until.finally(() => (done = true));
  while (!done) {
    const at = performance.now();
    const res = await fetch(`${base}/api/zxgxg-api/machine/list?current=1&size=20`, { headers });
    await res.arrayBuffer();
    latencies.push(performance.now() - at);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return latencies.sort((a, b) => a - b);
}

const p95 = (sorted) => (sorted.length ? sorted[Math.floor(0.95 * (sorted.length - 1))] : 0);

const rows = [];
try {
  for (const engine of ENGINES) {
    const workDir = mkdtempSync(path.join(tmpdir(), 'bench-fleet-'));
    const database = await createBenchDatabase(engine, workDir, PG_ADMIN_URL);
    const mqttPort = await freePort();
    // BENCH_CPU_PROF=dir: the server's CPU profile of the run, to see where the time goes.
    const profile = process.env.BENCH_CPU_PROF;
    const server = await startProcess(
      `server (${engine})`,
      SERVER_MAIN,
      { DATABASE_URL: database.databaseUrl, DATA_DIR: workDir, MQTT_PORT: String(mqttPort) },
      profile ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(profile)] : [],
    );
    try {
      const headers = await signedInHeaders(server.base);
      for (const mode of (process.env.BENCH_CHANNELS ?? 'http,mqtt').split(',')) {
        let cpuBefore = NaN;
        const run = runSimulator(
          server.base,
          [
            ...['--machines', String(MACHINES), '--concurrency', String(CONCURRENCY)],
            ...['--duration', String(SECONDS), '--mode', mode, '--mqtt-url', `mqtt://127.0.0.1:${mqttPort}`],
          ],
          { beating: () => (cpuBefore = cpuSeconds(server.pid).all) },
        );
        const list = await listLatencies(server.base, headers, run);
        const result = await run;
        // The server's CPU from the first heartbeat to the simulator's end, per heartbeat.
        const cpuMs = (cpuSeconds(server.pid).all - cpuBefore) * 1000;
        rows.push({
          engine,
          mode,
          ...result,
          cpuUsPerHeartbeat: Math.round((cpuMs * 1000) / Math.max(1, result.heartbeats)),
          listP95: Number(p95(list).toFixed(1)),
          listReads: list.length,
        });
        console.error(JSON.stringify(rows.at(-1)));
      }
    } finally {
      await stopProcess(server);
      await database.drop();
      rmSync(workDir, { recursive: true, force: true });
    }
  }
} finally {
  await cleanUp();
}

console.log(
  '| engine | channel | heartbeats/s | p50 ms | p99 ms | errors | server CPU µs/heartbeat | machine list p95 ms |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const row of rows)
  console.log(
    `| ${row.engine} | ${row.mode} | ${row.perSecond} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.cpuUsPerHeartbeat} | ${row.listP95} |`,
  );
