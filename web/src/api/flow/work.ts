import type { FlowCompleteInput, FlowDefinition, FlowInstance, FlowTask, Page } from '@console/contract';
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
): Promise<{ processInstanceId: string }> {
  return post<{ processInstanceId: string }>(`${BASE}/start-process`, { processDefinitionId, variables });
}

/** Takes a task the user is a candidate for; it becomes theirs (a task has one winner). */
export function claimTask(taskId: string): Promise<boolean> {
  return post<boolean>(`${BASE}/claim-task`, undefined, { params: { taskId } });
}

/** Completes the user's task: pass or reject, with a comment and the process variables it sets. */
export function completeTask(input: FlowCompleteInput): Promise<boolean> {
  return post<boolean>(`${BASE}/complete-task`, input);
}
