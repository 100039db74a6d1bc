import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuId } from '../../src/db/seed/menus.js';
import { createAccount, createOperator, signInAs, WORK_CODES } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// A process step sets only what it declares (security.md S15; issue 44 items 1 and 2): an approver
// cannot rewrite the leave's days to skip the manager, the generic start cannot start the leave
// process around its form's rules, and a start takes only the variables its definition declares.
// Every refusal is a 400 naming the variable (or the form) and changes nothing.

const LEAVE = '/api/blade-desk/process/leave';
const WORK = '/api/blade-flow/work';
const MODEL = '/api/blade-flow/model';

/** A process without a form: its start event declares `approver` and `days` (camunda's formData). */
const ERRAND = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" targetNamespace="t">
  <process id="Errand" name="外出" isExecutable="true">
    <startEvent id="start" name="发起">
      <extensionElements>
        <camunda:formData><camunda:formField id="approver"/><camunda:formField id="days"/></camunda:formData>
      </extensionElements>
    </startEvent>
    <sequenceFlow id="toFirst" sourceRef="start" targetRef="first" />
    <userTask id="first" name="审批" flowable:assignee="\${approver}" />
    <sequenceFlow id="toEnd" sourceRef="first" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

/** The leave model's text as databases seeded before the declarations hold it. */
const UNDECLARED_LEAVE = readFileSync(
  new URL('../fixtures/leave-model-undeclared.bpmn', import.meta.url),
  'utf8',
);

type Row = Record<string, string>;

