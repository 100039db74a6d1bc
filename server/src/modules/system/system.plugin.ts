import type { FastifyInstance } from 'fastify';
import { Permissions } from '../../core/auth/permissions.js';
import type { Cache } from '../../core/cache/index.js';
import { SCOPE_CATEGORY } from '../../core/repository/data-scope.js';
import type { Store } from '../../core/repository/store.js';
import type { TenantDatabases } from '../../core/repository/tenant-databases.js';
import type { SignIn } from '../auth/auth.plugin.js';
import type { ClientCache } from './client/client-cache.js';
import { clientRoutes } from './client/client.routes.js';
import { ClientService } from './client/client.service.js';
import { deptRoutes } from './dept/dept.routes.js';
import { DeptService } from './dept/dept.service.js';
import { DictCache } from './dict/dict-cache.js';
import { dictBizTable, dictTable } from './dict/dict.repository.js';
import { dictRoutes } from './dict/dict.routes.js';
import { DictService } from './dict/dict.service.js';
import { MenuAdminService } from './menu/menu-admin.service.js';
import { menuRoutes } from './menu/menu.routes.js';
import { MenuService } from './menu/menu.service.js';
import { topMenuRoutes } from './menu/top-menu.routes.js';
import { TopMenuService } from './menu/top-menu.service.js';
import { onlineRoutes } from './online/online.routes.js';
import { OnlineService } from './online/online.service.js';
import { paramRoutes } from './param/param.routes.js';
import { ParamService } from './param/param.service.js';
import { postRoutes } from './post/post.routes.js';
import { PostService } from './post/post.service.js';
import { regionRoutes } from './region/region.routes.js';
import { RegionService } from './region/region.service.js';
import { RoleGrantRepository } from './role/role-grant.repository.js';
import { roleRoutes } from './role/role.routes.js';
import { RoleService } from './role/role.service.js';
import { ApiScopeRepository } from './scope/api-scope.repository.js';
import { apiScopeRoutes, dataScopeRoutes } from './scope/scope.routes.js';
import { ApiScopeService, DataScopeService } from './scope/scope.service.js';
import { tenantPackageRoutes } from './tenant-package/tenant-package.routes.js';
import { TenantPackageService } from './tenant-package/tenant-package.service.js';
import { tenantRoutes } from './tenant/tenant.routes.js';
import { TenantService } from './tenant/tenant.service.js';

/** What the system area keeps for the guard and the other areas: the menu tree, grants, dictionaries. */
export interface SystemState {
  menus: MenuService;
  /** What each caller's roles grant (menu codes and API scopes), cached; read by the guard. */
  permissions: Permissions;
  dictionaries: DictCache;
}

/** Starts the system area's caches (dropped in every process when their records change). */
export async function startSystem(app: FastifyInstance, store: Store, cache: Cache): Promise<SystemState> {
  const menus = new MenuService(store);
  const roleGrants = new RoleGrantRepository(store);
  const apiScopes = new ApiScopeRepository(store);
  const permissions = new Permissions(cache, {
    grants: async (principal) => ({
      codes: await menus.allowedCodes(principal),
      apiScopeIds: new Set(await roleGrants.scopeIds(principal, principal.roleIds, SCOPE_CATEGORY.API)),
    }),
    apiScopeRules: () => apiScopes.rules(),
  });
  await permissions.start();
  app.addHook('onClose', () => permissions.stop());
  const dictionaries = new DictCache(cache);
  await dictionaries.start();
  app.addHook('onClose', () => dictionaries.stop());
  return { menus, permissions, dictionaries };
}

export interface SystemDependencies {
  store: Store;
  system: SystemState;
  signIn: SignIn;
  clients: ClientCache;
  /** Where each tenant's records are (decision 0020): a tenant's binding changes it. */
  databases: TenantDatabases;
}

/**
 * The system area (spec §7, "System"): menus, departments, roles, posts, scopes, clients,
 * parameters, tenants and their packages, dictionaries, regions. Answers the system dictionaries,
 * which the notices read.
 */
export async function registerSystem(app: FastifyInstance, deps: SystemDependencies): Promise<DictService> {
  const { store, signIn } = deps;
  const { menus, permissions, dictionaries } = deps.system;
  const permissionsChanged = () => permissions.invalidate();
  await app.register(menuRoutes, {
    prefix: '/api/blade-system/menu',
    menus,
    admin: new MenuAdminService({ store, menus, permissionsChanged }),
  });
  await app.register(topMenuRoutes, {
    prefix: '/api/blade-system/topmenu',
    topMenus: new TopMenuService(store),
  });
  await app.register(deptRoutes, { prefix: '/api/blade-system/dept', depts: new DeptService(store) });
  await app.register(roleRoutes, {
    prefix: '/api/blade-system/role',
    roles: new RoleService({
      store,
      menus,
      permissionsChanged,
      rolesChanged: (tenantId) => signIn.accounts.invalidate({ tenantId }),
    }),
  });
  await app.register(postRoutes, { prefix: '/api/blade-system/post', posts: new PostService(store) });
  await app.register(dataScopeRoutes, {
    prefix: '/api/blade-system/data-scope',
    scopes: new DataScopeService(store),
  });
  await app.register(apiScopeRoutes, {
    prefix: '/api/blade-system/api-scope',
    scopes: new ApiScopeService(store, permissionsChanged),
  });
  await app.register(clientRoutes, {
    prefix: '/api/blade-system/client',
    clients: new ClientService(store, () => deps.clients.changed()),
  });
  await app.register(paramRoutes, { prefix: '/api/blade-system/param', params: new ParamService(store) });
  await app.register(tenantPackageRoutes, {
    prefix: '/api/blade-system/tenant-package',
    packages: new TenantPackageService(store, permissionsChanged),
  });
  await app.register(tenantRoutes, {
    prefix: '/api/blade-system/tenant',
    tenants: new TenantService({
      store,
      databases: deps.databases,
      menus,
      accounts: signIn.accounts,
      permissionsChanged,
    }),
    limits: signIn.limits,
  });
  const systemDicts = new DictService({ store, def: dictTable, kind: 'system', cache: dictionaries });
  await app.register(dictRoutes, {
    prefix: '/api/blade-system/dict',
    dicts: systemDicts,
    writeAccess: 'platform-admin',
    menuCode: 'dict',
  });
  await app.register(dictRoutes, {
    prefix: '/api/blade-system/dict-biz',
    dicts: new DictService({ store, def: dictBizTable, kind: 'biz', cache: dictionaries }),
    writeAccess: 'user',
    menuCode: 'dictbiz',
  });
  await app.register(regionRoutes, { prefix: '/api/blade-system/region', regions: new RegionService(store) });
  const online = new OnlineService(store, signIn.sessions);
  await app.register(onlineRoutes, { prefix: '/api/blade-system/online', online });
  return systemDicts;
}
