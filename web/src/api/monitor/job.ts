import type { Job, JobHandlerInfo, JobInput, JobRun, Page } from '@console/contract';
import { get, post, type QueryParams } from '../request';
import { crudResource } from '../resource';

const BASE = '/api/blade-system/job';

/** The caller's tenant's scheduled jobs (issue 49). */
export const { list, detail, submit, remove } = crudResource<Job, JobInput>(BASE);

/** The handlers the caller's tenant may give its jobs. */
export function handlers(): Promise<JobHandlerInfo[]> {
  return get<JobHandlerInfo[]>(`${BASE}/handlers`);
}

/** The next five times of a cron as the server reads it (its zone); rejects quietly when it does not read. */
export function nextRuns(cron: string): Promise<string[]> {
  return get<string[]>(`${BASE}/next-runs`, { cron }, { quiet: true });
}

const act = (path: string) => (ids: readonly string[]) =>
  post<unknown>(`${BASE}/${path}`, undefined, { params: { ids: ids.join(',') } });

/** 执行一次, 暂停, 恢复: all of the ids, or none. */
export const run = act('run');
export const pause = act('pause');
export const resume = act('resume');

/** 停止: the runs end now as stopped (all of the ids, each running and of a handler that can stop). */
export function stopRuns(ids: readonly string[]): Promise<unknown> {
  return post<unknown>('/api/blade-log/job/stop', undefined, { params: { ids: ids.join(',') } });
}

/** A page of the run log (filters: jobId, outcome, createTime_dategt/datelt). */
export function runs(current: number, size: number, filters: QueryParams = {}): Promise<Page<JobRun>> {
  return get<Page<JobRun>>('/api/blade-log/job/list', { ...filters, current, size });
}
