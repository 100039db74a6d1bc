import type { FlowInstance, Page } from '@console/contract';
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
