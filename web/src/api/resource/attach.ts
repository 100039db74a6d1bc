import type { Attach, Page } from '@console/contract';
import { get, post, type QueryParams } from '../request';

const BASE = '/api/blade-resource/attach';

/** A page of attachments; `filters` use the contract's field-name grammar (`originalName`, …). */
export function list(current: number, size: number, filters: QueryParams = {}): Promise<Page<Attach>> {
  return get<Page<Attach>>(`${BASE}/list`, { ...filters, current, size });
}

export function detail(id: string): Promise<Attach> {
  return get<Attach>(`${BASE}/detail`, { id });
}

/** Removes the records and, on the server, the stored objects no other attachment refers to. */
export function remove(ids: readonly string[]): Promise<unknown> {
  return post<unknown>(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } });
}
