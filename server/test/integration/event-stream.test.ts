import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenSigner, type SessionClaims } from '../../src/core/auth/tokens.js';
import type { EventHubOptions } from '../../src/core/events/event-hub.js';
import { IdGenerator } from '../../src/core/ids.js';
import type { Actor } from '../../src/core/repository/store.js';
import { SEED_IDS } from '../../src/db/seed/seed.js';
import { MessageService } from '../../src/modules/desk/message/message.service.js';
import { createAccount, type TestAccount } from './support/accounts.js';
import { oneEngineFor, type TestDatabase } from './support/databases.js';
import { createSeededDatabase } from './support/template-databases.js';
import { openStream, type StreamEvent } from './support/event-stream-client.js';
import {
  closeSharedInstances,
  listening,
  sharedRedisInstance,
  signInOver,
  type SharedInstance,
} from './support/shared-redis.js';
import { SABER_BASIC, startTestApp, type TestApp } from './support/test-app.js';

// Issue 47, push: the event stream (GET /api/blade-desk/stream, decision 0039) over real HTTP, two
// server processes sharing one database and one Redis, as behind a load balancer. An event raised in
// one reaches the streams open on the other; a console that reconnects with Last-Event-ID is sent
// what it missed; a session that ends closes its streams with the reason.

interface Instance extends SharedInstance {
  origin: string;
  messages: MessageService;
}

