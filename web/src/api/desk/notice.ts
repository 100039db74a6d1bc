import type { Notice, NoticeInput, Page } from '@console/contract';
import { get, post, type QueryParams } from '../request';

const BASE = '/api/blade-desk/notice';

/** A page of notices; `filters` use the contract's field-name grammar (`title`, `releaseTime_dategt`, …). */
export function list(current: number, size: number, filters: QueryParams = {}): Promise<Page<Notice>> {
  return get<Page<Notice>>(`${BASE}/list`, { ...filters, current, size });
}

export function detail(id: string): Promise<Notice> {
  return get<Notice>(`${BASE}/detail`, { id });
}

/** Creates without an id, updates with one; the server sanitises the content before storing it. */
export function submit(notice: NoticeInput): Promise<unknown> {
  return post<unknown>(`${BASE}/submit`, notice);
}

export function remove(ids: readonly string[]): Promise<unknown> {
  return post<unknown>(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } });
}
