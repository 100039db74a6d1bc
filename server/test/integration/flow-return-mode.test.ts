import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, WORK_CODES } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Issue 51: a return's resubmission goes straight back to the task that returned it, or through the
// flow again from the step returned to: the model's choice (flowable:returnMode on the task or the
// process, "direct" by default).

const MODEL = '/api/blade-flow/model';
const WORK = '/api/blade-flow/work';

/** 初审 → 复审 → 终审; `mode` on 终审 (none: direct). */
const chain = (
  key: string,
  mode?: 'direct' | 'flow',
  on: 'task' | 'process' = 'task',
) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
  <process id="${key}" name="三级审批" isExecutable="true"${mode && on === 'process' ? ` flowable:returnMode="${mode}"` : ''}>
    <startEvent id="begin">
      <extensionElements>
        <flowable:formProperty id="first" /><flowable:formProperty id="second" /><flowable:formProperty id="third" />
      </extensionElements>
    </startEvent>
    <sequenceFlow id="f1" sourceRef="begin" targetRef="one" />
    <userTask id="one" name="初审" flowable:assignee="\${first}" />
    <sequenceFlow id="f2" sourceRef="one" targetRef="two" />
    <userTask id="two" name="复审" flowable:assignee="\${second}" />
    <sequenceFlow id="f3" sourceRef="two" targetRef="three" />
    <userTask id="three" name="终审" flowable:assignee="\${third}"${mode && on === 'task' ? ` flowable:returnMode="${mode}"` : ''} />
    <sequenceFlow id="f4" sourceRef="three" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

type Row = Record<string, string | null>;
type User = { userId: string; token: string };

describe.each(oneEngineFor(import.meta.url))('return modes on %s', (kind) => {
  let t: TestApp;
  const definitions: Record<string, string> = {};
  const users: Record<'applicant' | 'first' | 'second' | 'third', User> = {} as never;

  const get = (url: string, token: string) => t.call({ method: 'GET', url }, token);
  const post = (url: string, payload: object, token: string) =>
    t.call({ method: 'POST', url, payload }, token);
  const todo = async (user: User, instanceId: string) =>
    ((await get(`${WORK}/todo-list?size=100`, user.token)).body.data.records as Row[]).filter(
      (r) => r.processInstanceId === instanceId,
    );
  const complete = async (user: User, instanceId: string, comment = '同意') => {
    const [task] = await todo(user, instanceId);
    const res = await post(
      `${WORK}/complete-task`,
      { taskId: task!.taskId, processInstanceId: instanceId, flag: 'ok', comment },
      user.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  /** Started and passed by 初审 and 复审: 终审 waits, and returns to `target`. */
  const returnedFromThird = async (key: string, target: string) => {
    const res = await post(
      `${WORK}/start-process`,
      {
        processDefinitionId: definitions[key],
        variables: { first: users.first.userId, second: users.second.userId, third: users.third.userId },
      },
      users.applicant.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const instanceId = res.body.data.processInstanceId as string;
    await complete(users.first, instanceId);
    await complete(users.second, instanceId);
    const [last] = await todo(users.third, instanceId);
    const returned = await post(
      `${WORK}/return-task`,
      { taskId: last!.taskId, target, comment: '请补充' },
      users.third.token,
    );
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    return { instanceId, last: last! };
  };
  const waitingKeys = async (instanceId: string) => {
    const keys: string[] = [];
    for (const name of ['applicant', 'first', 'second', 'third'] as const)
      for (const row of await todo(users[name], instanceId)) keys.push(`${name}:${row.taskDefinitionKey}`);
    return keys;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const [key, xml] of [
      ['Direct', chain('Direct')],
      ['Flow', chain('Flow', 'flow')],
      ['FlowProcess', chain('FlowProcess', 'flow', 'process')],
    ] as const) {
      const model = await t.call({
        method: 'POST',
        url: `${MODEL}/submit`,
        payload: { modelKey: key, name: key, xml },
      });
      expect(model.status, JSON.stringify(model.body)).toBe(200);
      const deployed = await t.call({ method: 'POST', url: `${MODEL}/deploy?modelId=${model.body.data.id}` });
      definitions[key] = deployed.body.data[0].id;
    }
    for (const name of ['applicant', 'first', 'second', 'third'] as const)
      users[name] = await createOperator(t, [...WORK_CODES, 'work_send']);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('straight back (the default): the resubmission reopens the task that returned it', async () => {
    const { instanceId, last } = await returnedFromThird('Direct', 'one');
    expect(await waitingKeys(instanceId)).toEqual(['first:one']);
    await complete(users.first, instanceId, '已补充');
    expect(await waitingKeys(instanceId)).toEqual(['third:three']);
    expect((await todo(users.third, instanceId))[0]!.taskId).toBe(last.taskId);
  });

  it('through the flow again: the resubmission passes 复审 before 终审 sees it again', async () => {
    for (const key of ['Flow', 'FlowProcess']) {
      const { instanceId, last } = await returnedFromThird(key, 'one');
      await complete(users.first, instanceId, '已补充');
      expect(await waitingKeys(instanceId)).toEqual(['second:two']);
      await complete(users.second, instanceId);
      const [again] = await todo(users.third, instanceId);
      // A new task: the returned one ended (cancelled) with the resubmission.
      expect(again).toMatchObject({ taskDefinitionKey: 'three', kind: 'task' });
      expect(again!.taskId).not.toBe(last.taskId);
      await complete(users.third, instanceId);
      expect(await waitingKeys(instanceId)).toEqual([]);
      const sent = (await get(`${WORK}/send-list?size=100`, users.applicant.token)).body.data.records as {
        processInstanceId: string;
        status: number;
      }[];
      expect(sent.find((r) => r.processInstanceId === instanceId)?.status).toBe(2);
    }
  });

  it('through the flow again from the initiator: every step runs again from the first', async () => {
    const { instanceId } = await returnedFromThird('Flow', 'initiator');
    expect(await waitingKeys(instanceId)).toEqual(['applicant:begin']);
    await complete(users.applicant, instanceId, '已补充');
    expect(await waitingKeys(instanceId)).toEqual(['first:one']);
  });
});
