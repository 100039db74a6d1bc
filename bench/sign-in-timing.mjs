// `npm run bench:sign-in`: whether a failed sign-in's time tells an account that exists from one
// that does not (issue 44 item 7). Starts the built server on a fresh SQLite database and times
// password grants with a wrong password, alternating an account that exists (admin) with accounts
// that do not: the wall time of each answer, from the client's side (medians, 10th and 90th
// percentiles), and the server's CPU time per attempt (/proc, summed over blocks of four attempts
// of one kind: less disturbed by other work on the machine than wall time). Every fifth attempt at admin is the right password (not timed), so its
// failures never reach the account lock; each attempt comes from an address of its own
// (TRUST_PROXY=1, X-Forwarded-For), so the address lock never starts either.
//
// Environment: BENCH_ROUNDS (50, 5..1000: four of each kind per round), BENCH_ENTRY
// (server/dist/main.js: another build to compare, e.g. one of the commit before the fix).
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { URLSearchParams } from 'node:url';
import { BASIC, cleanUp, cleanUpOnSignals, intEnv, ROOT, SERVER_MAIN, startProcess } from './support.mjs';

const ROUNDS = intEnv('BENCH_ROUNDS', 50, 5, 1000);
const ENTRY = process.env.BENCH_ENTRY ? path.resolve(ROOT, process.env.BENCH_ENTRY) : SERVER_MAIN;
const md5 = (text) => createHash('md5').update(text).digest('hex');

cleanUpOnSignals();

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-sign-in-'));
const proc = await startProcess('server', ENTRY, { DATA_DIR: dataDir, TRUST_PROXY: '1' });
let address = 0;

/** One password grant; answers its status and wall time (ms). */
async function signIn(username, password) {
  const query = new URLSearchParams({
    tenantId: '000000',
    username,
    password: md5(password),
    grant_type: 'password',
    scope: 'all',
  });
  const n = ++address;
  const started = performance.now();
  const res = await globalThis.fetch(`${proc.base}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: {
      authorization: BASIC,
      'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

/** The server's CPU time so far (ms): utime and stime, in clock ticks of 10 ms (proc(5)). */
function cpuMs() {
  const fields = readFileSync(`/proc/${proc.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * p)];
const summary = (values) =>
  `median ${percentile(values, 0.5).toFixed(1)} ms (p10 ${percentile(values, 0.1).toFixed(1)}, ` +
  `p90 ${percentile(values, 0.9).toFixed(1)})`;

try {
  // Warm-up: the first calls compile code paths (and make the dummy hash).
  for (let i = 0; i < 5; i++) {
    await signIn('admin', 'wrong');
    await signIn(`nobody-warm-${i}`, 'wrong');
    await signIn('admin', 'admin');
  }
  const known = [];
  const unknown = [];
  const cpu = { known: 0, unknown: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    let before = cpuMs();
    for (let i = 0; i < 4; i++) {
      const a = await signIn('admin', `wrong-${round}-${i}`);
      if (a.status !== 400) throw new Error(`expected 400, got ${a.status}`);
      known.push(a.ms);
    }
    cpu.known += cpuMs() - before;
    before = cpuMs();
    for (let i = 0; i < 4; i++) {
      const b = await signIn(`nobody-${round}-${i}`, `wrong-${round}-${i}`);
      if (b.status !== 400) throw new Error(`expected 400, got ${b.status}`);
      unknown.push(b.ms);
    }
    cpu.unknown += cpuMs() - before;
    // The right password clears admin's failures before they lock it.
    if ((await signIn('admin', 'admin')).status !== 200) throw new Error('admin sign-in failed');
  }
  console.log(`${path.relative(ROOT, ENTRY)}, ${known.length} failed sign-ins of each kind:`);
  const perAttempt = (ms) => `${(ms / known.length).toFixed(1)} ms of server CPU per attempt`;
  console.log(`  an account that exists (admin): ${summary(known)}; ${perAttempt(cpu.known)}`);
  console.log(`  accounts that do not exist:     ${summary(unknown)}; ${perAttempt(cpu.unknown)}`);
} finally {
  await cleanUp();
  rmSync(dataDir, { recursive: true, force: true });
}
