import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, enginesUnderTest, type TestDatabase } from './support/databases.js';
import { adminHeaders, startServer, type Running } from './support/server-process.js';

// Two reviewers deciding one refund at the same moment on two server processes that share the
// database (and Redis, as a deployment behind a load balancer does): exactly one decision stands.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const API = '/api/zxgxg-api';

describe.each(enginesUnderTest())('refund decisions across two server processes on %s', (kind) => {
  let database: TestDatabase;
  let dataDir: string;
  let a: Running;
  let b: Running;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    dataDir = mkdtempSync(path.join(tmpdir(), 'console-race-'));
    const shared = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      REDIS_URL,
      REDIS_KEY_PREFIX: `test:${randomUUID()}:`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_KEY: randomBytes(32).toString('hex'),
    };
    // Started together, as a deployment's processes are: migrations and seed are safe to race.
    const started = await Promise.allSettled([
      startServer({ ...shared, WORKER_ID: '1' }),
      startServer({ ...shared, WORKER_ID: '2' }),
    ]);
    // Keep whichever started, so afterAll stops it even when the other did not.
    [a, b] = started.map((s) => (s.status === 'fulfilled' ? s.value : undefined)) as [Running, Running];
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
  });

  afterAll(async () => {
    for (const running of [a, b]) if (running?.child.exitCode === null) running.child.kill('SIGKILL');
    await Promise.all([a?.exited, b?.exited]);
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  it('leaves one decision per refund and tells the other reviewer which', async () => {
    const headers = await adminHeaders(a.port);
    const call = async (
      on: Running,
      method: string,
      url: string,
      body?: object,
      extra: Record<string, string> = {},
    ) => {
      const res = await fetch(`http://127.0.0.1:${on.port}${API}${url}`, {
        method,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}), ...extra },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: any } }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const hospital = await call(a, 'POST', '/hospital/submit', {
      hospitalCode: 'RACE',
      hospitalName: '竞争医院',
    });
    const machine = await call(a, 'POST', '/machine/submit', {
      machineNo: 'RACE-1',
      machineName: '柜',
      hospitalId: hospital.body.data.id,
      slotCount: 2,
    });
    expect(machine.status, JSON.stringify(machine.body)).toBe(200);
    const secret = machine.body.data.deviceSecret as string;

    for (let i = 0; i < 5; i++) {
      const requested = await fetch(`http://127.0.0.1:${b.port}${API}/device/refund-request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'machine-no': 'RACE-1', 'machine-secret': secret },
        body: JSON.stringify({ orderNo: `RACE-${i}`, orderAmount: 800, refundAmount: 800 }),
      });
      const id = ((await requested.json()) as { data: { id: string } }).data.id;
      // One reviewer agrees on A while the other rejects (or agrees) on B.
      const [onA, onB] = await Promise.all([
        call(a, 'POST', `/refund/review/agree?id=${id}`),
        call(b, 'POST', `/refund/review/${i % 2 ? 'agree' : 'reject'}?id=${id}&remark=x`),
      ]);
      expect([onA.status, onB.status].sort(), JSON.stringify([onA.body, onB.body])).toEqual([200, 400]);
      const loser = onA.status === 400 ? onA : onB;
      expect(loser.body.msg).toMatch(/^该退款已被 管理员 于 .+ (同意|拒绝)，不能再次审核$/);
      const final = await call(b, 'GET', `/refund/review/detail?id=${id}`);
      const winner = onA.status === 200 ? onA : onB;
      expect(final.body.data.reviewStatus).toBe(winner.body.data.reviewStatus);
    }
  });
});
