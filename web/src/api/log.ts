import { post } from './request';

/**
 * Where the console sends its local error log: as BladeX consoles do, a JSON list posted to the
 * auth module's logout path. With such a list the server stores the entries in the usual log and
 * keeps the session; only a logout without a body signs out.
 */
export const LOCAL_LOG_UPLOAD_URL = '/api/blade-auth/oauth/logout';

/** Sends the local error log's entries as a JSON list. */
export function uploadLocalLog(entries: readonly unknown[]): Promise<unknown> {
  return post<unknown>(LOCAL_LOG_UPLOAD_URL, entries);
}
