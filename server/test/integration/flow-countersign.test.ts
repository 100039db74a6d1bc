import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, createTenantAdmin, WORK_CODES } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Issue 51: countersign (会签) on a user task, parallel or sequential, its completion condition
// deciding when the node ends and how (a gateway after it reads `pass`), and 加签 / 减签.

const MODEL = '/api/blade-flow/model';
const WORK = '/api/blade-flow/work';
const FOLLOW = '/api/blade-flow/follow';
const PROCESS = '/api/blade-flow/process';

/** Signers from the `signers` variable; agreed → 归档 (the applicant's), else the process ends. */
const countersignModel = (
  key: string,
  options: { sequential?: boolean; condition?: string; returnMode?: 'flow' } = {},
) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
  <process id="${key}" name="会签 ${key}" isExecutable="true">
    <startEvent id="begin" flowable:initiator="applicant">
      <extensionElements><flowable:formProperty id="signers" /></extensionElements>
    </startEvent>
    <sequenceFlow id="toSign" sourceRef="begin" targetRef="sign" />
    <userTask id="sign" name="会签" flowable:assignee="\${signer}"${options.returnMode ? ` flowable:returnMode="${options.returnMode}"` : ''}>
      <multiInstanceLoopCharacteristics isSequential="${options.sequential === true}" flowable:collection="signers" flowable:elementVariable="signer">
        ${options.condition === undefined ? '' : `<completionCondition>${options.condition}</completionCondition>`}
      </multiInstanceLoopCharacteristics>
    </userTask>
    <sequenceFlow id="toDecide" sourceRef="sign" targetRef="decide" />
    <exclusiveGateway id="decide" default="toEnd" />
    <sequenceFlow id="toFile" sourceRef="decide" targetRef="file">
      <conditionExpression>\${pass = true}</conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="toEnd" sourceRef="decide" targetRef="end" />
    <userTask id="file" name="归档" flowable:assignee="\${applicant}" />
    <sequenceFlow id="fileEnd" sourceRef="file" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

const TWO_THIRDS = '${nrOfAgreed / nrOfInstances >= 2/3}';

type Row = Record<string, string | null>;
type User = { userId: string; token: string };

