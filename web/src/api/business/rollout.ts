import type { Page, Rollout, RolloutInput } from '@console/contract';
import { get, post, type QueryParams } from '../request';

const BASE = '/api/zxgxg-api/rollout';

/** A page of the tenant's staged updates (灰度发布), newest first (filter: packageName, exact). */
export function list(current: number, size: number, filters: QueryParams = {}): Promise<Page<Rollout>> {
  return get<Page<Rollout>>(`${BASE}/list`, { ...filters, current, size });
}

/** One staged update with its stages' machines by state and its latest failures. */
export function detail(id: string): Promise<Rollout> {
  return get<Rollout>(`${BASE}/detail`, { id });
}

/**
 * A staged update of a published version (rollout_add). The server refuses, with its reason, stages
 * that overlap or add no machine, and a version that is not published.
 */
export function submit(input: RolloutInput): Promise<Rollout> {
  return post<Rollout>(`${BASE}/submit`, input);
}

const act = (path: string) => (id: string) => post<Rollout>(`${BASE}/${path}`, undefined, { params: { id } });

/** 下一阶段 (running or paused; after the last stage the rollout is completed). */
export const advance = act('advance');
/** 暂停 (running): machines not yet offered the version wait. */
export const pause = act('pause');
/** 恢复 (paused). */
export const resume = act('resume');
/** 回滚 (running, paused or completed): its machines are offered the version before. */
export const rollback = act('rollback');
