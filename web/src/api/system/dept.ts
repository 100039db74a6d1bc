import type { Dept, DeptInput, DeptNode, TreeNode } from '@console/contract';
import { get, post, type QueryParams } from '../request';

const BASE = '/api/blade-system/dept';

/** A department as the option list answers it (other fields are left out here). */
export interface DeptOption {
  id: string;
  deptName: string;
}

/** The departments a user may act in: the signed-in user's without `userId`. */
export function select(userId?: string): Promise<DeptOption[]> {
  return get<DeptOption[]>(`${BASE}/select`, { userId });
}

/**
 * One level of departments, each with `hasChildren`: those below `parentId` when the filters name
 * one, else every department matching the filters (`deptName`, `fullName`, …).
 */
export function lazyList(filters: QueryParams = {}): Promise<DeptNode[]> {
  return get<DeptNode[]>(`${BASE}/lazy-list`, filters);
}

export function detail(id: string): Promise<Dept> {
  return get<Dept>(`${BASE}/detail`, { id });
}

/** Every department of the caller's tenant as a tree of choices (`value` is the id). */
export function tree(): Promise<TreeNode[]> {
  return get<TreeNode[]>(`${BASE}/tree`);
}

/** Creates the department when it has no id; updates (and moves, with a new parentId) otherwise. */
export function submit(dept: DeptInput): Promise<unknown> {
  return post<unknown>(`${BASE}/submit`, dept);
}

/** Refused, with the server's message naming them, while departments or users remain below. */
export function remove(ids: readonly string[]): Promise<unknown> {
  return post<unknown>(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } });
}
