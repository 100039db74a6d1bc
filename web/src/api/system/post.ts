import type { Page, Post, PostInput } from '@console/contract';
import { get, post as postRequest, type QueryParams } from '../request';

const BASE = '/api/blade-system/post';

/** A page of posts; `filters` use the contract's field-name grammar (`postName`, `category`, …). */
export function list(current: number, size: number, filters: QueryParams = {}): Promise<Page<Post>> {
  return get<Page<Post>>(`${BASE}/list`, { ...filters, current, size });
}

/** Every post of the caller's tenant: the choices of a user's posts. */
export function select(): Promise<Post[]> {
  return get<Post[]>(`${BASE}/select`);
}

export function detail(id: string): Promise<Post> {
  return get<Post>(`${BASE}/detail`, { id });
}

/** Creates the post when it has no id, updates it otherwise. */
export function submit(input: PostInput): Promise<unknown> {
  return postRequest<unknown>(`${BASE}/submit`, input);
}

export function remove(ids: readonly string[]): Promise<unknown> {
  return postRequest<unknown>(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } });
}
