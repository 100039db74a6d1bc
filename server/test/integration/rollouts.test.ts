import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/repository/store.js';
import { ApkRepository } from '../../src/modules/business/apk/apk.repository.js';
import { enginesUnderTest } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Issue 50: staged updates (灰度发布), as HTTP machines see them in their heartbeat's answer. A
// published version goes to one machine, then a hospital, then everyone; machines report their
// progress, the rollout's page counts it per stage and lists the failures; a pause offers it to no
// machine new to it; a stage with a time gate opens the next by itself while failures stay under its
// threshold; a rollback offers the version before to the machines that had the new one. Bad stages
// are refused.

const API = '/api/zxgxg-api';
const PACKAGE = 'com.zxgxg.rollout';

interface Offer {
  versionCode: number;
  rollback?: boolean;
}

describe.each(enginesUnderTest())('staged updates on %s', (kind) => {
  let t: TestApp;
  const hospital: Record<string, string> = {};
  const machines: Record<string, { id: string; machineNo: string; deviceSecret: string }> = {};
  const apk: Record<number, string> = {};

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.call({ method, url: `${API}${url}`, ...(payload ? { payload } : {}) });
  const ok = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await call(method, url, payload);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const device = (machineNo: string, url: string, payload: object) =>
    t.call(
      {
        method: 'POST',
        url: `${API}/device${url}`,
        payload,
        headers: { 'machine-no': machineNo, 'machine-secret': machines[machineNo]!.deviceSecret },
      },
      null,
    );
  /** The heartbeat's update offer to the machine running `running`. */
  const offerTo = async (machineNo: string, running: number): Promise<Offer | null> => {
    const res = await device(machineNo, '/heartbeat', { apkPackageName: PACKAGE, apkVersionCode: running });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.update;
  };
  const versionOf = async (machineNo: string, running: number) =>
    (await offerTo(machineNo, running))?.versionCode ?? null;
  const published = async (versionCode: number, publishStatus = 1) => {
    const actor: Actor = { tenantId: '000000', userId: null, deptId: null };
    return new ApkRepository(t.store).insert(actor, {
      appName: '灰度柜',
      packageName: PACKAGE,
      versionName: `1.${versionCode}`,
      versionCode,
      fileUrl: `/oss/local/000000/upload/20261207/v${versionCode}.apk`,
      fileSize: 1000 + versionCode,
      md5: 'a'.repeat(32),
      forceUpdate: 0,
      publishStatus,
      publishTime: null,
    });
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const code of ['RA', 'RB', 'RC'])
      hospital[code] = (
        await ok('POST', '/hospital/submit', { hospitalCode: `RO${code}`, hospitalName: `灰度${code}` })
      ).id;
    // A1–A3 in hospital RA, B1–B3 in RB; RC has none. All run version 100.
    for (const [no, code] of [
      ['RO-A1', 'RA'],
      ['RO-A2', 'RA'],
      ['RO-A3', 'RA'],
      ['RO-B1', 'RB'],
      ['RO-B2', 'RB'],
      ['RO-B3', 'RB'],
    ] as const) {
      machines[no] = await ok('POST', '/machine/submit', {
        machineNo: no,
        machineName: no,
        hospitalId: hospital[code],
        slotCount: 1,
      });
      await device(no, '/heartbeat', { apkPackageName: PACKAGE, apkVersionCode: 100 });
    }
    apk[100] = await published(100);
    apk[110] = await published(110);
    apk[120] = await published(120, 0);
    // Written straight to the table: announced as the apk service announces its changes, so that
    // the heartbeats' snapshot of the versions is read again.
    await t.app.events.changed('000000', 'apk');
  });
  afterAll(() => t?.close());

  it('refuses stages that overlap, add nobody or name what is not there, and a version not published', async () => {
    const submit = (stages: object[], apkId = apk[110]!) =>
      call('POST', '/rollout/submit', { apkId, stages });
    const one = { cohort: 'machines', ids: [machines['RO-A1']!.id], gate: 'manual' };
    const cases: Array<[object[], string]> = [
      [
        [one, { cohort: 'machines', ids: [machines['RO-A1']!.id], gate: 'manual' }],
        '第 2 阶段与前面的阶段有重叠',
      ],
      [[{ cohort: 'hospitals', ids: [hospital.RA], gate: 'manual' }, one], '第 2 阶段与前面的阶段有重叠'],
      [[one, { cohort: 'hospitals', ids: [hospital.RC], gate: 'manual' }], '第 2 阶段不包含任何新的机器'],
      [
        [
          { cohort: 'percent', percent: 50, gate: 'manual' },
          { cohort: 'percent', percent: 50, gate: 'manual' },
        ],
        '第 2 阶段的比例须大于前面阶段的 50%',
      ],
      [[{ cohort: 'machines', ids: ['1'], gate: 'manual' }], '第 1 阶段包含不存在的医院或机器'],
      [[{ cohort: 'machines', ids: [], gate: 'manual' }], '第 1 阶段不包含任何新的机器'],
      [[{ ...one, gate: 'auto' }], '第 1 阶段自动放行须设置等待分钟数'],
    ];
    for (const [stages, msg] of cases) {
      const res = await submit(stages);
      expect([res.status, res.body.msg], JSON.stringify(stages)).toEqual([400, msg]);
    }
    const draft = await submit([one], apk[120]);
    expect([draft.status, draft.body.msg]).toEqual([400, '版本 1.120 尚未发布，不能灰度']);
    expect((await ok('GET', '/rollout/list')).total).toBe(0);
    // Nothing held the package: every machine is offered the newest published version.
    expect(await versionOf('RO-B3', 100)).toBe(110);
  });

  it('offers the version stage by stage, counts the machines’ progress, pauses, gates by time and rolls back', async () => {
    const rollout = await ok('POST', '/rollout/submit', {
      apkId: apk[110],
      stages: [
        { cohort: 'machines', ids: [machines['RO-A1']!.id], gate: 'manual' },
        { cohort: 'hospitals', ids: [hospital.RB], gate: 'auto', gateMinutes: 30, maxFailurePercent: 40 },
        { cohort: 'percent', percent: 100, gate: 'manual' },
      ],
    });
    expect(rollout).toMatchObject({
      state: 'running',
      currentStage: 0,
      versionName: '1.110',
      previousVersionName: '1.100',
    });
    expect(rollout.stages.map((stage: { machines: number }) => stage.machines)).toEqual([1, 3, 2]);
    // Another rollout of the package waits for this one.
    expect(
      (
        await call('POST', '/rollout/submit', {
          apkId: apk[110],
          stages: [{ cohort: 'percent', percent: 100, gate: 'manual' }],
        })
      ).body.msg,
    ).toBe(`${PACKAGE} 已有进行中的灰度发布，请先完成或回滚`);

    // Stage 1: A1 only.
    expect(await versionOf('RO-A1', 100)).toBe(110);
    expect(await versionOf('RO-A2', 100)).toBeNull();
    expect(await versionOf('RO-B1', 100)).toBeNull();
    for (const state of ['downloading', 'installing', 'installed'])
      expect(
        (await device('RO-A1', '/update-progress', { packageName: PACKAGE, versionCode: 110, state })).body
          .data,
      ).toEqual({ recorded: true });
    expect(await versionOf('RO-A1', 110)).toBeNull();
    // Progress on a version no rollout offered is not recorded.
    expect(
      (
        await device('RO-A2', '/update-progress', {
          packageName: PACKAGE,
          versionCode: 999,
          state: 'installed',
        })
      ).body.data,
    ).toEqual({ recorded: false });

    // Stage 2: hospital RB.
    await ok('POST', `/rollout/advance?id=${rollout.id}`);
    expect(await versionOf('RO-B1', 100)).toBe(110);
    expect(await versionOf('RO-B2', 100)).toBe(110);
    await device('RO-B1', '/update-progress', {
      packageName: PACKAGE,
      versionCode: 110,
      state: 'failed',
      reason: '存储空间不足',
    });
    const counted = await ok('GET', `/rollout/detail?id=${rollout.id}`);
    expect(counted.stages[0].counts).toMatchObject({ installed: 1, offered: 0 });
    expect(counted.stages[1].counts).toMatchObject({ failed: 1, offered: 1 });
    expect(counted.failures).toEqual([
      { machineNo: 'RO-B1', reason: '存储空间不足', updateTime: expect.any(String) },
    ]);

    // Paused: B3 (never offered) gets nothing new; B2 (offered) still gets it.
    await ok('POST', `/rollout/pause?id=${rollout.id}`);
    expect(await versionOf('RO-B3', 100)).toBeNull();
    expect(await versionOf('RO-B2', 100)).toBe(110);
    expect((await call('POST', `/rollout/pause?id=${rollout.id}`)).status).toBe(400);
    await ok('POST', `/rollout/resume?id=${rollout.id}`);

    // The time gate: not before 30 minutes, and only while at most 40 % of the machines offered it so
    // far (A1, B1, B2) failed.
    const opened = async (minutesAgo: number) => {
      const row = await t.store.db
        .selectFrom('zx_rollout')
        .select('stage_started')
        .where('id', '=', BigInt(rollout.id))
        .executeTakeFirstOrThrow();
      const times = JSON.parse(row.stage_started) as string[];
      times[1] = new Date(Date.now() - minutesAgo * 60_000).toISOString();
      await t.store.db
        .updateTable('zx_rollout')
        .set({ stage_started: JSON.stringify(times) })
        .where('id', '=', BigInt(rollout.id))
        .execute();
    };
    await opened(10);
    expect((await ok('GET', `/rollout/detail?id=${rollout.id}`)).currentStage).toBe(1);
    await device('RO-B2', '/update-progress', {
      packageName: PACKAGE,
      versionCode: 110,
      state: 'failed',
      reason: '签名不符',
    });
    await opened(31);
    // 2 of 3 failed: it stays.
    expect((await ok('GET', `/rollout/detail?id=${rollout.id}`)).currentStage).toBe(1);
    await device('RO-B2', '/update-progress', { packageName: PACKAGE, versionCode: 110, state: 'installed' });
    // 1 of 3: it opens stage 3 when next read (here: a machine's heartbeat), and A2 is offered it.
    expect(await versionOf('RO-A2', 100)).toBe(110);
    expect((await ok('GET', `/rollout/detail?id=${rollout.id}`)).currentStage).toBe(2);

    // Rolled back: the machines that had it are offered 100 (a rollback); the others nothing new.
    const back = await ok('POST', `/rollout/rollback?id=${rollout.id}`);
    expect(back.state).toBe('rolled-back');
    expect(await offerTo('RO-A1', 110)).toMatchObject({ versionCode: 100, rollback: true });
    expect(await offerTo('RO-A1', 100)).toBeNull();
    expect(await versionOf('RO-A3', 100)).toBeNull();
    expect((await call('POST', `/rollout/advance?id=${rollout.id}`)).status).toBe(400);

    await t.app.logWriter.flush();
    const logged = await t.store.db
      .selectFrom('blade_log_usual')
      .select('log_id')
      .where('log_id', 'like', 'rollout-%')
      .execute();
    expect(logged.map((row) => row.log_id).sort()).toEqual([
      'rollout-advance',
      'rollout-advance',
      'rollout-pause',
      'rollout-resume',
      'rollout-rollback',
      'rollout-submit',
    ]);
  });
});
