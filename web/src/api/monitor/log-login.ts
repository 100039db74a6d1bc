import type { LogLogin, Page } from '@console/contract';
import { download, type DownloadedFile, type DownloadOptions } from '../files';
import { get, post, type QueryParams } from '../request';

const BASE = '/api/blade-log/login';

/**
 * A page of the login log (issue 48); `filters` as the list takes them: account, ip, outcome (one
 * exactly), createTime_dategt / createTime_datelt.
 */
export function list(current: number, size: number, filters: QueryParams = {}): Promise<Page<LogLogin>> {
  return get<Page<LogLogin>>(`${BASE}/list`, { ...filters, current, size });
}

export function detail(id: string): Promise<LogLogin> {
  return get<LogLogin>(`${BASE}/detail`, { id });
}

/** The rows of a search as an .xlsx sheet. */
export function exportSheet(filters: QueryParams, options?: DownloadOptions): Promise<DownloadedFile> {
  return download(`${BASE}/export`, filters, options);
}

/** Lifts the sign-in locks of these users (the user page's unlock, from the log). */
export function unlock(userIds: readonly string[]): Promise<unknown> {
  return post<unknown>(`${BASE}/unlock`, undefined, { params: { ids: userIds.join(',') } });
}
