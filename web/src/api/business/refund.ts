import type { Page, RefundReview } from '@console/contract';
import { get, post, type QueryParams } from '../request';

const BASE = '/api/zxgxg-api/refund/review';

export function list(params: QueryParams): Promise<Page<RefundReview>> {
  return get<Page<RefundReview>>(`${BASE}/list`, params);
}

export function detail(id: string): Promise<RefundReview> {
  return get<RefundReview>(`${BASE}/detail`, { id });
}

export function remove(ids: string): Promise<boolean> {
  return post<boolean>(`${BASE}/remove`, undefined, { params: { ids } });
}

export function agree(id: string): Promise<RefundReview> {
  return post<RefundReview>(`${BASE}/agree`, undefined, { params: { id } });
}

export function reject(id: string, remark: string): Promise<RefundReview> {
  return post<RefundReview>(`${BASE}/reject`, undefined, { params: { id, remark } });
}
