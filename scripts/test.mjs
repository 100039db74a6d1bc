#!/usr/bin/env node
// `npm test`: every check of the suite, the independent ones side by side. Lint runs beside the type
// check and the build (each keeps about one core busy); then the unit tests, which keep both cores
// busy on their own. Then the browser tests run beside the integration tests: the browser tests keep
// the two cores only about 60 % busy (a browser waits for its server, its timers and its pages), and
// the integration tests fill the rest at a lower CPU priority (`nice`), so the browser and its server
// get the cores first and their timing stays close to an idle machine's. Each step's output is
// printed whole when it ends, so two steps never interleave; a table of the steps' times ends the
// run. Every step runs even when one fails, and the exit code says whether all passed.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

/** How much lower the background steps' CPU priority is (nice(1): 0 normal, 19 lowest). */
const BACKGROUND_NICENESS = 10;

/**
 * A stage: chains side by side, each a list of steps that depend on each other; a step is an npm
 * script, `background` ones at a lower CPU priority.
 */
/**
 * The SQLite driver's native module, compiled from source on this machine kind (about 100 s on one
 * core: its prebuilt binaries are not reachable). `.ci/run` installs with `npm ci --ignore-scripts`
 * and leaves the compile to this run, beside lint, the type check and the build, which need no
 * database; when it is there already (a plain `npm ci` or `npm install`), nothing is compiled.
 */
const SQLITE_NATIVE_MODULE = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
const nativeBuild = existsSync(SQLITE_NATIVE_MODULE) ? [] : [[{ script: 'build:native' }]];

const stages = [
  [[{ script: 'lint' }], [{ script: 'typecheck' }, { script: 'build' }], ...nativeBuild],
  // jsdom pages wait for what they render: starved of CPU, their waits ran out (a loaded run).
  [[{ script: 'test:unit' }]],
  [[{ script: 'test:e2e:built' }], [{ script: 'test:integration', background: true }]],
];

const results = [];

function runScript({ script, background = false }) {
  return new Promise((resolve) => {
    const started = performance.now();
    console.log(`▶ ${script}${background ? ` (nice ${BACKGROUND_NICENESS})` : ''}`);
    const command = ['npm', 'run', '--silent', script];
    if (background) command.unshift('nice', '-n', String(BACKGROUND_NICENESS));
    const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      const passed = code === 0;
      process.stdout.write(Buffer.concat(output));
      console.log(
        `${passed ? '✔' : '✘'} ${script}: ${seconds.toFixed(1)} s${passed ? '' : ` (exit ${code ?? signal})`}\n`,
      );
      results.push({ script, seconds, passed });
      resolve(passed);
    });
  });
}

/** A chain stops at its first failure: a build is pointless after a failed type check. */
async function runChain(chain) {
  for (const step of chain) if (!(await runScript(step))) return;
}

const started = performance.now();
for (const stage of stages) await Promise.all(stage.map(runChain));
const total = (performance.now() - started) / 1000;

console.log('| step | seconds | result |\n|---|---|---|');
for (const { script, seconds, passed } of results)
  console.log(`| ${script} | ${seconds.toFixed(1)} | ${passed ? 'passed' : 'FAILED'} |`);
console.log(`| total (wall) | ${total.toFixed(1)} | |`);
const skipped = stages
  .flat(2)
  .map((step) => step.script)
  .filter((script) => !results.some((result) => result.script === script));
if (skipped.length > 0) console.log(`not run (an earlier step of its chain failed): ${skipped.join(', ')}`);
process.exit(results.every((result) => result.passed) && skipped.length === 0 ? 0 : 1);
