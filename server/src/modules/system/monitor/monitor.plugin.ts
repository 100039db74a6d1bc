import type { FastifyInstance } from 'fastify';
import type { Cache } from '../../../core/cache/index.js';
import type { Store } from '../../../core/repository/store.js';
import { unscoped } from '../../../core/repository/unscoped.js';
import { poolCountsOf, timeStatements } from '../../../db/database.js';
import type { SystemState } from '../system.plugin.js';
import { metricsRoutes, monitorRoutes } from './monitor.routes.js';
import { MonitorService } from './monitor.service.js';
import { ProcessRegistry, REGISTRY_DEFAULTS, type RegistryTiming } from './process-registry.js';
import { RequestCounts } from './request-counts.js';
import { StatementTimes } from './statement-kinds.js';
import { ThisProcess } from './this-process.js';

export type MonitorOptions = RegistryTiming;

export interface MonitorDependencies {
  store: Store;
  cache: Cache;
  system: Pick<SystemState, 'permissions' | 'dictionaries'>;
  /** METRICS_TOKEN: /api/metrics answers it; null or absent leaves the endpoint off. */
  metricsToken?: string | null;
  /** How often this process publishes its figures, and for how long they live (tests shorten them). */
  options?: Partial<MonitorOptions>;
}

/**
 * The monitor (issue 49): counts every answer of this process (one onResponse hook, on every route
 * whenever it was registered), times the database's statements, publishes this process's figures
 * through the shared cache every few seconds, and serves 服务监控, 缓存监控 and /api/metrics.
 */
export async function registerMonitor(app: FastifyInstance, deps: MonitorDependencies): Promise<void> {
  const { store, cache, system } = deps;
  const timing = { ...REGISTRY_DEFAULTS, ...deps.options };
  const requests = new RequestCounts(Date.now());
  // A callback hook: no promise per request (core/http.ts).
  app.addHook('onResponse', (_req, reply, done) => {
    requests.record(reply.statusCode);
    done();
  });
  // The database's handle itself, not a query on it: its statements timed, its pool counted.
  const db = unscoped(store);
  const statements = new StatementTimes();
  timeStatements(db, (sql, ms) => statements.record(sql, ms));

  const self = new ThisProcess({
    requests,
    statements,
    streams: () => app.events.size,
    pool: () => poolCountsOf(db) ?? { kind: 'single', size: 1, inUse: null, idle: null, waiting: null },
    caches: { dictionaries: system.dictionaries.lookups, permissions: system.permissions.lookups },
  });
  const registry = new ProcessRegistry(cache, timing);
  // One publish at a time; the shared cache away, the monitor misses this process until it is back.
  let publishing: Promise<void> | null = null;
  const publish = () =>
    (publishing ??= registry
      .publish(self.snapshot())
      .catch((err: unknown) => app.log.warn({ err }, 'this process’s figures could not be published'))
      .finally(() => (publishing = null)));
  await publish();
  const timer = setInterval(() => void publish(), timing.publishMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // A publish under way would write the slot again after it is freed.
    await publishing;
    self.stop();
    await registry.leave(self.id).catch(() => undefined);
  });

  const monitor = new MonitorService(store, cache, registry, self);
  await app.register(monitorRoutes, { prefix: '/api/blade-system/monitor', monitor });
  if (deps.metricsToken) await app.register(metricsRoutes, { monitor, token: deps.metricsToken });
}
