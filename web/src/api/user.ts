import type { PasswordChange, PasswordPolicy, UserInfo, UserInfoInput } from '@console/contract';
import { md5 } from '../utils/md5';
import { get, post } from './request';

const BASE = '/api/blade-user';

/** The signed-in user's own record. */
export function info(): Promise<UserInfo> {
  return get<UserInfo>(`${BASE}/info`);
}

/** Saves the signed-in user's own details. */
export function updateInfo(input: UserInfoInput): Promise<unknown> {
  return post<unknown>(`${BASE}/update-info`, input);
}

/**
 * Changes the signed-in user's password. The passwords are given as typed; the call sends only their
 * MD5 digests, as query parameters (as BladeX consoles do), like the sign-in password. `quiet`: the
 * caller shows a refusal itself.
 */
export function updatePassword(change: PasswordChange, options: { quiet?: boolean } = {}): Promise<unknown> {
  const params = {
    oldPassword: md5(change.oldPassword),
    newPassword: md5(change.newPassword),
    newPassword1: md5(change.newPassword1),
  };
  return post<unknown>(`${BASE}/update-password`, undefined, { params, ...options });
}

/** The signed-in user's tenant's password policy: what a new password must have before it is hashed. */
export function passwordPolicy(): Promise<PasswordPolicy> {
  return get<PasswordPolicy>(`${BASE}/password-policy`);
}

/** A tenant's password policy before anyone signs in (the registration form); its numbers only. */
export function tenantPasswordPolicy(tenantId: string): Promise<PasswordPolicy> {
  return get<PasswordPolicy>(
    '/api/blade-system/tenant/password-policy',
    { tenantId },
    { authToken: false, quiet: true },
  );
}
