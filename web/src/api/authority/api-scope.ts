import type { ApiScope, ApiScopeInput, Page } from '@console/contract';
import { get, post, type QueryParams } from '../request';

const BASE = '/api/blade-system/api-scope';

/** A page of API scopes; the scope pages filter by `menuId` (equality on an id). */
export function list(current: number, size: number, filters: QueryParams = {}): Promise<Page<ApiScope>> {
  return get<Page<ApiScope>>(`${BASE}/list`, { ...filters, current, size });
}

export function detail(id: string): Promise<ApiScope> {
  return get<ApiScope>(`${BASE}/detail`, { id });
}

/** Creates the scope when it has no id, updates it otherwise. */
export function submit(scope: ApiScopeInput): Promise<unknown> {
  return post<unknown>(`${BASE}/submit`, scope);
}

export function remove(ids: readonly string[]): Promise<unknown> {
  return post<unknown>(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } });
}
