import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesUnderTest, type TestDatabase } from './support/databases.js';
import {
  closeSharedInstances,
  listening,
  sharedRedisInstance,
  signInOver,
  type SharedInstance,
} from './support/shared-redis.js';
import { createSeededDatabase } from './support/template-databases.js';
import { SABER_BASIC, startTestApp, type TestApp } from './support/test-app.js';
import { MachineRepository } from '../../src/modules/business/machine/machine.repository.js';

// Issue 50's figures rest on what a heartbeat writes and reads (device/heartbeat-times.ts,
// device/fleet-snapshots.ts, decision 0043): a change is written before the answer; a heartbeat that
// changes nothing has its time written within a second; a heartbeat is no API log row; and what
// every heartbeat of a tenant asks (waiting commands, versions) is read from a snapshot that a change
// in any process makes stale at once.

const API = '/api/zxgxg-api';

describe.each(enginesUnderTest())('what a heartbeat writes, on %s', (kind) => {
  let t: TestApp;
  let hospitalId: string;

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.call({ method, url, ...(payload ? { payload } : {}) });
  const machine = async (machineNo: string) => {
    const res = await call('POST', `${API}/machine/submit`, {
      machineNo,
      machineName: machineNo,
      hospitalId,
      slotCount: 2,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: string; machineNo: string; deviceSecret: string };
  };
  const device = (m: { machineNo: string; deviceSecret: string }, url: string, payload: object) =>
    t.call(
      {
        method: 'POST',
        url: `${API}/device${url}`,
        payload,
        headers: { 'machine-no': m.machineNo, 'machine-secret': m.deviceSecret },
      },
      null,
    );
  /** The machine's row as stored, read past the server. */
  const stored = async (id: string) => {
    const row = await t.store.db
      .selectFrom('zx_machine')
      .select(['last_heartbeat_time', 'apk_version_code', 'online_time'])
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow();
    const instant = (value: unknown) =>
      value === null ? null : new Date(value instanceof Date ? value : String(value)).getTime();
    return {
      heard: instant(row.last_heartbeat_time),
      online: instant(row.online_time),
      version: row.apk_version_code === null ? null : Number(row.apk_version_code),
    };
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  beforeAll(async () => {
    t = await startTestApp(kind);
    hospitalId = (
      await call('POST', `${API}/hospital/submit`, { hospitalCode: 'HBW1', hospitalName: '心跳医院' })
    ).body.data.id;
  });
  afterAll(() => t?.close());

  it('writes a change before it answers, and the time of a heartbeat that changed nothing within a second', async () => {
    const m = await machine('HBW-A1');
    // The first heartbeat (the machine comes online) is stored when it is answered.
    expect((await device(m, '/heartbeat', { apkPackageName: 'com.hbw', apkVersionCode: 100 })).status).toBe(
      200,
    );
    const first = await stored(m.id);
    expect(first.heard).not.toBeNull();
    expect(first.version).toBe(100);
    expect(first.online).not.toBeNull();

    // Another second, the same words: the time follows within the flush (the second it came).
    await sleep(1100);
    const sent = Date.now();
    expect((await device(m, '/heartbeat', { apkPackageName: 'com.hbw', apkVersionCode: 100 })).status).toBe(
      200,
    );
    await expect
      .poll(async () => (await stored(m.id)).heard, { timeout: 3000, interval: 100 })
      .toBeGreaterThanOrEqual(Math.floor(sent / 1000) * 1000);
    // Still online since its first heartbeat.
    expect((await stored(m.id)).online).toBe(first.online);

    // Another version is a change: stored when answered.
    expect((await device(m, '/heartbeat', { apkPackageName: 'com.hbw', apkVersionCode: 101 })).status).toBe(
      200,
    );
    expect((await stored(m.id)).version).toBe(101);
  });

  it('brings a machine online with the time of a heartbeat that looked unchanged after its connection ended', async () => {
    // A process that handled its messages before may not know the connection ended (another process
    // wrote it): the coalesced write of its time makes it online from then, as a heartbeat would.
    const m = await machine('HBW-A3');
    expect((await device(m, '/heartbeat', { apkPackageName: 'com.hbw' })).status).toBe(200);
    const machines = new MachineRepository(t.store, 300);
    const server = { tenantId: '000000', userId: null, deptId: null };
    const second = Math.floor(Date.now() / 1000) * 1000;
    await machines.markDisconnected(server, m.id, new Date(second + 1000));
    await machines.recordHeard('000000', [m.id], new Date(second + 2000));
    expect(await stored(m.id)).toMatchObject({ heard: second + 2000, online: second + 2000 });
    // Heard again while online: online since then still.
    await machines.recordHeard('000000', [m.id], new Date(second + 3000));
    expect(await stored(m.id)).toMatchObject({ heard: second + 3000, online: second + 2000 });
  });

  it('keeps heartbeats out of the API log, and a machine’s other calls in it', async () => {
    const m = await machine('HBW-A2');
    for (let i = 0; i < 3; i++)
      expect((await device(m, '/heartbeat', { apkPackageName: 'com.hbw', apkVersionCode: 100 })).status).toBe(
        200,
      );
    expect(
      (
        await device(m, '/update-progress', {
          packageName: 'com.hbw',
          versionCode: 101,
          state: 'downloading',
        })
      ).status,
    ).toBe(200);
    // The API log is written within a second or so; the update's row shows it was.
    let rows: Array<{ requestUri: string }> = [];
    await expect
      .poll(
        async () => {
          rows = (await call('GET', '/api/blade-log/api/list?size=100')).body.data.records;
          return rows.some((row) => row.requestUri.endsWith('/device/update-progress'));
        },
        { timeout: 5000, interval: 200 },
      )
      .toBe(true);
    expect(rows.filter((row) => row.requestUri.endsWith('/device/heartbeat'))).toEqual([]);
  });
});

const kind = enginesUnderTest()[0]!;

describe(`the heartbeats' snapshot across two processes over one Redis, on ${kind}`, () => {
  let testDb: TestDatabase;
  let a: SharedInstance & { origin: string };
  let b: SharedInstance & { origin: string };
  let token: string;
  const prefix = `test:${randomUUID()}:`;
  const jwtSecret = new Uint8Array(randomBytes(48));

  const consoleCall = async (origin: string, path: string, body: unknown) => {
    const res = await fetch(`${origin}${API}${path}`, {
      method: 'POST',
      headers: {
        authorization: SABER_BASIC,
        'blade-auth': `bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: number; msg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const heartbeat = async (origin: string, m: { machineNo: string; deviceSecret: string }) => {
    const res = await fetch(`${origin}${API}/device/heartbeat`, {
      method: 'POST',
      headers: {
        'machine-no': m.machineNo,
        'machine-secret': m.deviceSecret,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ apkPackageName: 'com.hbw', apkVersionCode: 100 }),
    });
    return ((await res.json()) as { data: { commands: Array<{ id: string; kind: string }> } }).data;
  };

  beforeAll(async () => {
    testDb = await createSeededDatabase(kind);
    a = await listening(await sharedRedisInstance(kind, testDb, { worker: 1, prefix, jwtSecret }));
    b = await listening(await sharedRedisInstance(kind, testDb, { worker: 2, prefix, jwtSecret }));
    token = await signInOver(a.origin, { tenantId: '000000', account: 'admin', password: 'admin' });
  });
  afterAll(() => closeSharedInstances([a, b], testDb));

  it('hands a machine beating on one process the command made on the other at its next heartbeat', async () => {
    const hospital = await consoleCall(a.origin, '/hospital/submit', {
      hospitalCode: 'HBW2',
      hospitalName: '两个进程',
    });
    const m = (
      await consoleCall(a.origin, '/machine/submit', {
        machineNo: 'HBW-B1',
        machineName: 'HBW-B1',
        hospitalId: hospital.data.id,
        slotCount: 2,
      })
    ).data as { id: string; machineNo: string; deviceSecret: string };
    // B has read the tenant's snapshot: nothing waits.
    expect((await heartbeat(b.origin, m)).commands).toEqual([]);
    const made = await consoleCall(a.origin, '/machine/command', {
      machineId: m.id,
      kind: 'reboot',
      requestId: `hbw-${randomUUID()}`,
    });
    expect(made.code, made.msg).toBe(200);
    // The change reaches B through Redis in milliseconds, well before the snapshot would expire
    // (SNAPSHOT_MS, 1 s after B read it): polled for half that, as a loaded machine may be slower.
    await expect
      .poll(async () => (await heartbeat(b.origin, m)).commands.map((command) => command.id), {
        timeout: 500,
        interval: 20,
      })
      .toEqual([made.data.id]);
  });
});
