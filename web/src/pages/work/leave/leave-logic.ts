import type { LeaveInput } from '@console/contract';
import { LEAVE_STATE } from '@console/contract/flow';
import type { UserOption } from '@console/contract';

// The leave pages' rules, apart from antd: the days a leave touches, the labels of its type and
// state, the approver's name.

/** Leave types (no dictionary holds them yet): 1 事假, 2 病假, 3 年假, 4 调休, 5 其他. */
const LEAVE_TYPE_NAMES = { 1: 'personal', 2: 'sick', 3: 'annual', 4: 'inLieu', 5: 'other' } as const;
type LeaveTypeName = (typeof LEAVE_TYPE_NAMES)[keyof typeof LEAVE_TYPE_NAMES];

export const LEAVE_TYPES = [1, 2, 3, 4, 5] as const;

/** The text key of a leave type; an unknown one reads as 其他. */
export function leaveTypeText(type: number): `work.leave.types.${LeaveTypeName}` {
  const name = (LEAVE_TYPE_NAMES as Record<number, LeaveTypeName | undefined>)[type] ?? 'other';
  return `work.leave.types.${name}`;
}

/** The days of a request: 1 to 365 whole days (the server's limits). */
export const DAYS_MIN = 1;
export const DAYS_MAX = 365;
/** The reason's longest text (LeaveInput.reason). */
export const REASON_MAX = 500;

const DAY_MS = 86_400_000;

const dayOf = (moment: Date) => new Date(moment.getFullYear(), moment.getMonth(), moment.getDate());

/**
 * The calendar days a leave touches, both ends counted: 09:00 to 18:00 the same day is 1, Monday
 * 18:00 to Tuesday 09:00 is 2; an end at midnight does not count its day. Kept within 1–365;
 * undefined while the range is incomplete or ends before it starts (the form says so).
 */
export function leaveDays(start: Date | undefined, end: Date | undefined): number | undefined {
  if (!start || !end || end.getTime() <= start.getTime()) return undefined;
  const midnight =
    end.getHours() === 0 && end.getMinutes() === 0 && end.getSeconds() === 0 && end.getMilliseconds() === 0;
  const last = dayOf(midnight ? new Date(end.getTime() - 1) : end);
  // Rounded: a day across a daylight-saving change is 23 or 25 hours long.
  const days = Math.round((last.getTime() - dayOf(start).getTime()) / DAY_MS) + 1;
  return Math.min(DAYS_MAX, Math.max(DAYS_MIN, days));
}

type LeaveStateName = keyof typeof LEAVE_STATE;

const STATE_NAMES = Object.fromEntries(
  Object.entries(LEAVE_STATE).map(([name, value]) => [value, name as LeaveStateName]),
) as Record<number, LeaveStateName | undefined>;

const STATE_COLORS: Record<LeaveStateName, string> = {
  review: 'processing',
  approved: 'success',
  returned: 'warning',
  withdrawn: 'default',
  deleted: 'error',
};

/** A leave state's text key and tag colour (审批中, 已通过, 已退回, 已撤回, 已删除). */
export function leaveStateView(
  state: number,
): { text: `work.leave.states.${LeaveStateName}`; color: string } | undefined {
  const name = STATE_NAMES[state];
  return name ? { text: `work.leave.states.${name}`, color: STATE_COLORS[name] } : undefined;
}

/** How a user is offered as approver: the real name, else the name, else the account. */
export const userLabel = (user: UserOption): string => user.realName || user.name || user.account;

/** Whether a user matches what was typed in the approver picker: the label or the account. */
export function userMatches(user: UserOption, input: string): boolean {
  const wanted = input.trim().toLocaleLowerCase();
  if (wanted === '') return true;
  return [userLabel(user), user.account].some((text) => text.toLocaleLowerCase().includes(wanted));
}

/** The wire's moments: 'YYYY-MM-DD HH:mm:ss' in the browser's time, as the server reads them. */
export const MOMENT_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The form's values once validated (moments as the date picker holds them). */
export interface LeaveFormValues {
  leaveType?: number;
  startTime?: { format: (template: string) => string };
  endTime?: { format: (template: string) => string };
  days?: number;
  reason?: string;
  taskUser?: string;
  copyUserIds?: string[];
}

/** What start-process takes from the form's validated values (every required field is there). */
export function leaveInput(processDefinitionId: string, values: LeaveFormValues): LeaveInput {
  return {
    processDefinitionId,
    leaveType: values.leaveType ?? 1,
    startTime: values.startTime?.format(MOMENT_FORMAT) ?? '',
    endTime: values.endTime?.format(MOMENT_FORMAT) ?? '',
    days: values.days ?? DAYS_MIN,
    reason: (values.reason ?? '').trim(),
    taskUser: values.taskUser ?? '',
    // 抄送 (issue 51): only when someone is chosen.
    ...(values.copyUserIds?.length ? { copyUserIds: values.copyUserIds } : {}),
  };
}
