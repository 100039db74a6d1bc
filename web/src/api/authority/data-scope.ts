import type { DataScope, DataScopeInput, Page } from '@console/contract';
import { get, post, type QueryParams } from '../request';

const BASE = '/api/blade-system/data-scope';

/** A page of data scopes; the scope pages filter by `menuId` (equality on an id). */
export function list(current: number, size: number, filters: QueryParams = {}): Promise<Page<DataScope>> {
  return get<Page<DataScope>>(`${BASE}/list`, { ...filters, current, size });
}

export function detail(id: string): Promise<DataScope> {
  return get<DataScope>(`${BASE}/detail`, { id });
}

/** Creates the scope when it has no id, updates it otherwise. */
export function submit(scope: DataScopeInput): Promise<unknown> {
  return post<unknown>(`${BASE}/submit`, scope);
}

export function remove(ids: readonly string[]): Promise<unknown> {
  return post<unknown>(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } });
}
