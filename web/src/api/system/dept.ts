import { get } from '../request';

const BASE = '/api/blade-system/dept';

/** A department as the option list answers it (other fields are left out here). */
export interface DeptOption {
  id: string;
  deptName: string;
}

/** The departments a user may act in: the signed-in user's without `userId`. */
export function select(userId?: string): Promise<DeptOption[]> {
  return get<DeptOption[]>(`${BASE}/select`, { userId });
}
