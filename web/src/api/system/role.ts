import type { EffectiveRights, Role, RoleGrant, RoleInput, RoleNode, TreeNode } from '@console/contract';
import { get, post, type QueryParams } from '../request';

const BASE = '/api/blade-system/role';

/** A role as the option list answers it (other fields are left out here). */
export interface RoleOption {
  id: string;
  roleName: string;
}

/** The roles a user may act as: the signed-in user's without `userId`. */
export function select(userId?: string): Promise<RoleOption[]> {
  return get<RoleOption[]>(`${BASE}/select`, { userId });
}

/** The tenant's roles under the filters, as a tree (BladeX answers a tree, not a page). */
export function list(filters: QueryParams = {}): Promise<RoleNode[]> {
  return get<RoleNode[]>(`${BASE}/list`, filters);
}

export function detail(id: string): Promise<Role> {
  return get<Role>(`${BASE}/detail`, { id });
}

/** The roles as a tree of choices; `tenantId` (the platform administrator only) reads another tenant's. */
export function tree(tenantId?: string): Promise<TreeNode[]> {
  return get<TreeNode[]>(`${BASE}/tree`, { tenantId });
}

/** Creates the role when it has no id, updates it otherwise. */
export function submit(role: RoleInput): Promise<unknown> {
  return post<unknown>(`${BASE}/submit`, role);
}

/** Refused (with the server's message) while a role has roles below it that are not removed with it. */
export function remove(ids: readonly string[]): Promise<unknown> {
  return post<unknown>(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } });
}

/** Replaces the roles' menus and, when given, their data and API scopes (a JSON body). */
export function grant(body: RoleGrant): Promise<unknown> {
  return post<unknown>(`${BASE}/grant`, body);
}

/**
 * 查看权限: what a user (every role they hold) or one role alone really gets — menus per top menu,
 * buttons, data and API scopes — each with the roles it comes from. Administrators only.
 */
export function effective(target: { userId: string } | { roleId: string }): Promise<EffectiveRights> {
  return get<EffectiveRights>(`${BASE}/effective`, target);
}
