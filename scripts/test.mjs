#!/usr/bin/env node
// `npm test`: every check of the suite, the independent ones side by side. Lint runs beside the type
// check (each keeps about one core busy); then the build, the unit tests, the integration tests and
// the browser tests, each of which keeps both cores busy on its own. Each step's output is printed
// whole when it ends, so two steps never interleave; a table of the steps' times ends the run. Every
// step runs even when one fails, and the exit code says whether all passed.
import { spawn } from 'node:child_process';

/** A step: an npm script, or a chain of them that depend on each other. */
const stages = [
  [['lint'], ['typecheck', 'build']],
  [['test:unit']],
  [['test:integration']],
  [['test:e2e:built']],
];

const results = [];

function runScript(script) {
  return new Promise((resolve) => {
    const started = performance.now();
    console.log(`▶ ${script}`);
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
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
  for (const script of chain) if (!(await runScript(script))) return;
}

const started = performance.now();
for (const stage of stages) await Promise.all(stage.map(runChain));
const total = (performance.now() - started) / 1000;

console.log('| step | seconds | result |\n|---|---|---|');
for (const { script, seconds, passed } of results)
  console.log(`| ${script} | ${seconds.toFixed(1)} | ${passed ? 'passed' : 'FAILED'} |`);
console.log(`| total (wall) | ${total.toFixed(1)} | |`);
const skipped = stages.flat(2).filter((script) => !results.some((result) => result.script === script));
if (skipped.length > 0) console.log(`not run (an earlier step of its chain failed): ${skipped.join(', ')}`);
process.exit(results.every((result) => result.passed) && skipped.length === 0 ? 0 : 1);
