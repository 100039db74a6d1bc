import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_STATUS, SMS_CATEGORY } from '@console/contract';
import { menuId } from '../../src/db/seed/menus.js';
import { SmsRepository } from '../../src/modules/resource/sms/sms.repository.js';
import {
  createAccount,
  createOperator,
  createTenantAdmin,
  signInAs,
  type TestAccount,
} from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Issue 47: a refund request tells the users of its tenant who may review it (decision 0037,
// "Refunds"): live, enabled users holding refund_agree or refund_reject within the tenant's package
// whose slot grants cover the refund's machine or slot, and the tenant's administrators. Nobody
// else: not a holder of the buttons without the grant, not a disabled one, not another tenant's.

const API = '/api/zxgxg-api';
const TENANT = '730047';
const OTHER_TENANT = '730048';
/** The menus of a reviewer without the buttons, and those of one with them. */
const VIEW = ['business', 'refund'];

describe.each(oneEngineFor(import.meta.url))('refund request messages on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createTenantAdmin>>;
  let machine: { id: string; machineNo: string; deviceSecret: string };
  let slots: Array<{ id: string; slotNo: number }>;
  /** Users of TENANT (and two of OTHER_TENANT), by what they are: their ids. */
  const users: Record<string, string> = {};
  let agreer: TestAccount;

  const post = (url: string, payload?: object, token = admin.token) =>
    t.call({ method: 'POST', url: `${API}${url}`, payload }, token);
  const request = (orderNo: string, slotNo: number, extra: object = {}) =>
    t.call(
      {
        method: 'POST',
        url: `${API}/device/refund-request`,
        payload: { orderNo, slotNo, orderAmount: 1250, refundAmount: 300, ...extra },
        headers: { 'machine-no': machine.machineNo, 'machine-secret': machine.deviceSecret },
      },
      null,
    );
  /** Who was told of an order's refund request: the names of `users`, sorted. */
  const toldOf = async (orderNo: string) => {
    const rows = await t.store.db
      .selectFrom('blade_message')
      .select(['user_id', 'tenant_id'])
      .where('kind', '=', 'refund')
      .where('body', 'like', `订单号 ${orderNo}，%`)
      .execute();
    const names = new Map(Object.entries(users).map(([name, id]) => [id, name]));
    return rows
      .map((row) => `${row.tenant_id}:${names.get(String(row.user_id)) ?? String(row.user_id)}`)
      .sort();
  };
  /** What toldOf answers when exactly these users of TENANT were told. */
  const inTenant = (...names: string[]) => names.map((name) => `${TENANT}:${name}`).sort();
  const grantMachine = (userId: string) =>
    post('/slot/grant/machine', { userIds: [userId], machineNos: [machine.machineNo] });

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await createTenantAdmin(t, TENANT);
    users.admin = admin.userId;
    const hospital = await post('/hospital/submit', { hospitalCode: 'MSG', hospitalName: '消息医院' });
    expect(hospital.status, JSON.stringify(hospital.body)).toBe(200);
    const created = await post('/machine/submit', {
      machineNo: 'MSG-1',
      machineName: '消息柜',
      hospitalId: hospital.body.data.id,
      slotCount: 2,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    machine = created.body.data;
    slots = (
      await t.call(
        { method: 'GET', url: `${API}/slot/list?machineId=${machine.id}&ascs=slot_no` },
        admin.token,
      )
    ).body.data.records;

    const operator = async (name: string, codes: string[], options: { userStatus?: number } = {}) => {
      const user = await createAccount(t, {
        tenantId: TENANT,
        roles: [{ menuIds: codes.map(menuId) }],
        ...options,
      });
      users[name] = user.userId;
      return user;
    };
    // Both buttons, the whole machine granted.
    agreer = await operator('agreer', [...VIEW, 'refund_agree']);
    await grantMachine(agreer.userId);
    // Reject only, slot 1 granted: a reviewer of slot 1's refunds, not of slot 2's.
    const slotReviewer = await operator('slotReviewer', [...VIEW, 'refund_reject']);
    expect(
      (await post('/slot/grant/slot', { userIds: [slotReviewer.userId], slotIds: [slots[0]!.id] })).status,
    ).toBe(200);
    // The buttons without a grant of the machine.
    await operator('ungranted', [...VIEW, 'refund_agree', 'refund_reject']);
    // The machine granted, but no button that decides a refund.
    await grantMachine((await operator('viewer', [...VIEW, 'refund_view'])).userId);
    // The buttons and the machine, but disabled.
    await grantMachine((await operator('disabled', [...VIEW, 'refund_agree'], { userStatus: 0 })).userId);
    // The buttons through a second role, beside one without them.
    const twoRoles = await createAccount(t, {
      tenantId: TENANT,
      roles: [{ menuIds: VIEW.map(menuId) }, { menuIds: ['refund_reject'].map(menuId) }],
    });
    users.twoRoles = twoRoles.userId;
    await grantMachine(twoRoles.userId);
    // The buttons and the machine, but removed.
    const removed = await operator('removed', [...VIEW, 'refund_agree']);
    await grantMachine(removed.userId);
    await t.store.db
      .updateTable('blade_user')
      .set({ is_deleted: 1 })
      .where('id', '=', BigInt(removed.userId))
      .execute();
    // An administrator's role without any menu: administrators see every machine, and count.
    users.bareAdmin = (await createAccount(t, { tenantId: TENANT, roles: [{ alias: 'admin' }] })).userId;

    // Another tenant: its administrator and an operator holding the buttons there.
    const otherAdmin = await createTenantAdmin(t, OTHER_TENANT);
    users.otherAdmin = otherAdmin.userId;
    users.otherOperator = (
      await createOperator(t, [...VIEW, 'refund_agree', 'refund_reject'], { tenantId: OTHER_TENANT })
    ).userId;
    // Records naming a role of the other tenant: such a role is not held (as at sign-in), either way.
    const naming = async (name: string, tenantId: string, roleIds: string[]) => {
      users[name] = (await createAccount(t, { tenantId, roles: [] })).userId;
      await t.store.db
        .updateTable('blade_user')
        .set({ role_id: roleIds.join(',') })
        .where('id', '=', BigInt(users[name]!))
        .execute();
    };
    await naming('intruder', OTHER_TENANT, admin.roleIds);
    await naming('borrower', TENANT, otherAdmin.roleIds);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('tells exactly the reviewers of the refund’s machine, once the request is stored', async () => {
    const res = await request('MSG-A', 1, { reason: '格口未打开' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await toldOf('MSG-A')).toEqual(
      inTenant('admin', 'agreer', 'bareAdmin', 'slotReviewer', 'twoRoles'),
    );

    // Slot 2 is not the slot reviewer's.
    expect((await request('MSG-B', 2)).status).toBe(200);
    expect(await toldOf('MSG-B')).toEqual(inTenant('admin', 'agreer', 'bareAdmin', 'twoRoles'));

    // What they read: the hospital, the machine and the amount, linking the 退款审核 page.
    const inbox = await t.call(
      { method: 'GET', url: '/api/blade-desk/message/list?kind_equal=refund' },
      admin.token,
    );
    expect(inbox.body.data.records[1]).toMatchObject({
      kind: 'refund',
      title: '退款待审核：消息医院 · MSG-1 · 退款 ¥3.00',
      body: '订单号 MSG-A，订单金额 ¥12.50，申请退款 ¥3.00；退款原因：格口未打开',
      link: '/business/refund/index',
      readTime: null,
    });
    const { access_token: token } = await signInAs(t, agreer);
    expect(
      (await t.call({ method: 'GET', url: '/api/blade-desk/message/unread-count' }, token)).body.data,
    ).toMatchObject({ total: 2, refund: 2 });
  });

  it('tells nobody of a request that is refused, and follows grants and the tenant’s package as they change', async () => {
    // A second request for the same order is refused: no message.
    expect((await request('MSG-A', 1)).status).toBe(400);
    expect(await toldOf('MSG-A')).toHaveLength(5);

    // Granted the machine now, the holder of the buttons is told of the next request.
    expect((await grantMachine(users.ungranted!)).status).toBe(200);
    expect((await request('MSG-C', 2)).status).toBe(200);
    expect(await toldOf('MSG-C')).toEqual(inTenant('admin', 'agreer', 'bareAdmin', 'twoRoles', 'ungranted'));

    // A package without refund_reject (the page listed would bring all its buttons, so only the
    // buttons are): its holders no longer hold it; refund_agree's still do, and
    // the administrator (whose role the package regrants) is a reviewer whatever it holds.
    const pkg = await t.call({
      method: 'POST',
      url: '/api/blade-system/tenant-package/submit',
      payload: {
        packageName: '无拒绝退款',
        menuId: ['business', 'refund_view', 'refund_agree'].map(menuId).join(','),
      },
    });
    expect(pkg.status, JSON.stringify(pkg.body)).toBe(200);
    const set = await t.call({
      method: 'POST',
      url: `/api/blade-system/tenant/package-setting?tenantId=${TENANT}&packageId=${pkg.body.data.id}`,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await request('MSG-D', 1)).status).toBe(200);
    // slotReviewer and twoRoles held refund_reject only.
    expect(await toldOf('MSG-D')).toEqual(inTenant('admin', 'agreer', 'bareAdmin', 'ungranted'));
  });

  /** Runs a job of TENANT now, as its scheduled run would: answers the run's output once it succeeded. */
  async function runJob(handler: string, params: object): Promise<string | null> {
    const runId = await t.app.scheduler.runNow({
      id: t.store.ids.next(),
      tenantId: TENANT,
      jobName: handler,
      handler,
      params: JSON.stringify(params),
      cron: '0 0 9 * * *',
      misfire: 'skip',
      timeoutSeconds: 60,
      retries: 0,
      retryBackoffSeconds: 60,
      notifyUserIds: null,
      remark: null,
      createUser: null,
      createDept: null,
      createTime: null,
      updateUser: null,
      updateTime: null,
      status: 1,
      isDeleted: 0,
    });
    const run = () =>
      t.store.db
        .selectFrom('blade_job_run')
        .select(['outcome', 'output'])
        .where('id', '=', BigInt(runId!))
        .executeTakeFirstOrThrow();
    await expect.poll(async () => (await run()).outcome, { timeout: 5_000 }).toBe('success');
    return (await run()).output;
  }

  // Last: its reminders are refund messages too.
  it('reminds the same reviewers of a refund that waited too long (the refund-reminder job)', async () => {
    await t.store.db
      .updateTable('zx_refund_review')
      .set({ apply_time: new Date(Date.now() - 2 * 3_600_000) })
      .where('order_no', '=', 'MSG-A')
      .execute();
    const output = await runJob('refund-reminder', { hours: 1 });
    const reminded = async () => {
      const rows = await t.store.db
        .selectFrom('blade_message')
        .select('user_id')
        .where('kind', '=', 'refund')
        .where('title', 'like', '退款已等待审核超过 1 小时%')
        .execute();
      const names = new Map(Object.entries(users).map(([name, id]) => [id, name]));
      return rows.map((row) => `${TENANT}:${names.get(String(row.user_id)) ?? String(row.user_id)}`).sort();
    };
    // MSG-A waited two hours, MSG-B did not: only MSG-A's reviewers as they are now (the grants and
    // the package changed above) are reminded, once each.
    const told = await reminded();
    expect(told).toEqual(expect.arrayContaining(inTenant('admin', 'bareAdmin')));
    expect(new Set(told).size).toBe(told.length);
    expect(output).toBe(`refunds 1, messages ${told.length}`);
  });

  it('reports a machine gone silent to its operators, once (the machine-silent job)', async () => {
    await t.store.db
      .updateTable('zx_machine')
      .set({ last_heartbeat_time: new Date(Date.now() - 2 * 3_600_000) })
      .where('id', '=', BigInt(machine.id))
      .execute();
    const told = async () =>
      (
        await t.store.db
          .selectFrom('blade_message')
          .select('user_id')
          .where('kind', '=', 'machine')
          .where('title', 'like', `机器失联：${machine.machineNo}%`)
          .execute()
      )
        .map((row) => String(row.user_id))
        .sort();
    // The operators: the live users of the tenant granted the machine or one of its slots.
    const operators = [
      ...new Set(
        (
          await t.store.db
            .selectFrom('zx_slot_grant as g')
            .innerJoin('blade_user as u', 'u.id', 'g.user_id')
            .select('g.user_id')
            .where('g.machine_id', '=', BigInt(machine.id))
            .where('g.is_deleted', '=', 0)
            .where('u.is_deleted', '=', 0)
            .where('u.tenant_id', '=', TENANT)
            .execute()
        ).map((row) => String(row.user_id)),
      ),
    ].sort();
    expect(operators.length).toBeGreaterThan(0);

    const runOnce = () => runJob('machine-silent', { minutes: 30 });
    expect(await runOnce()).toBe('silent 1, reported 1');
    expect(await told()).toEqual(operators);
    // Still silent, already reported: nobody is told again.
    expect(await runOnce()).toBe('silent 1, reported 0');
    expect(await told()).toEqual(operators);

    // The operators have phones; heard from, then silent anew. Without SMS settings, no SMS.
    const phones = operators.map((_, i) => `1390047${String(i).padStart(4, '0')}`);
    for (const [i, id] of operators.entries())
      await t.store.db
        .updateTable('blade_user')
        .set({ phone: phones[i]! })
        .where('id', '=', BigInt(id))
        .execute();
    const silentAnew = (hours: number) =>
      t.store.db
        .updateTable('zx_machine')
        .set({ last_heartbeat_time: new Date(Date.now() - hours * 3_600_000) })
        .where('id', '=', BigInt(machine.id))
        .execute();
    await silentAnew(3);
    expect(await runOnce()).toBe('silent 1, reported 1, sms not set');
    // With the tenant's SMS settings enabled (the log provider), each operator gets one SMS; with
    // `sms: false`, none.
    await new SmsRepository(t.store).insert(
      { tenantId: TENANT, userId: null, deptId: null },
      { category: SMS_CATEGORY.LOG, smsCode: 'ops', status: RESOURCE_STATUS.ENABLED },
    );
    await silentAnew(4);
    expect(await runJob('machine-silent', { minutes: 30, sms: false })).toBe('silent 1, reported 1');
    await silentAnew(5);
    expect(await runOnce()).toBe(`silent 1, reported 1, sms sent ${operators.length}`);
    await t.app.logWriter.flush();
    const texted = await t.store.db
      .selectFrom('blade_log_usual')
      .select('params')
      .where('log_id', '=', 'sms')
      .where('tenant_id', '=', TENANT)
      .execute();
    const sent = texted.map(
      (row) => JSON.parse(row.params ?? '{}') as { phones: string[]; paramKeys: string[] },
    );
    expect(sent.flatMap((entry) => entry.phones).sort()).toEqual([...phones].sort());
    expect(sent[0]!.paramKeys.sort()).toEqual(['count', 'items', 'minutes']);
    expect(await told()).toHaveLength(operators.length * 4);
  });
});
