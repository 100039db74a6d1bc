import { badRequest } from '../../../core/errors.js';
import type { Store } from '../../../core/repository/store.js';
import { UserRepository } from '../../user/user.repository.js';
import { TenantRepository } from './tenant.repository.js';

/**
 * Refuses a new account when the tenant has as many as its licence allows (blade_tenant.
 * account_number; -1 unlimited). Call it inside the transaction that inserts the user: the tenant's
 * row stays locked until it ends, so concurrent additions are counted one after the other.
 */
export async function checkAccountLimit(tx: Store, tenantId: string): Promise<void> {
  const limit = await new TenantRepository(tx).lockAccountLimit(tenantId);
  if (limit === undefined || limit < 0) return;
  const used = await new UserRepository(tx).countInTenant({ tenantId, userId: null, deptId: null });
  if (used >= limit) throw badRequest('tenant.accountLimit', { limit });
}
