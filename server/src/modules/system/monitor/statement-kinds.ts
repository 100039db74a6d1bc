import type { StatementKind } from '@console/contract';

// The slowest statements of the last hour, by kind: a statement's verb and the first table it
// names (`select blade_user`, `insert blade_log_api`), never its text, so no value can show even
// where one was written into the SQL. Kept per minute for an hour, in this process's memory; the
// SQL's times come from the database handle (db/database.ts, timeStatements).

/** How many kinds the monitor shows. */
export const SLOWEST = 10;
const MINUTES = 60;
/** A bound on the kinds kept per minute: tables × verbs stay well under it. */
const KINDS_PER_MINUTE = 500;

const VERB = /^\s*\(?\s*([a-z]+)/i;
/** The first table after the verb's keyword: a plain or quoted identifier, schema-qualified or not. */
const TABLE: Record<string, RegExp> = {
  select: /\bfrom\s+[`"]?([a-z_][\w$]*)/i,
  with: /\bfrom\s+[`"]?([a-z_][\w$]*)/i,
  delete: /\bfrom\s+[`"]?([a-z_][\w$]*)/i,
  insert: /\binto\s+[`"]?([a-z_][\w$]*)/i,
  replace: /\binto\s+[`"]?([a-z_][\w$]*)/i,
  update: /^\s*update\s+[`"]?([a-z_][\w$]*)/i,
};

/** A statement's kind: `select blade_user`, or its verb alone (`begin`, `commit`, `pragma`). */
export function statementKind(sql: string): string {
  const verb = VERB.exec(sql)?.[1]?.toLowerCase() ?? 'other';
  const table = TABLE[verb]?.exec(sql)?.[1];
  return table ? `${verb} ${table.slice(0, 64).toLowerCase()}` : verb;
}

/** A kind's statements within some time: how many, their total and longest times (ms). */
export interface KindTimes {
  kind: string;
  count: number;
  totalMs: number;
  maxMs: number;
}

/** The slowest first: by the longest time, then by the mean. */
export function slowestFirst(kinds: Iterable<KindTimes>, limit = SLOWEST): KindTimes[] {
  return [...kinds]
    .sort((a, b) => b.maxMs - a.maxMs || b.totalMs / b.count - a.totalMs / a.count)
    .slice(0, limit);
}

/** Times of the same kinds from several sources (minutes, processes), added up. */
export function mergeKinds(lists: Iterable<Iterable<KindTimes>>): Map<string, KindTimes> {
  const merged = new Map<string, KindTimes>();
  for (const list of lists)
    for (const times of list) {
      const known = merged.get(times.kind);
      if (!known) merged.set(times.kind, { ...times });
      else {
        known.count += times.count;
        known.totalMs += times.totalMs;
        known.maxMs = Math.max(known.maxMs, times.maxMs);
      }
    }
  return merged;
}

/** As the wire shows a kind: its mean and longest times, rounded to 0.1 ms. */
export function shownKind(times: KindTimes): StatementKind {
  const tenth = (ms: number) => Math.round(ms * 10) / 10;
  return {
    kind: times.kind,
    count: times.count,
    avgMs: tenth(times.totalMs / times.count),
    maxMs: tenth(times.maxMs),
  };
}

export class StatementTimes {
  /** Minute (since the epoch) → its kinds. */
  readonly #minutes = new Map<number, Map<string, KindTimes>>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A statement ran (db/database.ts's timer). */
  record(sql: string, ms: number): void {
    const minute = Math.floor(this.now() / 60_000);
    let kinds = this.#minutes.get(minute);
    if (!kinds) {
      this.#minutes.set(minute, (kinds = new Map()));
      for (const old of this.#minutes.keys()) if (old <= minute - MINUTES) this.#minutes.delete(old);
    }
    const kind = statementKind(sql);
    const times = kinds.get(kind);
    if (times) {
      times.count += 1;
      times.totalMs += ms;
      if (ms > times.maxMs) times.maxMs = ms;
    } else if (kinds.size < KINDS_PER_MINUTE) kinds.set(kind, { kind, count: 1, totalMs: ms, maxMs: ms });
  }

  /** The slowest kinds of the last hour. */
  slowest(limit = SLOWEST): KindTimes[] {
    const since = Math.floor(this.now() / 60_000) - MINUTES;
    const recent = [...this.#minutes].filter(([minute]) => minute > since).map(([, kinds]) => kinds.values());
    return slowestFirst(mergeKinds(recent).values(), limit);
  }
}
