import type { CompiledQuery } from 'kysely';
import type { Piscina } from 'piscina';
import { sqliteParameters } from '../../db/database.js';
import { CODE_ROOT, MODULE_EXTENSION } from '../../db/server-paths.js';
import type { ReadAsideTask } from './sqlite-reader-worker.js';

// An export's long reads on SQLite, away from the event loop (security.md S18, issue 44 item 6).
// SQLite's driver runs a statement on the thread that calls it, and an export's ordered ids (50,000
// keys sorted, then stepped) held the server's event loop for tens of milliseconds at a time: with
// 8 exports running, other requests' p99 stayed over 100 ms. These reads run instead in one thread
// of their own (./sqlite-reader-worker.ts), on a read-only connection; the other engines' drivers
// wait on the network and need none of this.
//
// One thread per process, made at the first read and ended when idle: the reads queue for it, which
// also keeps 8 exports from sorting at once. Not the workbook threads: a workbook task holds its
// thread while it waits for the rows this would read.

/** A reader thread with nothing to do ends after this. */
const THREAD_IDLE_MS = 30_000;

let pool: Promise<Piscina> | undefined;

function reader(): Promise<Piscina> {
  return (pool ??= import('piscina').then(
    ({ Piscina }) =>
      new Piscina({
        filename: `${CODE_ROOT}/core/repository/sqlite-reader-worker${MODULE_EXTENSION}`,
        minThreads: 0,
        maxThreads: 1,
        idleTimeout: THREAD_IDLE_MS,
        // From src (vitest, tsx) the entry is TypeScript: the thread loads it through tsx.
        ...(MODULE_EXTENSION === '.ts' ? { execArgv: ['--import', 'tsx'] } : {}),
      }),
  ));
}

/** The first column of every row of a compiled read, run on `file` by the reader thread. */
export async function readAside(file: string, query: CompiledQuery): Promise<unknown[]> {
  const task: ReadAsideTask = {
    file,
    sql: query.sql,
    parameters: [...sqliteParameters(query.parameters)],
  };
  return (await (await reader()).run(task)) as unknown[];
}
