import { platformStore, type Actor, type Store } from '../../core/repository/store.js';
import { liveRows, unscoped } from '../../core/repository/unscoped.js';

/**
 * The tenant's first user as the demo's actor (who created the demo rows), or the server itself
 * when the tenant has none. Users are another module's rows: read through their tenant.
 */
export async function firstUserOf(store: Store, tenantId: string): Promise<Actor> {
  const user = await unscoped(platformStore(store))
    .selectFrom('blade_user as u')
    .select(['u.id', 'u.dept_id'])
    .where(liveRows('u', tenantId))
    .orderBy('u.create_time')
    .executeTakeFirst();
  return {
    tenantId,
    userId: user ? String(user.id) : null,
    deptId: user?.dept_id?.split(',')[0] || null,
  };
}
