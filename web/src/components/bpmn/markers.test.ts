import type { FlowHistory } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { diagramMarkers } from './markers';

const activity = (
  id: string,
  type: string,
  ended: boolean,
  name: string | null = id.toUpperCase(),
): FlowHistory => ({
  historyActivityId: id,
  historyActivityName: name,
  historyActivityType: type,
  taskId: null,
  assignee: null,
  assigneeName: null,
  comment: null,
  startTime: '2026-01-02 10:00:00',
  endTime: ended ? '2026-01-02 10:01:00' : null,
  durationInMillis: ended ? 60_000 : null,
});

describe('diagramMarkers (spec §4 colours)', () => {
  it('marks finished activities done, open ones active and the flows taken', () => {
    const { states, doneNames, activeNames } = diagramMarkers(
      [
        activity('start', 'startEvent', true, '开始'),
        activity('approverAudit', 'userTask', true, '审批人审批'),
        activity('approverDecision', 'exclusiveGateway', true, '审批结果'),
        activity('managerAudit', 'userTask', false, '上级审批'),
      ],
      ['flowStart', 'flowToApproverDecision', 'flowToManager'],
    );
    expect(Object.fromEntries(states)).toEqual({
      start: 'done',
      approverAudit: 'done',
      approverDecision: 'done',
      managerAudit: 'active',
      flowStart: 'taken',
      flowToApproverDecision: 'taken',
      flowToManager: 'taken',
    });
    expect(doneNames).toEqual(['开始', '审批人审批', '审批结果']);
    expect(activeNames).toEqual(['上级审批']);
  });

  it('keeps an activity visited again active while any visit is open, whatever the order', () => {
    const revisited = diagramMarkers(
      [
        activity('audit', 'userTask', true),
        activity('adjust', 'userTask', true),
        activity('audit', 'bpmn:UserTask', false),
      ],
      [],
    );
    expect(revisited.states.get('audit')).toBe('active');
    expect(revisited.doneNames).toEqual(['ADJUST']);
    expect(revisited.activeNames).toEqual(['AUDIT']);

    const openFirst = diagramMarkers([activity('a', 'userTask', false), activity('a', 'userTask', true)], []);
    expect(openFirst.states.get('a')).toBe('active');
  });

  it('names an activity without a name by its id, and reads recorded flows as taken', () => {
    const { states, doneNames } = diagramMarkers(
      [activity('task1', 'userTask', true, null), activity('f1', 'sequenceFlow', true)],
      ['f1'],
    );
    expect(doneNames).toEqual(['task1']);
    expect(states.get('f1')).toBe('taken');
  });

  it('colours nothing for a definition (no history)', () => {
    const markers = diagramMarkers([], []);
    expect(markers.states.size).toBe(0);
    expect(markers.doneNames).toEqual([]);
    expect(markers.activeNames).toEqual([]);
  });
});
