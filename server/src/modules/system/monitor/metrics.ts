import type { RequestRates } from '@console/contract';
import type { CacheInspection } from '../../../core/cache/index.js';
import type { DatabaseFigures } from './monitor.repository.js';
import type { ProcessSnapshot } from './this-process.js';

// /api/metrics: the monitor's figures in Prometheus's text format (version 0.0.4). Written here in
// a few lines rather than with prom-client, which would bring its registry and default collectors
// for figures this module already has.

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

type Labels = Record<string, string>;

interface Family {
  name: string;
  help: string;
  type: 'gauge' | 'counter';
  samples: Array<[Labels, number]>;
}

/** A label's value as the format quotes it: backslash, double quote and newline escaped. */
const quoted = (value: string) =>
  `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

/** A sample's value: integers as they are, fractions to 9 significant digits (no float noise). */
const number = (value: number) =>
  !Number.isFinite(value)
    ? '0'
    : Number.isInteger(value)
      ? String(value)
      : String(Number(value.toPrecision(9)));

function text(families: Family[]): string {
  const lines: string[] = [];
  for (const family of families) {
    if (family.samples.length === 0) continue;
    lines.push(`# HELP ${family.name} ${family.help}`, `# TYPE ${family.name} ${family.type}`);
    for (const [labels, value] of family.samples) {
      const pairs = Object.entries(labels).map(([name, v]) => `${name}=${quoted(v)}`);
      lines.push(`${family.name}${pairs.length ? `{${pairs.join(',')}}` : ''} ${number(value)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export interface MetricsFigures {
  /** The live processes, this one's snapshot fresh. */
  processes: readonly ProcessSnapshot[];
  database: DatabaseFigures;
  cache: CacheInspection;
}

type Samples = Array<[Labels, number]>;
const one = (value: number): Samples => [[{}, value]];

/** The figures as Prometheus text: the names below are what an operator's rules refer to. */
export function metricsText({ processes, database, cache }: MetricsFigures): string {
  /** A family with samples from every process, each labelled with the process's id. */
  const perProcess = (
    type: Family['type'],
    name: string,
    help: string,
    samples: (p: ProcessSnapshot) => Samples,
  ): Family => ({
    name,
    help,
    type,
    samples: processes.flatMap((p) =>
      samples(p).map(([labels, value]): [Labels, number] => [{ process: p.id, ...labels }, value]),
    ),
  });
  const windows =
    (pick: (rates: RequestRates) => number) =>
    (p: ProcessSnapshot): Samples => [
      [{ window: '1m' }, pick(p.lastMinute)],
      [{ window: '1h' }, pick(p.lastHour)],
    ];
  const byCache =
    (pick: (counts: { hits: number; misses: number }) => number) =>
    (p: ProcessSnapshot): Samples => [
      [{ cache: 'dictionaries' }, pick(p.caches.dictionaries)],
      [{ cache: 'permissions' }, pick(p.caches.permissions)],
    ];
  const poolStates = (p: ProcessSnapshot): Samples =>
    (
      [
        [{ state: 'in_use' }, p.pool.inUse],
        [{ state: 'idle' }, p.pool.idle],
        [{ state: 'waiting' }, p.pool.waiting],
      ] as Array<[Labels, number | null]>
    ).filter((sample): sample is [Labels, number] => sample[1] !== null);
  const processInfo = (p: ProcessSnapshot): Samples => [
    [{ host: p.host, pid: String(p.pid), version: p.version, node: p.node }, 1],
  ];
  const family = (type: Family['type'], name: string, help: string, samples: Samples): Family => ({
    name,
    help,
    type,
    samples,
  });

  return text([
    perProcess(
      'gauge',
      'console_process_info',
      'A server process: its version and Node.js version.',
      processInfo,
    ),
    perProcess('gauge', 'console_process_start_time_seconds', 'When the process started (Unix time).', (p) =>
      one(p.startedAt / 1000),
    ),
    perProcess('gauge', 'console_process_resident_memory_bytes', 'Resident set size.', (p) =>
      one(p.rssBytes),
    ),
    perProcess('gauge', 'console_process_heap_used_bytes', 'V8 heap used.', (p) => one(p.heapUsedBytes)),
    perProcess('gauge', 'console_process_heap_total_bytes', 'V8 heap allocated.', (p) =>
      one(p.heapTotalBytes),
    ),
    perProcess(
      'gauge',
      'console_event_loop_delay_seconds',
      'Event-loop delay over the last full minute.',
      (p) => [
        [{ quantile: '0.5' }, p.loopDelayP50Ms / 1000],
        [{ quantile: '0.99' }, p.loopDelayP99Ms / 1000],
      ],
    ),
    perProcess('counter', 'console_http_requests_total', 'Answers since the process started.', (p) =>
      one(p.totals.requests),
    ),
    perProcess(
      'counter',
      'console_http_errors_total',
      'Answers with a 5xx status since the process started.',
      (p) => one(p.totals.errors),
    ),
    perProcess(
      'gauge',
      'console_http_requests_per_second',
      'Answers per second over the window.',
      windows((rates) => rates.perSecond),
    ),
    perProcess(
      'gauge',
      'console_http_error_ratio',
      'Share of the answers over the window that were 5xx.',
      windows((rates) => rates.errorRate),
    ),
    perProcess('gauge', 'console_event_streams', 'Open event streams.', (p) => one(p.streams)),
    perProcess(
      'gauge',
      'console_db_pool_connections',
      'Database connections by state, where the driver counts them.',
      poolStates,
    ),
    perProcess('gauge', 'console_db_pool_size', 'The most database connections the process opens.', (p) =>
      one(p.pool.size),
    ),
    perProcess(
      'gauge',
      'console_db_statement_max_seconds',
      'Longest statement of the kind in the last hour (slowest kinds).',
      (p) => p.statements.map((s): [Labels, number] => [{ kind: s.kind }, s.maxMs / 1000]),
    ),
    perProcess(
      'gauge',
      'console_db_statements',
      'Statements of the kind in the last hour (slowest kinds).',
      (p) => p.statements.map((s): [Labels, number] => [{ kind: s.kind }, s.count]),
    ),
    perProcess(
      'counter',
      'console_cache_hits_total',
      'Lookups a per-process cache answered from what it held.',
      byCache((counts) => counts.hits),
    ),
    perProcess(
      'counter',
      'console_cache_misses_total',
      'Lookups a per-process cache read anew.',
      byCache((counts) => counts.misses),
    ),
    family('gauge', 'console_db_info', 'The database engine and version.', [
      [{ engine: database.engine, version: database.version }, 1],
    ]),
    family('gauge', 'console_db_size_bytes', 'The database size.', one(database.sizeBytes)),
    family(
      'gauge',
      'console_db_connections',
      'Connections to the database server (SQLite: 1).',
      one(database.connections),
    ),
    family(
      'gauge',
      'console_shared_cache_memory_bytes',
      'Memory used by the shared cache (Redis: the whole server).',
      [[{ engine: cache.engine }, cache.memoryBytes]],
    ),
    family(
      'gauge',
      'console_shared_cache_keys',
      'Keys of the shared cache by prefix (counted up to a cap).',
      cache.prefixes.map((p): [Labels, number] => [{ prefix: p.prefix }, p.keys]),
    ),
  ]);
}
