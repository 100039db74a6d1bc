import type { Page, Param, ParamInput } from '@console/contract';
import { get, post, type QueryParams } from '../request';

const BASE = '/api/blade-system/param';

/** A page of parameters; `filters` use the contract's field-name grammar (`paramName`, `paramKey_equal`, …). */
export function list(current: number, size: number, filters: QueryParams = {}): Promise<Page<Param>> {
  return get<Page<Param>>(`${BASE}/list`, { ...filters, current, size });
}

export function detail(id: string): Promise<Param> {
  return get<Param>(`${BASE}/detail`, { id });
}

/** Creates the parameter when it has no id, updates it otherwise. */
export function submit(param: ParamInput): Promise<unknown> {
  return post<unknown>(`${BASE}/submit`, param);
}

export function remove(ids: readonly string[]): Promise<unknown> {
  return post<unknown>(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } });
}
