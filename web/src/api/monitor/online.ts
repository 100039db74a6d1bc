import type { OnlineSession, Page } from '@console/contract';
import { get, post, type QueryParams } from '../request';

const BASE = '/api/blade-system/online';

/** A page of the live sign-in sessions; `filters`: account, ip, tenantId (the platform's). */
export function list(current: number, size: number, filters: QueryParams = {}): Promise<Page<OnlineSession>> {
  return get<Page<OnlineSession>>(`${BASE}/list`, { ...filters, current, size });
}

/** 强退: ends the sessions (all or none; one already gone answers 404). */
export function logout(sessionIds: readonly string[]): Promise<unknown> {
  return post<unknown>(`${BASE}/logout`, undefined, { params: { ids: sessionIds.join(',') } });
}
