import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { RequestRates } from '@console/contract';
import type { HitCounts } from '../../../core/cache/hit-counts.js';
import type { PoolCounts } from '../../../db/database.js';
import { SERVER_ROOT } from '../../../db/server-paths.js';
import type { RequestCounts } from './request-counts.js';
import type { KindTimes, StatementTimes } from './statement-kinds.js';

// What one process publishes about itself (process-registry.ts) and the monitor and /api/metrics
// show: figures only. Times are milliseconds since the epoch; the service writes them as wire dates.

export interface ProcessSnapshot {
  id: string;
  host: string;
  pid: number;
  version: string;
  node: string;
  startedAt: number;
  /** When the snapshot was taken. */
  takenAt: number;
  rssBytes: number;
  heapUsedBytes: number;
  heapTotalBytes: number;
  loopDelayP50Ms: number;
  loopDelayP99Ms: number;
  lastMinute: RequestRates;
  lastHour: RequestRates;
  minutes: Array<{ at: number; requests: number; errors: number }>;
  /** Every answer since start, and the 5xx among them. */
  totals: { requests: number; errors: number };
  streams: number;
  pool: PoolCounts;
  /** The slowest statement kinds of the last hour. */
  statements: KindTimes[];
  caches: Record<'dictionaries' | 'permissions', { hits: number; misses: number }>;
}

/** What the snapshot is read from; the plugin wires the process's own parts in. */
export interface ProcessSources {
  requests: RequestCounts;
  statements: StatementTimes;
  streams: () => number;
  pool: () => PoolCounts;
  caches: Record<'dictionaries' | 'permissions', HitCounts>;
}

/** The server's version, read once: server/package.json, as built and as run from source. */
const VERSION = (() => {
  try {
    const manifest = JSON.parse(readFileSync(path.join(SERVER_ROOT, 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof manifest.version === 'string' ? manifest.version : 'unknown';
  } catch {
    return 'unknown';
  }
})();

/** The loop-delay sampler's timer (ms): coarser than Node's 10 ms default, at the same use. */
const LOOP_RESOLUTION_MS = 20;
const MINUTE_MS = 60_000;

/**
 * Event-loop delay percentiles over the last full minute (the first minute: so far). The histogram
 * times each turn of a 20 ms timer, the timer's own 20 ms included: that part is taken off, as APM
 * agents do, so an idle loop shows about 0.
 */
class LoopDelay {
  readonly #histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  #since: number;
  #lastMinute: { p50: number; p99: number } | null = null;

  constructor(now: number) {
    this.#histogram.enable();
    this.#since = now;
  }

  percentiles(now: number): { p50: number; p99: number } {
    if (now - this.#since >= MINUTE_MS) {
      this.#lastMinute = this.#read();
      this.#histogram.reset();
      this.#since = now;
    }
    return this.#lastMinute ?? this.#read();
  }

  #read(): { p50: number; p99: number } {
    if (this.#histogram.count === 0) return { p50: 0, p99: 0 };
    const ms = (percentile: number) =>
      Math.max(
        0,
        Math.round((this.#histogram.percentile(percentile) / 1e6 - LOOP_RESOLUTION_MS) * 100) / 100,
      );
    return { p50: ms(50), p99: ms(99) };
  }

  stop(): void {
    this.#histogram.disable();
  }
}

/** This process: its id for as long as it runs, and its figures now. */
export class ThisProcess {
  readonly id: string;
  readonly startedAt: number;
  readonly #loop: LoopDelay;

  constructor(
    private readonly sources: ProcessSources,
    private readonly now: () => number = Date.now,
  ) {
    // Host and pid tell an operator which process it is; the random part tells apart two servers
    // of one process (tests) and a pid used again after a restart.
    this.id = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
    this.startedAt = now();
    this.#loop = new LoopDelay(this.startedAt);
  }

  snapshot(): ProcessSnapshot {
    const takenAt = this.now();
    const memory = process.memoryUsage();
    const loop = this.#loop.percentiles(takenAt);
    const { requests, statements, caches } = this.sources;
    return {
      id: this.id,
      host: hostname(),
      pid: process.pid,
      version: VERSION,
      node: process.version,
      startedAt: this.startedAt,
      takenAt,
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      heapTotalBytes: memory.heapTotal,
      loopDelayP50Ms: loop.p50,
      loopDelayP99Ms: loop.p99,
      lastMinute: requests.lastMinute(),
      lastHour: requests.lastHour(),
      minutes: requests.minutes(),
      totals: requests.totals,
      streams: this.sources.streams(),
      pool: this.sources.pool(),
      statements: statements.slowest(),
      caches: {
        dictionaries: { hits: caches.dictionaries.hits, misses: caches.dictionaries.misses },
        permissions: { hits: caches.permissions.hits, misses: caches.permissions.misses },
      },
    };
  }

  stop(): void {
    this.#loop.stop();
  }
}