describe.each(oneEngineFor(import.meta.url))('the event stream across two processes on %s', (kind) => {
  let testDb: TestDatabase;
  let a: Instance;
  let b: Instance;
  let alice: TestAccount;
  let bob: TestAccount;
  const prefix = `test:${randomUUID()}:`;
  const jwtSecret = new Uint8Array(randomBytes(48));
  const sender: Actor = { tenantId: '000000', userId: SEED_IDS.admin, deptId: SEED_IDS.dept };
  /** What each process keeps for replay, and its limits: small enough to reach in a test. */
  const limits: Partial<EventHubOptions> = { replayMax: 5, perUser: 3 };

  async function instance(worker: number): Promise<Instance> {
    const shared = await listening(
      await sharedRedisInstance(kind, testDb, { worker, prefix, jwtSecret, events: limits }),
    );
    return { ...shared, messages: new MessageService(shared.store, shared.app.events) };
  }

  const signIn = (on: Instance, account: TestAccount) => signInOver(on.origin, account);

  const call = async (on: Instance, method: 'GET' | 'POST', path: string, token: string) =>
    fetch(`${on.origin}${path}`, {
      method,
      headers: { authorization: SABER_BASIC, 'blade-auth': `bearer ${token}` },
    });

  const task = (title: string) => ({ kind: 'task' as const, title, body: null, link: '/work/todo/index' });
  const messageEvent = (title: string) => ({ event: 'message', data: { kind: 'task', title } });

  beforeAll(async () => {
    testDb = await createSeededDatabase(kind);
    a = await instance(1);
    b = await instance(2);
    alice = await createAccount({
      store: { db: a.database.db, kind, ids: new IdGenerator(7), timeZone: 'Asia/Shanghai' },
    });
    bob = await createAccount({
      store: { db: a.database.db, kind, ids: new IdGenerator(8), timeZone: 'Asia/Shanghai' },
    });
  });
  afterAll(() => closeSharedInstances([a, b], testDb));

  it('refuses a stream without a signed-in user', async () => {
    const res = await fetch(`${a.origin}/api/blade-desk/stream`, { headers: { authorization: SABER_BASIC } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 401, success: false });
  });

  it('pushes a message sent in one process to its recipient’s stream on the other, and to no one else', async () => {
    const onB = await openStream(b.origin, await signIn(b, alice));
    const othersOnA = await openStream(a.origin, await signIn(a, bob));
    expect(onB.status).toBe(200);

    await a.messages.send(sender, [alice.userId], task('请审批：张三的请假'));
    expect(await onB.next()).toMatchObject(messageEvent('请审批：张三的请假'));
    // Bob's first event is his own, sent after Alice's: hers never reached him.
    await b.messages.send(sender, [bob.userId], task('给 Bob 的'));
    expect(await othersOnA.next()).toMatchObject(messageEvent('给 Bob 的'));
    expect(await onB.drain(200)).toEqual([]);
    onB.close();
    othersOnA.close();
  });

  it('replays what a console missed while away, on whichever process it reconnects to', async () => {
    const token = await signIn(a, alice);
    const first = await openStream(a.origin, token);
    await a.messages.send(sender, [alice.userId], task('离开之前'));
    const seen = (await first.next()) as StreamEvent;
    expect(seen).toMatchObject(messageEvent('离开之前'));
    first.close();

    await a.messages.send(sender, [alice.userId], task('离开时 1'));
    await b.messages.send(sender, [bob.userId], task('别人的'));
    await a.messages.send(sender, [alice.userId], task('离开时 2'));
    // The events have reached both processes before the console comes back.
    await new Promise((resolve) => setTimeout(resolve, 100));

    const back = await openStream(b.origin, token, seen.id);
    const missed = await back.drain(300);
    expect(missed.map((e) => (e.data as { title: string }).title)).toEqual(['离开时 1', '离开时 2']);
    expect(Number(missed[0]!.id)).toBeGreaterThan(Number(seen.id));
    expect(Number(missed[1]!.id)).toBeGreaterThan(Number(missed[0]!.id));
    back.close();

    // Nothing happened since the last it read: nothing is sent, and no resync either.
    const again = await openStream(a.origin, token, missed[1]!.id);
    expect(await again.drain(200)).toEqual([]);
    again.close();
  });

  it('tells a console to read everything again when it was away longer than the events kept', async () => {
    const token = await signIn(a, alice);
    const first = await openStream(a.origin, token);
    await a.messages.send(sender, [alice.userId], task('之前'));
    const seen = (await first.next()) as StreamEvent;
    first.close();
    // More events than a process keeps (replayMax 5): the gap cannot be filled.
    for (let i = 0; i < 6; i++) await a.messages.send(sender, [bob.userId], task(`别人的 ${i}`));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const back = await openStream(b.origin, token, seen.id);
    expect(await back.next()).toMatchObject({ event: 'resync', id: undefined });
    back.close();
    // An id that is no event's id at all: the same.
    const odd = await openStream(a.origin, token, 'not-a-number');
    expect(await odd.next()).toMatchObject({ event: 'resync' });
    odd.close();
  });

  it('ends the streams of a session signed out in another process, saying why, and no others', async () => {
    const session = await signIn(a, alice);
    const other = await signIn(a, alice);
    const tab1 = await openStream(a.origin, session);
    const tab2 = await openStream(b.origin, session);
    const otherSession = await openStream(b.origin, other);

    expect((await call(b, 'GET', '/api/blade-auth/oauth/logout', session)).status).toBe(200);
    for (const tab of [tab1, tab2]) {
      expect(await tab.next()).toMatchObject({ event: 'session', data: { reason: 'signedOut' } });
      expect(await tab.next()).toBe('end');
    }
    expect(await otherSession.drain(300)).toEqual([]);
    // The ended session cannot open another.
    expect((await openStream(a.origin, session)).status).toBe(401);
    otherSession.close();
  });

  it('ends the streams of a user whose password an administrator resets, or who is removed, with the reason', async () => {
    const store = { db: a.database.db, kind, ids: new IdGenerator(9), timeZone: 'Asia/Shanghai' };
    const carol = await createAccount({ store });
    const dave = await createAccount({ store });
    const carolStream = await openStream(b.origin, await signIn(b, carol));
    const daveStream = await openStream(b.origin, await signIn(b, dave));
    const bystander = await openStream(b.origin, await signIn(b, bob));
    const admin = await signIn(a, { ...alice, tenantId: '000000', account: 'admin', password: 'admin' });

    expect(
      (await call(a, 'POST', `/api/blade-user/reset-password?userIds=${carol.userId}`, admin)).status,
    ).toBe(200);
    expect(await carolStream.next()).toMatchObject({ event: 'session', data: { reason: 'credentials' } });
    expect(await carolStream.next()).toBe('end');

    expect((await call(a, 'POST', `/api/blade-user/remove?ids=${dave.userId}`, admin)).status).toBe(200);
    expect(await daveStream.next()).toMatchObject({ event: 'session', data: { reason: 'disabled' } });
    expect(await daveStream.next()).toBe('end');

    expect(await bystander.drain(300)).toEqual([]);
    bystander.close();
  });

  it('tells a user’s consoles that their rights changed when they are given a role, and keeps the streams open', async () => {
    const store = { db: a.database.db, kind, ids: new IdGenerator(10), timeZone: 'Asia/Shanghai' };
    const holder = await createAccount({ store }, { roles: [{ alias: 'stream_reader', menuIds: [] }] });
    const erin = await createAccount({ store });
    const stream = await openStream(b.origin, await signIn(b, erin));
    const bystander = await openStream(b.origin, await signIn(b, bob));
    const admin = await signIn(a, { ...alice, tenantId: '000000', account: 'admin', password: 'admin' });
    const granted = await call(
      a,
      'POST',
      `/api/blade-user/grant?userIds=${erin.userId}&roleIds=${holder.roleIds[0]}`,
      admin,
    );
    expect(granted.status).toBe(200);
    expect(await stream.next()).toMatchObject({ event: 'change', data: { topic: 'menu' } });
    expect(await stream.drain(300)).toEqual([]);
    expect(await bystander.drain(300)).toEqual([]);
    stream.close();
    bystander.close();
  });

  it('refuses streams past the per-user limit with the reason, in the contract’s shape', async () => {
    const token = await signIn(a, bob);
    const open = [];
    for (let i = 0; i < 3; i++) open.push(await openStream(a.origin, token));
    const refused = await openStream(a.origin, token);
    expect(refused.status).toBe(429);
    expect(refused.refusal).toMatchObject({
      code: 429,
      msg: '每个用户最多同时打开 3 个消息连接，请关闭多余的窗口',
    });
    // Another process counts its own.
    const elsewhere = await openStream(b.origin, token);
    expect(elsewhere.status).toBe(200);
    for (const stream of [...open, elsewhere]) stream.close();
  });

  it('ends its streams when the process drains, and refuses new ones meanwhile', async () => {
    const token = await signIn(b, bob);
    const stream = await openStream(b.origin, token);
    b.app.events.drain();
    expect(await stream.next()).toBe('end');
    const refused = await openStream(b.origin, token);
    expect(refused.status).toBe(503);
    expect(refused.refusal?.msg).toBe('服务正在重启，请稍后重新连接');
  });
});

