import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator } from './support/accounts.js';
import { enginesUnderTest } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Issue 50: commands to machines, as an HTTP-only machine receives them (the heartbeat's answer) and
// reports on them (POST device/command-result); the MQTT side is in mqtt-devices.test.ts. Checked:
// an offline machine, the kinds' parameters, the same requestId counting once, the life of a command
// (created → sent → acknowledged → succeeded, a late or contrary word refused), timing out, slot
// grants, and the usual log.

const API = '/api/zxgxg-api';

interface Command {
  id: string;
  state: string;
  kind: string;
  params: Record<string, unknown>;
  reason: string | null;
  requestId: string;
  createUserName: string | null;
}

describe.each(enginesUnderTest())('machine commands on %s', (kind) => {
  let t: TestApp;
  let hospitalId: string;
  let seq = 0;
  const requestId = () => `req-${kind}-${++seq}`;

  const call = (method: 'GET' | 'POST', url: string, payload?: object, token?: string) =>
    t.call({ method, url: `${API}${url}`, ...(payload ? { payload } : {}) }, token);
  const machine = async (machineNo: string) => {
    const res = await call('POST', '/machine/submit', {
      machineNo,
      machineName: machineNo,
      hospitalId,
      slotCount: 3,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: string; machineNo: string; deviceSecret: string };
  };
  const device = (m: { machineNo: string; deviceSecret: string }, url: string, payload: object = {}) =>
    t.call(
      {
        method: 'POST',
        url: `${API}/device${url}`,
        payload,
        headers: { 'machine-no': m.machineNo, 'machine-secret': m.deviceSecret },
      },
      null,
    );
  const command = (
    machineId: string,
    commandKind: string,
    params?: object,
    id = requestId(),
    token?: string,
  ) =>
    call(
      'POST',
      '/machine/command',
      { machineId, kind: commandKind, ...(params ? { params } : {}), requestId: id },
      token,
    );
  const detail = async (id: string) => (await call('GET', `/command/detail?id=${id}`)).body.data as Command;

  beforeAll(async () => {
    t = await startTestApp(kind);
    hospitalId = (await call('POST', '/hospital/submit', { hospitalCode: 'CMD1', hospitalName: '指令医院' }))
      .body.data.id;
  });
  afterAll(() => t?.close());

  it('sends a command in the heartbeat’s answer and follows the machine’s word to its end, once per requestId', async () => {
    const m = await machine('CMD-A1');
    // Offline (never heard from): refused, nothing stored.
    const offline = await command(m.id, 'reboot');
    expect([offline.status, offline.body.msg]).toEqual([400, '机器 CMD-A1 不在线，不能下发指令']);
    expect((await call('GET', `/command/list?machineId=${m.id}`)).body.data.total).toBe(0);

    expect((await device(m, '/heartbeat')).status).toBe(200);
    const id = requestId();
    const sent = await command(m.id, 'open-slot', { slotNo: 2 }, id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const made = sent.body.data as Command;
    expect(made).toMatchObject({ kind: 'open-slot', params: { slotNo: 2 }, state: 'created', requestId: id });
    expect(made.createUserName).toBeTruthy();
    // The same request again (a retry): the same command, nothing new.
    const again = await command(m.id, 'open-slot', { slotNo: 2 }, id);
    expect(again.body.data.id).toBe(made.id);
    expect((await command(m.id, 'reboot', undefined, id)).status).toBe(400);
    expect((await call('GET', `/command/list?machineId=${m.id}`)).body.data.total).toBe(1);

    // The heartbeat's answer carries it: sent.
    const beat = await device(m, '/heartbeat');
    expect(beat.body.data.commands).toEqual([
      { id: made.id, kind: 'open-slot', params: { slotNo: 2 }, expiresAt: expect.any(String) },
    ]);
    expect((await detail(made.id)).state).toBe('sent');
    for (const state of ['acknowledged', 'succeeded'])
      expect((await device(m, '/command-result', { id: made.id, state, reason: '已打开' })).status).toBe(200);
    expect(await detail(made.id)).toMatchObject({ state: 'succeeded', reason: '已打开' });
    // Said again: taken; said otherwise: 409; a command it does not have: 404.
    expect((await device(m, '/command-result', { id: made.id, state: 'succeeded' })).status).toBe(200);
    const contrary = await device(m, '/command-result', { id: made.id, state: 'failed', reason: 'x' });
    expect([contrary.status, contrary.body.msg]).toEqual([409, `指令 ${made.id} 已结束（succeeded）`]);
    expect((await device(m, '/command-result', { id: '1', state: 'failed' })).status).toBe(404);
    // No longer waiting: the next answer has no commands.
    expect((await device(m, '/heartbeat')).body.data.commands).toEqual([]);

    // A failure keeps the machine's reason.
    const reboot = (await command(m.id, 'reboot')).body.data as Command;
    await device(m, '/command-result', { id: reboot.id, state: 'failed', reason: '正在出货，稍后重启' });
    expect(await detail(reboot.id)).toMatchObject({ state: 'failed', reason: '正在出货，稍后重启' });
    const failed = await call('GET', `/command/list?machineId=${m.id}&state=failed`);
    expect(failed.body.data.records.map((c: Command) => c.id)).toEqual([reboot.id]);

    await t.app.logWriter.flush();
    const logged = await t.store.db
      .selectFrom('blade_log_usual')
      .select(['log_id', 'log_data', 'create_by'])
      .where('log_id', 'like', 'machine-command%')
      .execute();
    expect(logged.filter((row) => row.log_id === 'machine-command').map((row) => row.create_by)).toEqual([
      'admin',
      'admin',
    ]);
    // Stored as a message key with its arguments, shown in the reader's language.
    const failure = logged.find(
      (row) => row.log_id === 'machine-command-result' && row.log_data?.includes('command.log.failed'),
    );
    expect(failure?.log_data).toContain('正在出货，稍后重启');
  });

  it('times a command out when it has not ended in its kind’s time, and takes no word on it then', async () => {
    const m = await machine('CMD-B1');
    await device(m, '/heartbeat');
    const made = (await command(m.id, 'check-update')).body.data as Command;
    await t.store.db
      .updateTable('zx_machine_command')
      .set({ timeout_time: new Date(Date.now() - 1_000) })
      .where('id', '=', BigInt(made.id))
      .execute();
    expect((await detail(made.id)).state).toBe('timed-out');
    const timedOut = await call('GET', `/command/list?machineId=${m.id}&state=timed-out`);
    expect(timedOut.body.data.records.map((c: Command) => c.id)).toEqual([made.id]);
    expect((await call('GET', `/command/list?machineId=${m.id}&state=created`)).body.data.total).toBe(0);
    const late = await device(m, '/command-result', { id: made.id, state: 'succeeded' });
    expect([late.status, late.body.msg]).toEqual([409, `指令 ${made.id} 已超时`]);
    expect((await device(m, '/heartbeat')).body.data.commands).toEqual([]);
  });

  it('refuses bad input, and holds operators to their button and their slots', async () => {
    const m = await machine('CMD-C1');
    await device(m, '/heartbeat');
    for (const [body, status] of [
      [{ machineId: m.id, kind: 'self-destruct', requestId: requestId() }, 400],
      [{ machineId: m.id, kind: 'open-slot', requestId: requestId() }, 400],
      [{ machineId: m.id, kind: 'open-slot', params: { slotNo: 4 }, requestId: requestId() }, 400],
      [{ machineId: m.id, kind: 'reboot', params: { slotNo: 1 }, requestId: requestId() }, 400],
      [{ machineId: m.id, kind: 'reboot', requestId: 'has spaces' }, 400],
      [{ machineId: '1', kind: 'reboot', requestId: requestId() }, 404],
    ] as const) {
      const res = await call('POST', '/machine/command', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
    }
    expect((await call('GET', `/command/list?machineId=${m.id}`)).body.data.total).toBe(0);
    expect((await call('GET', '/command/list?state=lost')).status).toBe(400);

    // Without 远程指令: 403. With it, granted slot 1 only: slot 1 opens, slot 2 does not; another
    // machine is not there for them.
    const viewer = await createOperator(t, ['business', 'machine', 'machine_view']);
    expect((await command(m.id, 'reboot', undefined, requestId(), viewer.token)).status).toBe(403);
    const operator = await createOperator(t, ['business', 'machine', 'machine_view', 'machine_command']);
    const slots = await call('GET', `/slot/list?machineId=${m.id}&ascs=slot_no`);
    const first = slots.body.data.records[0].id as string;
    expect(
      (await call('POST', '/slot/grant/slot', { userIds: [operator.userId], slotIds: [first] })).status,
    ).toBe(200);
    expect((await command(m.id, 'open-slot', { slotNo: 1 }, requestId(), operator.token)).status).toBe(200);
    expect((await command(m.id, 'open-slot', { slotNo: 2 }, requestId(), operator.token)).status).toBe(400);
    const other = await machine('CMD-C2');
    await device(other, '/heartbeat');
    expect((await command(other.id, 'reboot', undefined, requestId(), operator.token)).status).toBe(404);
    await command(other.id, 'reboot');
    const seen = await call('GET', '/command/list?size=100', undefined, operator.token);
    expect(new Set(seen.body.data.records.map((c: { machineNo: string }) => c.machineNo))).toEqual(
      new Set(['CMD-C1']),
    );
  });
});
