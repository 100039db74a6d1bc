import { describe, expect, it } from 'vitest';
import { leaveDays, leaveInput, leaveStateView, leaveTypeText, userLabel, userMatches } from './leave-logic';

const at = (text: string) => new Date(text); // local time: no zone in the text

describe('leave days', () => {
  it('counts the calendar days a leave touches, both ends included', () => {
    expect(leaveDays(at('2026-05-04T09:00:00'), at('2026-05-04T18:00:00'))).toBe(1);
    expect(leaveDays(at('2026-05-04T18:00:00'), at('2026-05-05T09:00:00'))).toBe(2);
    expect(leaveDays(at('2026-05-04T09:00:00'), at('2026-05-08T18:00:00'))).toBe(5);
    // An end at midnight does not count its day.
    expect(leaveDays(at('2026-05-04T00:00:00'), at('2026-05-06T00:00:00'))).toBe(2);
    // Across months, and kept within the server's 365.
    expect(leaveDays(at('2026-01-30T09:00:00'), at('2026-02-02T09:00:00'))).toBe(4);
    expect(leaveDays(at('2026-01-01T09:00:00'), at('2028-01-01T09:00:00'))).toBe(365);
  });

  it('counts nothing for an incomplete or backwards range', () => {
    expect(leaveDays(undefined, at('2026-05-04T18:00:00'))).toBeUndefined();
    expect(leaveDays(at('2026-05-04T18:00:00'), undefined)).toBeUndefined();
    expect(leaveDays(at('2026-05-04T18:00:00'), at('2026-05-04T18:00:00'))).toBeUndefined();
    expect(leaveDays(at('2026-05-04T18:00:00'), at('2026-05-04T09:00:00'))).toBeUndefined();
  });
});

describe('leave labels', () => {
  it('names types and states, unknown types as 其他', () => {
    expect(leaveTypeText(2)).toBe('work.leave.types.sick');
    expect(leaveTypeText(42)).toBe('work.leave.types.other');
    expect(leaveStateView(1)).toEqual({ text: 'work.leave.states.review', color: 'processing' });
    expect(leaveStateView(3)?.text).toBe('work.leave.states.returned');
    expect(leaveStateView(9)).toBeUndefined();
  });

  it('offers approvers by real name, name or account, searchable by either', () => {
    const user = { id: '7', account: 'zhangsan', name: null, realName: '张三', deptId: null };
    expect(userLabel(user)).toBe('张三');
    expect(userLabel({ ...user, realName: null, name: '小张' })).toBe('小张');
    expect(userLabel({ ...user, realName: '', name: null })).toBe('zhangsan');
    expect(userMatches(user, '张')).toBe(true);
    expect(userMatches(user, 'ZHANG')).toBe(true);
    expect(userMatches(user, '李')).toBe(false);
  });

  it('sends the form’s moments in the server’s format and the reason trimmed', () => {
    const moment = (text: string) => ({ format: (template: string) => `${text}|${template}` });
    expect(
      leaveInput('def-1', {
        leaveType: 3,
        startTime: moment('s'),
        endTime: moment('e'),
        days: 2,
        reason: ' 回老家 ',
        taskUser: '7',
      }),
    ).toEqual({
      processDefinitionId: 'def-1',
      leaveType: 3,
      startTime: 's|YYYY-MM-DD HH:mm:ss',
      endTime: 'e|YYYY-MM-DD HH:mm:ss',
      days: 2,
      reason: '回老家',
      taskUser: '7',
    });
    // 抄送: sent only when someone is chosen.
    const copied = leaveInput('def-1', { taskUser: '7', copyUserIds: ['8', '9'] });
    expect(copied.copyUserIds).toEqual(['8', '9']);
    expect('copyUserIds' in leaveInput('def-1', { taskUser: '7', copyUserIds: [] })).toBe(false);
  });
});
