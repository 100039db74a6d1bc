import type { Job, PermissionCode } from '@console/contract';
import { inGoodStanding, type AccountStates } from '../../../core/auth/account-states.js';
import type { Permissions } from '../../../core/auth/permissions.js';
import type { Principal } from '../../../core/auth/principal.js';
import type { Store } from '../../../core/repository/store.js';
import { idList, UserRepository } from '../../user/user.repository.js';

/**
 * A job's owner (its creator) as the handler acts for them: a report delivered to them is read with
 * their roles and data scopes, so a job never reads more than its owner may (S12). The owner must
 * still be an active user of an enabled tenant (as the guard's account state says) and hold the
 * button the handler names (as the guard's rights say); otherwise the run fails, saying why.
 */
export class JobOwners {
  constructor(
    private readonly store: Store,
    private readonly accounts: Pick<AccountStates, 'get'>,
    private readonly permissions: Pick<Permissions, 'rightsOf'>,
  ) {}

  async actorOf(job: Pick<Job, 'tenantId' | 'createUser'>, button: PermissionCode): Promise<Principal> {
    const userId = job.createUser;
    if (!userId) throw new Error('the job has no owner');
    const state = await this.accounts.get(job.tenantId, userId);
    const user = await new UserRepository(this.store).findById(
      { tenantId: job.tenantId, userId: null, deptId: null },
      userId,
    );
    if (!user || !inGoodStanding(state, Date.now()))
      throw new Error('the job’s owner is disabled or removed');
    const roles = state.roles ?? [];
    const owner: Principal = {
      tenantId: job.tenantId,
      userId,
      account: user.account,
      deptId: idList(user.deptId)[0] ?? null,
      roleIds: roles.map((role) => role.id),
      roleAliases: roles.map((role) => role.alias),
      // Not a session: no client or token.
      clientId: '',
      jti: '',
      expiresAt: 0,
      sessionId: '',
    };
    if (!(await this.permissions.rightsOf(owner)).holds(button))
      throw new Error(`the job’s owner no longer holds ${button}`);
    return owner;
  }
}
