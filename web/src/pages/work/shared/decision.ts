import type { FlowCompleteInput } from '@console/contract';

// What a task's assignee decides, as complete-task takes it. The leave model's gateways read `pass`
// (the server sets it from the flag) and, after the applicant's adjust step, `resubmit`: true goes
// back to the approver, anything else withdraws the request. The server refuses any variable the
// task does not declare (security.md S15): `resubmit` is the adjust step's only one, so an approval
// sends none. A task returned to the user is resubmitted (straight back to whoever returned it) and
// a task delegated to them is resolved (back to its owner): neither sets a variable.

/**
 * An approval step's decisions (同意 / 驳回), the applicant's adjust step's (重新提交 / 撤回), and
 * 办理完成 of a delegated task.
 */
export type Decision = 'pass' | 'reject' | 'resubmit' | 'withdraw' | 'resolve';

/**
 * Which decisions a task offers: an approval, the applicant adjusting a rejected leave request, a
 * task returned to the user (重新提交 only) or one delegated to them (办理完成 only).
 */
export type DecisionKind = 'audit' | 'adjust' | 'returned' | 'delegated';

/** The leave model's adjust step (server/src/db/seed/leave-model.ts, LEAVE_ELEMENTS.applicantAdjust). */
export const ADJUST_TASK_KEY = 'applicantAdjust';

/** The longest comment complete-task takes. */
export const COMMENT_MAX = 500;

/** The decisions a task offers, from its definition key and its kind (returned, delegated). */
export const decisionKindOf = (taskDefinitionKey: string, kind?: string): DecisionKind =>
  kind === 'returned' || kind === 'delegated'
    ? kind
    : taskDefinitionKey === ADJUST_TASK_KEY
      ? 'adjust'
      : 'audit';

/** Whether the decision needs a comment: a rejection says why. */
export const needsComment = (decision: Decision): boolean => decision === 'reject';

/** The complete-task body of a decision on a task; an empty comment and no copies are left out. */
export function completeInput(
  task: { taskId: string; processInstanceId: string; kind?: string },
  decision: Decision,
  comment?: string | null,
  copyUserIds: readonly string[] = [],
): FlowCompleteInput {
  const text = comment?.trim();
  const input: FlowCompleteInput = {
    taskId: task.taskId,
    processInstanceId: task.processInstanceId,
    flag: decision === 'reject' ? 'reject' : 'pass',
  };
  if (text) input.comment = text;
  const plain = task.kind === undefined || task.kind === 'task';
  if (plain && decision === 'resubmit') input.variables = { resubmit: true };
  if (plain && decision === 'withdraw') input.variables = { resubmit: false };
  if (copyUserIds.length > 0) input.copyUserIds = [...copyUserIds];
  return input;
}
