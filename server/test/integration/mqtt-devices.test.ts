import { connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneEngineFor } from './support/databases.js';
import { freePort } from './support/server-process.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Issue 50: machines over MQTT through the embedded broker (aedes), on every engine. A machine
// connects with its number and device secret; its connection marks it online and its end offline;
// a heartbeat and a refund request mean what their HTTP calls mean, handled before PUBACK; a bad
// message is refused on the machine's reply topic while its connection stays; another machine's
// topics are refused; rotating the secret ends the connection.

const API = '/api/zxgxg-api';

interface Reply {
  kind: string;
  code: number;
  success: boolean;
  msg: string;
  data: unknown;
  requestId?: string;
}

describe.each(oneEngineFor(import.meta.url))('machines over MQTT (the embedded broker) on %s', (kind) => {
  let t: TestApp;
  let port: number;
  let hospitalId: string;
  const clients: MqttClient[] = [];

  const post = async (url: string, payload?: object) => {
    const res = await t.call({ method: 'POST', url: `${API}${url}`, payload });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const machine = (machineNo: string) =>
    post('/machine/submit', {
      machineNo,
      machineName: `柜${machineNo}`,
      hospitalId,
      slotCount: 4,
    }) as Promise<{
      id: string;
      machineNo: string;
      deviceSecret: string;
    }>;
  const detail = async (id: string) =>
    (await t.call({ method: 'GET', url: `${API}/machine/detail?id=${id}` })).body.data;
  const topic = (machineNo: string, kind: string) => `zxgxg/000000/${machineNo}/${kind}`;
  const connect = async (machineNo: string, password: string, options: IClientOptions = {}) => {
    const client = await connectAsync(`mqtt://127.0.0.1:${port}`, {
      username: machineNo,
      password,
      clientId: `${machineNo}-${clients.length}`,
      protocolVersion: 4,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
      ...options,
    });
    clients.push(client);
    return client;
  };
  /** The replies the client receives on its reply topic, as they come. */
  const repliesOf = async (client: MqttClient, machineNo: string) => {
    const replies: Reply[] = [];
    client.on('message', (name, payload) => {
      if (name === topic(machineNo, 'reply')) replies.push(JSON.parse(payload.toString()) as Reply);
    });
    await client.subscribeAsync(topic(machineNo, 'reply'), { qos: 1 });
    return replies;
  };
  const closed = (client: MqttClient) =>
    new Promise<void>((resolve) => client.once('close', () => resolve()));

  beforeAll(async () => {
    port = await freePort();
    t = await startTestApp(kind, [], false, { config: { mqttPort: port, host: '127.0.0.1' } });
    hospitalId = (await post('/hospital/submit', { hospitalCode: 'MQ1', hospitalName: '消息医院' })).id;
  });
  afterAll(async () => {
    for (const client of clients) await client.endAsync(true).catch(() => undefined);
    await t?.close();
  });

  it('lets a machine in with its number and secret only, online while connected, offline once it is gone', async () => {
    const m = await machine('MQ-A1');
    await expect(connect(m.machineNo, 'wrong')).rejects.toThrow(/Bad username or password/i);
    await expect(connect('MQ-NOBODY', m.deviceSecret)).rejects.toThrow(/Bad username or password/i);
    expect((await detail(m.id)).onlineStatus).toBe(0);

    const client = await connect(m.machineNo, m.deviceSecret);
    await expect.poll(async () => (await detail(m.id)).onlineStatus).toBe(1);
    const online = await detail(m.id);
    expect(online.onlineSince).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(online.offlineSince).toBeNull();
    await client.endAsync();
    await expect.poll(async () => (await detail(m.id)).onlineStatus).toBe(0);
    expect((await detail(m.id)).offlineSince).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // The list's online filter agrees.
    const offline = await t.call({
      method: 'GET',
      url: `${API}/machine/list?onlineStatus=0&machineNo=MQ-A1`,
    });
    expect(offline.body.data.total).toBe(1);
  });

  it('records a heartbeat and stores a refund request before acknowledging them, and replies', async () => {
    const m = await machine('MQ-B1');
    const client = await connect(m.machineNo, m.deviceSecret);
    const replies = await repliesOf(client, m.machineNo);
    await client.publishAsync(
      topic(m.machineNo, 'heartbeat'),
      JSON.stringify({
        apkPackageName: 'com.zxgxg.cabinet',
        apkVersionCode: 7,
        slots: [{ slotNo: 2, status: 3 }],
      }),
      { qos: 1 },
    );
    // Acknowledged: already recorded.
    const beat = await detail(m.id);
    expect([beat.onlineStatus, beat.apkVersionCode]).toEqual([1, 7]);
    const slots = await t.call({ method: 'GET', url: `${API}/slot/list?machineId=${m.id}&ascs=slot_no` });
    expect(slots.body.data.records.map((slot: { status: number }) => slot.status)).toEqual([0, 3, 0, 0]);

    await client.publishAsync(
      topic(m.machineNo, 'refund'),
      JSON.stringify({
        requestId: 'r-1',
        orderNo: 'MQ-ORDER-1',
        slotNo: 2,
        orderAmount: 1000,
        refundAmount: 800,
      }),
      { qos: 1 },
    );
    const stored = await t.store.db
      .selectFrom('zx_refund_review')
      .select(['order_no', 'refund_amount'])
      .where('order_no', '=', 'MQ-ORDER-1')
      .execute();
    expect(stored.map((row) => [row.order_no, Number(row.refund_amount)])).toEqual([['MQ-ORDER-1', 800]]);
    await expect.poll(() => replies.length).toBe(1);
    expect(replies[0]).toMatchObject({ kind: 'refund', code: 200, success: true, requestId: 'r-1' });
    expect((replies[0]!.data as { orderNo: string }).orderNo).toBe('MQ-ORDER-1');
  });

  it('refuses a bad message on the reply topic, keeping the connection and changing nothing', async () => {
    const m = await machine('MQ-C1');
    const client = await connect(m.machineNo, m.deviceSecret);
    const replies = await repliesOf(client, m.machineNo);
    await client.publishAsync(topic(m.machineNo, 'refund'), 'not json', { qos: 1 });
    await client.publishAsync(
      topic(m.machineNo, 'refund'),
      JSON.stringify({ requestId: 'r-2', orderNo: 'MQ-ORDER-2', orderAmount: 100, refundAmount: 500 }),
      { qos: 1 },
    );
    await client.publishAsync(topic(m.machineNo, 'heartbeat'), JSON.stringify({ slots: 'all' }), { qos: 1 });
    await client.publishAsync(topic(m.machineNo, 'status'), JSON.stringify({ online: 'yes' }), { qos: 1 });
    await client.publishAsync(topic(m.machineNo, 'update'), JSON.stringify({ state: 'installed' }), {
      qos: 1,
    });
    await expect.poll(() => replies.length).toBe(5);
    expect(replies.map((reply) => [reply.kind, reply.code, reply.msg])).toEqual([
      ['refund', 400, '消息须是一个 JSON 对象'],
      ['refund', 400, '退款金额不能超过订单金额'],
      ['heartbeat', 400, expect.stringMatching(/^消息内容无效：\/slots/)],
      ['status', 400, 'status 消息须是 {"online": true} 或 {"online": false}'],
      ['update', 400, expect.stringMatching(/^消息内容无效：/)],
    ]);
    expect(replies[1]!.requestId).toBe('r-2');
    expect(client.connected).toBe(true);
    const none = await t.store.db
      .selectFrom('zx_refund_review')
      .select('id')
      .where('order_no', '=', 'MQ-ORDER-2')
      .execute();
    expect(none).toEqual([]);
    const after = await detail(m.id);
    expect(after.apkVersionCode).toBeNull();
    const slots = await t.call({ method: 'GET', url: `${API}/slot/list?machineId=${m.id}&ascs=slot_no` });
    expect(slots.body.data.records.map((slot: { status: number }) => slot.status)).toEqual([0, 0, 0, 0]);
  });

  it('sends a command on the machine’s command topic at once, and follows its word over MQTT', async () => {
    const m = await machine('MQ-F1');
    const client = await connect(m.machineNo, m.deviceSecret);
    const commands: Array<{ id: string; kind: string; params: object }> = [];
    client.on('message', (name, payload) => {
      if (name === topic(m.machineNo, 'command')) commands.push(JSON.parse(payload.toString()));
    });
    await client.subscribeAsync(topic(m.machineNo, 'command'), { qos: 1 });
    const replies = await repliesOf(client, m.machineNo);
    // Its connection marks it online once the broker has let it in, a moment after the CONNACK: a
    // command to a machine not yet online is refused, as it should be.
    await expect.poll(async () => (await detail(m.id)).onlineStatus).toBe(1);
    const issued = await post('/machine/command', {
      machineId: m.id,
      kind: 'reboot',
      requestId: 'mq-reboot-1',
    });
    // Handed to the broker before the answer: sent.
    expect(issued.state).toBe('sent');
    await expect.poll(() => commands.length).toBe(1);
    expect(commands[0]).toMatchObject({ id: issued.id, kind: 'reboot', params: {} });
    for (const state of ['acknowledged', 'succeeded'])
      await client.publishAsync(
        topic(m.machineNo, 'command-result'),
        JSON.stringify({ id: issued.id, state }),
        {
          qos: 1,
        },
      );
    const done = await t.call({ method: 'GET', url: `${API}/command/detail?id=${issued.id}` });
    expect(done.body.data.state).toBe('succeeded');
    // A word on a command it does not have: refused on the reply topic.
    await client.publishAsync(
      topic(m.machineNo, 'command-result'),
      JSON.stringify({ id: '1', state: 'failed' }),
      {
        qos: 1,
      },
    );
    await expect.poll(() => replies.length).toBe(1);
    expect(replies[0]).toMatchObject({ kind: 'command-result', code: 404, msg: '没有这条指令：1' });
  });

  it('keeps a machine to its own topics', async () => {
    const mine = await machine('MQ-D1');
    const theirs = await machine('MQ-D2');
    const client = await connect(mine.machineNo, mine.deviceSecret);
    // Subscribing to another machine's commands, or to a wildcard: refused (SUBACK 128).
    const refused = await client
      .subscribeAsync([topic(theirs.machineNo, 'command'), 'zxgxg/#'], { qos: 1 })
      .then(
        () => 'granted',
        (error: { packet?: { granted?: number[] } }) => error.packet?.granted,
      );
    expect(refused).toEqual([128, 128]);
    // Publishing as another machine: the connection is closed, nothing is recorded.
    const ended = closed(client);
    client.publish(topic(theirs.machineNo, 'heartbeat'), '{}', { qos: 1 });
    await ended;
    expect((await detail(theirs.id)).lastHeartbeatTime).toBeNull();
  });

  it('ends a machine’s connection when its secret is rotated; the old secret no longer connects', async () => {
    const m = await machine('MQ-E1');
    const client = await connect(m.machineNo, m.deviceSecret);
    const ended = closed(client);
    const rotated = await post(`/machine/rotate-secret?id=${m.id}`);
    await ended;
    await expect(connect(m.machineNo, m.deviceSecret)).rejects.toThrow(/Bad username or password/i);
    const again = await connect(m.machineNo, rotated.deviceSecret);
    expect(again.connected).toBe(true);
  });
});
