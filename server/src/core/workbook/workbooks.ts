import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { finished } from 'node:stream';
import { MessageChannel } from 'node:worker_threads';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Piscina } from 'piscina';
import type { Cache } from '../cache/index.js';
import { ApiError } from '../errors.js';
import type { Actor } from '../repository/store.js';
import { CODE_ROOT, MODULE_EXTENSION } from '../../db/server-paths.js';
import type { BookSheet, BookTask, DropDown, ReadTask, SheetCell, WriteTask } from './workbook-worker.js';

// Exports and imports of .xlsx workbooks (security.md S18, issue 44 item 6). A 47,021-row report
// export used to hold the event loop for 2.5 s (every other request waited), and eight at once
// took 16 s and 160 MB more memory. Now:
// - workbooks are written and read in a pool of worker threads of a fixed size
//   (./workbook-worker.ts), the rows reaching a thread a page at a time;
// - a job (an export or an import) is admitted only under two limits, else 429: per user over
//   every server process (slots in the cache), and per process (running or waiting for a thread).

export type { BookSheet, DropDown, SheetCell } from './workbook-worker.js';

/** Threads writing and reading workbooks: every core but one, which stays with the event loop; 1 to 2. */
export const WORKBOOK_THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));
/** Exports and imports one user may run at once, over every process sharing the cache. */
export const JOBS_PER_USER = 2;
/** Exports and imports one process admits at once, running or waiting for a thread. */
export const JOBS_PER_PROCESS = 8;
/** A user's slot in the cache lasts this long unless renewed: a process that dies frees its slots. */
const SLOT_LEASE_SECONDS = 60;
const SLOT_RENEW_MS = 20_000;
/** A thread with nothing to do ends after this: an idle server holds no workbook thread. */
const THREAD_IDLE_MS = 30_000;

export interface WorkbookOptions {
  threads: number;
  perUser: number;
  perProcess: number;
  /** The most rows a list export writes (./list-export.ts; LIST_EXPORT_MAX_ROWS by default). */
  exportMaxRows?: number;
  /** The threads' entry (tests wrap it); by default workbook-worker beside this file. */
  worker?: { filename: string; workerData?: unknown };
}

export interface SheetLayout {
  header: string[];
  widths: number[];
}

export class Workbooks {
  readonly options: WorkbookOptions;
  #pool: Promise<Piscina> | undefined;
  #admitted = 0;
  /** The cache slots this process holds, by key, with the token that is their value. */
  readonly #slots = new Map<string, string>();
  #renewal: NodeJS.Timeout | undefined;

  constructor(
    private readonly cache: Cache,
    options: Partial<WorkbookOptions> = {},
  ) {
    this.options = {
      threads: WORKBOOK_THREADS,
      perUser: JOBS_PER_USER,
      perProcess: JOBS_PER_PROCESS,
      ...options,
    };
  }

  /**
   * An export or an import as the request's job: admitted under the limits (429 otherwise), given
   * up when the client goes away (its signal), its places freed when the answer has gone (a
   * streamed one: to its end) or the connection has closed.
   */
  async job<T>(
    req: FastifyRequest,
    reply: FastifyReply,
    work: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const end = await this.#admit(req.actor);
    const gone = new AbortController();
    finished(reply.raw, (closedEarly) => {
      if (closedEarly) gone.abort();
      end();
    });
    return work(gone.signal);
  }

