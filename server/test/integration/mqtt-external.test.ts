import { randomBytes, randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
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
import { SABER_BASIC } from './support/test-app.js';

// Issue 50: two server processes consume the machines' messages from this machine's Mosquitto
// (MQTT 5, 127.0.0.1:1883, anonymous on loopback) through one shared subscription: each message is
// handled once. A machine's status (its birth, and its will when its connection drops) marks it
// online and offline. The hooks an external broker calls (EMQX's HTTP shape) let a machine in with
// its own credentials and topics only, and answer only the broker's token.
// The broker's side is what this file is about; it runs on the first engine listed (the engines'
// parts, the same for both brokers, are in mqtt-devices.test.ts on all three).

const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const API = '/api/zxgxg-api';
const HOOK_TOKEN = randomBytes(24).toString('hex');

interface Reply {
  kind: string;
  code: number;
  msg: string;
  requestId?: string;
}

const kind = enginesUnderTest()[0]!;

describe(`machines over an external MQTT broker (Mosquitto), two processes, on ${kind}`, () => {
  let testDb: TestDatabase;
  let a: SharedInstance & { origin: string };
  let b: SharedInstance & { origin: string };
  let token: string;
  let machine: { id: string; machineNo: string; deviceSecret: string };
  const devices: MqttClient[] = [];
  // Each run its own group and machine numbers: other runs on the same broker stay apart.
  const run = randomUUID().slice(0, 8);
  const prefix = `test:${randomUUID()}:`;
  const jwtSecret = new Uint8Array(randomBytes(48));

  const instance = async (worker: number) =>
    listening(
      await sharedRedisInstance(kind, testDb, {
        worker,
        prefix,
        jwtSecret,
        config: {
          // The server's own user: the hooks' superuser (Mosquitto here lets anyone in).
          mqttUrl: BROKER.replace('mqtt://', `mqtt://console-${run}:server-password@`),
          mqttShareGroup: `test-${run}`,
          mqttHookToken: HOOK_TOKEN,
        },
      }),
    );
  const call = async (
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${a.origin}${path}`, {
      method,
      headers: {
        authorization: SABER_BASIC,
        'blade-auth': `bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  /** A new machine of the tenant's, in a hospital of its own: its id, number and secret. */
  const newMachine = async (tag: string, name: string) => {
    const hospital = await call('POST', `${API}/hospital/submit`, {
      hospitalCode: `${tag}${run}`,
      hospitalName: `${name}医院`,
    });
    const created = await call('POST', `${API}/machine/submit`, {
      machineNo: `${tag}-${run}`,
      machineName: `${name}柜`,
      hospitalId: hospital.body.data.id,
      slotCount: 2,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data as { id: string; machineNo: string; deviceSecret: string };
  };
  const detail = async () => (await call('GET', `${API}/machine/detail?id=${machine.id}`)).body.data;
  const topic = (kind: string) => `zxgxg/000000/${machine.machineNo}/${kind}`;
  const device = async () => {
    const client = await connectAsync(BROKER, {
      clientId: `${machine.machineNo}-${devices.length}`,
      protocolVersion: 5,
      reconnectPeriod: 0,
      will: { topic: topic('status'), payload: Buffer.from('{"online":false}'), qos: 1, retain: false },
    });
    devices.push(client);
    return client;
  };

  beforeAll(async () => {
    testDb = await createSeededDatabase(kind);
    a = await instance(1);
    b = await instance(2);
    token = await signInOver(a.origin, { tenantId: '000000', account: 'admin', password: 'admin' });
    machine = await newMachine('EX', '外部');
  });
  afterAll(async () => {
    for (const client of devices) await client.endAsync(true).catch(() => undefined);
    await closeSharedInstances([a, b], testDb);
  });

  it('handles each message once across the two processes, and replies', async () => {
    const client = await device();
    const replies: Reply[] = [];
    client.on('message', (_topic, payload) => replies.push(JSON.parse(payload.toString()) as Reply));
    await client.subscribeAsync(topic('reply'), { qos: 1 });
    const orders = Array.from({ length: 20 }, (_, i) => `EX-${run}-${i}`);
    for (const orderNo of orders)
      await client.publishAsync(
        topic('refund'),
        JSON.stringify({ requestId: orderNo, orderNo, orderAmount: 500, refundAmount: 100 }),
        { qos: 1 },
      );
    // One reply each, every one a success: a second handling would answer 已申请过退款.
    await expect.poll(() => replies.length, { timeout: 10_000 }).toBe(orders.length);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(replies.map((reply) => [reply.requestId, reply.code]).sort()).toEqual(
      orders.map((o) => [o, 200]).sort(),
    );
    const stored = await a.database.db
      .selectFrom('zx_refund_review')
      .select('id')
      .where('order_no', 'like', `EX-${run}-%`)
      .execute();
    expect(stored).toHaveLength(orders.length);
    // Both processes took their share: an id's worker bits name the process that wrote it.
    const writers = new Set(stored.map((row) => (BigInt(row.id) >> 12n) & 1023n));
    expect([...writers].sort()).toEqual([1n, 2n]);
  });

  it('marks a machine online by its status and offline by its will', async () => {
    const client = await device();
    await client.publishAsync(topic('status'), '{"online":true}', { qos: 1 });
    await expect.poll(async () => (await detail()).onlineStatus, { timeout: 5_000 }).toBe(1);
    // The connection drops without a goodbye: the broker publishes the will.
    client.stream.destroy();
    await expect.poll(async () => (await detail()).onlineStatus, { timeout: 5_000 }).toBe(0);
    expect((await detail()).offlineSince).not.toBeNull();
  });

  it('forgets a machine removed in the console at once, in both processes', async () => {
    // Each process keeps the machines its messages came from (device/device-directory.ts).
    const removed = await newMachine('RM', '撤机');
    const client = await connectAsync(BROKER, {
      clientId: removed.machineNo,
      protocolVersion: 5,
      reconnectPeriod: 0,
    });
    devices.push(client);
    const at = (kind: string) => `zxgxg/000000/${removed.machineNo}/${kind}`;
    const replies: Reply[] = [];
    client.on('message', (_topic, payload) => replies.push(JSON.parse(payload.toString()) as Reply));
    await client.subscribeAsync(at('reply'), { qos: 1 });
    const refunds = async (tag: string) => {
      const orders = Array.from({ length: 8 }, (_, i) => `RM-${run}-${tag}-${i}`);
      for (const orderNo of orders)
        await client.publishAsync(
          at('refund'),
          JSON.stringify({ requestId: orderNo, orderNo, orderAmount: 500, refundAmount: 100 }),
          { qos: 1 },
        );
      return orders;
    };
    const stored = async (tag: string) =>
      (
        await a.database.db
          .selectFrom('zx_refund_review')
          .select('id')
          .where('order_no', 'like', `RM-${run}-${tag}-%`)
          .execute()
      ).length;

    // Eight messages go round both processes' connections: each has the machine in its directory.
    const before = await refunds('before');
    await expect.poll(() => replies.length, { timeout: 10_000 }).toBe(before.length);
    expect(await stored('before')).toBe(before.length);

    expect((await call('POST', `${API}/machine/remove?ids=${removed.id}`)).status).toBe(200);
    // Removed through one process: its messages, shared between both as before, are refused by
    // both (an unknown machine's: nothing stored, nothing answered).
    await refunds('after');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await stored('after')).toBe(0);
    expect(replies).toHaveLength(before.length);
  });

  it('answers the broker’s hooks: a machine with its own secret and topics, the server as superuser', async () => {
    const hook = (path: string, body: unknown, bearer = HOOK_TOKEN) =>
      call('POST', `${API}/mqtt/${path}`, body, { authorization: `Bearer ${bearer}` });
    const no = machine.machineNo;
    expect((await hook('auth', { username: no, password: machine.deviceSecret, clientid: no })).body).toEqual(
      {
        result: 'allow',
        is_superuser: false,
      },
    );
    expect((await hook('auth', { username: no, password: 'wrong' })).body.result).toBe('deny');
    expect((await hook('auth', { username: `console-${run}`, password: 'server-password' })).body).toEqual({
      result: 'allow',
      is_superuser: true,
    });
    expect(
      (await hook('acl', { username: no, topic: topic('heartbeat'), action: 'publish' })).body.result,
    ).toBe('allow');
    expect(
      (await hook('acl', { username: no, topic: topic('command'), action: 'subscribe' })).body.result,
    ).toBe('allow');
    for (const [topicName, action] of [
      [topic('command'), 'publish'],
      ['zxgxg/000000/OTHER/heartbeat', 'publish'],
      ['zxgxg/000000/OTHER/command', 'subscribe'],
      ['zxgxg/#', 'subscribe'],
      [`zxgxg/999999/${no}/heartbeat`, 'publish'],
    ] as const)
      expect((await hook('acl', { username: no, topic: topicName, action })).body.result, topicName).toBe(
        'deny',
      );
    // Without the broker's token: 401, whatever is asked.
    expect((await hook('auth', { username: no, password: machine.deviceSecret }, 'guess')).status).toBe(401);
    expect(
      (await hook('acl', { username: no, topic: topic('heartbeat'), action: 'publish' }, 'guess')).status,
    ).toBe(401);
  });
});
