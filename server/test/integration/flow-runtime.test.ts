import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuId } from '../../src/db/seed/menus.js';
import {
  createAccount,
  createOperator,
  createTenantAdmin,
  signInAs,
  WORK_CODES,
} from './support/accounts.js';
import { REFUND_APPROVAL_KEY } from '../../src/db/seed/refund-process.js';
import { REPAIR_PROCESS_KEY } from '../../src/db/seed/repair-process.js';
import { enginesUnderTest } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// The seeded processes besides the leave: the machine repair and the refund's second approval.
const OTHER_SEEDED: readonly (string | undefined)[] = [REPAIR_PROCESS_KEY, REFUND_APPROVAL_KEY];

// Running processes (issue 17): start, the work lists, claim and complete with one winner, the
// history and the diagram's data, deleting an instance, suspended definitions, tenants.

const MODEL = '/api/blade-flow/model';
const WORK = '/api/blade-flow/work';

/**
 * First task to the approver chosen at start; more than 3 days also needs a manager (a role). Its
 * start event declares the two variables a start gives it (security.md S15).
 */
const REVIEW = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
  <process id="Review" name="评审" isExecutable="true">
    <startEvent id="start">
      <extensionElements>
        <flowable:formProperty id="approver" /><flowable:formProperty id="days" />
      </extensionElements>
    </startEvent>
    <sequenceFlow id="toFirst" sourceRef="start" targetRef="first" />
    <userTask id="first" name="审批人审批" flowable:assignee="\${approver}" />
    <sequenceFlow id="toGate" sourceRef="first" targetRef="gate" />
    <exclusiveGateway id="gate" default="toEnd" />
    <sequenceFlow id="toSecond" sourceRef="gate" targetRef="second"><conditionExpression>\${days > 3}</conditionExpression></sequenceFlow>
    <sequenceFlow id="toEnd" sourceRef="gate" targetRef="end" />
    <userTask id="second" name="经理审批" flowable:candidateGroups="role:manager" />
    <sequenceFlow id="secondToEnd" sourceRef="second" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

