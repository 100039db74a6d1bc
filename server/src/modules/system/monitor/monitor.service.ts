import type {
  CacheHitRate,
  CacheMonitor,
  DatabaseMonitor,
  ProcessFigures,
  ServerMonitor,
} from '@console/contract';
import type { Cache } from '../../../core/cache/index.js';
import { formatDateTime } from '../../../core/dates.js';
import type { Store } from '../../../core/repository/store.js';
import { metricsText } from './metrics.js';
import { MonitorRepository } from './monitor.repository.js';
import type { ProcessRegistry } from './process-registry.js';
import { mergeKinds, shownKind, slowestFirst } from './statement-kinds.js';
import type { ProcessSnapshot, ThisProcess } from './this-process.js';

// 服务监控 and 缓存监控 (issue 49), and /api/metrics: the live processes as they published themselves
// (this one's figures taken fresh), the database's own figures, and the shared cache's.

/** Keys counted at most for 缓存监控: SCAN's batches stop there, so a large Redis costs a bounded read. */
export const MAX_KEYS_COUNTED = 100_000;

export class MonitorService {
  readonly #repository: MonitorRepository;

  constructor(
    private readonly store: Store,
    private readonly sharedCache: Cache,
    private readonly registry: ProcessRegistry,
    private readonly self: ThisProcess,
  ) {
    this.#repository = new MonitorRepository(store);
  }

  /** Every live process once (the newest snapshot of an id), this one's fresh; by host and pid. */
  async #processes(): Promise<ProcessSnapshot[]> {
    const byId = new Map<string, ProcessSnapshot>();
    for (const snapshot of [...(await this.registry.read()), this.self.snapshot()]) {
      const known = byId.get(snapshot.id);
      if (!known || known.takenAt <= snapshot.takenAt) byId.set(snapshot.id, snapshot);
    }
    return [...byId.values()].sort(
      (a, b) => a.host.localeCompare(b.host) || a.pid - b.pid || a.id.localeCompare(b.id),
    );
  }

  async server(): Promise<ServerMonitor> {
    return { processes: (await this.#processes()).map((p) => this.#shown(p)) };
  }

  async database(): Promise<DatabaseMonitor> {
    const processes = await this.#processes();
    const slowest = slowestFirst(mergeKinds(processes.map((p) => p.statements)).values());
    return {
      ...(await this.#repository.figures()),
      statements: slowest.map(shownKind),
      processes: processes.length,
    };
  }

  async cache(): Promise<CacheMonitor> {
    const [inspection, processes] = await Promise.all([
      this.sharedCache.inspect(MAX_KEYS_COUNTED),
      this.#processes(),
    ]);
    const hitRate = (cache: CacheHitRate['cache']): CacheHitRate => {
      const hits = processes.reduce((sum, p) => sum + p.caches[cache].hits, 0);
      const misses = processes.reduce((sum, p) => sum + p.caches[cache].misses, 0);
      return { cache, hits, misses, rate: hits + misses > 0 ? hits / (hits + misses) : null };
    };
    return {
      ...inspection,
      hitRates: [hitRate('dictionaries'), hitRate('permissions')],
      processes: processes.length,
    };
  }

  async metrics(): Promise<string> {
    const [processes, database, cache] = await Promise.all([
      this.#processes(),
      this.#repository.figures(),
      this.sharedCache.inspect(MAX_KEYS_COUNTED),
    ]);
    return metricsText({ processes, database, cache });
  }

  /** A snapshot as the wire shows it: dates in the server's zone, only the contract's fields. */
  #shown(p: ProcessSnapshot): ProcessFigures {
    const date = (ms: number) => formatDateTime(new Date(ms), this.store.timeZone);
    return {
      id: p.id,
      host: p.host,
      pid: p.pid,
      current: p.id === this.self.id,
      version: p.version,
      node: p.node,
      startedAt: date(p.startedAt),
      uptimeSeconds: Math.max(0, Math.floor((p.takenAt - p.startedAt) / 1000)),
      updatedAt: date(p.takenAt),
      rssBytes: p.rssBytes,
      heapUsedBytes: p.heapUsedBytes,
      heapTotalBytes: p.heapTotalBytes,
      loopDelayP50Ms: p.loopDelayP50Ms,
      loopDelayP99Ms: p.loopDelayP99Ms,
      lastMinute: p.lastMinute,
      lastHour: p.lastHour,
      minutes: p.minutes.map((m) => ({ at: date(m.at), requests: m.requests, errors: m.errors })),
      streams: p.streams,
      pool: p.pool,
    };
  }
}
