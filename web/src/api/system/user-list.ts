import type { UserOption } from '@console/contract';
import { get } from '../request';

/** The active users of the caller's tenant, names only (a leave request's approver): any signed-in user. */
export function userList(): Promise<UserOption[]> {
  return get<UserOption[]>('/api/blade-user/user-list');
}
