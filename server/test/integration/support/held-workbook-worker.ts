import { BroadcastChannel, workerData } from 'node:worker_threads';
import run, { type WorkbookTask } from '../../../src/core/workbook/workbook-worker.js';

// A workbook thread a test holds (workbook-jobs.test.ts): it says on the test's channel that it has
// a task, then blocks its thread until the test opens the gate, then does the real work
// (src/core/workbook/workbook-worker.ts). While it is blocked the job it holds cannot end, so what
// the server answers meanwhile is answered beside a busy workbook thread: ordered by events, not
// by time.

const { gate, channel: name } = workerData as { gate: SharedArrayBuffer; channel: string };
const open = new Int32Array(gate);
const channel = new BroadcastChannel(name);
channel.unref();

export default function held(task: WorkbookTask): ReturnType<typeof run> {
  channel.postMessage(task.kind);
  Atomics.wait(open, 0, 0);
  return run(task);
}
