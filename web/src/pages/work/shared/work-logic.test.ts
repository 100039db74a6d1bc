import { describe, expect, it } from 'vitest';
import { sendFilters } from '../send/send-filters';
import { completeInput, decisionKindOf } from './decision';
import {
  categoryLabel,
  detailPath,
  formPath,
  handlePath,
  routeOf,
  type FlowCategoryItem,
} from './flow-routes';

const items: FlowCategoryItem[] = [
  { dictKey: '1', dictValue: '请假流程', remark: '/work/process/leave/' },
  { dictKey: '2', dictValue: '报销流程', remark: null },
  { dictKey: '3', dictValue: '备注流程', remark: '报销单审批用' },
];

describe('flow routes', () => {
  it('finds the business route of a flow_<key> category in the dictionary remark', () => {
    expect(routeOf(items, 'flow_1')).toBe('/work/process/leave');
    // No remark, a remark that is no path, an unknown key or a category of another shape: none.
    expect(routeOf(items, 'flow_2')).toBeUndefined();
    expect(routeOf(items, 'flow_3')).toBeUndefined();
    expect(routeOf(items, 'flow_9')).toBeUndefined();
    expect(routeOf(items, '1')).toBeUndefined();
    expect(routeOf(items, null)).toBeUndefined();
    expect(categoryLabel(items, 'flow_1')).toBe('请假流程');
    expect(categoryLabel(items, 'other')).toBe('other');
  });

  it('builds the business pages’ addresses, none without a business record', () => {
    const route = '/work/process/leave';
    expect(formPath(route, 'Leave:1:7')).toBe('/work/process/leave/form/Leave%3A1%3A7');
    const task = { taskId: '11', processInstanceId: '22', businessId: '33' };
    expect(handlePath(route, task)).toBe('/work/process/leave/handle/11/22/33');
    expect(detailPath(route, task)).toBe('/work/process/leave/detail/22/33');
    expect(handlePath(route, { ...task, businessId: null })).toBeUndefined();
    expect(detailPath(route, { ...task, businessId: null })).toBeUndefined();
  });
});

describe('decisions', () => {
  const task = { taskId: '11', processInstanceId: '22' };

  it('sends pass and reject as flags, the adjust step’s choice as the resubmit variable', () => {
    expect(completeInput(task, 'pass', '  ')).toEqual({ ...task, flag: 'pass' });
    expect(completeInput(task, 'reject', ' 天数不对 ')).toEqual({
      ...task,
      flag: 'reject',
      comment: '天数不对',
    });
    expect(completeInput(task, 'resubmit', '已改')).toEqual({
      ...task,
      flag: 'pass',
      comment: '已改',
      variables: { resubmit: true },
    });
    expect(completeInput(task, 'withdraw')).toEqual({
      ...task,
      flag: 'pass',
      variables: { resubmit: false },
    });
  });

  it('offers the adjust decisions on the applicant’s step only', () => {
    expect(decisionKindOf('applicantAdjust')).toBe('adjust');
    expect(decisionKindOf('approverAudit')).toBe('audit');
    expect(decisionKindOf('managerAudit')).toBe('audit');
  });

  it('resubmits a returned task and resolves a delegated one without variables; copies when asked', () => {
    expect(decisionKindOf('applicantAdjust', 'returned')).toBe('returned');
    expect(decisionKindOf('approverAudit', 'delegated')).toBe('delegated');
    expect(decisionKindOf('approverAudit', 'task')).toBe('audit');
    expect(completeInput({ ...task, kind: 'returned' }, 'resubmit', '已补')).toEqual({
      ...task,
      flag: 'pass',
      comment: '已补',
    });
    expect(completeInput({ ...task, kind: 'delegated' }, 'resolve')).toEqual({ ...task, flag: 'pass' });
    expect(completeInput(task, 'pass', '', ['7', '8'])).toEqual({
      ...task,
      flag: 'pass',
      copyUserIds: ['7', '8'],
    });
  });
});

describe('list filters', () => {
  it('names the sent list’s filters as the instance table does', () => {
    expect(
      sendFilters({
        processDefinitionKey: 'Leave',
        status_equal: 1,
        startTime_dategt: '2026-05-01',
        descs: 'startTime',
      }),
    ).toEqual({ processKey: 'Leave', runState_equal: 1, startTime_dategt: '2026-05-01', descs: 'startTime' });
  });
});
