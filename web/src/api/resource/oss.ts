import type { Oss, OssInput, Page, StoredFile } from '@console/contract';
import { get, post, type QueryParams } from '../request';

const BASE = '/api/blade-resource/oss';

export type { StoredFile };

/** A page of storage settings; `filters` use the contract's field-name grammar (`ossCode`, `category_equal`, …). */
export function list(current: number, size: number, filters: QueryParams = {}): Promise<Page<Oss>> {
  return get<Page<Oss>>(`${BASE}/list`, { ...filters, current, size });
}

/** One setting; its secret key is never part of the answer (security S5). */
export function detail(id: string): Promise<Oss> {
  return get<Oss>(`${BASE}/detail`, { id });
}

/** Creates without an id, updates with one; an empty secretKey on an update keeps the stored one. */
export function submit(oss: OssInput): Promise<unknown> {
  return post<unknown>(`${BASE}/submit`, oss);
}

export function remove(ids: readonly string[]): Promise<unknown> {
  return post<unknown>(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } });
}

/** Makes this setting the tenant's storage; every other one of the tenant is turned off. */
export function enable(id: string): Promise<unknown> {
  return post<unknown>(`${BASE}/enable`, undefined, { params: { id } });
}

/**
 * Stores a file through the tenant's storage (multipart field `file`) and records it as an
 * attachment; answers its link. The server checks the type by content and the size.
 */
export function putFile(file: Blob, fileName?: string): Promise<StoredFile> {
  const form = new FormData();
  form.append('file', file, fileName);
  return post<StoredFile>(`${BASE}/endpoint/put-file`, form);
}
