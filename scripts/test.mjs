#!/usr/bin/env node
// `npm test`: every check of the suite, as a small graph of npm scripts that run side by side as soon
// as what they wait for has ended. The suite is bound by the machine's two cores, so the graph keeps
// both busy without piling up more than they can take:
// - lint beside the type check (then the build) and, after `npm ci --ignore-scripts` (.ci/run), the
//   compile of the SQLite driver's native module for the tests (unoptimised), one core for about 40 s;
// - then the unit tests, web and server side by side, and the integration tests, the longest step,
//   from the end of the build at a lower CPU priority (`nice`): they take what the unit tests leave;
// - then the browser tests beside the integration tests, still niced, so the browser and its server
//   get the cores first and their timing stays close to an idle machine's. The two together keep both
//   cores busy (the machine's figure at the end; the steps' own CPU column misses the browsers' page
//   processes): more workers for either made the run slower, not faster (decision 0050).
// A step `needs` the steps whose results it uses (it is not run when one of them failed) and comes
// `after` the ones it only waits for (to leave them the CPU). Each step's output is printed whole when
// it ends, so two steps never interleave; a table of the steps' times ends the run. Every step that
// can run does, and the exit code says whether all passed.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { SQLITE_DRIVER_MODULE } from './sqlite-driver.mjs';

/** GNU time, which reports a command's CPU time with its children's. */
const GNU_TIME = '/usr/bin/time';
const CPU_MARK = 'step CPU: ';

/** How much lower the background steps' CPU priority is (nice(1): 0 normal, 19 lowest). */
const BACKGROUND_NICENESS = 10;

/**
 * The SQLite driver's native module, compiled from source on this machine kind (its prebuilt
 * binaries are not reachable). `.ci/run` installs with `npm ci --ignore-scripts` and leaves the
 * compile to this run, which compiles it for the tests: unoptimised, in about 40 CPU-seconds instead
 * of 100–130 (scripts/sqlite-driver.mjs). When it is there already (a plain `npm ci` or
 * `npm install`), nothing is compiled.
 */
const native = existsSync(SQLITE_DRIVER_MODULE) ? [] : ['build:native'];

// While the driver compiles, lint, the type check and the build yield to it (the unit and browser
// tests wait for it): it gets one core, they share the other.
const yieldToCompile = native.length > 0;

/** @type {{ script: string, needs?: string[], after?: string[], background?: boolean }[]} */
const steps = [
  ...native.map((script) => ({ script })),
  { script: 'lint', background: yieldToCompile },
  { script: 'typecheck', background: yieldToCompile },
  { script: 'build', needs: ['typecheck'], background: yieldToCompile },
  // jsdom pages wait for what they render: starved of CPU, their waits ran out (a loaded run), so
  // they start when lint, the type check and the compile have left the cores.
  { script: 'test:unit:web', after: ['lint', 'typecheck', ...native] },
  { script: 'test:unit:server', needs: native, after: ['lint', 'typecheck'] },
  { script: 'test:e2e:built', needs: ['build', ...native], after: ['test:unit:web', 'test:unit:server'] },
  {
    script: 'test:integration',
    background: true,
    needs: native,
    // Not after the unit tests: it ended 4–5 minutes after the browser tests (a fresh clone, 902 s
    // in all), so it starts as soon as the build has left the cores.
    after: ['build'],
  },
];

/** @type {Map<string, { state: 'passed' | 'failed' | 'skipped', seconds?: number, cpu?: number }>} */
const ended = new Map();

function runScript({ script, background = false }) {
  return new Promise((resolve) => {
    const started = performance.now();
    console.log(`▶ ${script}${background ? ` (nice ${BACKGROUND_NICENESS})` : ''}`);
    const command = ['npm', 'run', '--silent', script];
    if (background) command.unshift('nice', '-n', String(BACKGROUND_NICENESS));
    // The step's CPU time (every process it ran), where GNU time is installed.
    if (existsSync(GNU_TIME)) command.unshift(GNU_TIME, '-f', `${CPU_MARK}%U %S`);
    const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      const passed = code === 0;
      const text = Buffer.concat(output).toString('utf8');
      const mark = text.lastIndexOf(CPU_MARK);
      const cpu =
        mark < 0
          ? undefined
          : text
              .slice(mark + CPU_MARK.length)
              .trim()
              .split(/\s+/)
              .reduce((sum, part) => sum + Number(part), 0);
      process.stdout.write(mark < 0 ? text : text.slice(0, mark));
      console.log(
        `${passed ? '✔' : '✘'} ${script}: ${seconds.toFixed(1)} s${passed ? '' : ` (exit ${code ?? signal})`}\n`,
      );
      ended.set(script, { state: passed ? 'passed' : 'failed', seconds, cpu });
      resolve();
    });
  });
}

/**
 * The whole machine's busy CPU time so far, in seconds (Linux's /proc/stat; undefined elsewhere).
 * The steps' own CPU time (GNU time) counts only the processes their commands waited for: Chromium's
 * page processes are not among them, and they are most of the browser tests' CPU (shell.e2e.ts:
 * 22 CPU-s by GNU time, 65–74 s of the machine's busy time), so only this says how busy the cores were.
 */
function machineBusySeconds() {
  if (!existsSync('/proc/stat')) return undefined;
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, _idle, _iowait, irq, softirq, steal] = fields.map(Number);
  // In USER_HZ: hundredths of a second on Linux.
  return (user + nice + system + irq + softirq + steal) / 100;
}

const started = performance.now();
const busyAtStart = machineBusySeconds();
const running = new Set();
const waiting = [...steps];
while (waiting.length > 0 || running.size > 0) {
  for (const step of [...waiting]) {
    const { needs = [], after = [] } = step;
    if (![...needs, ...after].every((script) => ended.has(script))) continue;
    waiting.splice(waiting.indexOf(step), 1);
    if (needs.some((script) => ended.get(script).state !== 'passed')) {
      ended.set(step.script, { state: 'skipped' });
      continue;
    }
    const run = runScript(step).then(() => running.delete(run));
    running.add(run);
  }
  if (running.size > 0) await Promise.race(running);
  else if (waiting.length > 0) {
    // Not reachable with the graph above; a step waiting for one that is not in it would hang.
    throw new Error(`waiting for steps that never run: ${waiting.map((step) => step.script).join(', ')}`);
  }
}
const total = (performance.now() - started) / 1000;

const fixed = (n) => (n === undefined || Number.isNaN(n) ? '' : n.toFixed(1));
console.log('| step | seconds | CPU-seconds | result |\n|---|---|---|---|');
for (const [script, { state, seconds, cpu }] of ended)
  console.log(`| ${script} | ${fixed(seconds)} | ${fixed(cpu)} | ${state} |`);
const cpuTotal = [...ended.values()].reduce((sum, { cpu = 0 }) => sum + cpu, 0);
console.log(`| total (wall) | ${total.toFixed(1)} | ${fixed(cpuTotal)} | |`);
const busy = busyAtStart === undefined ? undefined : machineBusySeconds() - busyAtStart;
if (busy !== undefined) {
  const cores = availableParallelism();
  console.log(
    `the machine's CPU meanwhile (every process, the databases and the browsers too): ${busy.toFixed(0)} s ` +
      `busy, ${((100 * busy) / (total * cores)).toFixed(0)} % of its ${cores} cores`,
  );
}
const skipped = [...ended].filter(([, { state }]) => state === 'skipped').map(([script]) => script);
if (skipped.length > 0) console.log(`not run (a step it needs failed): ${skipped.join(', ')}`);
process.exit([...ended.values()].every(({ state }) => state === 'passed') ? 0 : 1);
