import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkExpression,
  evaluateCondition,
  evaluateExpression,
  ExpressionError,
} from '../../src/modules/flow/engine/expressions.js';
import {
  LEAVE_MODEL_UNDECLARED_SHA256,
  LEAVE_MODEL_XML,
  LEAVE_PROCESS_KEY,
} from '../../src/db/seed/leave-model.js';
import { ModelError, parseModel } from '../../src/modules/flow/engine/model.js';
import type { ModelErrorCode } from '../../src/modules/flow/engine/model.js';
import {
  cancelProcess,
  completeTask,
  startProcess,
  TaskNotWaitingError,
} from '../../src/modules/flow/engine/runtime.js';
import type { EngineState, StepResult } from '../../src/modules/flow/engine/runtime.js';

// What a database column gives back: a fresh object, nothing shared with the step that produced it.
const stored = (state: EngineState): EngineState => JSON.parse(JSON.stringify(state)) as EngineState;

const NAMESPACES =
  'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
  'xmlns:flowable="http://flowable.org/bpmn" targetNamespace="urn:test"';

function bpmn(body: string, processAttributes = 'id="P" name="Test" isExecutable="true"'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions ${NAMESPACES}><process ${processAttributes}>${body}</process></definitions>`;
}

const line = (from: string, to: string, id = `${from}_${to}`) =>
  `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`;
const conditional = (id: string, from: string, to: string, condition: string) =>
  `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}">` +
  `<conditionExpression xsi:type="tFormalExpression"><![CDATA[${condition}]]></conditionExpression></sequenceFlow>`;

// start → task (assignee u1) → end, the smallest valid model.
const SIMPLE = `<startEvent id="s"/>${line('s', 't')}<userTask id="t" name="T" flowable:assignee="u1"/>${line('t', 'e')}<endEvent id="e"/>`;

// The form fields that declare what a start or a task may set (security.md S15).
const form = (...ids: string[]) =>
  `<extensionElements>${ids.map((id) => `<flowable:formProperty id="${id}"/>`).join('')}</extensionElements>`;

const waitingIds = (result: StepResult) => result.waiting.map((w) => w.elementId).sort();

async function expectModelError(xml: string, code: ModelErrorCode): Promise<ModelError> {
  const error = await parseModel(xml).then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ModelError);
  expect((error as ModelError).code).toBe(code);
  expect((error as ModelError).message).not.toBe('');
  return error as ModelError;
}

