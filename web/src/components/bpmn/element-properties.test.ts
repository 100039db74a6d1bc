import { describe, expect, it } from 'vitest';
import type { DiagramElement } from './bpmn-types';
import {
  conditionBody,
  countersignOf,
  extensionUpdate,
  extensionValue,
  hasConditionField,
  isProcessKey,
  isRatio,
  panelKind,
  ruleCondition,
  ruleOfCondition,
} from './element-properties';

/** A stand-in for a moddle object: typed properties, unknown attributes in $attrs. */
function element(
  type: string,
  properties: Record<string, unknown> = {},
  $attrs: Record<string, string> = {},
  $parent?: DiagramElement,
): DiagramElement {
  return {
    $type: type,
    $attrs,
    $parent,
    get: (name: string) => (name in properties ? properties[name] : $attrs[name]),
    set: (name: string, value: unknown) => {
      properties[name] = value;
    },
    $instanceOf: (other: string) => other === type,
  };
}

const definitions = element(
  'bpmn:Definitions',
  {},
  {
    'xmlns:act': 'http://activiti.org/bpmn',
    'xmlns:camunda': 'http://camunda.org/schema/1.0/bpmn',
    'xmlns:other': 'http://example.com/other',
  },
);

describe('the properties panel on BPMN elements', () => {
  it('reads assignments under flowable first, else under activiti or camunda whatever the prefix', () => {
    const flowable = element(
      'bpmn:UserTask',
      { 'flowable:assignee': '${applyUser}' },
      {
        'act:assignee': 'old',
      },
      definitions,
    );
    expect(extensionValue(flowable, 'assignee')).toBe('${applyUser}');

    const drawnElsewhere = element(
      'bpmn:UserTask',
      {},
      {
        'act:candidateGroups': 'role:manager',
        'other:candidateUsers': 'ignored',
      },
      definitions,
    );
    expect(extensionValue(drawnElsewhere, 'candidateGroups')).toBe('role:manager');
    expect(extensionValue(drawnElsewhere, 'candidateUsers')).toBe('');
  });

  it('writes under flowable and removes the activiti and camunda twins; empty removes', () => {
    const task = element(
      'bpmn:UserTask',
      {},
      {
        'act:assignee': 'a',
        'camunda:assignee': 'b',
        'other:assignee': 'c',
        'camunda:candidateUsers': 'd',
      },
      definitions,
    );
    expect(extensionUpdate(task, 'assignee', 'u1')).toEqual({
      'flowable:assignee': 'u1',
      'act:assignee': undefined,
      'camunda:assignee': undefined,
    });
    expect(extensionUpdate(task, 'candidateUsers', '')).toEqual({
      'flowable:candidateUsers': undefined,
      'camunda:candidateUsers': undefined,
    });
  });

  it('offers a condition on flows out of exclusive and inclusive gateways, and on any flow with one', () => {
    const gateway = element('bpmn:ExclusiveGateway');
    const task = element('bpmn:UserTask');
    const expression = element('bpmn:FormalExpression', { body: '${pass = true}' });
    expect(hasConditionField(element('bpmn:SequenceFlow', { sourceRef: gateway }))).toBe(true);
    expect(hasConditionField(element('bpmn:SequenceFlow', { sourceRef: task }))).toBe(false);
    const conditioned = element('bpmn:SequenceFlow', { sourceRef: task, conditionExpression: expression });
    expect(hasConditionField(conditioned)).toBe(true);
    expect(conditionBody(conditioned)).toBe('${pass = true}');
  });

  it('tells the panel kinds and the process key rule', () => {
    expect(panelKind(element('bpmn:Process'))).toBe('process');
    expect(panelKind(element('bpmn:StartEvent'))).toBe('startEvent');
    expect(panelKind(element('bpmn:ExclusiveGateway'))).toBe('other');
    expect(isProcessKey('Leave')).toBe(true);
    expect(isProcessKey('_请假.v2-1')).toBe(true);
    expect(isProcessKey('1leave')).toBe(false);
    expect(isProcessKey('a b')).toBe(false);
    expect(isProcessKey('')).toBe(false);
    expect(isProcessKey('k'.repeat(65))).toBe(false);
  });
});

describe('a countersign in the properties panel (issue 51)', () => {
  it('accepts ratios between 0 and 1 only', () => {
    for (const ok of ['2/3', '1/2', '3/3', '0.6', '.5', '1', ' 2 / 3 ']) expect(isRatio(ok), ok).toBe(true);
    for (const bad of ['', '0', '0/3', '4/3', '2/0', '1.5', 'abc', '2/3/4', '-1/2'])
      expect(isRatio(bad), bad).toBe(false);
  });

  it('writes each rule as the condition the server reads, and reads it back', () => {
    expect(ruleCondition('all')).toBe('${nrOfAgreed = nrOfInstances}');
    expect(ruleCondition('any')).toBe('${nrOfAgreed >= 1}');
    expect(ruleCondition('ratio', ' 2 / 3 ')).toBe('${nrOfAgreed / nrOfInstances >= 2/3}');
    expect(ruleCondition('ratio', '5/3')).toBe('');
    for (const [rule, ratio] of [
      ['all', ''],
      ['any', ''],
      ['ratio', '2/3'],
      ['ratio', '0.6'],
    ] as const)
      expect(ruleOfCondition(ruleCondition(rule, ratio))).toEqual({ rule, ratio });
    // No condition: all must agree (the server's reading); anything else is shown as written.
    expect(ruleOfCondition('')).toEqual({ rule: 'all', ratio: '' });
    expect(ruleOfCondition('${nrOfRejected = 0 and nrOfAgreed >= 2}')).toEqual({ rule: 'custom', ratio: '' });
  });

  it('reads a task’s loop: its order, its signers and its rule', () => {
    const condition = element('bpmn:FormalExpression', { body: '${nrOfAgreed / nrOfInstances >= 2/3}' });
    const loop = element('bpmn:MultiInstanceLoopCharacteristics', {
      isSequential: true,
      completionCondition: condition,
      'flowable:collection': 'signers',
    });
    expect(countersignOf(element('bpmn:UserTask', { loopCharacteristics: loop }))).toEqual({
      countersign: 'sequential',
      rule: 'ratio',
      ratio: '2/3',
      completion: '${nrOfAgreed / nrOfInstances >= 2/3}',
      collection: 'signers',
    });
    expect(countersignOf(element('bpmn:UserTask'))).toMatchObject({ countersign: 'none' });
    const parallel = element('bpmn:MultiInstanceLoopCharacteristics', {});
    expect(countersignOf(element('bpmn:UserTask', { loopCharacteristics: parallel }))).toMatchObject({
      countersign: 'parallel',
      rule: 'all',
    });
  });
});
