import type { FastifyInstance } from 'fastify';
import { SPRINGBLADE_USER_PREFIX, USER_PREFIXES } from '../../core/auth/route-aliases.js';
import type { Store } from '../../core/repository/store.js';
import type { SignIn } from '../auth/auth.plugin.js';
import type { MenuService } from '../system/menu/menu.service.js';
import { GrantPolicy } from '../system/role/grant-policy.js';
import { UserAdminService } from './user-admin.service.js';
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
}