describe('the leave model', () => {
  const startVariables = { taskUser: 'u-approver' };
  // What startProcess sets from its starter (the applicant).
  const starter = { applyUser: 'u-applicant', initiator: 'u-applicant' };

  it('parses, with its diagram and flowable assignees', async () => {
    const model = await parseModel(LEAVE_MODEL_XML);
    expect(model.processKey).toBe(LEAVE_PROCESS_KEY);
    expect(model.userTasks).toEqual([
      {
        id: 'approverAudit',
        name: '审批人审批',
        assignee: '${taskUser}',
        candidateUsers: [],
        candidateGroups: [],
        writable: ['pass', 'comment'],
        form: null,
        multiInstance: null,
        returnMode: 'direct',
      },
      {
        id: 'managerAudit',
        name: '上级审批',
        assignee: null,
        candidateUsers: [],
        candidateGroups: ['role:manager'],
        writable: ['pass', 'comment'],
        form: null,
        multiInstance: null,
        returnMode: 'direct',
      },
      {
        id: 'applicantAdjust',
        name: '调整申请',
        assignee: '${applyUser}',
        candidateUsers: [],
        candidateGroups: [],
        writable: ['resubmit', 'comment'],
        form: null,
        multiInstance: null,
        returnMode: 'direct',
      },
    ]);
    expect(model.startVariables).toEqual(['taskUser', 'days', 'leaveType']);
    expect(model.startForm).toBeNull();
    expect(model.initiator).toBe('applyUser');
    const ids = model.elements.map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining(['approvedEnd', 'withdrawnEnd', 'flowResubmit']));
    expect(LEAVE_MODEL_XML).toContain('bpmndi:BPMNShape');
    expect(LEAVE_MODEL_XML).toContain('bpmndi:BPMNEdge');
  });

  it('approves a 2-day leave in one step after the start', async () => {
    const started = await startProcess(LEAVE_MODEL_XML, { ...startVariables, days: 2 }, 'u-applicant');
    expect(started.ended).toBe(false);
    expect(started.waiting).toEqual([
      expect.objectContaining({ elementId: 'approverAudit', name: '审批人审批', assignee: 'u-approver' }),
    ]);
    expect(started.takenFlows).toEqual(['flowStart']);
    expect(started.activities.map((a) => [a.elementId, a.endedAt === null])).toEqual([
      ['start', false],
      ['approverAudit', true],
    ]);

    const done = await completeTask(LEAVE_MODEL_XML, stored(started.state), 'approverAudit', { pass: true });
    expect(done.ended).toBe(true);
    expect(done.waiting).toEqual([]);
    expect(done.variables).toEqual({ ...startVariables, ...starter, days: 2, pass: true });
    expect(done.takenFlows).toEqual(['flowToApproverDecision', 'flowApproverApproved']);
    const approver = done.activities.find((a) => a.elementId === 'approverAudit');
    // Started in the first step, ended in this one: the start time comes from the stored state.
    expect(approver?.startedAt.getTime()).toBe(started.waiting[0]?.startedAt.getTime());
    expect(approver?.endedAt).toBeInstanceOf(Date);
    expect(done.activities.map((a) => a.elementId)).toEqual([
      'approverAudit',
      'approverDecision',
      'approvedEnd',
    ]);
    expect(done.activities.every((a) => a.endedAt !== null)).toBe(true);
  });

  it('sends a 5-day leave to the managers group, then approves it', async () => {
    const started = await startProcess(LEAVE_MODEL_XML, { ...startVariables, days: 5 }, 'u-applicant');
    const audited = await completeTask(LEAVE_MODEL_XML, stored(started.state), 'approverAudit', {
      pass: true,
    });
    expect(audited.ended).toBe(false);
    expect(audited.waiting).toEqual([
      expect.objectContaining({
        elementId: 'managerAudit',
        assignee: null,
        candidateUsers: [],
        candidateGroups: ['role:manager'],
      }),
    ]);
    expect(audited.takenFlows).toContain('flowToManager');

    const done = await completeTask(LEAVE_MODEL_XML, stored(audited.state), 'managerAudit', { pass: true });
    expect(done.ended).toBe(true);
    expect(done.takenFlows).toEqual(['flowToManagerDecision', 'flowManagerApproved']);
    expect(done.activities.map((a) => a.elementId)).toContain('approvedEnd');
  });

  it('returns a rejection to the applicant, who resubmits and then withdraws', async () => {
    const started = await startProcess(LEAVE_MODEL_XML, { ...startVariables, days: 5 }, 'u-applicant');
    const rejected = await completeTask(LEAVE_MODEL_XML, stored(started.state), 'approverAudit', {
      pass: false,
      comment: 'too long',
    });
    expect(rejected.waiting).toEqual([
      expect.objectContaining({ elementId: 'applicantAdjust', assignee: 'u-applicant' }),
    ]);
    expect(rejected.variables).toMatchObject({ pass: false, comment: 'too long' });

    const resubmitted = await completeTask(LEAVE_MODEL_XML, stored(rejected.state), 'applicantAdjust', {
      resubmit: true,
    });
    expect(resubmitted.waiting).toEqual([
      expect.objectContaining({ elementId: 'approverAudit', assignee: 'u-approver' }),
    ]);
    expect(resubmitted.takenFlows).toContain('flowResubmit');
    // A second visit of the same task is a new execution.
    expect(resubmitted.waiting[0]?.executionId).not.toBe(started.waiting[0]?.executionId);

    const rejectedAgain = await completeTask(LEAVE_MODEL_XML, stored(resubmitted.state), 'approverAudit', {
      pass: false,
    });
    expect(waitingIds(rejectedAgain)).toEqual(['applicantAdjust']);

    const withdrawn = await completeTask(LEAVE_MODEL_XML, stored(rejectedAgain.state), 'applicantAdjust', {
      resubmit: false,
    });
    expect(withdrawn.ended).toBe(true);
    expect(withdrawn.waiting).toEqual([]);
    expect(withdrawn.takenFlows).toContain('flowWithdraw');
    const ids = withdrawn.activities.map((a) => a.elementId);
    expect(ids).toContain('withdrawnEnd');
    expect(ids).not.toContain('approvedEnd');
  });

  it('returns a manager rejection to the applicant', async () => {
    let step = await startProcess(LEAVE_MODEL_XML, { ...startVariables, days: 10 }, 'u-applicant');
    step = await completeTask(LEAVE_MODEL_XML, stored(step.state), 'approverAudit', { pass: true });
    step = await completeTask(LEAVE_MODEL_XML, stored(step.state), 'managerAudit', { pass: false });
    expect(step.waiting).toEqual([
      expect.objectContaining({ elementId: 'applicantAdjust', assignee: 'u-applicant' }),
    ]);
    expect(step.takenFlows).toContain('flowManagerRejected');
  });

  it('refuses to complete an element that is not waiting, and leaves the state usable', async () => {
    const started = await startProcess(LEAVE_MODEL_XML, { ...startVariables, days: 5 }, 'u-applicant');
    const state = stored(started.state);
    const snapshot = JSON.stringify(state);
    await expect(completeTask(LEAVE_MODEL_XML, state, 'managerAudit', { pass: true })).rejects.toBeInstanceOf(
      TaskNotWaitingError,
    );
    await expect(completeTask(LEAVE_MODEL_XML, state, 'approvedEnd', {})).rejects.toBeInstanceOf(
      TaskNotWaitingError,
    );
    await expect(completeTask(LEAVE_MODEL_XML, state, 'nowhere', {})).rejects.toBeInstanceOf(
      TaskNotWaitingError,
    );
    // The caller's object is never mutated: the same stored state still takes the right step.
    expect(JSON.stringify(state)).toBe(snapshot);
    const next = await completeTask(LEAVE_MODEL_XML, state, 'approverAudit', { pass: true });
    expect(waitingIds(next)).toEqual(['managerAudit']);
    expect(JSON.stringify(state)).toBe(snapshot);

    const ended = await completeTask(LEAVE_MODEL_XML, stored(next.state), 'managerAudit', { pass: true });
    await expect(
      completeTask(LEAVE_MODEL_XML, stored(ended.state), 'managerAudit', { pass: true }),
    ).rejects.toBeInstanceOf(TaskNotWaitingError);
  });

  it('sets at each step only what the step declares (security.md S15)', async () => {
    const started = await startProcess(LEAVE_MODEL_XML, { ...startVariables, days: 10 }, 'u-applicant');
    const state = stored(started.state);
    const snapshot = JSON.stringify(state);
    // The approver may decide and comment, not shorten the leave (which would skip the manager).
    await expect(
      completeTask(LEAVE_MODEL_XML, state, 'approverAudit', { days: 1, pass: true }),
    ).rejects.toMatchObject({ name: 'VariableNotDeclaredError', variable: 'days', element: '审批人审批' });
    // Who started is never a task's to set, and the adjust step's choice is not the approver's.
    for (const variable of ['applyUser', 'initiator', 'resubmit', 'taskUser'])
      await expect(
        completeTask(LEAVE_MODEL_XML, state, 'approverAudit', { [variable]: 'u-approver' }),
      ).rejects.toMatchObject({ variable, step: 'complete' });
    expect(JSON.stringify(state)).toBe(snapshot);
    const audited = await completeTask(LEAVE_MODEL_XML, state, 'approverAudit', {
      pass: true,
      comment: 'ok',
    });
    expect(waitingIds(audited)).toEqual(['managerAudit']);

    // A start is given what its start event declares; who started comes from the starter alone.
    for (const variables of [
      { taskUser: 'u', days: 1, reason: 'x' },
      { taskUser: 'u', applyUser: 'u-x' },
    ])
      await expect(startProcess(LEAVE_MODEL_XML, variables, 'u-applicant')).rejects.toMatchObject({
        name: 'VariableNotDeclaredError',
        step: 'start',
        element: '开始',
      });
    // The start event's own initiator variable is the starter's too.
    const named = bpmn(
      `<startEvent id="s" flowable:initiator="starter">${form('starter', 'x')}</startEvent>` +
        `${line('s', 't')}<userTask id="t" flowable:assignee="\${starter}">${form('starter')}</userTask>`,
    );
    await expect(startProcess(named, { starter: 'u-x' }, 'u-starter')).rejects.toMatchObject({
      variable: 'starter',
    });
    const byStarter = await startProcess(named, { x: 1 }, 'u-starter');
    expect(byStarter.waiting).toEqual([expect.objectContaining({ elementId: 't', assignee: 'u-starter' })]);
    await expect(completeTask(named, stored(byStarter.state), 't', { starter: 'u-x' })).rejects.toMatchObject(
      { variable: 'starter', step: 'complete' },
    );

    // A model that declares nothing: a start takes no variable, a task only the decision and comment.
    await expect(startProcess(bpmn(SIMPLE), { a: 1 }, 'u-starter')).rejects.toMatchObject({ variable: 'a' });
    const simple = await startProcess(bpmn(SIMPLE), {}, 'u-starter');
    await expect(completeTask(bpmn(SIMPLE), stored(simple.state), 't', { x: 1 })).rejects.toMatchObject({
      variable: 'x',
      element: 'T',
    });
    const done = await completeTask(bpmn(SIMPLE), stored(simple.state), 't', { pass: false, comment: 'no' });
    expect(done.ended).toBe(true);
  });

  it('reads the leave model as shipped before its declarations as the current one', async () => {
    const undeclared = readFileSync(
      new URL('../fixtures/leave-model-undeclared.bpmn', import.meta.url),
      'utf8',
    );
    expect(createHash('sha256').update(undeclared).digest('hex')).toBe(LEAVE_MODEL_UNDECLARED_SHA256);
    expect(undeclared).not.toContain('formProperty');
    expect(await parseModel(undeclared)).toEqual(await parseModel(LEAVE_MODEL_XML));
    // An instance started on it goes on under the declarations.
    const started = await startProcess(undeclared, { ...startVariables, days: 5 }, 'u-applicant');
    const rejected = await completeTask(undeclared, stored(started.state), 'approverAudit', { pass: false });
    await expect(
      completeTask(undeclared, stored(rejected.state), 'applicantAdjust', { resubmit: true, days: 1 }),
    ).rejects.toMatchObject({ variable: 'days' });
    const resubmitted = await completeTask(undeclared, stored(rejected.state), 'applicantAdjust', {
      resubmit: true,
    });
    expect(waitingIds(resubmitted)).toEqual(['approverAudit']);
    // Any other text (one character changed) is read as written.
    const edited = undeclared.replace('请假流程', '请假流程2');
    expect((await parseModel(edited)).userTasks.every((task) => task.writable.length === 0)).toBe(true);
  });

  it('cancels an instance: its task is closed and no later step is taken', async () => {
    const started = await startProcess(LEAVE_MODEL_XML, { ...startVariables, days: 1 }, 'u-applicant');
    const cancelled = await cancelProcess(LEAVE_MODEL_XML, stored(started.state));
    expect(cancelled.ended).toBe(true);
    expect(cancelled.cancelled).toBe(true);
    expect(cancelled.waiting).toEqual([]);
    expect(cancelled.activities).toEqual([
      expect.objectContaining({ elementId: 'approverAudit', endedAt: expect.any(Date) }),
    ]);
    await expect(
      completeTask(LEAVE_MODEL_XML, stored(cancelled.state), 'approverAudit', { pass: true }),
    ).rejects.toBeInstanceOf(TaskNotWaitingError);
  });

  it('leaves no timer behind after its steps', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    let step = await startProcess(LEAVE_MODEL_XML, { ...startVariables, days: 2 }, 'u-applicant');
    step = await completeTask(LEAVE_MODEL_XML, stored(step.state), 'approverAudit', { pass: true });
    expect(step.ended).toBe(true);
    expect(timers()).toBeLessThanOrEqual(before);
  });
});