  /**
   * A workbook of one sheet from pages of rows, written by a pool thread. The pages are read only
   * once a thread has the task; given up (the client gone, a page that failed), a task still
   * waiting leaves the queue and one started ends when its port closes (its thread stays).
   */
  async write(
    layout: SheetLayout,
    pages: AsyncIterable<SheetCell[][]> | Iterable<SheetCell[][]>,
    signal: AbortSignal,
  ): Promise<Buffer> {
    const pool = await this.#threads();
    const { port1: rows, port2 } = new MessageChannel();
    const dequeue = new AbortController();
    const task: WriteTask = { kind: 'write', ...layout, rows: port2 };
    const built = pool.run(task, { transferList: [port2], signal: dequeue.signal }) as Promise<Uint8Array>;
    const gone = new Promise<never>((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    // Awaited below; until then a failure must not count as an unhandled rejection.
    built.catch(() => undefined);
    gone.catch(() => undefined);
    let started = false;
    try {
      await Promise.race([once(rows, 'message'), built, gone]);
      started = true;
      for await (const page of pages) {
        signal.throwIfAborted();
        rows.postMessage(page);
      }
      rows.postMessage(null);
      const bytes = await Promise.race([built, gone]);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (error) {
      if (!started) dequeue.abort();
      throw error;
    } finally {
      rows.close();
    }
  }

  /** The first sheet of an uploaded workbook as rows of cells, read by a pool thread. */
  async read(content: Buffer, signal: AbortSignal): Promise<unknown[][]> {
    const task: ReadTask = { kind: 'read', content };
    return (await (await this.#threads()).run(task, { signal })) as unknown[][];
  }

  /** A small workbook of several sheets (a template), written whole by a pool thread. */
  async book(sheets: BookSheet[], dropDowns: DropDown[], signal: AbortSignal): Promise<Buffer> {
    const task: BookTask = { kind: 'book', sheets, dropDowns };
    const bytes = (await (await this.#threads()).run(task, { signal })) as Uint8Array;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  async close(): Promise<void> {
    clearInterval(this.#renewal);
    const pool = this.#pool;
    this.#pool = undefined;
    if (pool) await (await pool).destroy();
  }

  /** The pool, made at the first job (piscina loads then, not at start). */
  #threads(): Promise<Piscina> {
    return (this.#pool ??= import('piscina').then(
      ({ Piscina }) =>
        new Piscina({
          filename:
            this.options.worker?.filename ?? `${CODE_ROOT}/core/workbook/workbook-worker${MODULE_EXTENSION}`,
          ...(this.options.worker?.workerData !== undefined
            ? { workerData: this.options.worker.workerData }
            : {}),
          minThreads: 0,
          maxThreads: this.options.threads,
          idleTimeout: THREAD_IDLE_MS,
          // The tasks wait on their rows' port: the threads' event loops must run between messages.
          atomics: 'disabled',
          // From src (vitest, tsx) the entry is TypeScript: the threads load it through tsx.
          ...(MODULE_EXTENSION === '.ts' ? { execArgv: ['--import', 'tsx'] } : {}),
        }),
    ));
  }

  /** Takes a place in this process and one of the user's slots, or answers 429; answers the release. */
  async #admit(actor: Actor): Promise<() => void> {
    if (this.#admitted >= this.options.perProcess) throw new ApiError(429, 'workbook.busyServer');
    this.#admitted++;
    let slot: string | undefined;
    try {
      slot = await this.#takeUserSlot(actor);
    } finally {
      if (slot === undefined) this.#admitted--;
    }
    if (slot === undefined) throw new ApiError(429, 'workbook.busyUser', { max: this.options.perUser });
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#admitted--;
      this.#slots.delete(slot);
      if (this.#slots.size === 0) clearInterval(this.#renewal);
      void this.cache.delete(slot).catch(() => undefined); // else its lease runs out
    };
  }

  /** One of the user's numbered slots, taken in the cache (shared by every process), or undefined. */
  async #takeUserSlot(actor: Actor): Promise<string | undefined> {
    const user = `workbook:job:${actor.tenantId}:${actor.userId ?? 'client'}`;
    const token = randomUUID();
    for (let n = 0; n < this.options.perUser; n++) {
      const key = `${user}:${n}`;
      if (!(await this.cache.setIfAbsent(key, token, SLOT_LEASE_SECONDS))) continue;
      this.#slots.set(key, token);
      // A job may outlast a lease: held slots are renewed while any is held.
      if (this.#slots.size === 1) {
        this.#renewal = setInterval(() => {
          for (const [held, value] of this.#slots)
            void this.cache.set(held, value, SLOT_LEASE_SECONDS).catch(() => undefined);
        }, SLOT_RENEW_MS);
        this.#renewal.unref();
      }
      return key;
    }
    return undefined;
  }
}
