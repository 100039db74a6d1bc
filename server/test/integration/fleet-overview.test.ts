import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator } from './support/accounts.js';
import { enginesUnderTest } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Issue 50: 设备总览, the fleet per hospital: machines online, offline and at fault, slots in use and
// at fault, as the caller sees them (an operator: their granted machines only).

const API = '/api/zxgxg-api';

describe.each(enginesUnderTest())('the fleet board on %s', (kind) => {
  let t: TestApp;

  const ok = async (method: 'GET' | 'POST', url: string, payload?: object, token?: string) => {
    const res = await t.call({ method, url: `${API}${url}`, ...(payload ? { payload } : {}) }, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const beat = (m: { machineNo: string; deviceSecret: string }, slots: object[] = []) =>
    t.call(
      {
        method: 'POST',
        url: `${API}/device/heartbeat`,
        payload: { slots },
        headers: { 'machine-no': m.machineNo, 'machine-secret': m.deviceSecret },
      },
      null,
    );

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it('counts machines and slots per hospital, within an operator’s grants', async () => {
    const a = (await ok('POST', '/hospital/submit', { hospitalCode: 'FA', hospitalName: '甲院' })).id;
    const b = (await ok('POST', '/hospital/submit', { hospitalCode: 'FB', hospitalName: '乙院' })).id;
    const machine = (machineNo: string, hospitalId: string, runStatus = 1) =>
      ok('POST', '/machine/submit', {
        machineNo,
        machineName: machineNo,
        hospitalId,
        slotCount: 2,
        runStatus,
      });
    const a1 = await machine('FL-A1', a);
    const a2 = await machine('FL-A2', a);
    const a3 = await machine('FL-A3', a);
    const b1 = await machine('FL-B1', b, 2);
    await beat(a1, [
      { slotNo: 1, status: 2 },
      { slotNo: 2, status: 3 },
    ]);
    await beat(a2, [{ slotNo: 1, status: 2 }]);
    await beat(b1);

    const board = (await ok('GET', '/fleet/overview')) as Array<Record<string, unknown>>;
    expect(board.filter((row) => row.hospitalName === '甲院' || row.hospitalName === '乙院')).toEqual([
      {
        hospitalId: a,
        hospitalName: '甲院',
        machines: 3,
        online: 2,
        offline: 1,
        fault: 0,
        slots: 6,
        slotsInUse: 2,
        slotsFault: 1,
      },
      {
        hospitalId: b,
        hospitalName: '乙院',
        machines: 1,
        online: 1,
        offline: 0,
        fault: 1,
        slots: 2,
        slotsInUse: 0,
        slotsFault: 0,
      },
    ]);
    expect(a3.id).toBeDefined();

    const operator = await createOperator(t, ['business', 'fleet']);
    await ok('POST', '/slot/grant/machine', { userIds: [operator.userId], machineNos: ['FL-A1'] });
    const theirs = (await ok('GET', '/fleet/overview', undefined, operator.token)) as Array<
      Record<string, unknown>
    >;
    expect(theirs).toEqual([
      {
        hospitalId: a,
        hospitalName: '甲院',
        machines: 1,
        online: 1,
        offline: 0,
        fault: 0,
        slots: 2,
        slotsInUse: 1,
        slotsFault: 1,
      },
    ]);
    const stranger = await createOperator(t, ['business', 'hospital']);
    expect((await t.call({ method: 'GET', url: `${API}/fleet/overview` }, stranger.token)).status).toBe(403);
  });
});
