import { PLATFORM_TENANT_ID } from '@console/contract';
import { isPlatformAdminActor } from '../auth/principal.js';
import type { Actor } from './store.js';

/** The server acting on the platform tenant's own rows (menus, tenants, clients…), with no user. */
export const PLATFORM: Actor = Object.freeze({ tenantId: PLATFORM_TENANT_ID, userId: null, deptId: null });

/**
 * The tenant a tree or select call reads: the caller's own, or — for the platform administrator
 * only, as in BladeX — the one named by `tenantId`.
 */
export function readingTenant(actor: Actor, tenantId: string | undefined): Actor {
  const wanted = tenantId?.trim();
  return wanted && isPlatformAdminActor(actor) ? { ...actor, tenantId: wanted } : actor;
}
