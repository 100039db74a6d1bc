import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { MemoryCache } from '../../src/core/cache/memory-cache.js';
import { SEED_IDS } from '../../src/db/seed/seed.js';
import { LEAVE_MODEL_XML } from '../../src/db/seed/leave-model.js';
import { createAccount, createOperator, WORK_CODES } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { md5, SABER_BASIC, startTestApp, type TestApp } from './support/test-app.js';

// The leave process (issue 17): a 2-day request approved by the approver, a 5-day one that also needs
// a manager, a rejection returned to the applicant who resubmits, then withdraws; the record's state
// follows; a step is taken by a second app built on the same database (a restarted server: nothing
// in memory carries over).

const LEAVE = '/api/blade-desk/process/leave';
const WORK = '/api/blade-flow/work';

describe.each(oneEngineFor(import.meta.url))('leave requests on %s', (kind) => {
  let t: TestApp;
  let definitionId: string;
  let applicant: { userId: string; token: string };
  let approver: { userId: string; token: string };
  let manager: { userId: string; token: string };

  const get = (url: string, token: string) => t.call({ method: 'GET', url }, token);
  const apply = (days: number, extra: object = {}) =>
    t.call(
      {
        method: 'POST',
        url: `${LEAVE}/start-process`,
        payload: {
          processDefinitionId: definitionId,
          leaveType: 1,
          startTime: '2026-12-01 09:00:00',
          endTime: `2026-12-${String(1 + days).padStart(2, '0')} 09:00:00`,
          days,
          reason: '家中有事',
          taskUser: approver.userId,
          ...extra,
        },
      },
      applicant.token,
    );
  const todo = async (token: string) =>
    (await get(`${WORK}/todo-list`, token)).body.data.records as Array<Record<string, string>>;
  const complete = (token: string, task: Record<string, string>, flag: string, variables: object = {}) =>
    t.call(
      {
        method: 'POST',
        url: `${WORK}/complete-task`,
        payload: {
          taskId: task.taskId,
          processInstanceId: task.processInstanceId,
          flag,
          comment: flag,
          variables,
        },
      },
      token,
    );
  const state = async (businessId: string) =>
    (await get(`${LEAVE}/detail?businessId=${businessId}`, applicant.token)).body.data;

  beforeAll(async () => {
    t = await startTestApp(kind);
    applicant = await createOperator(t, WORK_CODES);
    // The seeded leave process: what the start list offers from day one.
    const offered = (await get(`${WORK}/start-list`, applicant.token)).body.data.records as Array<{
      id: string;
      key: string;
    }>;
    definitionId = offered.find((d) => d.key === 'Leave')!.id;
    // (A definition's diagram is the process pages': the administrator's here.)
    const view = await get(
      `/api/blade-flow/process/model-view?processDefinitionId=${definitionId}`,
      t.adminToken,
    );
    expect(view.body.data.xml).toBe(LEAVE_MODEL_XML);
    approver = await createOperator(t, WORK_CODES);
    // The manager: a user given the seeded 经理 role (alias manager, the model's role:manager).
    const roles = (await get('/api/blade-system/role/list', t.adminToken)).body.data as Array<{
      id: string;
      roleAlias: string;
      roleName: string;
    }>;
    const managerRole = roles.find((role) => role.roleAlias === 'manager');
    expect(managerRole?.roleName).toBe('经理');
    const created = await t.call({
      method: 'POST',
      url: '/api/blade-user/submit',
      payload: {
        account: 'leave_manager',
        password: md5('Manager-2024'),
        password2: md5('Manager-2024'),
        realName: '经理',
        roleId: managerRole!.id,
        deptId: SEED_IDS.dept,
      },
    });
    expect(created.status).toBe(200);
    const signedIn = await t.signIn('leave_manager', 'Manager-2024');
    manager = { userId: created.body.data.id, token: signedIn.body.access_token };
  });

  afterAll(async () => {
    await t?.close();
  });

  it('approves a 2-day leave in one step; the record follows its process', async () => {
    const started = await apply(2);
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({
      days: 2,
      leaveState: 1,
      startTime: '2026-12-01 09:00:00',
      taskUser: approver.userId,
    });
    const id = started.body.data.id as string;
    const [task] = await todo(approver.token);
    expect(task).toMatchObject({
      taskName: '审批人审批',
      businessId: id,
      businessTable: 'blade_process_leave',
    });
    expect((await complete(approver.token, task!, 'ok')).status).toBe(200);
    const detail = await state(id);
    expect(detail).toMatchObject({ leaveState: 2, processInstanceId: task!.processInstanceId });
    expect(detail.flow.map((h: { historyActivityId: string }) => h.historyActivityId)).toContain(
      'approvedEnd',
    );
  });

  it('sends a 5-day leave on to a manager, through a restarted server; a rejection returns it, it is resubmitted, then withdrawn', async () => {
    const id = (await apply(5)).body.data.id as string;
    const [first] = await todo(approver.token);
    expect((await complete(approver.token, first!, 'ok')).status).toBe(200);
    expect((await state(id)).leaveState).toBe(1);

    // The manager claims and rejects on another app over the same database: no engine in memory.
    const restarted = await buildApp({
      config: { logLevel: 'silent', webDist: null, socialProviders: [], dataDir: t.dataDir },
      store: t.store,
      cache: new MemoryCache(),
      jwtSecret: t.jwtSecret,
      dataKey: new Uint8Array(randomBytes(32)),
      ping: t.database.ping,
    });
    try {
      const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
        const res = await restarted.inject({
          method,
          url,
          ...(payload ? { payload } : {}),
          headers: { authorization: SABER_BASIC, 'blade-auth': `bearer ${manager.token}` },
        });
        return { status: res.statusCode, body: JSON.parse(res.body) };
      };
      const [claimable] = (await call('GET', `${WORK}/claim-list`)).body.data.records;
      expect(claimable).toMatchObject({ taskName: '上级审批', businessId: id });
      expect((await call('POST', `${WORK}/claim-task?taskId=${claimable.taskId}`)).status).toBe(200);
      const rejected = await call('POST', `${WORK}/complete-task`, {
        taskId: claimable.taskId,
        processInstanceId: claimable.processInstanceId,
        flag: 'reject',
        comment: '时间太长',
      });
      expect(rejected.status).toBe(200);
    } finally {
      await restarted.close();
    }
    expect((await state(id)).leaveState).toBe(3);

    const [adjust] = await todo(applicant.token);
    expect(adjust).toMatchObject({ taskName: '调整申请', businessId: id });
    expect((await complete(applicant.token, adjust!, 'ok', { resubmit: true })).status).toBe(200);
    expect((await state(id)).leaveState).toBe(1);
    const [again] = await todo(approver.token);
    // The approver cannot take the applicant's step: applyUser is not the assignee's to set.
    const takeOver = await complete(approver.token, again!, 'reject', { applyUser: approver.userId });
    expect(takeOver.status).toBe(400);
    expect(takeOver.body.msg).toContain(' applyUser：');
    expect((await complete(approver.token, again!, 'reject')).status).toBe(200);
    const [adjustAgain] = await todo(applicant.token);
    expect((await complete(applicant.token, adjustAgain!, 'reject', { resubmit: false })).status).toBe(200);
    const detail = await state(id);
    expect(detail.leaveState).toBe(4);
    expect(detail.flow.at(-1)).toMatchObject({ historyActivityId: 'withdrawnEnd' });
  });

  it('offers the approvers to choose from (active users of the tenant, names only) and the route of the leave category', async () => {
    const disabled = await createAccount(t, { userStatus: 0 });
    const elsewhere = await createAccount(t, { tenantId: '123456' });
    const listed = await get('/api/blade-user/user-list', applicant.token);
    expect(listed.status).toBe(200);
    const users = listed.body.data as Array<Record<string, unknown>>;
    const ids = users.map((user) => user.id);
    expect(ids).toEqual(expect.arrayContaining([applicant.userId, approver.userId, manager.userId]));
    expect(ids).not.toContain(disabled.userId);
    expect(ids).not.toContain(elsewhere.userId);
    for (const user of users)
      expect(Object.keys(user).sort()).toEqual(['account', 'deptId', 'id', 'name', 'realName']);
    expect((await t.call({ method: 'GET', url: '/api/blade-user/user-list' }, null)).status).toBe(401);

    // Spec §3, flow route dict: the seeded definition's category flow_1 is the dictionary's item 1.
    const flow = (await get('/api/blade-system/dict/dictionary?code=flow', applicant.token)).body
      .data as Array<{
      dictKey: string;
      remark: string | null;
    }>;
    expect(flow.find((item) => item.dictKey === '1')?.remark).toBe('/work/process/leave');
  });

  it('refuses a leave with bad times or no approver, and starts nothing', async () => {
    const before = (await get(`${WORK}/send-list?current=1&size=1`, applicant.token)).body.data.total;
    expect((await apply(2, { endTime: '2026-11-30 09:00:00' })).body.msg).toBe('结束时间应晚于开始时间');
    expect((await apply(2, { startTime: 'tomorrow' })).status).toBe(400);
    expect((await apply(2, { taskUser: '' })).status).toBe(400);
    expect((await apply(2, { taskUser: applicant.userId })).body.msg).toBe('审批人不能是申请人本人');
    const elsewhere = await createAccount(t, { tenantId: '123456' });
    expect((await apply(2, { taskUser: elsewhere.userId })).body.msg).toBe('审批人不存在，请重新选择');
    expect((await get(`${WORK}/send-list?current=1&size=1`, applicant.token)).body.data.total).toBe(before);
  });

  it('copies users on starting (抄送): they read the request, others do not (issue 51)', async () => {
    const reader = await createOperator(t, WORK_CODES);
    const stranger = await createOperator(t, WORK_CODES);
    const elsewhere = await createAccount(t, { tenantId: '123457' });
    const before = (await get(`${WORK}/send-list?current=1&size=1`, applicant.token)).body.data.total;
    const refused = await apply(2, { copyUserIds: [elsewhere.userId] });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('用户不存在或已停用，请重新选择');
    expect((await get(`${WORK}/send-list?current=1&size=1`, applicant.token)).body.data.total).toBe(before);

    const started = await apply(2, { copyUserIds: [reader.userId] });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const id = started.body.data.id as string;
    const copies = (await get(`${WORK}/copy-list`, reader.token)).body.data.records as Array<{
      processInstanceId: string;
    }>;
    expect(copies.map((c) => c.processInstanceId)).toContain(started.body.data.processInstanceId);
    const read = await get(`${LEAVE}/detail?businessId=${id}`, reader.token);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data).toMatchObject({ id, reason: '家中有事' });
    expect((await get(`${LEAVE}/detail?businessId=${id}`, stranger.token)).status).toBe(404);
    // Ended, so that the approver's to-do list is as the next test expects it.
    const ended = await t.call({
      method: 'POST',
      url: `/api/blade-flow/follow/delete-process-instance?processInstanceId=${started.body.data.processInstanceId}&deleteReason=x`,
    });
    expect(ended.status).toBe(200);
  });

  it('marks the request deleted when its process is deleted', async () => {
    const id = (await apply(1)).body.data.id as string;
    const instanceId = (await state(id)).processInstanceId;
    const removed = await t.call({
      method: 'POST',
      url: `/api/blade-flow/follow/delete-process-instance?processInstanceId=${instanceId}&deleteReason=x`,
    });
    expect(removed.status).toBe(200);
    expect((await state(id)).leaveState).toBe(5);
    expect(await todo(approver.token)).toEqual([]);
  });
});
