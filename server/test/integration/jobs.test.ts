import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdGenerator } from '../../src/core/ids.js';
import { createAccount, type TestAccount } from './support/accounts.js';
import { enginesUnderTest, type TestDatabase } from './support/databases.js';
import { createSeededDatabase } from './support/template-databases.js';
import {
  closeSharedInstances,
  listening,
  sharedRedisInstance,
  signInOver,
  type SharedInstance,
} from './support/shared-redis.js';
import { SABER_BASIC } from './support/test-app.js';
import { TEST_JOB_HANDLERS } from './support/test-job-handlers.js';

// Issue 49, scheduled jobs: two server processes share one database (as behind a load balancer),
// each with its scheduler, called over HTTP. A handler that throws is logged, its owners are told,
// and the next time runs; a timeout is one; a run is stopped from the other process; bad input saves
// nothing; a drain lets a run go to the other process. (jobs-exactly-once.test.ts: every second
// exactly once, and a killed process's run.)

interface Instance extends SharedInstance {
  origin: string;
}

interface Run {
  jobId: string;
  scheduledTime: string;
  attempt: number;
  triggerKind: string;
  outcome: string;
  process: string;
  output: string | null;
}

describe.each(enginesUnderTest())('scheduled jobs across two processes on %s', (kind) => {
  let testDb: TestDatabase;
  let a: Instance;
  let b: Instance;
  let owner: TestAccount;
  let token: string;
  const prefix = `test:${randomUUID()}:`;
  const jwtSecret = new Uint8Array(randomBytes(48));

  const instance = async (worker: number): Promise<Instance> =>
    listening(
      await sharedRedisInstance(kind, testDb, {
        worker,
        prefix,
        jwtSecret,
        jobs: { handlers: TEST_JOB_HANDLERS, scheduler: { tickMs: 200, leaseMarginMs: 500 } },
      }),
    );

  async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
    const res = await fetch(`${a.origin}${path}`, {
      method,
      headers: {
        authorization: SABER_BASIC,
        'blade-auth': `bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { msg: string; data: any } }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  const submit = async (job: Record<string, unknown>) => {
    const res = await call('POST', '/api/blade-system/job/submit', {
      timeoutSeconds: 30,
      ...job,
    });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as { id: string };
  };
  const runsOf = async (jobId: string): Promise<Run[]> => {
    const res = await call('GET', `/api/blade-log/job/list?size=200&jobId=${jobId}`);
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data.records as Run[];
  };

  beforeAll(async () => {
    testDb = await createSeededDatabase(kind);
    a = await instance(1);
    b = await instance(2);
    owner = await createAccount({
      store: { db: a.database.db, kind, ids: new IdGenerator(7), timeZone: 'Asia/Shanghai' },
    });
    token = await signInOver(a.origin, { tenantId: '000000', account: 'admin', password: 'admin' });
  });
  afterAll(() => closeSharedInstances([a, b], testDb));

  it('logs a failure, tells the job’s owners, and runs the next time', async () => {
    const job = await submit({
      jobName: '失败的任务',
      handler: 'test-fail',
      cron: '* * * * * *',
      notifyUserIds: owner.userId,
    });
    await expect
      .poll(async () => (await runsOf(job.id)).length, { timeout: 5_000 })
      .toBeGreaterThanOrEqual(2);
    await call('POST', `/api/blade-system/job/pause?ids=${job.id}`);
    const runs = await runsOf(job.id);
    expect(runs[0]).toMatchObject({ outcome: 'failure', output: 'the machine list could not be read' });
    const messages = await a.database.db
      .selectFrom('blade_message')
      .select(['title', 'body'])
      .where('user_id', '=', BigInt(owner.userId))
      .execute();
    expect(messages.length).toBeGreaterThanOrEqual(1);
    expect(messages[0]!.title).toBe('定时任务失败：失败的任务');
  });

  it('runs now, times out, and refuses bad input with nothing saved', async () => {
    const slow = await submit({
      jobName: '慢',
      handler: 'test-work',
      params: '{"ms":3000}',
      cron: '0 0 0 1 1 *',
      timeoutSeconds: 1,
    });
    expect((await call('POST', `/api/blade-system/job/run?ids=${slow.id}`)).status).toBe(200);
    await expect
      .poll(async () => (await runsOf(slow.id)).map((run) => `${run.triggerKind}:${run.outcome}`), {
        timeout: 5_000,
      })
      .toEqual(['manual:timeout']);

    const before = (await call('GET', '/api/blade-system/job/list?size=100')).body.data.total as number;
    const bad = async (job: Record<string, unknown>) => {
      const res = await call('POST', '/api/blade-system/job/submit', {
        jobName: '坏',
        handler: 'test-work',
        params: '{"ms":1}',
        cron: '* * * * * *',
        timeoutSeconds: 30,
        ...job,
      });
      expect(res.status).toBe(400);
      return res.body.msg;
    };
    expect(await bad({ cron: '0 0 * * *' })).toBe('Cron 表达式无效（需要 6 段，含秒）：0 0 * * *');
    expect(await bad({ handler: 'rm -rf' })).toBe('没有这个处理器，或当前租户不能使用：rm -rf');
    expect(await bad({ params: '{"ms":"soon"}' })).toMatch(/^参数不符合处理器的要求：\/ms/);
    expect(await bad({ params: 'not json' })).toBe('参数不符合处理器的要求：JSON');
    expect(await bad({ timeoutSeconds: 0 })).toMatch(/超时（秒）/);
    expect((await call('GET', '/api/blade-system/job/list?size=100')).body.data.total).toBe(before);
    // The form's preview of a schedule.
    const next = await call(
      'GET',
      `/api/blade-system/job/next-runs?cron=${encodeURIComponent('0 30 9 * * *')}`,
    );
    expect(next.body.data).toHaveLength(5);
    expect((next.body.data as string[]).every((at) => at.endsWith(' 09:30:00'))).toBe(true);
    expect((await call('GET', '/api/blade-system/job/next-runs?cron=nope')).status).toBe(400);
    // The handlers this tenant may use: the platform's too, for the platform administrator.
    const names = (
      (await call('GET', '/api/blade-system/job/handlers')).body.data as Array<{ name: string }>
    ).map((handler) => handler.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'log-retention',
        'message-retention',
        'job-run-retention',
        'session-purge',
        'test-work',
      ]),
    );
    // The platform's housekeeping is seeded as hourly jobs, and runs as any job does.
    const seeded = (await call('GET', '/api/blade-system/job/list?size=100&jobName=清理')).body.data
      .records as Array<{
      id: string;
      handler: string;
      cron: string;
    }>;
    expect(seeded.map((job) => job.handler).sort()).toEqual([
      'job-run-retention',
      'log-retention',
      'message-retention',
      'session-purge',
    ]);
    const sessions = seeded.find((job) => job.handler === 'session-purge')!;
    expect(sessions.cron).toBe('0 15 * * * *');
    await call('POST', `/api/blade-system/job/run?ids=${sessions.id}`);
    await expect
      .poll(async () => (await runsOf(sessions.id)).find((run) => run.triggerKind === 'manual')?.outcome, {
        timeout: 5_000,
      })
      .toBe('success');
  });

  it('stops a run that runs on the other process, and refuses what cannot stop', async () => {
    const job = await submit({
      jobName: '可停止',
      handler: 'test-work',
      params: '{"ms":20000}',
      cron: '0 0 0 1 1 *',
      retries: 1,
    });
    const detail = (await call('GET', `/api/blade-system/job/detail?id=${job.id}`)).body.data;
    // Process b runs it; the call reaches process a.
    const runId = await b.app.scheduler.runNow(detail);
    expect(runId).toBeDefined();
    expect(b.app.scheduler.running).toBe(1);
    const stopped = await call('POST', `/api/blade-log/job/stop?ids=${runId}`);
    expect(stopped.status, stopped.body.msg).toBe(200);
    expect(stopped.body.msg).toBe('已停止 1 次运行');
    // The handler is aborted at b's next look (200 ms); the run stays stopped, and is not retried.
    await expect.poll(() => b.app.scheduler.running, { timeout: 3_000 }).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const runs = await runsOf(job.id);
    expect(runs.map((run) => `${run.attempt}:${run.outcome}:${run.output}`)).toEqual([
      '0:stopped:stopped by admin',
    ]);

    // Again: it has ended. A run that is not the tenant's, or not there: 404. A handler that does
    // not say it can stop: 400. Nothing changes.
    const again = await call('POST', `/api/blade-log/job/stop?ids=${runId}`);
    expect([again.status, again.body.msg]).toEqual([400, `这次运行已经结束：${runId}`]);
    expect((await call('POST', '/api/blade-log/job/stop?ids=1')).status).toBe(404);
    const failing = await submit({ jobName: '不可停止', handler: 'test-fail', cron: '0 0 0 1 1 *' });
    const held = new Date(Date.now() + 60_000);
    const heldId = new IdGenerator(9).next();
    await a.database.db
      .insertInto('blade_job_run')
      .values({
        id: BigInt(heldId),
        tenant_id: '000000',
        job_id: BigInt(failing.id),
        scheduled_time: new Date(),
        attempt: 0,
        trigger_kind: 'manual',
        outcome: 'running',
        process: 'elsewhere:1',
        start_time: new Date(),
        lease_until: held,
        end_time: null,
        duration_ms: null,
        output: null,
        create_time: new Date(),
      })
      .execute();
    const refused = await call('POST', `/api/blade-log/job/stop?ids=${heldId}`);
    expect([refused.status, refused.body.msg]).toEqual([400, '这个处理器的运行不能中途停止：test-fail']);
    expect((await runsOf(failing.id)).map((run) => run.outcome)).toEqual(['running']);
    // The handlers say which can stop (the console shows 停止 for those).
    const infos = (await call('GET', '/api/blade-system/job/handlers')).body.data as Array<{
      name: string;
      stoppable: boolean;
    }>;
    expect(infos.find((handler) => handler.name === 'test-work')?.stoppable).toBe(true);
    expect(infos.find((handler) => handler.name === 'test-fail')?.stoppable).toBe(false);
  });

  // Last: it stops process b's scheduler.
  it('lets a run go at a drain, and another process runs it again', async () => {
    const job = await submit({
      jobName: '停机',
      handler: 'test-work',
      params: '{"ms":2000}',
      cron: '0 0 0 1 1 *',
      retries: 1,
      retryBackoffSeconds: 1,
    });
    const detail = (await call('GET', `/api/blade-system/job/detail?id=${job.id}`)).body.data;
    expect(await b.app.scheduler.runNow(detail)).toBeDefined();
    // The drain window ends before the run does: the run is let go, not finished here.
    await b.app.scheduler.stop(100);
    await expect
      .poll(
        async () =>
          (await runsOf(job.id)).map((run) => `${run.attempt}:${run.triggerKind}:${run.outcome}`).sort(),
        {
          timeout: 8_000,
        },
      )
      .toEqual(['0:manual:lost', '1:retry:success']);
  });
});
