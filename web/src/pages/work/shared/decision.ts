import type { FlowCompleteInput } from '@console/contract';

// What a task's assignee decides, as complete-task takes it. The leave model's gateways read `pass`
// (the server sets it from the flag) and, after the applicant's adjust step, `resubmit`: true goes
// back to the approver, anything else withdraws the request. The server refuses any variable the
// task does not declare (security.md S15): `resubmit` is the adjust step's only one, so an approval
// sends none.

/** An approval step's decisions (同意 / 驳回) and the applicant's adjust step's (重新提交 / 撤回). */
export type Decision = 'pass' | 'reject' | 'resubmit' | 'withdraw';

/** Which decisions a task offers: an approval, or the applicant adjusting a returned request. */
export type DecisionKind = 'audit' | 'adjust';

/** The leave model's adjust step (server/src/db/seed/leave-model.ts, LEAVE_ELEMENTS.applicantAdjust). */
export const ADJUST_TASK_KEY = 'applicantAdjust';

/** The longest comment complete-task takes. */
export const COMMENT_MAX = 500;

/** The decisions a task offers, from its definition key. */
export const decisionKindOf = (taskDefinitionKey: string): DecisionKind =>
  taskDefinitionKey === ADJUST_TASK_KEY ? 'adjust' : 'audit';

/** Whether the decision needs a comment: a rejection says why. */
export const needsComment = (decision: Decision): boolean => decision === 'reject';

/** The complete-task body of a decision on a task; an empty comment is left out. */
export function completeInput(
  task: { taskId: string; processInstanceId: string },
  decision: Decision,
  comment?: string | null,
): FlowCompleteInput {
  const text = comment?.trim();
  const input: FlowCompleteInput = {
    taskId: task.taskId,
    processInstanceId: task.processInstanceId,
    flag: decision === 'reject' ? 'reject' : 'pass',
  };
  if (text) input.comment = text;
  if (decision === 'resubmit') input.variables = { resubmit: true };
  if (decision === 'withdraw') input.variables = { resubmit: false };
  return input;
}
