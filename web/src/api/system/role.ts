import { get } from '../request';

const BASE = '/api/blade-system/role';

/** A role as the option list answers it (other fields are left out here). */
export interface RoleOption {
  id: string;
  roleName: string;
}

/** The roles a user may act as: the signed-in user's without `userId`. */
export function select(userId?: string): Promise<RoleOption[]> {
  return get<RoleOption[]>(`${BASE}/select`, { userId });
}
