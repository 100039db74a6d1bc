import { post } from '../request';

const BASE = '/api/blade-resource/oss/endpoint';

/** What `put-file` answers: where the stored file can be read. */
export interface StoredFile {
  link: string;
  domain?: string;
  name?: string;
  originalName?: string;
}

/** Stores a file through the object storage (multipart field `file`); answers its link. */
export function putFile(file: Blob, fileName?: string): Promise<StoredFile> {
  const form = new FormData();
  form.append('file', file, fileName);
  return post<StoredFile>(`${BASE}/put-file`, form);
}