describe.each(oneEngineFor(import.meta.url))('what a process step may set on %s', (kind) => {
  let t: TestApp;
  let leaveDefinitionId: string;
  let errandDefinitionId: string;
  let applicant: { userId: string; token: string };
  let ed: { userId: string; token: string };
  let manager: { userId: string; token: string };

  const get = async (url: string, token: string) => (await t.call({ method: 'GET', url }, token)).body;
  const post = (url: string, payload: object, token: string, headers: Record<string, string> = {}) =>
    t.call({ method: 'POST', url, payload, headers }, token);
  const apply = (days: number) =>
    post(
      `${LEAVE}/start-process`,
      {
        processDefinitionId: leaveDefinitionId,
        leaveType: 1,
        startTime: '2026-12-01 09:00:00',
        endTime: `2026-12-${String(1 + days).padStart(2, '0')} 09:00:00`,
        days,
        reason: '家中有事',
        taskUser: ed.userId,
      },
      applicant.token,
    );
  const todo = async (token: string) => (await get(`${WORK}/todo-list`, token)).data.records as Row[];
  const complete = (token: string, task: Row, flag: string, variables?: object, headers = {}) =>
    post(
      `${WORK}/complete-task`,
      {
        taskId: task.taskId,
        processInstanceId: task.processInstanceId,
        flag,
        comment: flag,
        ...(variables ? { variables } : {}),
      },
      token,
      headers,
    );
  const historyRows = async (instanceId: string) =>
    (await get(`/api/blade-flow/process/history-flow-list?processInstanceId=${instanceId}`, applicant.token))
      .data as Row[];
  const history = async (instanceId: string) =>
    (await historyRows(instanceId)).map((row) => row.historyActivityId);
  const sent = async () => (await get(`${WORK}/send-list?current=1&size=100`, applicant.token)).data;
  /** What a refused step must leave as it was: the instance, its history, the task, the record. */
  const snapshot = async (instanceId: string, businessId: string) => ({
    instance: (await sent()).records.find((r: Row) => r.processInstanceId === instanceId),
    history: await historyRows(instanceId),
    todo: await todo(ed.token),
    done: await get(`${WORK}/done-list`, ed.token),
    leave: await get(`${LEAVE}/detail?businessId=${businessId}`, applicant.token),
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    applicant = await createOperator(t, WORK_CODES);
    ed = await createOperator(t, WORK_CODES);
    const account = await createAccount(t, {
      roles: [{ alias: 'manager', menuIds: WORK_CODES.map(menuId) }],
    });
    manager = { userId: account.userId, token: (await signInAs(t, account)).access_token };
    const offered = (await get(`${WORK}/start-list`, applicant.token)).data.records as Row[];
    leaveDefinitionId = offered.find((d) => d.key === 'Leave')!.id!;
    const model = await post(
      `${MODEL}/submit`,
      { modelKey: 'Errand', name: '外出', xml: ERRAND },
      t.adminToken,
    );
    const deployed = await t.call({ method: 'POST', url: `${MODEL}/deploy?modelId=${model.body.data.id}` });
    errandDefinitionId = deployed.body.data[0].id;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('refuses an approver who sets the days of a 10-day leave, naming `days`; the manager still reviews it', async () => {
    const leave = (await apply(10)).body.data as Row;
    const [task] = await todo(ed.token);
    expect(task).toMatchObject({ taskDefinitionKey: 'approverAudit', businessId: leave.id });
    const before = await snapshot(task!.processInstanceId!, leave.id!);

    const refused = await complete(ed.token, task!, 'ok', { days: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 400,
      success: false,
      msg: '任务「审批人审批」不能设置变量 days：只能设置该任务声明的表单字段',
    });
    const english = await complete(ed.token, task!, 'ok', { days: 1 }, { 'accept-language': 'en' });
    expect(english.body.msg).toBe(
      'The task “审批人审批” cannot set the variable days: only the form fields it declares',
    );
    // Who started, and what another step decides, are not the approver's either.
    for (const variable of ['applyUser', 'initiator', 'taskUser', 'resubmit']) {
      const other = await complete(ed.token, task!, 'ok', { [variable]: ed.userId });
      expect(other.status).toBe(400);
      expect(other.body.msg).toContain(` ${variable}：`);
    }
    // Nothing changed: the task is still open, the instance and its history as they were.
    expect(await snapshot(task!.processInstanceId!, leave.id!)).toEqual(before);

    // The decision and the comment are the task's own (declared), and take it on to the manager.
    expect((await complete(ed.token, task!, 'ok', { pass: true, comment: '同意' })).status).toBe(200);
    expect(await history(task!.processInstanceId!)).toEqual([
      'start',
      'approverAudit',
      'approverDecision',
      'managerAudit',
    ]);
    const claimable = (await get(`${WORK}/claim-list`, manager.token)).data.records as Row[];
    expect(claimable.map((c) => c.processInstanceId)).toContain(task!.processInstanceId);
  });

  it('sends the control without variables on to managerAudit', async () => {
    const leave = (await apply(10)).body.data as Row;
    const [task] = await todo(ed.token);
    expect(task!.businessId).toBe(leave.id);
    expect((await complete(ed.token, task!, 'ok')).status).toBe(200);
    const flow = await history(task!.processInstanceId!);
    expect(flow).toContain('managerAudit');
    expect(flow).not.toContain('approvedEnd');
  });

  it('refuses the leave process on the generic start, naming its form; nothing is started', async () => {
    const before = (await sent()).total;
    for (const variables of [{ taskUser: applicant.userId, days: 1 }, {}]) {
      const refused = await post(
        `${WORK}/start-process`,
        { processDefinitionId: leaveDefinitionId, variables },
        applicant.token,
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 400,
        success: false,
        msg: '流程 请假流程 只能从其业务表单发起（/api/blade-desk/process/leave/start-process）',
      });
    }
    expect((await sent()).total).toBe(before);
    expect(await todo(applicant.token)).toEqual([]);
  });

  it('starts a process without a form with the variables it declares, and refuses any other', async () => {
    const start = (variables: object) =>
      post(`${WORK}/start-process`, { processDefinitionId: errandDefinitionId, variables }, applicant.token);
    const before = (await sent()).total;
    for (const [variables, name] of [
      [{ approver: ed.userId, days: 1, skip: true }, 'skip'],
      [{ approver: ed.userId, applyUser: ed.userId }, 'applyUser'],
      [{ initiator: ed.userId }, 'initiator'],
    ] as const) {
      const refused = await start(variables);
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe(`发起流程不能设置变量 ${name}：「发起」没有声明该表单字段`);
    }
    expect((await sent()).total).toBe(before);

    const started = await start({ approver: ed.userId, days: 2 });
    expect(started.status).toBe(200);
    const [task] = (await todo(ed.token)).filter((row) => row.processDefinitionId === errandDefinitionId);
    expect(task).toMatchObject({ taskName: '审批', startUser: applicant.userId });
    // A task that declares nothing may set only the decision and the comment.
    expect((await complete(ed.token, task!, 'ok', { approver: applicant.userId })).body.msg).toBe(
      '任务「审批」不能设置变量 approver：只能设置该任务声明的表单字段',
    );
    expect((await complete(ed.token, task!, 'ok')).status).toBe(200);
  });

  it('starts only the leave process from the leave form', async () => {
    const before = (await sent()).total;
    const refused = await post(
      `${LEAVE}/start-process`,
      {
        processDefinitionId: errandDefinitionId,
        startTime: '2026-12-01 09:00:00',
        endTime: '2026-12-02 09:00:00',
        days: 1,
        reason: '家中有事',
        taskUser: ed.userId,
      },
      applicant.token,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('流程 外出 不属于该表单，不能从这里发起');
    expect((await sent()).total).toBe(before);
  });

  it('holds the same rules for the leave model stored before its declarations', async () => {
    await t.store.db
      .updateTable('blade_flow_definition')
      .set({ xml: UNDECLARED_LEAVE })
      .where('process_key', '=', 'Leave')
      .execute();
    // (A definition's diagram is the process pages': the administrator's here.)
    const view = await get(
      `/api/blade-flow/process/model-view?processDefinitionId=${leaveDefinitionId}`,
      t.adminToken,
    );
    expect(view.data.xml).toBe(UNDECLARED_LEAVE);

    const leave = (await apply(10)).body.data as Row;
    const [task] = await todo(ed.token);
    expect(task!.businessId).toBe(leave.id);
    expect((await complete(ed.token, task!, 'ok', { days: 1 })).body.msg).toContain(' days：');
    expect((await complete(ed.token, task!, 'reject')).status).toBe(200);
    // The applicant's adjust step still resubmits (declared by the model it is read as).
    const [adjust] = await todo(applicant.token);
    expect(adjust).toMatchObject({ taskDefinitionKey: 'applicantAdjust', businessId: leave.id });
    expect((await complete(applicant.token, adjust!, 'ok', { resubmit: true, days: 1 })).status).toBe(400);
    expect((await complete(applicant.token, adjust!, 'ok', { resubmit: true })).status).toBe(200);
    expect((await todo(ed.token)).map((row) => row.businessId)).toContain(leave.id);
  });
});
