import type { Cache } from '../../../core/cache/index.js';
import type { Store } from '../../../core/repository/store.js';
import { TenantDatabases } from '../../../core/repository/tenant-databases.js';
import type { DatasourceService } from '../../develop/datasource/datasource.service.js';
import { TenantRepository } from './tenant.repository.js';

/**
 * The router of tenants' business records (core/repository/tenant-databases.ts) over this
 * installation: bindings read from the tenant rows of the main database, connections opened by the
 * data source module with its guarded settings. Call start() before serving and close() at the end.
 */
export function tenantDatabases(deps: {
  store: Store;
  cache: Cache;
  datasources: Pick<DatasourceService, 'open'>;
  onOpenFailed?: (error: unknown, datasourceId: string) => void;
}): TenantDatabases {
  const tenants = new TenantRepository(deps.store);
  return new TenantDatabases(
    deps.store,
    deps.cache,
    {
      bindingOf: (tenantId) => tenants.datasourceOf(tenantId),
      open: (datasourceId) => deps.datasources.open(datasourceId),
    },
    deps.onOpenFailed ? { onOpenFailed: deps.onOpenFailed } : {},
  );
}
