import type { FastifyInstance } from 'fastify';
import { SPRINGBLADE_USER_PREFIX, USER_PREFIXES } from '../../core/auth/route-aliases.js';
import type { Store } from '../../core/repository/store.js';
import type { SignIn } from '../auth/auth.plugin.js';
import { LOGIN_LOG_PREFIX, loginUnlockRoutes } from '../log/login-log.routes.js';
import type { MenuService } from '../system/menu/menu.service.js';
import { GrantPolicy } from '../system/role/grant-policy.js';
import { UserAdminService } from './user-admin.service.js';
import { totpRoutes } from './totp/totp.routes.js';
import { userRoutes } from './user.routes.js';
import { UserService } from './user.service.js';

export interface UserDependencies {
  store: Store;
  signIn: SignIn;
  /** The menu tree, which says which roles an administrator may give (GrantPolicy). */
  menus: MenuService;
}

/** The users (spec §7, "User"): one's own account and the user pages, under both dialects' paths. */
export async function registerUser(app: FastifyInstance, deps: UserDependencies): Promise<void> {
  const { store, signIn } = deps;
  const services = {
    auth: signIn.auth,
    users: new UserService({ store, accounts: signIn.accounts, sessions: signIn.sessions }),
    admin: new UserAdminService({
      store,
      accounts: signIn.accounts,
      grants: new GrantPolicy(store, deps.menus),
      locks: signIn.limits,
    }),
  };
  for (const prefix of USER_PREFIXES)
    await app.register(userRoutes, {
      prefix,
      typedPasswords: prefix === SPRINGBLADE_USER_PREFIX,
      ...services,
    });
  // The signed-in user's second factor and an administrator's reset of it (issue 48).
  await app.register(totpRoutes, { prefix: '/api/blade-user/totp', secondFactor: signIn.secondFactor });
  // The login log's 解锁 (issue 48) is this unlock under the log's path: registered here, where the
  // sign-in services are (the log's own routes are registered without them).
  await app.register(loginUnlockRoutes, {
    prefix: LOGIN_LOG_PREFIX,
    unlock: (actor, userIds) => signIn.auth.unlock(actor, userIds),
  });
}