// What does not depend on the database or on Redis: one process, its memory cache.
describe('an event stream in one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', [], false, { events: { heartbeatMs: 50, maxBuffered: 16 * 1024 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    t.app.server.closeAllConnections();
    await t?.close();
  });

  it('tells the tenant’s open consoles that refunds changed: a request comes in, a reviewer decides', async () => {
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const stream = await openStream(origin, t.adminToken);
    const post = (
      url: string,
      payload?: object,
      headers: Record<string, string> = {},
      token: string | null = t.adminToken,
    ) => t.call({ method: 'POST', url: `/api/zxgxg-api${url}`, payload, headers }, token);
    const hospital = await post('/hospital/submit', { hospitalCode: 'EV', hospitalName: '事件医院' });
    const machine = (
      await post('/machine/submit', {
        machineNo: 'EV-1',
        machineName: '事件柜',
        hospitalId: hospital.body.data.id,
        slotCount: 1,
      })
    ).body.data as { deviceSecret: string };
    const requested = await post(
      '/device/refund-request',
      { orderNo: 'EV-O1', orderAmount: 100, refundAmount: 100 },
      { 'machine-no': 'EV-1', 'machine-secret': machine.deviceSecret },
      null,
    );
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const changes = (events: Array<StreamEvent | 'end' | 'timeout'>) =>
      events.filter((e) => typeof e === 'object' && e.event === 'change').map((e) => (e as StreamEvent).data);
    // The request's message to the reviewers (the administrator among them), then the changes.
    expect(changes(await stream.drain(300))).toEqual([{ topic: 'refund' }, { topic: 'dashboard' }]);
    expect((await post(`/refund/review/agree?id=${requested.body.data.id}`)).status).toBe(200);
    expect(changes(await stream.drain(300))).toEqual([{ topic: 'refund' }, { topic: 'dashboard' }]);
    stream.close();
  });

  it('ends a stream when the token that opened it expires (the console opens another with its new one)', async () => {
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // The administrator's session, in a token that lives one to two seconds (whole seconds).
    const claims = JSON.parse(
      Buffer.from(t.adminToken.split('.')[1]!, 'base64url').toString(),
    ) as SessionClaims;
    const { token } = await new TokenSigner(t.jwtSecret).sign(claims, 'access', 2);
    const stream = await openStream(origin, token);
    expect(stream.status).toBe(200);
    // Ended by the server once the token has expired (within its two seconds and a heartbeat).
    expect(await stream.next(10_000)).toBe('end');
  });

  it('sends heartbeat comments on an idle stream', async () => {
    const socket = net.connect((t.app.server.address() as AddressInfo).port, '127.0.0.1');
    socket.write(
      `GET /api/blade-desk/stream HTTP/1.1\r\nHost: x\r\nAuthorization: ${SABER_BASIC}\r\nBlade-Auth: bearer ${t.adminToken}\r\n\r\n`,
    );
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.destroy();
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(received).toContain('content-type: text/event-stream');
    // The first at once, then one every 50 ms.
    expect(received.split(':\n\n').length - 1).toBeGreaterThanOrEqual(3);
  });

  it('cuts off a client that does not read, instead of holding what waits for it', async () => {
    const socket = net.connect((t.app.server.address() as AddressInfo).port, '127.0.0.1');
    socket.write(
      `GET /api/blade-desk/stream HTTP/1.1\r\nHost: x\r\nAuthorization: ${SABER_BASIC}\r\nBlade-Auth: bearer ${t.adminToken}\r\n\r\n`,
    );
    // It never reads: the kernel's buffers fill, then the server's.
    socket.pause();
    const closed = new Promise((resolve) => socket.on('close', resolve));
    // Registered once the server has read the request (later on a loaded machine).
    await expect.poll(() => t.app.events.size).toBe(1);
    // Each event is some 800 bytes: 60,000 would be 48 MB, far more than loopback's buffers hold.
    const title = '长'.repeat(255);
    let sent = 0;
    while (sent < 60_000 && t.app.events.size > 0) {
      await t.app.events.publish({ tenantId: '000000', userIds: [SEED_IDS.admin] }, 'message', {
        kind: 'system',
        title,
      });
      sent += 1;
      // Let the events reach the stream (they are delivered on later turns).
      if (sent % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(t.app.events.size).toBe(0);
    // Reading again, the client finds its connection closed.
    socket.resume();
    await closed;
    // Far fewer than it would take to fill the process's memory: cut off at the first 16 KB waiting.
    expect(sent).toBeLessThan(10_000);
  });
});
