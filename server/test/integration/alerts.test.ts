import { RESOURCE_STATUS, SMS_CATEGORY } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuId } from '../../src/db/seed/menus.js';
import { SmsRepository } from '../../src/modules/resource/sms/sms.repository.js';
import { createAccount } from './support/accounts.js';
import { enginesUnderTest } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Issue 50: alerts (告警中心). Rules watch machines silent longer than their minutes, slots at fault,
// failed updates and refunds waiting longer than their hours, within their hospitals; the platform's
// 告警巡检 job opens one incident per subject and tells the rule's roles once (a message; an SMS where
// the rule asks and the tenant has SMS settings), and closes it with a "recovered" message when the
// subject clears. Bad rules are refused.

const API = '/api/zxgxg-api';
const SWEEP_JOB = menuId('blade_job:alert-sweep');

describe.each(enginesUnderTest())('alerts on %s', (kind) => {
  let t: TestApp;

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.call({ method, url: `${API}${url}`, ...(payload ? { payload } : {}) });
  const ok = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await call(method, url, payload);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
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
  /** The sweep's runs already counted by an earlier call of sweep(). */
  const counted: Array<bigint | string> = [];
  /**
   * Runs the sweep now, as its minute would, and answers what the sweeps since the last call (or the
   * file's start) opened and recovered: the job's own minute (second 30) may have swept too, anywhere
   * between two calls on a loaded machine (even while a test was still adding its rules), and then
   * the run asked for finds part of the work done.
   */
  const sweep = async () => {
    const runsSince = (ids: Array<bigint | string>) =>
      t.store.db
        .selectFrom('blade_job_run')
        .select(['id', 'outcome', 'output', 'trigger_kind'])
        .where('job_id', '=', BigInt(SWEEP_JOB))
        .where('id', 'not in', ids.length > 0 ? ids : [0n])
        .execute();
    const before = [...counted];
    expect((await t.call({ method: 'POST', url: `/api/blade-system/job/run?ids=${SWEEP_JOB}` })).status).toBe(
      200,
    );
    const ended = async () => {
      const runs = await runsSince(before);
      return (
        runs.some((run) => run.trigger_kind === 'manual') && runs.every((run) => run.outcome === 'success')
      );
    };
    await expect.poll(ended, { timeout: 10_000 }).toBe(true);
    let opened = 0;
    let recovered = 0;
    for (const run of await runsSince(before)) {
      // One that began after the wait (the job's own minute) is the next call's.
      if (run.outcome !== 'success') continue;
      counted.push(run.id);
      const counts = /opened (\d+), recovered (\d+)$/.exec(run.output ?? '');
      expect(counts, run.output ?? '').not.toBeNull();
      opened += Number(counts![1]);
      recovered += Number(counts![2]);
    }
    return `opened ${opened}, recovered ${recovered}`;
  };
  const titlesTo = async (userId: string) =>
    (
      await t.store.db
        .selectFrom('blade_message')
        .select('title')
        .where('user_id', '=', BigInt(userId))
        .orderBy('id')
        .execute()
    ).map((row) => row.title);

  beforeAll(async () => {
    t = await startTestApp(kind);
    // What the template's sweeps left, if any, is not this file's.
    const earlier = await t.store.db
      .selectFrom('blade_job_run')
      .select('id')
      .where('job_id', '=', BigInt(SWEEP_JOB))
      .execute();
    counted.push(...earlier.map((run) => run.id));
  });
  afterAll(() => t?.close());

  it('opens one incident per subject, tells the rule’s roles once, and says when it recovered', async () => {
    const ha = (await ok('POST', '/hospital/submit', { hospitalCode: 'AL1', hospitalName: '告警甲院' })).id;
    const hb = (await ok('POST', '/hospital/submit', { hospitalCode: 'AL2', hospitalName: '告警乙院' })).id;
    const machine = (machineNo: string, hospitalId: string) =>
      ok('POST', '/machine/submit', { machineNo, machineName: machineNo, hospitalId, slotCount: 2 });
    const m1 = await machine('AL-M1', ha);
    const m2 = await machine('AL-M2', hb);
    // M1: a slot at fault, then silent for two hours; M2 (another hospital) silent too.
    await device(m1, '/heartbeat', { slots: [{ slotNo: 1, status: 3 }] });
    await device(m2, '/heartbeat', {});
    await t.store.db
      .updateTable('zx_machine')
      .set({ last_heartbeat_time: new Date(Date.now() - 2 * 3_600_000) })
      .where('id', 'in', [BigInt(m1.id), BigInt(m2.id)])
      .execute();
    const refund = (
      await device(m1, '/refund-request', {
        orderNo: 'AL-ORDER-1',
        slotNo: 2,
        orderAmount: 500,
        refundAmount: 500,
      })
    ).body.data;
    await t.store.db
      .updateTable('zx_refund_review')
      .set({ apply_time: new Date(Date.now() - 3 * 3_600_000) })
      .where('id', '=', BigInt(refund.id))
      .execute();

    // The people told: a role of operators, one with a phone; the tenant sends SMS (the log provider).
    const ops = await createAccount(t, { roles: [{ alias: 'ops', menuIds: [menuId('business')] }] });
    await t.store.db
      .updateTable('blade_user')
      .set({ phone: '13900050001' })
      .where('id', '=', BigInt(ops.userId))
      .execute();
    await new SmsRepository(t.store).insert(
      { tenantId: '000000', userId: null, deptId: null },
      { category: SMS_CATEGORY.LOG, smsCode: 'alerts', status: RESOURCE_STATUS.ENABLED },
    );
    const roleIds = ops.roleIds.join(',');

    // Bad rules: nothing saved.
    for (const [body, msg] of [
      [
        { ruleName: '失联', kind: 'machine-silent', roleIds },
        '规则 machine-silent 须设置阈值（失联分钟数或等待小时数）',
      ],
      [{ ruleName: '失联', kind: 'machine-silent', threshold: 30, roleIds: '1' }, '通知角色须是本租户的角色'],
      [
        { ruleName: '失联', kind: 'machine-silent', threshold: 30, roleIds, hospitalIds: '1' },
        '医院须是本租户的医院',
      ],
    ] as const) {
      const res = await call('POST', '/alert-rule/submit', body);
      expect([res.status, res.body.msg]).toEqual([400, msg]);
    }
    expect((await ok('GET', '/alert-rule/list')).total).toBe(0);

    await ok('POST', '/alert-rule/submit', {
      ruleName: '甲院失联',
      kind: 'machine-silent',
      threshold: 30,
      roleIds,
      hospitalIds: ha,
    });
    await ok('POST', '/alert-rule/submit', { ruleName: '格口故障', kind: 'slot-fault', roleIds, sms: 1 });
    await ok('POST', '/alert-rule/submit', {
      ruleName: '退款积压',
      kind: 'refund-waiting',
      threshold: 1,
      roleIds,
    });
    await ok('POST', '/alert-rule/submit', { ruleName: '升级失败', kind: 'update-failed', roleIds });
    // A failed update, as a staged update records it.
    await t.store.db
      .insertInto('zx_rollout_machine')
      .values({
        id: BigInt(t.store.ids.next()),
        tenant_id: '000000',
        rollout_id: 1n,
        machine_id: BigInt(m1.id),
        machine_no: m1.machineNo,
        stage_seq: 0,
        state: 'failed',
        reason: '签名不符',
        update_time: new Date(),
      })
      .execute();

    expect(await sweep()).toMatch(/opened 4, recovered 0$/);
    const open = await ok('GET', '/alert/list?state=open&size=50');
    expect(open.records.map((a: { subject: string }) => a.subject).sort()).toEqual(
      [
        '机器 AL-M1',
        '机器 AL-M1 升级失败：签名不符',
        '机器 AL-M1 的 1 号格口故障',
        '退款 AL-ORDER-1 待审核',
      ].sort(),
    );
    expect(await titlesTo(ops.userId)).toHaveLength(4);
    // Not again at the next sweep.
    expect(await sweep()).toMatch(/opened 0, recovered 0$/);
    expect(await titlesTo(ops.userId)).toHaveLength(4);
    // The slot rule asked for an SMS: one, to the operator's phone.
    await t.app.logWriter.flush();
    const texted = await t.store.db
      .selectFrom('blade_log_usual')
      .select('params')
      .where('log_id', '=', 'sms')
      .execute();
    expect(texted.map((row) => JSON.parse(row.params ?? '{}').phones)).toEqual([['13900050001']]);

    // Cleared: M1 beats with its slot fixed, the refund is decided, the update installed.
    await device(m1, '/heartbeat', { slots: [{ slotNo: 1, status: 0 }] });
    await ok('POST', `/refund/review/agree?id=${refund.id}`);
    await t.store.db
      .updateTable('zx_rollout_machine')
      .set({ state: 'installed' })
      .where('machine_id', '=', BigInt(m1.id))
      .execute();
    expect(await sweep()).toMatch(/opened 0, recovered 4$/);
    const titles = await titlesTo(ops.userId);
    expect(titles.filter((title) => title.startsWith('已恢复：'))).toHaveLength(4);
    expect(titles).toContain('告警：机器 AL-M1');
    expect(titles).toContain('已恢复：机器 AL-M1');
    expect((await ok('GET', '/alert/list?state=open')).total).toBe(0);
    expect((await ok('GET', '/alert/list?state=closed')).total).toBe(4);
  });
});
