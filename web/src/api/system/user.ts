import type { Page, ResetPassword, User, UserInput, UserPlatform } from '@console/contract';
import { md5 } from '../../utils/md5';
import { get, post, type QueryParams } from '../request';

// The user page's calls (spec §7, "User"). The signed-in user's own record and password are
// web/src/api/user.ts.

const BASE = '/api/blade-user';

const joined = (ids: readonly string[]) => ids.join(',');

/**
 * A page of users. `filters` use the contract's grammar (`account`, `realName`, `status_equal`, …);
 * `deptId` means that department and every one below it.
 */
export function list(current: number, size: number, filters: QueryParams = {}): Promise<Page<User>> {
  return get<Page<User>>(`${BASE}/page`, { ...filters, current, size });
}

export function detail(id: string): Promise<User> {
  return get<User>(`${BASE}/detail`, { id });
}

/** The user with the settings of its platform (`userType`): the platform dialog's record. */
export function platformDetail(id: string): Promise<UserPlatform> {
  return get<UserPlatform>(`${BASE}/platform-detail`, { id });
}

/**
 * Creates a user (no id) or updates one (`update`, as BladeX consoles do). Passwords are given as
 * typed and sent only as their MD5 digests, as at sign-in; an update never changes the password.
 */
export function submit(input: UserInput): Promise<unknown> {
  if (input.id) {
    const { password: _password, password2: _password2, ...rest } = input;
    return post<unknown>(`${BASE}/update`, rest);
  }
  return post<unknown>(`${BASE}/submit`, {
    ...input,
    password: input.password ? md5(input.password) : input.password,
    password2: input.password2 ? md5(input.password2) : input.password2,
  });
}

/** Refused (with the server's message) for the signed-in user itself. */
export function remove(ids: readonly string[]): Promise<unknown> {
  return post<unknown>(`${BASE}/remove`, undefined, { params: { ids: joined(ids) } });
}

/** Each user gets a new random password, answered this once (to be shown once and handed over). */
export function resetPassword(userIds: readonly string[]): Promise<ResetPassword[]> {
  return post<ResetPassword[]>(`${BASE}/reset-password`, undefined, { params: { userIds: joined(userIds) } });
}

/** The users' roles become exactly `roleIds`. */
export function grant(userIds: readonly string[], roleIds: readonly string[]): Promise<unknown> {
  return post<unknown>(`${BASE}/grant`, undefined, {
    params: { userIds: joined(userIds), roleIds: joined(roleIds) },
  });
}

/** Lifts the lock of accounts locked after too many failed sign-ins. */
export function unlock(userIds: readonly string[]): Promise<unknown> {
  return post<unknown>(`${BASE}/unlock`, undefined, { params: { userIds: joined(userIds) } });
}

/** Approves pending registrations (status 2 becomes 1); refused for users not pending. */
export function auditPass(userIds: readonly string[]): Promise<unknown> {
  return post<unknown>(`${BASE}/audit-pass`, undefined, { params: { userIds: joined(userIds) } });
}

/** Sets the user's platform (`userType`) and that platform's settings (a JSON body: userExt may be long). */
export function updatePlatform(userId: string, userType: number, userExt: string | null): Promise<unknown> {
  return post<unknown>(`${BASE}/update-platform`, { userId, userType, userExt });
}
