import { describe, expect, it } from 'vitest';
import { parseModel } from '../../src/modules/flow/engine/model.js';
import {
  completeTask,
  resubmitThroughFlow,
  startProcess,
  TaskNotWaitingError,
} from '../../src/modules/flow/engine/runtime.js';
import type { EngineState, StepResult } from '../../src/modules/flow/engine/runtime.js';

// A return resubmitted "through the flow again" (issue 51): the engine discards the returned task
// and runs the model again from the task returned to, or from the start.

const stored = (state: EngineState): EngineState => JSON.parse(JSON.stringify(state)) as EngineState;
const line = (from: string, to: string) =>
  `<sequenceFlow id="${from}_${to}" sourceRef="${from}" targetRef="${to}"/>`;
const bpmn = (body: string, processAttributes = '') => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="urn:test"><process id="P" isExecutable="true" ${processAttributes}>${body}</process></definitions>`;

// start → a → b → c → end, c returns "through the flow".
const CHAIN = bpmn(
  `<startEvent id="s"/>${line('s', 'a')}<userTask id="a" flowable:assignee="1"/>${line('a', 'b')}` +
    `<userTask id="b" flowable:assignee="2"/>${line('b', 'c')}` +
    `<userTask id="c" flowable:assignee="3" flowable:returnMode="flow"/>${line('c', 'e')}<endEvent id="e"/>`,
);
const waiting = (step: StepResult) => step.waiting.map((w) => w.elementId);

async function atC(): Promise<StepResult> {
  let step = await startProcess(CHAIN, {}, '9');
  step = await completeTask(CHAIN, stored(step.state), 'a', { pass: true });
  step = await completeTask(CHAIN, stored(step.state), 'b', { pass: true });
  expect(waiting(step)).toEqual(['c']);
  return step;
}

describe('return through the flow again', () => {
  it('reads the return mode of a task, else of its process, direct by default', async () => {
    const parsed = await parseModel(CHAIN);
    expect(parsed.userTasks.map((t) => [t.id, t.returnMode])).toEqual([
      ['a', 'direct'],
      ['b', 'direct'],
      ['c', 'flow'],
    ]);
    const processWide = await parseModel(
      bpmn(
        `<startEvent id="s"/>${line('s', 'a')}<userTask id="a" flowable:assignee="1"/>${line('a', 'e')}<endEvent id="e"/>`,
        'flowable:returnMode="flow"',
      ),
    );
    expect(processWide.userTasks[0]!.returnMode).toBe('flow');
    await expect(
      parseModel(
        bpmn(
          `<startEvent id="s"/>${line('s', 'a')}<userTask id="a" flowable:assignee="1" flowable:returnMode="back"/>${line('a', 'e')}<endEvent id="e"/>`,
        ),
      ),
    ).rejects.toThrow(/return mode "back" of "a"/);
  });

  it('from the task returned to: its next steps wait again, then the returning one', async () => {
    const step = await resubmitThroughFlow(CHAIN, stored((await atC()).state), ['c'], 'a', { pass: true });
    expect(waiting(step)).toEqual(['b']);
    expect(step.ended).toBe(false);
    const next = await completeTask(CHAIN, stored(step.state), 'b', { pass: true });
    expect(waiting(next)).toEqual(['c']);
    const done = await completeTask(CHAIN, stored(next.state), 'c', { pass: true });
    expect(done.ended).toBe(true);
  });

  it('from the start (a return to the initiator): the first step waits again', async () => {
    const step = await resubmitThroughFlow(CHAIN, stored((await atC()).state), ['c'], 's', {});
    expect(waiting(step)).toEqual(['a']);
  });

  it('from the start, returned by the first step: that step waits again, the process does not end', async () => {
    const started = await startProcess(CHAIN, {}, '9');
    const step = await resubmitThroughFlow(CHAIN, stored(started.state), ['a'], 's', {});
    expect(waiting(step)).toEqual(['a']);
    expect(step.ended).toBe(false);
    expect(step.waiting[0]!.executionId).not.toBe(started.waiting[0]!.executionId);
  });

  it('from the start, returned by a countersign right after it: the node starts over, every signer again', async () => {
    const SIGN = bpmn(
      `<startEvent id="s"><extensionElements><flowable:formProperty id="signers"/></extensionElements></startEvent>${line('s', 'a')}` +
        `<userTask id="a" flowable:assignee="\${signer}" flowable:returnMode="flow"><multiInstanceLoopCharacteristics isSequential="false" flowable:collection="signers" flowable:elementVariable="signer"/></userTask>` +
        `${line('a', 'e')}<endEvent id="e"/>`,
    );
    const started = await startProcess(SIGN, { signers: ['1', '2', '3'] }, '9');
    const step = await resubmitThroughFlow(SIGN, stored(started.state), ['a'], 's', {});
    expect(step.ended).toBe(false);
    expect(step.waiting.map((w) => [w.elementId, w.assignee, w.countersign])).toEqual([
      ['a', '1', true],
      ['a', '2', true],
      ['a', '3', true],
    ]);
  });

  it('refuses when the held task is not waiting', async () => {
    await expect(resubmitThroughFlow(CHAIN, stored((await atC()).state), ['b'], 'a', {})).rejects.toThrow(
      TaskNotWaitingError,
    );
  });
});
