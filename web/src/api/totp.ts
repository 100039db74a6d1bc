import type { TotpConfirmed, TotpSetup, TotpStatus } from '@console/contract';
import { get, post } from './request';

const BASE = '/api/blade-user/totp';

/** Where the signed-in user's second factor stands. */
export function status(): Promise<TotpStatus> {
  return get<TotpStatus>(`${BASE}/status`);
}

/** Begins a setup: a new secret and its otpauth:// address (shown once). */
export function setup(): Promise<TotpSetup> {
  return post<TotpSetup>(`${BASE}/setup`);
}

/** Confirms the setup with a code of the new secret; answers the recovery codes, this once. */
export function confirm(code: string): Promise<TotpConfirmed> {
  return post<TotpConfirmed>(`${BASE}/confirm`, undefined, { params: { code: code.trim() } });
}

/** Turns the second factor off with a code or a recovery code. */
export function disable(code: string): Promise<unknown> {
  return post<unknown>(`${BASE}/disable`, undefined, { params: { code: code.trim() } });
}

/** An administrator removes users' second factors. */
export function reset(userIds: readonly string[]): Promise<unknown> {
  return post<unknown>(`${BASE}/reset`, undefined, { params: { userIds: userIds.join(',') } });
}