describe.each(oneEngineFor(import.meta.url))('countersign on %s', (kind) => {
  let t: TestApp;
  const definitions: Record<string, string> = {};
  const users: Record<'applicant' | 'a' | 'b' | 'c' | 'd' | 'outsider', User> = {} as never;

  const get = (url: string, token: string) => t.call({ method: 'GET', url }, token);
  const post = (url: string, payload: object, token?: string) =>
    t.call({ method: 'POST', url, payload }, token);
  const deploy = async (key: string, xml: string) => {
    const model = await t.call({
      method: 'POST',
      url: `${MODEL}/submit`,
      payload: { modelKey: key, name: key, xml },
    });
    expect(model.status, JSON.stringify(model.body)).toBe(200);
    const deployed = await t.call({ method: 'POST', url: `${MODEL}/deploy?modelId=${model.body.data.id}` });
    expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
    return deployed.body.data[0].id as string;
  };
  const start = async (key: string, signers: User[]) => {
    const res = await post(
      `${WORK}/start-process`,
      { processDefinitionId: definitions[key], variables: { signers: signers.map((s) => s.userId) } },
      users.applicant.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.processInstanceId as string;
  };
  const todo = async (user: User, instanceId: string) =>
    ((await get(`${WORK}/todo-list?size=100`, user.token)).body.data.records as Row[]).filter(
      (r) => r.processInstanceId === instanceId,
    );
  const decide = async (user: User, instanceId: string, flag: 'ok' | 'reject' = 'ok') => {
    const [task] = await todo(user, instanceId);
    expect(task, `a task of ${user.userId}`).toBeDefined();
    const res = await post(
      `${WORK}/complete-task`,
      { taskId: task!.taskId, processInstanceId: instanceId, flag, comment: flag },
      user.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const returnToApplicant = async (user: User, instanceId: string) => {
    const [task] = await todo(user, instanceId);
    const res = await post(
      `${WORK}/return-task`,
      { taskId: task!.taskId, target: 'initiator', comment: '请补充' },
      user.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const waitingSigners = async (instanceId: string) => {
    const waiting: string[] = [];
    for (const name of ['a', 'b', 'c', 'd'] as const)
      if ((await todo(users[name], instanceId)).some((r) => r.taskDefinitionKey === 'sign'))
        waiting.push(name);
    return waiting;
  };
  const history = async (instanceId: string) =>
    (await get(`${PROCESS}/history-flow-list?processInstanceId=${instanceId}`, users.applicant.token)).body
      .data as Row[];
  const filed = async (instanceId: string) =>
    (await todo(users.applicant, instanceId)).some((r) => r.taskDefinitionKey === 'file');
  const sent = async (instanceId: string) =>
    (
      (await get(`${WORK}/send-list?size=100`, users.applicant.token)).body.data.records as Record<
        string,
        unknown
      >[]
    ).find((r) => r.processInstanceId === instanceId);

  beforeAll(async () => {
    t = await startTestApp(kind);
    definitions.Ratio = await deploy('Ratio', countersignModel('Ratio', { condition: TWO_THIRDS }));
    definitions.Sequential = await deploy(
      'Sequential',
      countersignModel('Sequential', { sequential: true, condition: TWO_THIRDS }),
    );
    definitions.AllAgree = await deploy('AllAgree', countersignModel('AllAgree'));
    definitions.RatioFlow = await deploy(
      'RatioFlow',
      countersignModel('RatioFlow', { condition: TWO_THIRDS, returnMode: 'flow' }),
    );
    definitions.AnyOne = await deploy(
      'AnyOne',
      countersignModel('AnyOne', { condition: '${nrOfAgreed >= 1}' }),
    );
    for (const name of ['applicant', 'a', 'b', 'c', 'd'] as const)
      users[name] = await createOperator(t, [...WORK_CODES, 'work_send']);
    users.outsider = await createOperator(t, [...WORK_CODES]);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('a countersign of three with a 2/3 ratio: two agree, the node ends and the third task is cancelled', async () => {
    const { a, b, c } = users;
    const instanceId = await start('Ratio', [a, b, c]);
    expect(await waitingSigners(instanceId)).toEqual(['a', 'b', 'c']);
    await decide(a, instanceId);
    expect(await waitingSigners(instanceId)).toEqual(['b', 'c']);
    expect(await filed(instanceId)).toBe(false);
    await decide(b, instanceId);
    // Decided: c's task is gone (cancelled), the gateway took the agreed branch.
    expect(await waitingSigners(instanceId)).toEqual([]);
    expect(await filed(instanceId)).toBe(true);
    const rows = await history(instanceId);
    expect(rows.filter((h) => h.action).map((h) => [h.action, h.assignee])).toEqual([
      ['agree', a.userId],
      ['agree', b.userId],
    ]);
    // The node's own record closed once, when the votes decided it.
    const node = rows.filter((h) => h.historyActivityId === 'sign' && !h.action);
    expect(node).toHaveLength(1);
    expect(node[0]!.endTime).toBeTruthy();
  });

  it('two disagree of three under 2/3: the node fails at once, the gateway reads it', async () => {
    const { a, b, c } = users;
    const instanceId = await start('Ratio', [a, b, c]);
    await decide(a, instanceId, 'reject');
    expect(await waitingSigners(instanceId)).toEqual(['b', 'c']);
    await decide(c, instanceId, 'reject');
    expect(await waitingSigners(instanceId)).toEqual([]);
    expect(await filed(instanceId)).toBe(false);
    expect((await sent(instanceId))?.status).toBe(2);
  });

  it('the sequential variant creates one task at a time, in the collection order', async () => {
    const { a, b, c } = users;
    const instanceId = await start('Sequential', [c, a, b]);
    expect(await waitingSigners(instanceId)).toEqual(['c']);
    await decide(c, instanceId);
    expect(await waitingSigners(instanceId)).toEqual(['a']);
    await decide(a, instanceId);
    // 2/3 agreed: b never gets a task.
    expect(await waitingSigners(instanceId)).toEqual([]);
    expect(await filed(instanceId)).toBe(true);
  });

  it('all must agree (no condition): one disagreement ends it; any one: the first agreement does', async () => {
    const { a, b, c } = users;
    const all = await start('AllAgree', [a, b, c]);
    await decide(a, all);
    await decide(b, all, 'reject');
    expect(await waitingSigners(all)).toEqual([]);
    expect(await filed(all)).toBe(false);

    const any = await start('AnyOne', [a, b, c]);
    await decide(b, any, 'reject');
    expect(await waitingSigners(any)).toEqual(['a', 'c']);
    await decide(c, any);
    expect(await waitingSigners(any)).toEqual([]);
    expect(await filed(any)).toBe(true);
  });

  it('adds and removes signers: only a signer or a process administrator, users of the tenant only', async () => {
    const { a, b, c, d, outsider } = users;
    const instanceId = await start('Ratio', [a, b]);
    const [task] = await todo(a, instanceId);
    const add = (userIds: string[], token?: string, taskId = task!.taskId) =>
      post(`${WORK}/add-signer`, { taskId, userIds, comment: '请一并会签' }, token);
    const remove = (userIds: string[], token?: string, taskId = task!.taskId) =>
      post(`${WORK}/remove-signer`, { taskId, userIds }, token);

    // Not a signer (nor holding 流程跟踪's button): refused.
    expect((await add([c.userId], outsider.token)).status).toBe(403);
    expect(
      (await post(`${FOLLOW}/add-signer`, { taskId: task!.taskId, userIds: [c.userId] }, a.token)).status,
    ).toBe(403);
    // Another tenant's administrator does not see the task; another tenant's user is not added.
    const stranger = await createTenantAdmin(t, '510061');
    expect((await add([c.userId], stranger.token)).status).toBe(404);
    const strangerAdd = await add([stranger.userId], a.token);
    expect(strangerAdd.status).toBe(400);
    expect(strangerAdd.body.msg).toBe('用户不存在或已停用，请重新选择');
    expect((await add([b.userId], a.token)).body.msg).toContain('已是会签人');
    expect(await waitingSigners(instanceId)).toEqual(['a', 'b']);

    // 加签: c and d join (four signers: 2/3 now needs three).
    const added = await add([c.userId, d.userId], a.token);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(await waitingSigners(instanceId)).toEqual(['a', 'b', 'c', 'd']);
    await decide(a, instanceId);
    await decide(b, instanceId, 'reject');
    expect(await waitingSigners(instanceId)).toEqual(['c', 'd']);
    // Its signers and their votes, for a signer (the one who decided too), not for others.
    const signers = await t.call({ method: 'GET', url: `${WORK}/signers?taskId=${task!.taskId}` }, a.token);
    expect(signers.body.data).toEqual({
      sequential: false,
      signers: [
        expect.objectContaining({ userId: a.userId, vote: 'agree' }),
        expect.objectContaining({ userId: b.userId, vote: 'disagree' }),
        expect.objectContaining({ userId: c.userId, vote: null }),
        expect.objectContaining({ userId: d.userId, vote: null }),
      ],
    });
    expect(
      (await t.call({ method: 'GET', url: `${WORK}/signers?taskId=${task!.taskId}` }, outsider.token)).status,
    ).toBe(403);

    // 减签: a decided signer cannot be removed; nor every undecided one.
    const [cTask] = await todo(c, instanceId);
    expect((await remove([a.userId], b.token, cTask!.taskId)).body.msg).toContain('不是尚未表决的会签人');
    expect((await remove([c.userId, d.userId], c.token, cTask!.taskId)).body.msg).toBe(
      '不能减去全部尚未表决的会签人',
    );
    // A vote is not handed over: another person joins by 加签.
    const handOver = await post(
      `${WORK}/transfer-task`,
      { taskId: cTask!.taskId, userId: d.userId },
      c.token,
    );
    expect(handOver.body.msg).toBe('会签任务不能转办或委派，请用加签或减签');
    expect(await waitingSigners(instanceId)).toEqual(['c', 'd']);
    // The administrator (the platform's here) removes d: 3 signers, c's vote decides 2/3.
    const [dTask] = await todo(d, instanceId);
    const removed = await post(`${FOLLOW}/remove-signer`, { taskId: dTask!.taskId, userIds: [d.userId] });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await waitingSigners(instanceId)).toEqual(['c']);
    await decide(c, instanceId);
    expect(await waitingSigners(instanceId)).toEqual([]);
    expect(await filed(instanceId)).toBe(true);
    expect((await history(instanceId)).filter((h) => h.action).map((h) => h.action)).toEqual([
      'addSigner',
      'agree',
      'disagree',
      'removeSigner',
      'agree',
    ]);
    // A task that is not a countersign's.
    const [file] = await todo(users.applicant, instanceId);
    expect((await add([c.userId], users.applicant.token, file!.taskId)).body.msg).toBe(
      '该任务不是会签任务，不能加签或减签',
    );
  });

  it('a signer returns the countersign: the whole node waits, and straight back every signer has it again', async () => {
    const { a, b, c } = users;
    const instanceId = await start('Ratio', [a, b, c]);
    await decide(a, instanceId);
    const [bTask] = await todo(b, instanceId);
    await returnToApplicant(c, instanceId);
    // Nobody votes while it is back with the applicant: b's task waits too.
    expect(await waitingSigners(instanceId)).toEqual([]);
    const late = await post(
      `${WORK}/complete-task`,
      { taskId: bTask!.taskId, processInstanceId: instanceId, flag: 'ok', comment: 'ok' },
      b.token,
    );
    expect(late.status).toBe(400);
    // Resubmitted: straight back to the node as it was, a's vote kept.
    await decide(users.applicant, instanceId);
    expect(await waitingSigners(instanceId)).toEqual(['b', 'c']);
    await decide(b, instanceId);
    expect(await waitingSigners(instanceId)).toEqual([]);
    expect(await filed(instanceId)).toBe(true);
  });

  it('a signer of an earlier visit to the node is not a signer of the next one', async () => {
    const { a, b, c, d } = users;
    const instanceId = await start('RatioFlow', [a, b, c]);
    await decide(c, instanceId);
    await returnToApplicant(a, instanceId);
    // Through the flow again: the node starts over, with no votes.
    await decide(users.applicant, instanceId);
    expect(await waitingSigners(instanceId)).toEqual(['a', 'b', 'c']);
    const [aTask] = await todo(a, instanceId);
    const [cTask] = await todo(c, instanceId);
    const removed = await post(
      `${WORK}/remove-signer`,
      { taskId: aTask!.taskId, userIds: [c.userId] },
      a.token,
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    // c voted in the first visit and has no part in this one.
    const added = await post(`${WORK}/add-signer`, { taskId: aTask!.taskId, userIds: [d.userId] }, c.token);
    expect(added.status).toBe(403);
    expect((await get(`${WORK}/signers?taskId=${cTask!.taskId}`, c.token)).status).toBe(403);
    expect(await waitingSigners(instanceId)).toEqual(['a', 'b']);
  });

  it('refuses a model whose countersign condition does not parse, naming it; nothing deployed', async () => {
    const xml = countersignModel('BadCondition', { condition: '${nrOfAgreed >= }' });
    const res = await t.call({
      method: 'POST',
      url: `${MODEL}/submit`,
      payload: { modelKey: 'BadCondition', name: 'BadCondition', xml },
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('sign');
    expect(res.body.msg).toContain('nrOfAgreed >=');
    const list = await t.call({ method: 'GET', url: '/api/blade-flow/manager/list?size=100' });
    expect((list.body.data.records as Row[]).some((r) => r.key === 'BadCondition')).toBe(false);
  });
});
