// `npm run bench:streams`: what open event streams cost the server, and how fast one event reaches
// them all (issue 47). Starts the built server (SQLite, memory cache) in its own process, opens
// BENCH_STREAMS streams (GET /api/blade-desk/stream) from this process, and measures:
// - the server's RSS per idle stream: (RSS with the streams open and idle − RSS before) ÷ streams;
// - one event to all of them: an administrator publishes a notice to the whole tenant (one message,
//   one event to the administrator, whose streams these are); the time from sending the notice until
//   each stream has read the event, its median and the last.
// Repeated BENCH_ROUNDS times on the same streams. Goals: the last of 2,000 within 1 s; under 20 KB
// of server memory per idle stream.
//
// Environment: BENCH_STREAMS (2000), BENCH_ROUNDS (5).
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  cleanUp,
  cleanUpOnSignals,
  intEnv,
  ROOT,
  SERVER_MAIN,
  signedInHeaders,
  sleep,
  startProcess,
  stopProcess,
} from './support.mjs';

const STREAMS = intEnv('BENCH_STREAMS', 2000, 1, 20_000);
const ROUNDS = intEnv('BENCH_ROUNDS', 5, 1, 100);
const GOAL_LAST_MS = 1000;
const GOAL_KB_PER_STREAM = 20;

cleanUpOnSignals();
const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1];

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-streams-'));
const proc = await startProcess('server', SERVER_MAIN, {
  DATA_DIR: dataDir,
  SHUTDOWN_DRAIN_MS: '0',
  STREAMS_PER_USER: String(STREAMS),
  STREAMS_PER_PROCESS: String(STREAMS),
});
const headers = await signedInHeaders(proc.base);
const { port } = new URL(proc.base);

/** Opens one stream; `onEvent(name)` is called with each event's name as it is read. */
function openStream(onEvent) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: '/api/blade-desk/stream', headers, agent: false },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        res.setEncoding('utf8');
        let buffered = '';
        res.on('data', (chunk) => {
          buffered += chunk;
          let end;
          while ((end = buffered.indexOf('\n\n')) >= 0) {
            const frame = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            const name = /^event: (.*)$/m.exec(frame)?.[1];
            if (name) onEvent(name);
          }
        });
        resolve(req);
      },
    );
    req.on('error', reject);
  });
}

async function publishNotice(title) {
  const res = await globalThis.fetch(`${proc.base}/api/blade-desk/notice/submit`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ title, category: 1, content: `<p>${title}</p>` }),
  });
  const body = await res.json();
  if (body.code !== 200) throw new Error(`the notice was refused: ${JSON.stringify(body)}`);
}

// Warm up: the routes compiled, the first allocations made, before RSS is read.
await publishNotice('warm-up');
await sleep(2000);
const before = rssKb(proc.pid);

let round = null;
const requests = [];
for (let i = 0; i < STREAMS; i++) {
  requests.push(
    await openStream((name) => {
      if (name !== 'message' || !round) return;
      round.arrivals.push(performance.now() - round.sentAt);
    }),
  );
}
await sleep(3000);
const open = rssKb(proc.pid);
const kbPerStream = (open - before) / STREAMS;
console.log(
  `${STREAMS} streams open: server RSS ${(before / 1024).toFixed(1)} → ${(open / 1024).toFixed(1)} MB, ` +
    `${kbPerStream.toFixed(1)} KB per idle stream`,
);

const rounds = [];
for (let r = 0; r < ROUNDS; r++) {
  round = { sentAt: performance.now(), arrivals: [] };
  await publishNotice(`bench ${r + 1}`);
  const deadline = Date.now() + 30_000;
  while (round.arrivals.length < STREAMS && Date.now() < deadline) await sleep(5);
  if (round.arrivals.length < STREAMS)
    throw new Error(`round ${r + 1}: ${round.arrivals.length} of ${STREAMS} received`);
  const result = { medianMs: percentile(round.arrivals, 50), lastMs: Math.max(...round.arrivals) };
  rounds.push(result);
  console.log(`event ${r + 1}: median ${result.medianMs.toFixed(0)} ms, last ${result.lastMs.toFixed(0)} ms`);
  round = null;
  await sleep(500);
}

const worstLast = Math.max(...rounds.map((r) => r.lastMs));
const medianLast = percentile(
  rounds.map((r) => r.lastMs),
  50,
);
console.log(
  `\nlast of ${STREAMS} streams: median over ${ROUNDS} events ${medianLast.toFixed(0)} ms, worst ${worstLast.toFixed(0)} ms ` +
    `(goal ≤ ${GOAL_LAST_MS}: ${worstLast <= GOAL_LAST_MS ? 'PASS' : 'FAIL'}); ` +
    `${kbPerStream.toFixed(1)} KB per idle stream (goal < ${GOAL_KB_PER_STREAM}: ${kbPerStream < GOAL_KB_PER_STREAM ? 'PASS' : 'FAIL'})`,
);

mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(
  path.join(ROOT, 'bench/results/event-streams.json'),
  JSON.stringify({ streams: STREAMS, rssBeforeKb: before, rssOpenKb: open, kbPerStream, rounds }, null, 2),
);
for (const req of requests) req.destroy();
await stopProcess(proc);
rmSync(dataDir, { recursive: true, force: true });
await cleanUp();