describe('runtime on other models', () => {
  it('waits on both branches of a parallel gateway and joins them', async () => {
    const xml = bpmn(
      `<startEvent id="s">${form('ub')}</startEvent>${line('s', 'fork')}<parallelGateway id="fork"/>` +
        `${line('fork', 'a')}${line('fork', 'b')}` +
        `<userTask id="a" flowable:assignee="ua">${form('fromA', 'ub')}</userTask>` +
        `<userTask id="b" flowable:assignee="\${ub}">${form('fromB')}</userTask>` +
        `${line('a', 'join')}${line('b', 'join')}<parallelGateway id="join"/>${line('join', 'c')}` +
        `<userTask id="c" flowable:assignee="uc"/>${line('c', 'e')}<endEvent id="e"/>`,
    );
    const started = await startProcess(xml, { ub: 'first-b' }, 'u-starter');
    expect(waitingIds(started)).toEqual(['a', 'b']);

    // b's assignee was evaluated when b started: a later change of the variable does not move it.
    const afterA = await completeTask(xml, stored(started.state), 'a', { fromA: 1, ub: 'second-b' });
    expect(afterA.waiting).toEqual([expect.objectContaining({ elementId: 'b', assignee: 'first-b' })]);
    expect(afterA.activities.map((x) => x.elementId)).not.toContain('c');

    const afterB = await completeTask(xml, stored(afterA.state), 'b', { fromB: 2 });
    expect(afterB.waiting).toEqual([expect.objectContaining({ elementId: 'c', assignee: 'uc' })]);
    expect(afterB.variables).toEqual({
      ub: 'second-b',
      fromA: 1,
      fromB: 2,
      applyUser: 'u-starter',
      initiator: 'u-starter',
    });
    expect(afterB.takenFlows).toEqual(['b_join', 'join_c']);

    expect(afterB.activities.map((x) => [x.elementId, x.endedAt === null])).toEqual([
      ['b', false],
      ['join', false],
      ['c', true],
    ]);

    const done = await completeTask(xml, stored(afterB.state), 'c', {});
    expect(done.ended).toBe(true);
  });

  it('evaluates assignees and candidates when the task starts', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:act="http://activiti.org/bpmn"
  xmlns:cam="http://camunda.org/schema/1.0/bpmn" targetNamespace="urn:test">
  <process id="Assign" isExecutable="true">
    <startEvent id="s">
      <extensionElements>
        <cam:formData><cam:formField id="approverId"/><cam:formField id="team"/></cam:formData>
        <act:formProperty id="lead"/><act:formProperty id="n"/>
      </extensionElements>
    </startEvent>
    <sequenceFlow id="f0" sourceRef="s" targetRef="m"/>
    <manualTask id="m"/>
    <sequenceFlow id="f1" sourceRef="m" targetRef="p"/>
    <task id="p"/>
    <sequenceFlow id="f2" sourceRef="p" targetRef="fork"/>
    <parallelGateway id="fork"/>
    <sequenceFlow id="f3" sourceRef="fork" targetRef="literal"/>
    <sequenceFlow id="f4" sourceRef="fork" targetRef="numeric"/>
    <sequenceFlow id="f5" sourceRef="fork" targetRef="lists"/>
    <userTask id="literal" act:assignee="1123598821738675201"/>
    <userTask id="numeric" cam:assignee="\${approverId}" cam:candidateUsers="\${nobody}"/>
    <userTask id="lists" act:candidateUsers="u1, \${team}, \${lead}, \${missing}" act:candidateGroups=' g1 ,\${"g" + string(n)}'/>
  </process>
</definitions>`;
    const result = await startProcess(
      xml,
      { approverId: 42, team: ['u2', 'u3'], lead: 'u4,u5', n: 2 },
      'u-starter',
    );
    const byId = Object.fromEntries(result.waiting.map((w) => [w.elementId, w]));
    expect(Object.keys(byId).sort()).toEqual(['lists', 'literal', 'numeric']);
    expect(byId.literal).toMatchObject({ assignee: '1123598821738675201', candidateUsers: [] });
    expect(byId.numeric).toMatchObject({ assignee: '42', candidateUsers: [] });
    expect(byId.lists).toMatchObject({
      assignee: null,
      candidateUsers: ['u1', 'u2', 'u3', 'u4', 'u5'],
      candidateGroups: ['g1', 'g2'],
    });
    // The manual task and the plain task ran through without waiting.
    expect(result.activities.filter((a) => ['m', 'p'].includes(a.elementId)).every((a) => a.endedAt)).toBe(
      true,
    );
  });

  it('ends in the first step a process without user tasks', async () => {
    const result = await startProcess(
      bpmn(
        `<startEvent id="s">${form('a')}</startEvent>${line('s', 'x')}<task id="x"/>${line('x', 'e')}<endEvent id="e"/>`,
      ),
      {
        a: 1,
      },
      'u-starter',
    );
    expect(result).toMatchObject({
      ended: true,
      waiting: [],
      variables: { a: 1, applyUser: 'u-starter', initiator: 'u-starter' },
      takenFlows: ['s_x', 'x_e'],
    });
    expect(result.activities.map((a) => a.elementId)).toEqual(['s', 'x', 'e']);
  });

  it('runs a bpmn-js model whose single process is not marked executable', async () => {
    const result = await startProcess(bpmn(SIMPLE, 'id="Draft" isExecutable="false"'), {}, 'u-starter');
    expect(waitingIds(result)).toEqual(['t']);
  });

  it('takes the default flow when no condition holds, and fails when there is no way out', async () => {
    const gateway = (withDefault: boolean) =>
      bpmn(
        `<startEvent id="s">${form('amount')}</startEvent>${line('s', 'gw')}<exclusiveGateway id="gw"${withDefault ? ' default="toB"' : ''}/>` +
          conditional('toA', 'gw', 'a', 'amount > 100') +
          (withDefault ? line('gw', 'b', 'toB') : conditional('toB', 'gw', 'b', 'amount < 0')) +
          `<userTask id="a" flowable:assignee="ua"/><userTask id="b" flowable:assignee="ub"/>` +
          `${line('a', 'e')}${line('b', 'e')}<endEvent id="e"/>`,
      );
    expect(waitingIds(await startProcess(gateway(true), { amount: 500 }, 'u-starter'))).toEqual(['a']);
    expect(waitingIds(await startProcess(gateway(true), { amount: 5 }, 'u-starter'))).toEqual(['b']);
    // A missing value is null in FEEL: the comparison is null, not true.
    expect(waitingIds(await startProcess(gateway(true), {}, 'u-starter'))).toEqual(['b']);
    await expect(startProcess(gateway(false), { amount: 5 }, 'u-starter')).rejects.toMatchObject({
      name: 'StepError',
      code: 'failed',
    });
  });

  it('refuses a state it did not produce, or one of another model', async () => {
    await expect(completeTask(bpmn(SIMPLE), { definitions: [] }, 't', {})).rejects.toMatchObject({
      name: 'StepError',
      code: 'badState',
    });
    const started = await startProcess(LEAVE_MODEL_XML, { taskUser: 'u', days: 1 }, 'u-applicant');
    await expect(completeTask(bpmn(SIMPLE), stored(started.state), 't', {})).rejects.toMatchObject({
      code: 'badState',
    });
  });

  it('stores no model in the state: each step runs the vetted XML it is given', async () => {
    const started = await startProcess(bpmn(SIMPLE), {}, 'u-starter');
    expect(JSON.stringify(started.state)).not.toContain('"source"');
    expect(JSON.stringify(started.state).length).toBeLessThan(20_000);
    const withScript = bpmn(
      SIMPLE.replace(
        '<endEvent id="e"/>',
        '<scriptTask id="e" scriptFormat="javascript"><script>globalThis.flowPwned = true</script></scriptTask>',
      ),
    );
    await expect(completeTask(withScript, stored(started.state), 't', {})).rejects.toBeInstanceOf(ModelError);
    expect((globalThis as Record<string, unknown>).flowPwned).toBeUndefined();
  });
});

describe('FEEL expressions', () => {
  it('uses FEEL semantics, bare or in ${ }', () => {
    expect(evaluateCondition('days > 3', { days: 5 })).toBe(true);
    expect(evaluateCondition('days > 3', { days: 3 })).toBe(false);
    expect(evaluateCondition('${days > 3}', { days: 4 })).toBe(true);
    expect(evaluateCondition(' ${ days > 3 } ', { days: 2 })).toBe(false);
    expect(evaluateCondition('pass = false', { pass: false })).toBe(true);
    expect(evaluateCondition('pass = false', { pass: true })).toBe(false);
    // Unknown names are null in FEEL, and only exactly true holds.
    expect(evaluateCondition('pass = false', {})).toBe(false);
    expect(evaluateCondition('flag', { flag: 'true' })).toBe(false);
    expect(evaluateCondition('flag', { flag: 1 })).toBe(false);
    expect(evaluateCondition('flag', { flag: true })).toBe(true);
    expect(
      evaluateCondition('dept.level >= 2 and "admin" in roles', { dept: { level: 2 }, roles: ['admin'] }),
    ).toBe(true);
    expect(evaluateExpression('${applyUser}', { applyUser: 'u9' })).toBe('u9');
    expect(evaluateExpression('if days > 3 then "long" else "short"', { days: 1 })).toBe('short');
  });

  it('reports what does not parse', () => {
    expect(checkExpression('days > 3')).toBeNull();
    expect(checkExpression('${pass = false}')).toBeNull();
    expect(checkExpression('days >')).toMatch(/syntax/);
    expect(checkExpression('')).toMatch(/empty/);
    expect(checkExpression('${}')).toMatch(/empty/);
    expect(() => evaluateExpression('days >', {})).toThrow(ExpressionError);
  });

  it('gives malicious expressions nothing to reach', () => {
    const pid = process.pid;
    for (const text of [
      'process.exit()',
      '${process.exit(1)}',
      'constructor.constructor("return process")()',
      'this.constructor',
      'require("fs")',
      'require("child_process").execSync("touch /tmp/pwned")',
      'globalThis.process',
      '__proto__',
      'x.__proto__.polluted',
    ]) {
      expect(checkExpression(text) === null ? evaluateExpression(text, { x: {} }) : null).toBeNull();
      expect(evaluateCondition(text, {})).toBe(false);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(process.pid).toBe(pid);
    expect(process.exitCode).toBeUndefined();

    // Functions handed in by mistake are not callable from the text (variables are copied as JSON).
    let called = false;
    const variables = { f: () => (called = true), o: { g: () => (called = true) } };
    expect(evaluateExpression('f()', variables)).toBeNull();
    expect(evaluateExpression('o.g()', variables)).toBeNull();
    expect(called).toBe(false);
  });

  it('refuses constructs that could run without bound', () => {
    expect(checkExpression('for i in 1..100000000 return i')).toMatch(/for/);
    expect(checkExpression('some x in list satisfies x > 1')).toMatch(/some/);
    expect(checkExpression('every x in list satisfies x > 1')).toMatch(/every/);
    expect(checkExpression('{f: function(n) f(n)}.f(1)')).toMatch(/function/);
    expect(checkExpression('matches(name, "(a+)+$")')).toMatch(/matches/);
    expect(checkExpression('replace(name, "a", "b")')).toMatch(/replace/);
    expect(checkExpression('x = ' + '1 + '.repeat(400) + '1')).toMatch(/longer/);
    expect(() => evaluateExpression('for i in 1..100000000 return i', {})).toThrow(ExpressionError);
  });
});

describe('parseModel refusals', () => {
  it('accepts the smallest valid model', async () => {
    const model = await parseModel(bpmn(SIMPLE));
    expect(model).toMatchObject({ processKey: 'P', processName: 'Test' });
    expect(model.elements.map((e) => e.type)).toEqual([
      'bpmn:StartEvent',
      'bpmn:SequenceFlow',
      'bpmn:UserTask',
      'bpmn:SequenceFlow',
      'bpmn:EndEvent',
    ]);
  });

  it('malformed: not XML, not BPMN, broken, dangling reference', async () => {
    await expectModelError('not xml at all', 'malformed');
    await expectModelError('<foo xmlns="urn:other"/>', 'malformed');
    await expectModelError(bpmn('<startEvent id="s">'), 'malformed');
    await expectModelError(bpmn(`<startEvent id="s"/>${line('s', 'nowhere')}`), 'malformed');
    const error = await expectModelError('', 'malformed');
    expect(error.params.detail).toBeTruthy();
  });

  it('malformed: a DOCTYPE with an external entity is refused before any read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flow-xxe-'));
    try {
      const secret = join(dir, 'secret.txt');
      writeFileSync(secret, 'TOP-SECRET-CONTENT');
      const xml = `<?xml version="1.0"?>
<!DOCTYPE definitions [<!ENTITY xxe SYSTEM "file://${secret}"><!ENTITY remote SYSTEM "http://127.0.0.1:9/x">]>
<definitions ${NAMESPACES}><process id="P" name="&xxe;&remote;" isExecutable="true">${SIMPLE}</process></definitions>`;
      const error = await expectModelError(xml, 'malformed');
      expect(error.params.detail).toMatch(/DOCTYPE/);
      expect(JSON.stringify(error)).not.toContain('TOP-SECRET');
      await expectModelError(xml.replace('<!DOCTYPE', '<!doctype'), 'malformed');
      await expect(startProcess(xml, {}, 'u-starter')).rejects.toBeInstanceOf(ModelError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('tooLarge: more than 1 MB', async () => {
    const padding = `<documentation>${'x'.repeat(1024 * 1024)}</documentation>`;
    await expectModelError(bpmn(padding + SIMPLE), 'tooLarge');
  });

  it('noProcess and manyProcesses', async () => {
    await expectModelError(`<definitions ${NAMESPACES}></definitions>`, 'noProcess');
    await expectModelError(
      `<definitions ${NAMESPACES}><process id="A" isExecutable="false">${SIMPLE}</process>` +
        `<process id="B" isExecutable="false"/></definitions>`,
      'noProcess',
    );
    await expectModelError(
      `<definitions ${NAMESPACES}><process id="A" isExecutable="true">${SIMPLE}</process>` +
        `<process id="B" isExecutable="true"/></definitions>`,
      'manyProcesses',
    );
  });

  it('noKey and badKey', async () => {
    await expectModelError(bpmn(SIMPLE, 'isExecutable="true"'), 'noKey');
    await expectModelError(bpmn(SIMPLE, 'id="1leave" isExecutable="true"'), 'badKey');
    await expectModelError(bpmn(SIMPLE, 'id="a:b" isExecutable="true"'), 'badKey');
    await expectModelError(bpmn(SIMPLE, `id="${'k'.repeat(65)}" isExecutable="true"`), 'badKey');
    expect(
      (await parseModel(bpmn(SIMPLE, `id="${'k'.repeat(64)}" isExecutable="true"`))).processKey,
    ).toHaveLength(64);
  });

  it('unsupportedElement: scripts, services, timers, messages, signals, sub-processes, call activities', async () => {
    const around = (element: string) =>
      bpmn(`<startEvent id="s"/>${line('s', 'x')}${element}${line('x', 'e')}<endEvent id="e"/>`);
    const cases: [string, string][] = [
      [
        '<scriptTask id="x" scriptFormat="javascript"><script>globalThis.flowPwned = true; next();</script></scriptTask>',
        'bpmn:ScriptTask',
      ],
      ['<serviceTask id="x" implementation="${environment.services.x}"/>', 'bpmn:ServiceTask'],
      ['<subProcess id="x"/>', 'bpmn:SubProcess'],
      ['<callActivity id="x" calledElement="Other"/>', 'bpmn:CallActivity'],
      ['<sendTask id="x"/>', 'bpmn:SendTask'],
      ['<businessRuleTask id="x"/>', 'bpmn:BusinessRuleTask'],
      ['<receiveTask id="x"/>', 'bpmn:ReceiveTask'],
      [
        '<intermediateCatchEvent id="x"><timerEventDefinition><timeDuration>PT1S</timeDuration></timerEventDefinition></intermediateCatchEvent>',
        'bpmn:IntermediateCatchEvent',
      ],
      [
        '<intermediateThrowEvent id="x"><signalEventDefinition/></intermediateThrowEvent>',
        'bpmn:IntermediateThrowEvent',
      ],
      // A countersign is a user task's multi-instance loop (issue 51): no other loop runs.
      [
        '<userTask id="x" flowable:assignee="u"><standardLoopCharacteristics/></userTask>',
        'bpmn:StandardLoopCharacteristics',
      ],
      ['<task id="x"><multiInstanceLoopCharacteristics/></task>', 'bpmn:MultiInstanceLoopCharacteristics'],
      [
        '<userTask id="x" flowable:assignee="u"><multiInstanceLoopCharacteristics><loopCardinality>3</loopCardinality></multiInstanceLoopCharacteristics></userTask>',
        'loopCardinality',
      ],
    ];
    for (const [element, type] of cases) {
      const error = await expectModelError(around(element), 'unsupportedElement');
      expect(error.params).toEqual({ element: 'x', type });
    }
    const timerStart = bpmn(
      `<startEvent id="s"><timerEventDefinition><timeCycle>R/PT1S</timeCycle></timerEventDefinition></startEvent>${line('s', 'e')}<endEvent id="e"/>`,
    );
    expect((await expectModelError(timerStart, 'unsupportedElement')).params.type).toBe(
      'bpmn:TimerEventDefinition',
    );
    const messageEnd = bpmn(
      `<startEvent id="s"/>${line('s', 'e')}<endEvent id="e"><messageEventDefinition/></endEvent>`,
    );
    expect((await expectModelError(messageEnd, 'unsupportedElement')).params.type).toBe(
      'bpmn:MessageEventDefinition',
    );
    const boundary = bpmn(
      SIMPLE + '<boundaryEvent id="b" attachedToRef="t"><timerEventDefinition/></boundaryEvent>',
    );
    expect((await expectModelError(boundary, 'unsupportedElement')).params.element).toBe('b');
    await expectModelError(
      `<definitions ${NAMESPACES}><message id="m" name="M"/><process id="P" isExecutable="true">${SIMPLE}</process></definitions>`,
      'unsupportedElement',
    );
    // The script task was refused, never run.
    expect((globalThis as Record<string, unknown>).flowPwned).toBeUndefined();
    await expect(startProcess(around(cases[0]![0]), {}, 'u-starter')).rejects.toBeInstanceOf(ModelError);
    expect((globalThis as Record<string, unknown>).flowPwned).toBeUndefined();
  });

  it('accepts documentation, lanes, annotations and associations', async () => {
    const xml = bpmn(
      `<documentation>Doc</documentation><laneSet id="ls"><lane id="lane1"><flowNodeRef>t</flowNodeRef></lane></laneSet>` +
        SIMPLE +
        `<textAnnotation id="note"><text>Hi</text></textAnnotation><association id="as" sourceRef="t" targetRef="note"/>`,
    );
    expect((await parseModel(xml)).userTasks).toHaveLength(1);
    expect(waitingIds(await startProcess(xml, {}, 'u-starter'))).toEqual(['t']);
  });

  it('accepts a bpmn-js pool (collaboration) around the process, refuses message flows', async () => {
    const pool = (extra: string) =>
      `<?xml version="1.0" encoding="UTF-8"?><definitions ${NAMESPACES}>` +
      `<collaboration id="c"><participant id="pool" name="Pool" processRef="P"/>${extra}</collaboration>` +
      `<process id="P" isExecutable="false">${SIMPLE}</process></definitions>`;
    expect(waitingIds(await startProcess(pool(''), {}, 'u-starter'))).toEqual(['t']);
    const error = await expectModelError(
      pool('<participant id="other" name="Other"/><messageFlow id="mf" sourceRef="t" targetRef="other"/>'),
      'unsupportedElement',
    );
    expect(error.params).toEqual({ element: 'mf', type: 'bpmn:MessageFlow' });
  });

  it('malformed: a form property or field without an id declares no variable', async () => {
    const plain = '<startEvent id="s"/>';
    expect(SIMPLE.startsWith(plain)).toBe(true);
    const start = (extension: string) =>
      bpmn(
        `<startEvent id="s"><extensionElements>${extension}</extensionElements></startEvent>` +
          SIMPLE.slice(plain.length),
      );
    const error = await expectModelError(start('<flowable:formProperty name="days"/>'), 'malformed');
    expect(error.params.detail).toBe('a formProperty of "s" has no id');
    await expectModelError(
      start('<flowable:formData><flowable:formField id=" "/></flowable:formData>'),
      'malformed',
    );
    expect((await parseModel(start('<flowable:formProperty id="days"/>'))).startVariables).toEqual(['days']);
  });

  it('noAssignee', async () => {
    const xml = bpmn(
      `<startEvent id="s"/>${line('s', 't')}<userTask id="t"/>${line('t', 'e')}<endEvent id="e"/>`,
    );
    expect((await expectModelError(xml, 'noAssignee')).params).toEqual({ element: 't' });
    await expectModelError(
      xml.replace('<userTask id="t"/>', '<userTask id="t" flowable:assignee=" "/>'),
      'noAssignee',
    );
    // Another namespace URI bound to the usual prefix is not Flowable's.
    await expectModelError(
      xml
        .replace('xmlns:flowable="http://flowable.org/bpmn"', 'xmlns:flowable="urn:not-flowable"')
        .replace('<userTask id="t"/>', '<userTask id="t" flowable:assignee="u"/>'),
      'noAssignee',
    );
  });

  it('badExpression: condition, assignee, candidate, template, script language', async () => {
    const withTask = (attributes: string) =>
      bpmn(
        `<startEvent id="s"/>${line('s', 't')}<userTask id="t" ${attributes}/>${line('t', 'e')}<endEvent id="e"/>`,
      );
    const assignee = await expectModelError(withTask('flowable:assignee="${a +}"'), 'badExpression');
    expect(assignee.params).toMatchObject({ element: 't', expression: '${a +}' });
    await expectModelError(withTask('flowable:candidateUsers="u1, ${(}"'), 'badExpression');
    await expectModelError(
      withTask('flowable:candidateGroups="${for g in groups return g}"'),
      'badExpression',
    );
    await expectModelError(withTask('flowable:assignee="user_${id}"'), 'badExpression');

    const withCondition = (condition: string, language = '') =>
      bpmn(
        `<startEvent id="s"/>${line('s', 'gw')}<exclusiveGateway id="gw" default="d"/>` +
          `<sequenceFlow id="c" sourceRef="gw" targetRef="e"><conditionExpression xsi:type="tFormalExpression"${language}><![CDATA[${condition}]]></conditionExpression></sequenceFlow>` +
          `${line('gw', 'e', 'd')}<endEvent id="e"/>`,
      );
    expect((await expectModelError(withCondition('${days >}'), 'badExpression')).params).toMatchObject({
      element: 'c',
      expression: '${days >}',
    });
    await expectModelError(withCondition('days > 3', ' language="javascript"'), 'badExpression');
    await expectModelError(withCondition('next(null, true)', ' language="groovy"'), 'badExpression');
    await expectModelError(withCondition(''), 'badExpression');
    expect((await parseModel(withCondition('${days > 3}'))).processKey).toBe('P');
    expect((await parseModel(withCondition('days > 3', ' language="feel"'))).processKey).toBe('P');
  });

  it('missingCondition: an exclusive gateway with an unconditioned non-default flow', async () => {
    const xml = (defaultAttribute: string) =>
      bpmn(
        `<startEvent id="s"/>${line('s', 'gw')}<exclusiveGateway id="gw"${defaultAttribute}/>` +
          conditional('c1', 'gw', 'e', 'days > 3') +
          line('gw', 'e', 'plain') +
          `<endEvent id="e"/>`,
      );
    expect((await expectModelError(xml(''), 'missingCondition')).params).toEqual({
      element: 'gw',
      flow: 'plain',
    });
    expect((await parseModel(xml(' default="plain"'))).processKey).toBe('P');
  });

  it('loopWithoutTask: a cycle no user task breaks would spin forever', async () => {
    const xml = bpmn(
      `<startEvent id="s"/>${line('s', 'x')}<task id="x"/>${line('x', 'gw')}<exclusiveGateway id="gw" default="out"/>` +
        conditional('back', 'gw', 'x', 'true') +
        `${line('gw', 'e', 'out')}<endEvent id="e"/>`,
    );
    expect((await expectModelError(xml, 'loopWithoutTask')).params.element).toMatch(/^(x|gw)$/);
    const started = Date.now();
    await expect(startProcess(xml, {}, 'u-starter')).rejects.toBeInstanceOf(ModelError);
    expect(Date.now() - started).toBeLessThan(1000);
    // A loop through a user task (the leave model's resubmission) is fine.
    await expect(parseModel(LEAVE_MODEL_XML)).resolves.toBeTruthy();
  });

  it('reads flowable, activiti and camunda attributes whatever the prefix', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn2:definitions xmlns:bpmn2="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:f="http://flowable.org/bpmn" targetNamespace="urn:t">
  <bpmn2:process id="P" isExecutable="true" xmlns:a="http://activiti.org/bpmn">
    <bpmn2:startEvent id="s" f:initiator="starter"/>
    <bpmn2:sequenceFlow id="f1" sourceRef="s" targetRef="t1"/>
    <bpmn2:userTask id="t1" f:assignee="\${boss}" a:candidateUsers="u1, \${list contains(xs, 1)} ,u2">
      <bpmn2:extensionElements xmlns:o="urn:other">
        <a:formProperty id="shown" writable="false"/>
        <f:formProperty id="field" variable="amount"/>
        <o:formProperty id="foreign"/>
        <f:formProperty id="note"/>
      </bpmn2:extensionElements>
    </bpmn2:userTask>
    <bpmn2:sequenceFlow id="f2" sourceRef="t1" targetRef="t2"/>
    <bpmn2:userTask id="t2" xmlns:c="http://camunda.org/schema/1.0/bpmn" c:candidateGroups="g1,,g2 ">
      <bpmn2:extensionElements><c:formData><c:formField id="ok"/></c:formData></bpmn2:extensionElements>
    </bpmn2:userTask>
    <bpmn2:sequenceFlow id="f3" sourceRef="t2" targetRef="e"/>
    <bpmn2:endEvent id="e"/>
  </bpmn2:process>
</bpmn2:definitions>`;
    const model = await parseModel(xml);
    expect(model.initiator).toBe('starter');
    expect(model.userTasks).toEqual([
      {
        id: 't1',
        name: '',
        assignee: '${boss}',
        candidateUsers: ['u1', '${list contains(xs, 1)}', 'u2'],
        candidateGroups: [],
        // Form properties in any of the three namespaces: the variable they set; read-only ones and
        // other namespaces' elements declare nothing.
        writable: ['amount', 'note'],
        // No flowable:formKey: no designed form bound.
        form: null,
        multiInstance: null,
        returnMode: 'direct',
      },
      {
        id: 't2',
        name: '',
        assignee: null,
        candidateUsers: [],
        candidateGroups: ['g1', 'g2'],
        writable: ['ok'],
        form: null,
        multiInstance: null,
        returnMode: 'direct',
      },
    ]);
    expect(model.startVariables).toEqual([]);
  });
});
