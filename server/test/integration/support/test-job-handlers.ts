import { setTimeout as sleep } from 'node:timers/promises';
import { Type } from 'typebox';
import { JobHandlers, type JobHandler } from '../../../src/core/jobs/job-handlers.js';

// The job handlers of the scheduler tests (jobs.test.ts, jobs-exactly-once.test.ts and the second
// process it starts, job-process.ts): work that takes `ms` and stops at its signal, and work that
// fails.

export const TEST_JOB_HANDLERS: JobHandler[] = [
  {
    name: 'test-work',
    scope: 'tenant',
    title: 'test work',
    stoppable: true,
    params: Type.Object(
      { ms: Type.Integer({ minimum: 0, maximum: 60_000 }) },
      { additionalProperties: false },
    ),
    async run({ params, signal }) {
      await sleep((params as { ms: number }).ms, undefined, { signal });
      return 'done';
    },
  },
  {
    name: 'test-fail',
    scope: 'tenant',
    title: 'test failure',
    params: Type.Object({}),
    run: () => Promise.reject(new Error('the machine list could not be read')),
  },
];

/** The test handlers as a server registers them. */
export function testJobHandlers(): JobHandlers {
  const handlers = new JobHandlers();
  for (const handler of TEST_JOB_HANDLERS) handlers.register(handler);
  return handlers;
}

/** A scheduler's owners where no test handler acts for one (the schedulers the tests build). */
export const NO_OWNERS = {
  actorOf: () => Promise.reject(new Error('the test handlers act for no owner')),
};
