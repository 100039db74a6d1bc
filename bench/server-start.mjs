// `npm run bench:start`: what a server start costs. Starts the built server (server/dist/main.js)
// BENCH_RUNS times on a fresh SQLite database each, and reads from /proc, the moment /api/ready
// answers 200: the process's CPU time (user + system, all its threads), the wall time from spawn,
// and its RSS. Prints each run and the medians. The tests start about fifty servers, and an operator
// restarts one on every deploy (docs/decisions/0026-bundled-server.md).
//
// Environment: BENCH_RUNS (7, 1..50), BENCH_ENTRY (server/dist/main.js: another build to compare).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  cleanUp,
  cleanUpOnSignals,
  intEnv,
  ROOT,
  SERVER_MAIN,
  startProcess,
  stopProcess,
} from './support.mjs';

const RUNS = intEnv('BENCH_RUNS', 7, 1, 50);
const ENTRY = process.env.BENCH_ENTRY ? path.resolve(ROOT, process.env.BENCH_ENTRY) : SERVER_MAIN;
/** Kernel clock ticks per second (USER_HZ), the unit of /proc/<pid>/stat's times. */
const TICKS_PER_SECOND = 100;

cleanUpOnSignals();

function cpuSeconds(pid) {
  // Fields after the command name: utime and stime are the 12th and 13th (proc(5)).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const runs = [];
for (let i = 0; i < RUNS; i++) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  const started = performance.now();
  const proc = await startProcess(`start ${i + 1}`, ENTRY, { DATA_DIR: dataDir, SHUTDOWN_DRAIN_MS: '0' });
  const run = {
    wallS: (performance.now() - started) / 1000,
    cpuS: cpuSeconds(proc.pid),
    rssMb: rssMb(proc.pid),
  };
  runs.push(run);
  console.log(
    `start ${i + 1}: ${run.cpuS.toFixed(2)} CPU-s, ${run.wallS.toFixed(2)} s, RSS ${run.rssMb.toFixed(0)} MB`,
  );
  await stopProcess(proc);
  rmSync(dataDir, { recursive: true, force: true });
}
const of = (key) => median(runs.map((run) => run[key]));
console.log(
  `\n${path.relative(ROOT, ENTRY)}, ${RUNS} starts on a fresh SQLite database, median: ` +
    `${of('cpuS').toFixed(2)} CPU-s, ${of('wallS').toFixed(2)} s to ready, RSS ${of('rssMb').toFixed(0)} MB`,
);
await cleanUp();
