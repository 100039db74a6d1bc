import type {
  FlowBoundForm,
  FlowCompleteInput,
  FlowCopy,
  FlowCountersign,
  FlowDefinition,
  FlowHandOverInput,
  FlowInstance,
  FlowReturnInput,
  FlowReturnTarget,
  FlowSignerInput,
  FlowTask,
  Page,
} from '@console/contract';
import { get, post, type QueryParams } from '../request';

const BASE = '/api/blade-flow/work';

/** The definitions the user may start (发起事务): the newest active version of each process, paged. */
export function startList(
  current: number,
  size: number,
  filters: QueryParams = {},
): Promise<Page<FlowDefinition>> {
  return get<Page<FlowDefinition>>(`${BASE}/start-list`, { ...filters, current, size });
}

/** Tasks the user is a candidate for and nobody has claimed (待签事务), paged. */
export function claimList(current: number, size: number, filters: QueryParams = {}): Promise<Page<FlowTask>> {
  return get<Page<FlowTask>>(`${BASE}/claim-list`, { ...filters, current, size });
}

/**
 * Tasks assigned to the user (待办事务), paged; searched by the process's name
 * (`processDefinitionName`), its `category`, or one task (`taskId`).
 */
export function todoList(current: number, size: number, filters: QueryParams = {}): Promise<Page<FlowTask>> {
  return get<Page<FlowTask>>(`${BASE}/todo-list`, { ...filters, current, size });
}

/** Tasks the user completed (办结事务), paged. */
export function doneList(current: number, size: number, filters: QueryParams = {}): Promise<Page<FlowTask>> {
  return get<Page<FlowTask>>(`${BASE}/done-list`, { ...filters, current, size });
}

/** Instances the user started (已发事务), paged. */
export function sendList(
  current: number,
  size: number,
  filters: QueryParams = {},
): Promise<Page<FlowInstance>> {
  return get<Page<FlowInstance>>(`${BASE}/send-list`, { ...filters, current, size });
}

/** Starts a process that has no business form of its own (this server's addition to BladeX's calls). */
export function startProcess(
  processDefinitionId: string,
  variables: Record<string, unknown> = {},
  /** Users of the tenant told of the request (抄送), who may then read it. */
  copyUserIds: string[] = [],
): Promise<{ processInstanceId: string }> {
  return post<{ processInstanceId: string }>(`${BASE}/start-process`, {
    processDefinitionId,
    variables,
    ...(copyUserIds.length > 0 ? { copyUserIds } : {}),
  });
}

/** A definition's start form as the starter fills it (issue 51); null when its process has none. */
export function startForm(processDefinitionId: string): Promise<FlowBoundForm | null> {
  return get<FlowBoundForm | null>(`${BASE}/start-form`, { processDefinitionId });
}

/** Takes a task the user is a candidate for; it becomes theirs (a task has one winner). */
export function claimTask(taskId: string): Promise<boolean> {
  return post<boolean>(`${BASE}/claim-task`, undefined, { params: { taskId } });
}

/** Completes the user's task: pass or reject, with a comment and the process variables it sets. */
export function completeTask(input: FlowCompleteInput): Promise<boolean> {
  return post<boolean>(`${BASE}/complete-task`, input);
}

/** Where the user's task may be returned to: the steps already passed, latest first, and the initiator. */
export function returnTargets(taskId: string): Promise<FlowReturnTarget[]> {
  return get<FlowReturnTarget[]>(`${BASE}/return-targets`, { taskId });
}

/** 退回: the task waits while the person chosen revises; their resubmission comes straight back. */
export function returnTask(input: FlowReturnInput): Promise<boolean> {
  return post<boolean>(`${BASE}/return-task`, input);
}

/** 转办: the task becomes another user's. */
export function transferTask(input: FlowHandOverInput): Promise<boolean> {
  return post<boolean>(`${BASE}/transfer-task`, input);
}

/** 委派: another user acts on the task, then it comes back to the user to finish. */
export function delegateTask(input: FlowHandOverInput): Promise<boolean> {
  return post<boolean>(`${BASE}/delegate-task`, input);
}

/** 撤回: the initiator takes back a request nobody has acted on yet, to revise and resubmit it. */
export function recall(processInstanceId: string, comment?: string): Promise<boolean> {
  return post<boolean>(`${BASE}/recall`, { processInstanceId, ...(comment ? { comment } : {}) });
}

/** 撤销: the initiator ends the whole request; it ends as withdrawn, with the reason. */
export function withdraw(processInstanceId: string, comment?: string): Promise<boolean> {
  return post<boolean>(`${BASE}/withdraw`, { processInstanceId, ...(comment ? { comment } : {}) });
}

/** 催办: reminds whoever holds the request now (at most once an hour per task). */
export function nudge(processInstanceId: string): Promise<boolean> {
  return post<boolean>(`${BASE}/nudge`, { processInstanceId });
}

/** The requests copied to the user (抄送我的), paged: unread first, or by time. */
export function copyList(current: number, size: number, filters: QueryParams = {}): Promise<Page<FlowCopy>> {
  return get<Page<FlowCopy>>(`${BASE}/copy-list`, { ...filters, current, size });
}

/** Marks copies read; answers how many changed. */
export function readCopy(ids: string[]): Promise<number> {
  return post<number>(`${BASE}/read-copy`, { ids });
}

/** A countersign task's node (会签): its signers and their votes; null for any other task. */
export function signers(taskId: string): Promise<FlowCountersign | null> {
  return get<FlowCountersign | null>(`${BASE}/signers`, { taskId });
}

/** 加签: users of the tenant join the countersign (at the end of its order). */
export function addSigner(input: FlowSignerInput): Promise<boolean> {
  return post<boolean>(`${BASE}/add-signer`, input);
}

/** 减签: signers yet to decide leave the countersign (not every one of them). */
export function removeSigner(input: FlowSignerInput): Promise<boolean> {
  return post<boolean>(`${BASE}/remove-signer`, input);
}
