import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createOperator, createTenantAdmin, WORK_CODES } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Issue 51, part A: the actions on a task (return, transfer, delegate, an administrator's
// reassignment), on a request (recall, withdraw, nudge) and the copies (抄送), each in the history.

const MODEL = '/api/blade-flow/model';
const WORK = '/api/blade-flow/work';
const PROCESS = '/api/blade-flow/process';

/** Two steps: the approver's, then the checker's. */
const CHAIN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
  <process id="Chain" name="两级审批" isExecutable="true">
    <startEvent id="begin">
      <extensionElements>
        <flowable:formProperty id="approver" /><flowable:formProperty id="checker" />
      </extensionElements>
    </startEvent>
    <sequenceFlow id="toFirst" sourceRef="begin" targetRef="first" />
    <userTask id="first" name="初审" flowable:assignee="\${approver}" />
    <sequenceFlow id="toSecond" sourceRef="first" targetRef="second" />
    <userTask id="second" name="复审" flowable:assignee="\${checker}" />
    <sequenceFlow id="toEnd" sourceRef="second" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

type Row = Record<string, string | null>;
type User = { userId: string; token: string };

describe.each(oneEngineFor(import.meta.url))('task actions on %s', (kind) => {
  let t: TestApp;
  let definitionId: string;
  const users: Record<'applicant' | 'approver' | 'checker' | 'other' | 'reader', User> = {} as never;

  const get = (url: string, token: string) => t.call({ method: 'GET', url }, token);
  const post = (url: string, payload: object, token: string) =>
    t.call({ method: 'POST', url, payload }, token);
  const start = async (copyUserIds?: string[]) => {
    const res = await post(
      `${WORK}/start-process`,
      {
        processDefinitionId: definitionId,
        variables: { approver: users.approver.userId, checker: users.checker.userId },
        ...(copyUserIds ? { copyUserIds } : {}),
      },
      users.applicant.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.processInstanceId as string;
  };
  const todo = async (user: User, instanceId: string) =>
    ((await get(`${WORK}/todo-list?size=100`, user.token)).body.data.records as Row[]).filter(
      (r) => r.processInstanceId === instanceId,
    );
  const complete = (user: User, task: Row, payload: object = {}) =>
    post(
      `${WORK}/complete-task`,
      { taskId: task.taskId, processInstanceId: task.processInstanceId, flag: 'ok', ...payload },
      user.token,
    );
  const history = async (instanceId: string) =>
    (await get(`${PROCESS}/history-flow-list?processInstanceId=${instanceId}`, users.applicant.token)).body
      .data as Row[];
  const actions = async (instanceId: string) =>
    (await history(instanceId))
      .filter((h) => h.action)
      .map((h) => ({ action: h.action, who: h.assignee, task: h.historyActivityName, comment: h.comment }));
  const sent = async (instanceId: string) =>
    ((await get(`${WORK}/send-list?size=100`, users.applicant.token)).body.data.records as Row[]).find(
      (r) => r.processInstanceId === instanceId,
    );
  const titles = async (user: User) =>
    ((await get('/api/blade-desk/message/list?size=100', user.token)).body.data.records as Row[]).map(
      (m) => m.title,
    );
  /** First step passed by the approver: the checker's task waits. */
  const atSecond = async (copyUserIds?: string[]) => {
    const instanceId = await start();
    const [first] = await todo(users.approver, instanceId);
    expect((await complete(users.approver, first!, copyUserIds ? { copyUserIds } : {})).status).toBe(200);
    const [second] = await todo(users.checker, instanceId);
    expect(second).toMatchObject({ taskName: '复审' });
    return { instanceId, first: first!, second: second! };
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    const model = await t.call({
      method: 'POST',
      url: `${MODEL}/submit`,
      payload: { modelKey: 'Chain', name: '两级审批', xml: CHAIN },
    });
    const deployed = await t.call({ method: 'POST', url: `${MODEL}/deploy?modelId=${model.body.data.id}` });
    definitionId = deployed.body.data[0].id;
    for (const name of ['applicant', 'approver', 'checker', 'other'] as const)
      users[name] = await createOperator(t, [...WORK_CODES, 'work_send', 'flow_follow']);
    // Only 我的事务: reads an instance only when it takes part (or was copied).
    users.reader = await createOperator(t, [...WORK_CODES]);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('returns a task to the previous step: the reason in their to-do list, the resubmission straight back', async () => {
    const { approver, checker } = users;
    const { instanceId, second } = await atSecond();

    // Refused, nothing changed: not the assignee, an unknown task, a target never passed.
    expect(
      (await post(`${WORK}/return-task`, { taskId: second.taskId, target: 'previous' }, approver.token))
        .status,
    ).toBe(403);
    const unknown = await post(
      `${WORK}/return-task`,
      { taskId: '999999999', target: 'previous' },
      checker.token,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 404 });
    const never = await post(
      `${WORK}/return-task`,
      { taskId: second.taskId, target: 'second' },
      checker.token,
    );
    expect(never.status).toBe(400);
    expect(never.body.msg).toContain('不能退回到 second');
    expect(await todo(checker, instanceId)).toHaveLength(1);

    const returned = await post(
      `${WORK}/return-task`,
      { taskId: second.taskId, target: 'previous', comment: '金额不对' },
      checker.token,
    );
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(await todo(checker, instanceId)).toEqual([]);
    const [back] = await todo(approver, instanceId);
    expect(back).toMatchObject({
      taskName: '初审',
      taskDefinitionKey: 'first',
      kind: 'returned',
      fromUser: checker.userId,
      fromComment: '金额不对',
    });
    expect(await titles(approver)).toContain('退回：两级审批 · 初审');
    // A returned task is resubmitted, not returned or handed on.
    const again = await post(
      `${WORK}/return-task`,
      { taskId: back!.taskId, target: 'initiator' },
      approver.token,
    );
    expect(again.status).toBe(400);

    expect((await complete(approver, back!, { comment: '已改' })).status).toBe(200);
    expect(await todo(approver, instanceId)).toEqual([]);
    // Straight back to the task that returned it: the same task, the checker's again.
    const [reopened] = await todo(checker, instanceId);
    expect(reopened).toMatchObject({ taskId: second.taskId, kind: 'task' });
    expect(await titles(checker)).toContain('已重新提交：两级审批 · 复审');
    expect((await complete(checker, reopened!)).status).toBe(200);
    expect(await sent(instanceId)).toMatchObject({ status: 2 });
    expect(await actions(instanceId)).toEqual([
      { action: 'return', who: checker.userId, task: '复审', comment: '金额不对' },
      { action: 'resubmit', who: approver.userId, task: '初审', comment: '已改' },
    ]);
  });

  it('returns a task to the initiator or to a step passed, by its key; offers those targets', async () => {
    const { applicant, approver, checker } = users;
    const { instanceId, second } = await atSecond();
    const targets = (await get(`${WORK}/return-targets?taskId=${second.taskId}`, checker.token)).body.data;
    expect(targets).toEqual([
      expect.objectContaining({ target: 'first', taskName: '初审', assignee: approver.userId }),
      expect.objectContaining({ target: 'initiator', assignee: applicant.userId }),
    ]);
    expect((await get(`${WORK}/return-targets?taskId=${second.taskId}`, approver.token)).status).toBe(403);

    expect(
      (
        await post(
          `${WORK}/return-task`,
          { taskId: second.taskId, target: 'initiator', comment: '补材料' },
          checker.token,
        )
      ).status,
    ).toBe(200);
    const [mine] = await todo(applicant, instanceId);
    expect(mine).toMatchObject({ kind: 'returned', fromComment: '补材料', taskDefinitionKey: 'begin' });
    expect((await complete(applicant, mine!)).status).toBe(200);
    const [reopened] = await todo(checker, instanceId);
    expect(reopened!.taskId).toBe(second.taskId);

    expect(
      (
        await post(
          `${WORK}/return-task`,
          { taskId: second.taskId, target: 'first', comment: '再看' },
          checker.token,
        )
      ).status,
    ).toBe(200);
    const [toApprover] = await todo(approver, instanceId);
    expect(toApprover).toMatchObject({ kind: 'returned', taskDefinitionKey: 'first', fromComment: '再看' });
  });

  it('recalls a request nobody acted on; refuses it after the first approval', async () => {
    const { applicant, approver, checker } = users;
    const instanceId = await start();
    expect((await post(`${WORK}/recall`, { processInstanceId: instanceId }, approver.token)).status).toBe(
      403,
    );
    expect((await post(`${WORK}/recall`, { processInstanceId: instanceId }, applicant.token)).status).toBe(
      200,
    );
    expect(await todo(approver, instanceId)).toEqual([]);
    const [mine] = await todo(applicant, instanceId);
    expect(mine).toMatchObject({ kind: 'returned' });
    expect((await post(`${WORK}/recall`, { processInstanceId: instanceId }, applicant.token)).status).toBe(
      400,
    );
    expect((await complete(applicant, mine!)).status).toBe(200);
    const [first] = await todo(approver, instanceId);
    expect(first).toMatchObject({ taskName: '初审', kind: 'task' });
    // Nobody but the initiator has acted yet: recalled again, resubmitted again.
    expect((await post(`${WORK}/recall`, { processInstanceId: instanceId }, applicant.token)).status).toBe(
      200,
    );
    const [again] = await todo(applicant, instanceId);
    expect((await complete(applicant, again!)).status).toBe(200);
    expect(await todo(approver, instanceId)).toEqual([expect.objectContaining({ taskId: first!.taskId })]);

    expect((await complete(approver, first!)).status).toBe(200);
    const refused = await post(`${WORK}/recall`, { processInstanceId: instanceId }, applicant.token);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('流程已有人办理，不能撤回；可以撤销整个申请');
    expect(await todo(applicant, instanceId)).toEqual([]);
    expect(await todo(checker, instanceId)).toHaveLength(1);
    expect((await actions(instanceId)).map((a) => a.action)).toEqual([
      'recall',
      'resubmit',
      'recall',
      'resubmit',
    ]);
  });

  it('transfers a task to another user of the tenant only; an administrator reassigns any task', async () => {
    const { approver, checker, other } = users;
    const instanceId = await start();
    const [task] = await todo(approver, instanceId);
    const transfer = (userId: string, token = approver.token, taskId = task!.taskId) =>
      post(`${WORK}/transfer-task`, { taskId, userId, comment: '请代办' }, token);

    const stranger = await createTenantAdmin(t, '510051');
    const disabled = await createAccount(t, { userStatus: 0, roles: [{ menuIds: [] }] });
    for (const userId of [stranger.userId, disabled.userId, '999999999']) {
      const res = await transfer(userId);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('用户不存在或已停用，请重新选择');
    }
    expect((await transfer(approver.userId)).body.msg).toBe('不能转办或委派给自己');
    expect((await transfer(checker.userId, other.token)).status).toBe(403);
    expect((await transfer(checker.userId, approver.token, '999999999')).status).toBe(404);
    // Another tenant's administrator does not see the task at all.
    expect((await transfer(stranger.userId, stranger.token)).status).toBe(404);
    expect(await todo(approver, instanceId)).toEqual([expect.objectContaining({ taskId: task!.taskId })]);
    expect(await actions(instanceId)).toEqual([]);

    expect((await transfer(other.userId)).status).toBe(200);
    expect(await todo(approver, instanceId)).toEqual([]);
    expect(await todo(other, instanceId)).toEqual([
      expect.objectContaining({ taskId: task!.taskId, fromUser: approver.userId, fromComment: '请代办' }),
    ]);
    expect(await titles(other)).toContain('转办给您：两级审批 · 初审');

    // 流程跟踪's 转办 (flow_follow_reassign): the tenant's administrator, not a user without it.
    const reassign = (token?: string) =>
      t.call(
        {
          method: 'POST',
          url: '/api/blade-flow/follow/reassign-task',
          payload: { taskId: task!.taskId, userId: approver.userId, comment: '调整' },
        },
        token,
      );
    expect((await reassign(other.token)).status).toBe(403);
    const open = await t.call({
      method: 'GET',
      url: `/api/blade-flow/follow/open-tasks?processInstanceId=${instanceId}`,
    });
    expect(open.body.data).toEqual([
      expect.objectContaining({ taskId: task!.taskId, assignee: other.userId }),
    ]);
    expect((await reassign()).status).toBe(200);
    expect(await todo(approver, instanceId)).toHaveLength(1);
    expect((await actions(instanceId)).map((a) => a.action)).toEqual(['transfer', 'reassign']);
  });

  it('delegates a task: the delegate acts and it comes back to the owner to finish', async () => {
    const { approver, checker, other } = users;
    const instanceId = await start();
    const [task] = await todo(approver, instanceId);
    expect(
      (
        await post(
          `${WORK}/delegate-task`,
          { taskId: task!.taskId, userId: other.userId, comment: '帮看' },
          approver.token,
        )
      ).status,
    ).toBe(200);
    const [delegated] = await todo(other, instanceId);
    expect(delegated).toMatchObject({ kind: 'delegated', fromUser: approver.userId, fromComment: '帮看' });
    expect(await todo(approver, instanceId)).toEqual([]);
    // The delegate neither hands it on nor lets the owner act meanwhile.
    expect(
      (await post(`${WORK}/transfer-task`, { taskId: task!.taskId, userId: checker.userId }, other.token))
        .status,
    ).toBe(400);
    expect((await complete(approver, task!)).status).toBe(403);

    expect((await complete(other, delegated!, { comment: '没问题' })).status).toBe(200);
    const [back] = await todo(approver, instanceId);
    expect(back).toMatchObject({
      taskId: task!.taskId,
      kind: 'task',
      fromUser: other.userId,
      fromComment: '没问题',
    });
    expect(await titles(approver)).toContain('委派已办理：两级审批 · 初审');
    // The step did not move: the owner finishes it.
    expect(await todo(checker, instanceId)).toEqual([]);
    expect((await complete(approver, back!)).status).toBe(200);
    expect(await todo(checker, instanceId)).toHaveLength(1);
    expect(await actions(instanceId)).toEqual([
      { action: 'delegate', who: approver.userId, task: '初审', comment: '帮看' },
      { action: 'resolve', who: other.userId, task: '初审', comment: '没问题' },
    ]);
  });

  it('nudges the current assignee through the message center, once an hour', async () => {
    const { applicant, approver } = users;
    const instanceId = await start();
    const nudge = (token: string) =>
      post(`${WORK}/nudge`, { processInstanceId: instanceId, comment: '急' }, token);
    expect((await nudge(approver.token)).status).toBe(403);
    const first = await nudge(applicant.token);
    expect(first.status).toBe(200);
    expect(first.body.msg).toBe('已催办');
    expect(await titles(approver)).toContain('催办：两级审批 · 初审');
    const second = await nudge(applicant.token);
    expect(second.status).toBe(400);
    expect(second.body.msg).toMatch(/^每个任务一小时内只能催办一次，请于 (60|59) 分钟后再催办$/);
    expect((await titles(approver)).filter((title) => title === '催办：两级审批 · 初审')).toHaveLength(1);
    expect(await actions(instanceId)).toEqual([
      { action: 'nudge', who: applicant.userId, task: '初审', comment: '急' },
    ]);
  });

  it('copies a request: the copied read it and its diagram, with read state', async () => {
    const { applicant, approver, reader } = users;
    const stranger = await createTenantAdmin(t, '510052');
    const before = await start();
    expect((await get(`${PROCESS}/model-view?processInstanceId=${before}`, reader.token)).status).toBe(404);

    // A user of another tenant cannot be copied: the completion is refused and changes nothing.
    const instanceId = await start();
    const [first] = await todo(approver, instanceId);
    const refused = await complete(approver, first!, { copyUserIds: [stranger.userId] });
    expect(refused.status).toBe(400);
    expect(await todo(approver, instanceId)).toHaveLength(1);

    expect((await complete(approver, first!, { copyUserIds: [reader.userId] })).status).toBe(200);
    const copied = await start([reader.userId]);
    expect(await titles(reader)).toEqual(
      expect.arrayContaining(['抄送：两级审批 · 初审', '抄送：两级审批 · 两级审批']),
    );
    const list = async (query = '') =>
      (await get(`${WORK}/copy-list?current=1&size=10${query}`, reader.token)).body.data as {
        total: number;
        records: Array<Omit<Row, 'readFlag'> & { id: string; readFlag: number }>;
      };
    const page = await list();
    expect(page.total).toBe(2);
    expect(page.records.map((r) => r.processInstanceId)).toEqual([copied, instanceId]);
    expect(page.records[1]).toMatchObject({
      taskName: '初审',
      fromUser: approver.userId,
      startUser: applicant.userId,
      readFlag: 0,
      readTime: null,
    });
    expect((await get(`${PROCESS}/model-view?processInstanceId=${instanceId}`, reader.token)).status).toBe(
      200,
    );
    expect((await get(`${PROCESS}/history-flow-list?processInstanceId=${copied}`, reader.token)).status).toBe(
      200,
    );

    // Read: the older copy, then unread first puts the newer first, by time the newer first too.
    const older = page.records[1]!.id!;
    const read = await post(`${WORK}/read-copy`, { ids: [older] }, reader.token);
    expect(read.body.data).toBe(1);
    // Another's copies change nothing.
    expect((await post(`${WORK}/read-copy`, { ids: [page.records[0]!.id!] }, approver.token)).body.data).toBe(
      0,
    );
    expect((await post(`${WORK}/read-copy`, { ids: [older] }, stranger.token)).body.data).toBe(0);
    const after = await list();
    expect(after.records.map((r) => [r.processInstanceId, r.readFlag])).toEqual([
      [copied, 0],
      [instanceId, 1],
    ]);
    expect(after.records[1]!.readTime).not.toBeNull();
    expect((await post(`${WORK}/read-copy`, { ids: [page.records[0]!.id!] }, reader.token)).body.data).toBe(
      1,
    );
    expect((await list('&order=time')).records.map((r) => r.processInstanceId)).toEqual([copied, instanceId]);
    // Unread first: a new copy comes first whatever its age… and read ones follow newest first.
    expect((await list()).records.every((r) => r.readFlag === 1)).toBe(true);
    expect((await get(`${WORK}/copy-list`, stranger.token)).body.data.total).toBe(0);
    expect((await actions(instanceId)).map((a) => a.action)).toEqual(['copy']);
  });

  it('withdraws a request before its end: the process ends as withdrawn', async () => {
    const { applicant, approver } = users;
    const instanceId = await start();
    const withdraw = (token: string) =>
      post(`${WORK}/withdraw`, { processInstanceId: instanceId, comment: '不需要了' }, token);
    expect((await withdraw(approver.token)).status).toBe(403);
    const res = await withdraw(applicant.token);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('申请已撤销');
    expect(await sent(instanceId)).toMatchObject({ status: 4, deleteReason: '不需要了', currentNodes: null });
    expect(await todo(approver, instanceId)).toEqual([]);
    expect(await titles(approver)).toContain('已撤销：两级审批 · 初审');
    expect((await withdraw(applicant.token)).status).toBe(400);
    expect((await post(`${WORK}/nudge`, { processInstanceId: instanceId }, applicant.token)).status).toBe(
      400,
    );
    expect(await actions(instanceId)).toEqual([
      { action: 'withdraw', who: applicant.userId, task: '初审', comment: '不需要了' },
    ]);
  });

  it('withdraws a request that was returned: the held tasks end with it', async () => {
    const { applicant, checker } = users;
    const { instanceId, second } = await atSecond();
    await post(`${WORK}/return-task`, { taskId: second.taskId, target: 'initiator' }, checker.token);
    const [mine] = await todo(applicant, instanceId);
    expect((await post(`${WORK}/withdraw`, { processInstanceId: instanceId }, applicant.token)).status).toBe(
      200,
    );
    expect(await todo(applicant, instanceId)).toEqual([]);
    expect((await complete(applicant, mine!)).status).toBe(400);
    expect(await todo(checker, instanceId)).toEqual([]);
  });
});
