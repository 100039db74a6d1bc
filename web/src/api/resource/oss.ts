import type { Oss, OssInput, StoredFile } from '@console/contract';
import { post } from '../request';
import { crudResource } from '../resource';

const BASE = '/api/blade-resource/oss';

export const { list, detail, submit, remove } = crudResource<Oss, OssInput>(BASE);

export type { StoredFile };

/** Makes this setting the tenant's storage; every other one of the tenant is turned off. */
export function enable(id: string): Promise<unknown> {
  return post<unknown>(`${BASE}/enable`, undefined, { params: { id } });
}

/**
 * Stores a file through the tenant's storage (multipart field `file`) and records it as an
 * attachment; answers its link. For the pages that upload (their upload buttons); the server
 * checks the type by content, the size, the user's rate and the tenant's storage quota.
 */
export function putFile(file: Blob, fileName?: string): Promise<StoredFile> {
  const form = new FormData();
  form.append('file', file, fileName);
  return post<StoredFile>(`${BASE}/endpoint/put-file`, form);
}

/**
 * Stores a jpg or png of at most 500 KB as the signed-in user's own avatar (any user may); the
 * server sets it as their avatar and removes the one before. Answers its link.
 */
export function putAvatar(file: Blob, fileName?: string): Promise<StoredFile> {
  const form = new FormData();
  form.append('file', file, fileName);
  return post<StoredFile>(`${BASE}/endpoint/put-avatar`, form);
}
