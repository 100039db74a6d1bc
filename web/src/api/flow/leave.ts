import type { Leave, LeaveDetail, LeaveInput } from '@console/contract';
import { get, post } from '../request';

const BASE = '/api/blade-desk/process/leave';

/** Files a leave request and starts its process with the approver chosen. */
export function startProcess(input: LeaveInput): Promise<Leave> {
  return post<Leave>(`${BASE}/start-process`, input);
}

/** A leave request (by its business id) with its process's history. */
export function detail(businessId: string): Promise<LeaveDetail> {
  return get<LeaveDetail>(`${BASE}/detail`, { businessId });
}
