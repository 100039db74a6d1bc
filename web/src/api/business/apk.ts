import type { Apk, ApkInput, Page, StoredFile } from '@console/contract';
import { upload } from '../files';
import { get, post, type QueryParams } from '../request';

const BASE = '/api/zxgxg-api/apk';

export function list(params: QueryParams): Promise<Page<Apk>> {
  return get<Page<Apk>>(`${BASE}/list`, params);
}

export function detail(id: string): Promise<Apk> {
  return get<Apk>(`${BASE}/detail`, { id });
}

/** Creates (no id) or edits a version and sets its publish status (BladeX's `update`). */
export function submit(input: ApkInput): Promise<Apk> {
  return post<Apk>(`${BASE}/update`, input);
}

/**
 * Stores an apk file through object storage (put-file), reporting progress (0 to 1); the
 * answer's attachId goes into the version, whose md5 and size the server reads from what it stored.
 */
export function uploadApk(file: File, onProgress: (fraction: number) => void): Promise<StoredFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return upload<StoredFile>('/api/blade-resource/oss/endpoint/put-file', form, onProgress);
}
