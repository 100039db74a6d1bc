import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { IdGenerator } from '../../../src/core/ids.js';
import type { Store } from '../../../src/core/repository/store.js';
import { openDatabase, type DatabaseKind } from '../../../src/db/database.js';
import { JobRepository } from '../../../src/modules/system/job/job.repository.js';
import { Scheduler } from '../../../src/modules/system/job/scheduler.js';
import { NO_OWNERS, testJobHandlers } from './test-job-handlers.js';

// A second process with a scheduler over the test's database, which the test kills (SIGKILL) while
// it runs: jobs-exactly-once.test.ts starts it as
//   node --import tsx job-process.ts <kind> <database url> <job id> <at: epoch ms>
// It schedules as any server process does, looking every 300 ms (the test's own scheduler looks
// every 200: each is first after some seconds), and prints {"ready":true} once it does. At <at>
// it runs the given job and prints {"claimed":"<run id>"} once that run holds its lease.

const [kind, url, runNowJobId, at] = process.argv.slice(2) as [DatabaseKind, string, string, string];
const database = openDatabase(url, kind);
const store: Store = { db: database.db, kind, ids: new IdGenerator(3), timeZone: 'Asia/Shanghai' };
const scheduler = new Scheduler(
  {
    store,
    handlers: testJobHandlers(),
    process: `killed:${process.pid}`,
    log: pino({ level: 'silent' }),
    onFailure: async () => {},
    owners: NO_OWNERS,
  },
  { tickMs: 300, leaseMarginMs: 500 },
);
await scheduler.start();
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
await sleep(Math.max(0, Number(at) - Date.now()));
const job = await new JobRepository(store).anyTenant(runNowJobId);
if (!job) throw new Error(`no job ${runNowJobId}`);
process.stdout.write(`${JSON.stringify({ claimed: await scheduler.runNow(job) })}\n`);
