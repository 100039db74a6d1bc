// `npm run bench:fleet:processes` (issue 50): what a second server process costs the fleet. One
// server process, then two, on PostgreSQL with Redis (this machine's, under a key prefix of the run)
// and an external MQTT broker (this machine's Mosquitto, BENCH_MQTT_URL), the processes consuming the
// machines' messages through one shared subscription. The simulator's BENCH_MACHINES machines beat
// over MQTT every BENCH_INTERVAL seconds (a steady rate, not a load test) for BENCH_SECONDS. Per
// setting: heartbeats per second, the servers' CPU-seconds (every thread of every process, from the
// end of a warm-up of BENCH_WARMUP seconds to the last heartbeat's acknowledgement), heartbeats per
// server CPU-second, and the machines whose time fell behind (a server that could not keep up). The
// goal: two processes keep ≥ 0.9 of one process's heartbeats per CPU-second. The machine's 2 cores
// are shared by the servers, the simulator, PostgreSQL, Redis and Mosquitto: the figure is
// efficiency, not speed.

import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  cleanUp,
  cleanUpOnSignals,
  cpuSeconds,
  createBenchDatabase,
  intEnv,
  runSimulator,
  signedInHeaders,
  sleep,
  startProcess,
  stopProcess,
  SERVER_MAIN,
} from './support.mjs';

const MACHINES = intEnv('BENCH_MACHINES', 1000, 1, 100_000);
const INTERVAL = intEnv('BENCH_INTERVAL', 2, 1, 600);
const SECONDS = intEnv('BENCH_SECONDS', 30, 5, 3600);
/**
 * Seconds of beating before the measure starts: a process's first heartbeats compile its code and
 * fill its pools, once per process (so twice for two), which a server running for days does not pay
 * again. 0 measures from the first heartbeat.
 */
const WARMUP = intEnv('BENCH_WARMUP', 10, 0, 600);
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BROKER = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
/** After the simulator stops: time for the servers to handle what the broker still holds. */
const DRAIN_MS = 3000;
const PROFILE = process.env.BENCH_CPU_PROF;

cleanUpOnSignals();

/** One setting: `count` server processes over a database of their own. */
async function run(count) {
  const workDir = mkdtempSync(path.join(tmpdir(), 'bench-fleet-processes-'));
  const database = await createBenchDatabase('postgres', workDir, PG_ADMIN_URL);
  const runId = randomUUID().slice(0, 8);
  const shared = {
    DATABASE_URL: database.databaseUrl,
    REDIS_URL,
    REDIS_KEY_PREFIX: `bench-fleet-${runId}:`,
    MQTT_PORT: '0',
    MQTT_URL: BROKER,
    MQTT_SHARE_GROUP: `bench-${runId}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_KEY: randomBytes(32).toString('hex'),
  };
  const servers = [];
  try {
    for (let i = 1; i <= count; i++)
      servers.push(
        await startProcess(
          `server ${i}`,
          SERVER_MAIN,
          { ...shared, WORKER_ID: String(i), DATA_DIR: path.join(workDir, `p${i}`) },
          // BENCH_CPU_PROF=dir: each server's CPU profile, in dir/<processes>-<n>.
          PROFILE ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(PROFILE, `${count}-${i}`)] : [],
        ),
      );
    // The simulator signs in as the bench's administrator (made here on the first process).
    await signedInHeaders(servers[0].base);
    const cpu = () => servers.reduce((sum, server) => sum + cpuSeconds(server.pid).all, 0);
    const mainCpu = () => servers.reduce((sum, server) => sum + cpuSeconds(server.pid).main, 0);
    let cpuBefore = NaN;
    let mainBefore = NaN;
    let stoppedAt = new Date();
    const prefix = `B${runId}`;
    const result = await runSimulator(
      servers[0].base,
      [
        ...['--machines', String(MACHINES), '--interval', String(INTERVAL), '--duration', String(SECONDS)],
        ...['--warmup', String(WARMUP), '--mode', 'mqtt', '--mqtt-url', BROKER, '--prefix', prefix],
      ],
      {
        beating: () => WARMUP === 0 && ([cpuBefore, mainBefore] = [cpu(), mainCpu()]),
        measuring: () => ([cpuBefore, mainBefore] = [cpu(), mainCpu()]),
        stopping: () => (stoppedAt = new Date()),
      },
    );
    // Every heartbeat counted was acknowledged, so handled: the servers' CPU for them is spent.
    const cpuSpent = cpu() - cpuBefore;
    const mainSpent = mainCpu() - mainBefore;
    await sleep(DRAIN_MS);
    // Every machine beat within its last interval before the simulator stopped: one whose stored
    // time is older than that (times are kept to the second, and a second of slack) was left behind
    // by the servers.
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    const behind = await client.query(
      `select count(*)::int as n from zx_machine where machine_no like $1 and is_deleted = 0
         and (last_heartbeat_time is null or last_heartbeat_time < $2)`,
      [`${prefix}-%`, new Date(stoppedAt.getTime() - (INTERVAL + 2) * 1000)],
    );
    await client.end();
    return {
      processes: count,
      heartbeats: result.heartbeats,
      perSecond: result.perSecond,
      errors: result.errors,
      serverCpuSeconds: Number(cpuSpent.toFixed(2)),
      mainThreadCpuSeconds: Number(mainSpent.toFixed(2)),
      perCpuSecond: Math.round(result.heartbeats / cpuSpent),
      machinesBehind: behind.rows[0].n,
    };
  } finally {
    for (const server of servers) await stopProcess(server);
    await database.drop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * Rounds of one setting then the other (the order turned each round, so that a machine growing
 * busier or quieter weighs on both): one pair of 30 s runs moved by a third from run to run on a
 * quiet machine (2026-12-08: one process's 15,000 heartbeats took 3.8 and 4.9 CPU-s), so the goal is
 * judged on the median of the rounds' ratios.
 */
const ROUNDS = intEnv('BENCH_ROUNDS', 3, 1, 20);

const rounds = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    const results = {};
    for (const count of round % 2 === 0 ? [1, 2] : [2, 1]) {
      results[count] = await run(count);
      console.error(JSON.stringify({ round: round + 1, ...results[count] }));
    }
    rounds.push(results);
  }
} finally {
  await cleanUp();
}

console.log(
  '| round | processes | heartbeats/s | errors | server CPU-s (main threads) | heartbeats per CPU-second | machines behind |',
);
console.log('|---|---|---|---|---|---|---|');
for (const [at, results] of rounds.entries())
  for (const row of [results[1], results[2]])
    console.log(
      `| ${at + 1} | ${row.processes} | ${row.perSecond} | ${row.errors} | ${row.serverCpuSeconds} (${row.mainThreadCpuSeconds}) | ${row.perCpuSecond} | ${row.machinesBehind} |`,
    );
const ratios = rounds
  .map((results) => results[2].perCpuSecond / results[1].perCpuSecond)
  .sort((a, b) => a - b);
const median = ratios[Math.floor((ratios.length - 1) / 2)];
console.log(
  `\ntwo ÷ one, heartbeats per CPU-second, by round: ${ratios.map((r) => r.toFixed(2)).join(', ')}` +
    `\nmedian ${median.toFixed(2)} (goal ≥ 0.9: ${median >= 0.9 ? 'PASS' : 'FAIL'})`,
);
