import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Cache } from '../../core/cache/index.js';
import { OutboundPolicy, type OutboundEntry } from '../../core/outbound/policy.js';
import type { Store } from '../../core/repository/store.js';
import type { TenantDatabases } from '../../core/repository/tenant-databases.js';
import type { SecretBox } from '../../core/secret-box.js';
import { tenantDatabases } from '../system/tenant/tenant-databases.js';
import { codeRoutes } from './code/code.routes.js';
import { CodeService } from './code/code.service.js';
import { datasourceRoutes } from './datasource/datasource.routes.js';
import { DatasourceService } from './datasource/datasource.service.js';

export interface DatasourcesDependencies {
  store: Store;
  cache: Cache;
  secrets: SecretBox;
  /** DATASOURCE_HOSTS: where data sources may point; nothing unless configured (S6). */
  datasourceHosts?: OutboundEntry[];
  /** DATA_DIR (default ./data). */
  dataDir?: string;
  /** The file the console's own database was opened on (none on the other engines): never a source. */
  ownDatabase: string | null;
}

/** The data sources, and where each tenant's records are over them. */
export interface Datasources {
  datasources: DatasourceService;
  /**
   * Where each tenant's business and workflow records are: the main database, or the data source
   * the tenant is bound to (decision 0020). Pools close after the last request.
   */
  databases: TenantDatabases;
}

/** Builds the data sources and starts the router of tenants' records over them. */
export async function startDatasources(
  app: FastifyInstance,
  deps: DatasourcesDependencies,
): Promise<Datasources> {
  const datasources: DatasourceService = new DatasourceService({
    store: deps.store,
    secrets: deps.secrets,
    hosts: new OutboundPolicy(deps.datasourceHosts ?? []),
    dataDir: path.resolve(deps.dataDir ?? './data'),
    ownDatabase: deps.ownDatabase,
    changed: (datasourceId) => databases.datasourceChanged(datasourceId),
  });
  const databases = tenantDatabases({
    store: deps.store,
    cache: deps.cache,
    datasources,
    onOpenFailed: (err, datasourceId) =>
      app.log.error({ err, datasourceId }, 'a tenant data source could not be opened'),
  });
  await databases.start();
  app.addHook('onClose', () => databases.close());
  return { datasources, databases };
}

/** The development area (spec §7, "Develop"): the data sources' pages and the code generator. */
export async function registerDevelop(
  app: FastifyInstance,
  store: Store,
  datasources: DatasourceService,
): Promise<void> {
  await app.register(datasourceRoutes, { prefix: '/api/blade-develop/datasource', sources: datasources });
  await app.register(codeRoutes, {
    prefix: '/api/blade-develop/code',
    codes: new CodeService(store, (id) => datasources.tables(id)),
  });
}
