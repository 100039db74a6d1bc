import type { FlowHandOverInput, FlowInstance, FlowOpenTask, Page } from '@console/contract';
import { get, post, type QueryParams } from '../request';

const BASE = '/api/blade-flow/follow';

/** Every process instance of the tenant (流程跟踪), running and finished, paged. */
export function list(current: number, size: number, filters: QueryParams = {}): Promise<Page<FlowInstance>> {
  return get<Page<FlowInstance>>(`${BASE}/list`, { ...filters, current, size });
}

/** Ends a running instance for good; the reason is kept and its business record says so. */
export function deleteInstance(processInstanceId: string, deleteReason: string): Promise<boolean> {
  return post<boolean>(`${BASE}/delete-process-instance`, undefined, {
    params: { processInstanceId, deleteReason },
  });
}

/** The open tasks of an instance (an administrator reassigns one). */
export function openTasks(processInstanceId: string): Promise<FlowOpenTask[]> {
  return get<FlowOpenTask[]>(`${BASE}/open-tasks`, { processInstanceId });
}

/** 转办 (flow_follow_reassign): any open task of the tenant to another user. */
export function reassignTask(input: FlowHandOverInput): Promise<boolean> {
  return post<boolean>(`${BASE}/reassign-task`, input);
}