describe.each(enginesUnderTest())('running processes on %s', (kind) => {
  let t: TestApp;
  let definitionId: string;
  const users: Record<
    'applicant' | 'approver' | 'manager' | 'manager2' | 'bystander',
    { userId: string; token: string }
  > = {} as never;

  const get = (url: string, token: string) => t.call({ method: 'GET', url }, token);
  const start = (token: string, variables: object, id = definitionId) =>
    t.call(
      { method: 'POST', url: `${WORK}/start-process`, payload: { processDefinitionId: id, variables } },
      token,
    );
  const todo = async (token: string) =>
    (await get(`${WORK}/todo-list`, token)).body.data.records as Array<Record<string, string>>;
  const complete = (token: string, task: Record<string, string>, flag = 'ok', comment = '同意') =>
    t.call(
      {
        method: 'POST',
        url: `${WORK}/complete-task`,
        payload: { taskId: task.taskId, processInstanceId: task.processInstanceId, flag, comment },
      },
      token,
    );
  const inbox = async (token: string) =>
    (await get('/api/blade-desk/message/list?size=100', token)).body.data.records as Array<
      Record<'id' | 'kind' | 'title', string> & Record<'body' | 'link', string | null>
    >;
  const claim = (token: string, taskId: string) =>
    t.call({ method: 'POST', url: `${WORK}/claim-task?taskId=${taskId}` }, token);

  beforeAll(async () => {
    t = await startTestApp(kind);
    const model = await t.call({
      method: 'POST',
      url: `${MODEL}/submit`,
      payload: { modelKey: 'Review', name: '评审', xml: REVIEW },
    });
    const deployed = await t.call({
      method: 'POST',
      url: `${MODEL}/deploy?modelId=${model.body.data.id}&category=flow_1`,
    });
    definitionId = deployed.body.data[0].id;
    for (const name of ['applicant', 'approver', 'bystander'] as const)
      users[name] = await createOperator(t, [...WORK_CODES, 'flow_follow']);
    for (const name of ['manager', 'manager2'] as const) {
      const account = await createAccount(t, {
        roles: [{ alias: 'manager', menuIds: WORK_CODES.map(menuId) }],
      });
      users[name] = { userId: account.userId, token: (await signInAs(t, account)).access_token };
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  it('runs a short request through its approver, with the history and the diagram’s data', async () => {
    const { applicant, approver } = users;
    // The seeded processes (leave, machine repair) and this test's.
    expect(
      ((await get(`${WORK}/start-list`, applicant.token)).body.data.records as Array<{ key: string }>).filter(
        (d) => !OTHER_SEEDED.includes(d.key),
      ),
    ).toEqual([
      expect.objectContaining({ key: 'Leave', version: 1 }),
      expect.objectContaining({ id: definitionId, key: 'Review', version: 1 }),
    ]);
    const started = await start(applicant.token, { approver: approver.userId, days: 2 });
    expect(started.status).toBe(200);
    expect(started.body.msg).toBe('流程已发起');
    const instanceId = started.body.data.processInstanceId as string;

    const sent = (await get(`${WORK}/send-list?current=1&size=10`, applicant.token)).body.data;
    expect(sent.records[0]).toMatchObject({
      processInstanceId: instanceId,
      status: 1,
      currentNodes: '审批人审批',
    });
    expect(await todo(applicant.token)).toEqual([]);
    const [task] = await todo(approver.token);
    expect(task).toMatchObject({
      taskName: '审批人审批',
      processInstanceId: instanceId,
      processDefinitionName: '评审',
      assignee: approver.userId,
    });

    expect((await complete(applicant.token, task!)).status).toBe(403);
    expect((await complete(approver.token, task!)).status).toBe(200);
    expect(await todo(approver.token)).toEqual([]);
    expect((await get(`${WORK}/done-list`, approver.token)).body.data.records[0]).toMatchObject({
      taskId: task!.taskId,
      outcome: 'pass',
      comment: '同意',
      processIsFinished: true,
    });
    const finished = (await get(`${WORK}/send-list?current=1&size=10`, applicant.token)).body.data.records[0];
    expect(finished).toMatchObject({ status: 2, endActivity: 'end', currentNodes: null });

    const history = (
      await get(`/api/blade-flow/process/history-flow-list?processInstanceId=${instanceId}`, applicant.token)
    ).body.data;
    expect(history.map((h: { historyActivityId: string }) => h.historyActivityId)).toEqual([
      'start',
      'first',
      'gate',
      'end',
    ]);
    expect(history[1]).toMatchObject({ assignee: approver.userId, comment: '同意' });
    expect(history.every((h: { endTime: string | null }) => h.endTime !== null)).toBe(true);
    const view = (
      await get(`/api/blade-flow/process/model-view?processInstanceId=${instanceId}`, applicant.token)
    ).body.data;
    expect(view.xml).toBe(REVIEW);
    expect(view.takenFlows.sort()).toEqual(['toEnd', 'toFirst', 'toGate']);
  });

  it('sends a long request on to the managers: a candidate claims, one claim and one completion win', async () => {
    const { applicant, approver, manager, manager2, bystander } = users;
    const seen = new Map(
      await Promise.all(
        Object.values(users).map(
          async (user) => [user, new Set((await inbox(user.token)).map((m) => m.id))] as const,
        ),
      ),
    );
    /** The messages a user received since the test began, newest first. */
    const received = async (user: (typeof users)['applicant']) =>
      (await inbox(user.token))
        .filter((m) => !seen.get(user)!.has(m.id))
        .map(({ kind, title, body, link }) => ({ kind, title, body, link }));
    const instanceId = (await start(applicant.token, { approver: approver.userId, days: 5 })).body.data
      .processInstanceId;
    // Issue 47: the approver hears of the task assigned to them.
    expect(await received(approver)).toEqual([
      { kind: 'task', title: '待办：评审 · 审批人审批', body: null, link: '/work/todo/index' },
    ]);
    const [first] = await todo(approver.token);
    const both = await Promise.all([complete(approver.token, first!), complete(approver.token, first!)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    // The completion that lost changed nothing and told nobody: one decision, one claimable task per
    // manager, nothing for the bystander.
    expect(await received(applicant)).toEqual([
      { kind: 'task', title: '已通过：评审 · 审批人审批', body: '同意', link: '/work/send/index' },
    ]);
    for (const candidate of [manager, manager2])
      expect(await received(candidate)).toEqual([
        { kind: 'task', title: '待签：评审 · 经理审批', body: null, link: '/work/claim/index' },
      ]);
    expect(await received(bystander)).toEqual([]);

    const claimable = (await get(`${WORK}/claim-list`, manager.token)).body.data.records;
    expect(claimable).toEqual([
      expect.objectContaining({ taskName: '经理审批', processInstanceId: instanceId, assignee: null }),
    ]);
    expect((await get(`${WORK}/claim-list`, bystander.token)).body.data.records).toEqual([]);
    const taskId = claimable[0].taskId as string;
    expect((await claim(bystander.token, taskId)).status).toBe(403);
    const claims = await Promise.all([claim(manager.token, taskId), claim(manager2.token, taskId)]);
    expect(claims.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = claims[0]!.status === 200 ? manager : manager2;
    const [second] = await todo(winner.token);
    expect(second).toMatchObject({ taskId, assignee: winner.userId });
    expect((await complete(winner.token, second!, 'reject', '太长')).status).toBe(200);
    expect((await received(applicant))[0]).toEqual({
      kind: 'task',
      title: '已驳回：评审 · 经理审批',
      body: '太长',
      link: '/work/send/index',
    });
    const view = (
      await get(`/api/blade-flow/process/model-view?processInstanceId=${instanceId}`, applicant.token)
    ).body.data;
    expect(view.flow.map((h: { historyActivityId: string }) => h.historyActivityId)).toEqual([
      'start',
      'first',
      'gate',
      'second',
      'end',
    ]);
  });

  it('deletes a running instance with its reason; a suspended definition starts nothing', async () => {
    const { applicant, approver } = users;
    const instanceId = (await start(applicant.token, { approver: approver.userId, days: 1 })).body.data
      .processInstanceId;
    const removed = await t.call({
      method: 'POST',
      url: `/api/blade-flow/follow/delete-process-instance?processInstanceId=${instanceId}&deleteReason=${encodeURIComponent('重复提交')}`,
    });
    expect(removed.status).toBe(200);
    expect(await todo(approver.token)).toEqual([]);
    const follow = (await t.call({ method: 'GET', url: `/api/blade-flow/follow/list?current=1&size=50` }))
      .body.data;
    expect(
      follow.records.find((r: { processInstanceId: string }) => r.processInstanceId === instanceId),
    ).toMatchObject({
      status: 3,
      deleteReason: '重复提交',
    });

    await t.call({
      method: 'POST',
      url: `/api/blade-flow/manager/change-state?processId=${definitionId}&state=suspend`,
    });
    expect(
      (await get(`${WORK}/start-list`, applicant.token)).body.data.records
        .map((d: { key: string }) => d.key)
        .filter((key: string) => !OTHER_SEEDED.includes(key)),
    ).toEqual(['Leave']);
    const refused = await start(applicant.token, { approver: approver.userId, days: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('流程 评审 已挂起，不能发起');
    await t.call({
      method: 'POST',
      url: `/api/blade-flow/manager/change-state?processId=${definitionId}&state=active`,
    });
  });

  it('keeps instances and tasks in their tenant', async () => {
    const { applicant, approver } = users;
    const instanceId = (await start(applicant.token, { approver: approver.userId, days: 1 })).body.data
      .processInstanceId;
    const [task] = await todo(approver.token);
    const other = await createTenantAdmin(t, '400117');
    expect((await complete(other.token, task!)).status).toBe(404);
    expect((await claim(other.token, task!.taskId!)).status).toBe(404);
    expect(
      (await get(`/api/blade-flow/process/model-view?processInstanceId=${instanceId}`, other.token)).status,
    ).toBe(404);
    expect((await start(other.token, { approver: other.userId, days: 1 })).status).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: `/api/blade-flow/follow/list?current=1&size=50` }, other.token))
        .body.data.total,
    ).toBe(0);
    expect((await complete(approver.token, task!)).status).toBe(200);
  });

  it('pages the work lists in the database, with their searches, for the caller only (issue 45)', async () => {
    const { applicant, manager, bystander } = users;
    const approver = await createOperator(t, [...WORK_CODES]);
    type Listed = { total: number; size: number; current: number; pages: number; records: Row[] };
    type Row = Record<string, string>;
    const list = async (path: string, token: string): Promise<Listed> => {
      const res = await get(`${WORK}/${path}`, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as Listed;
    };
    /** Every page of a list, two rows a page: each page's shape checked, the rows in order. */
    const allPages = async (path: string, token: string, total: number): Promise<Row[]> => {
      const rows: Row[] = [];
      const pages = Math.ceil(total / 2);
      for (let current = 1; current <= pages; current++) {
        const page = await list(`${path}${path.includes('?') ? '&' : '?'}current=${current}&size=2`, token);
        expect(page).toMatchObject({ total, size: 2, current, pages });
        expect(page.records).toHaveLength(current < pages ? 2 : total - 2 * (pages - 1));
        rows.push(...page.records);
      }
      return rows;
    };
    const named = (name: string) => `processDefinitionName=${encodeURIComponent(name)}`;

    // A second process, 审核, in another category, to search by.
    const auditXml = REVIEW.replace('id="Review" name="评审"', 'id="Audit" name="审核"');
    const deployAudit = async () => {
      const model = await t.call({
        method: 'POST',
        url: `${MODEL}/submit`,
        payload: { modelKey: 'Audit', name: '审核', xml: auditXml },
      });
      const found = await t.call({ method: 'GET', url: `${MODEL}/list?modelKey=Audit` });
      const modelId = (model.body.data?.id ?? found.body.data.records[0].id) as string;
      const deployed = await t.call({
        method: 'POST',
        url: `${MODEL}/deploy?modelId=${modelId}&category=flow_2`,
      });
      expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
      return deployed.body.data[0].id as string;
    };
    const auditV1 = await deployAudit();

    // start-list: the newest active version of each process, by key, paged and searched.
    // (The refund's second approval and the machine repair are not offered: only the refund review
    // and the machine page start them.)
    const offered = await allPages('start-list', applicant.token, 3);
    expect(offered.map((d) => d.key).filter((key) => !OTHER_SEEDED.includes(key))).toEqual([
      'Audit',
      'Leave',
      'Review',
    ]);
    expect((await list(`start-list?name=${encodeURIComponent('审核')}`, applicant.token)).records).toEqual([
      expect.objectContaining({ id: auditV1, key: 'Audit' }),
    ]);
    expect((await list('start-list?category_equal=flow_2', applicant.token)).records).toEqual([
      expect.objectContaining({ id: auditV1 }),
    ]);
    const auditV2 = await deployAudit();
    expect((await list('start-list?category_equal=flow_2', applicant.token)).records).toEqual([
      expect.objectContaining({ id: auditV2, version: 2 }),
    ]);
    await t.call({
      method: 'POST',
      url: `/api/blade-flow/manager/change-state?processId=${auditV2}&state=suspend`,
    });
    expect((await list('start-list?category_equal=flow_2', applicant.token)).records).toEqual([
      expect.objectContaining({ id: auditV1, version: 1 }),
    ]);

    // todo-list: three 评审 and two 审核 to the new approver, newest first.
    const started: string[] = [];
    for (const id of [definitionId, auditV1, definitionId, auditV1, definitionId])
      started.push(
        (await start(applicant.token, { approver: approver.userId, days: 1 }, id)).body.data
          .processInstanceId,
      );
    const todo = await allPages('todo-list', approver.token, 5);
    expect(todo.map((r) => r.processInstanceId)).toEqual([...started].reverse());
    const reviews = await list(`todo-list?${named('评')}`, approver.token);
    expect(reviews.total).toBe(3);
    expect(new Set(reviews.records.map((r) => r.processDefinitionName))).toEqual(new Set(['评审']));
    expect((await list('todo-list?category_equal=flow_2', approver.token)).total).toBe(2);
    expect((await list(`todo-list?${named('评')}&category_equal=flow_2`, approver.token)).total).toBe(0);
    const one = await list(`todo-list?taskId=${todo[2]!.taskId}`, approver.token);
    expect(one.records.map((r) => r.taskId)).toEqual([todo[2]!.taskId]);
    // Nobody else sees them: another user of the tenant, another tenant.
    const other = await createTenantAdmin(t, '400118');
    for (const token of [bystander.token, applicant.token, other.token])
      expect((await list('todo-list', token)).total).toBe(0);

    // done-list: the three completed, paged and searched.
    for (const row of todo.slice(0, 3)) expect((await complete(approver.token, row)).status).toBe(200);
    const done = await allPages('done-list', approver.token, 3);
    expect(done.map((r) => r.taskId).sort()).toEqual(
      todo
        .slice(0, 3)
        .map((r) => r.taskId)
        .sort(),
    );
    expect((await list(`done-list?${named('审核')}`, approver.token)).total).toBe(1);
    expect((await allPages('todo-list', approver.token, 2)).map((r) => r.taskId)).toEqual(
      todo.slice(3).map((r) => r.taskId),
    );
    for (const token of [bystander.token, other.token])
      expect((await list('done-list', token)).total).toBe(0);

    // claim-list: three long requests reach the managers' role, unclaimed.
    for (let i = 0; i < 3; i++)
      await start(applicant.token, { approver: approver.userId, days: 5 }, i === 0 ? auditV1 : definitionId);
    const long = (await list('todo-list?size=10', approver.token)).records.filter(
      (r) => !todo.slice(3).some((old) => old.taskId === r.taskId),
    );
    expect(long).toHaveLength(3);
    for (const row of long) expect((await complete(approver.token, row)).status).toBe(200);
    const claimable = await allPages('claim-list', manager.token, 3);
    expect(claimable.every((r) => r.taskName === '经理审批' && r.assignee === null)).toBe(true);
    expect((await list(`claim-list?${named('审核')}`, manager.token)).total).toBe(1);
    for (const token of [bystander.token, approver.token, other.token])
      expect((await list('claim-list', token)).total).toBe(0);
    expect((await claim(manager.token, claimable[0]!.taskId!)).status).toBe(200);
    expect((await list('claim-list', manager.token)).total).toBe(2);
  });

  it('tells only live, enabled users of the tenant of a task: a model may name anyone (issue 47)', async () => {
    const ghost = '123456789';
    const started = await start(users.bystander.token, { approver: ghost, days: 1 });
    expect(started.status).toBe(200);
    const toGhost = await t.store.db
      .selectFrom('blade_message')
      .select('id')
      .where('user_id', '=', BigInt(ghost))
      .execute();
    expect(toGhost).toEqual([]);
  });
});
