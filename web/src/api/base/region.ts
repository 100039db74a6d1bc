import type { Region, RegionInput, TreeNode } from '@console/contract';
import { get, post } from '../request';

const BASE = '/api/blade-system/region';

/** One level of the region tree: the regions directly below `parentCode` ('00': the provinces). */
export function lazyTree(parentCode: string): Promise<TreeNode[]> {
  return get<TreeNode[]>(`${BASE}/lazy-tree`, { parentCode });
}

/** A region by its code. */
export function detail(code: string): Promise<Region> {
  return get<Region>(`${BASE}/detail`, { code });
}

/** A code that exists updates that region; another creates one under parentCode. */
export function submit(region: RegionInput): Promise<Region> {
  return post<Region>(`${BASE}/submit`, region);
}

/** Deletes one region by its code (refused while regions lie below it). */
export function remove(code: string): Promise<unknown> {
  return post<unknown>(`${BASE}/remove`, undefined, { params: { id: code } });
}
