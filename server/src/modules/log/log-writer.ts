import type { FastifyBaseLogger } from 'fastify';
import type { IdGenerator } from '../../core/ids.js';
import { LOG_KINDS, type LogKind, type LogRow, type LogSink } from './log.repository.js';

// The api, error, usual and login logs are written off the request path (architecture.md): a
// request only appends its row to an in-memory queue; the queue is written in batches when it holds
// `batchSize` rows or every `flushIntervalMs`, one batch at a time, and once more on close
// (graceful shutdown). A crash loses what is queued: at most one interval's rows, or `batchSize`
// per log, more only while the database is slower than the traffic — never more than
// `maxQueued` per log, beyond which the oldest rows are dropped (and the process log says so).

export interface LogWriterOptions {
  batchSize?: number;
  flushIntervalMs?: number;
  maxQueued?: number;
}

export const LOG_WRITER_DEFAULTS = { batchSize: 200, flushIntervalMs: 1000, maxQueued: 10_000 } as const;

export class LogWriter {
  readonly #queues: Record<LogKind, LogRow[]> = { api: [], error: [], usual: [], login: [] };
  readonly #options: Required<LogWriterOptions>;
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> | null = null;
  #again = false;
  #dropped = 0;
  #closed = false;

  constructor(
    private readonly sink: LogSink,
    private readonly ids: IdGenerator,
    private readonly log: FastifyBaseLogger,
    options: LogWriterOptions = {},
  ) {
    this.#options = { ...LOG_WRITER_DEFAULTS, ...options };
  }

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.flush(), this.#options.flushIntervalMs);
    this.#timer.unref();
  }

  /** Queues a row (column names); the id and creation time are set now, so order is kept. */
  write(kind: LogKind, row: Omit<LogRow, 'id' | 'create_time'> & { create_time?: Date }): void {
    const queue = this.#queues[kind];
    queue.push({ create_time: new Date(), ...row, id: BigInt(this.ids.next()) } as LogRow);
    if (queue.length > this.#options.maxQueued) {
      const excess = queue.length - this.#options.maxQueued;
      queue.splice(0, excess);
      this.#dropped += excess;
    }
    if (queue.length >= this.#options.batchSize) void this.flush();
  }

  /** How many rows wait to be written. */
  get queued(): number {
    return LOG_KINDS.reduce((n, kind) => n + this.#queues[kind].length, 0);
  }

  /**
   * Writes everything queued, in batches, one batch at a time; resolves when the queue was empty
   * once after the call (rows queued meanwhile included). A failed batch is put back and retried
   * at the next flush.
   */
  flush(): Promise<void> {
    if (this.#flushing) {
      this.#again = true;
      return this.#flushing;
    }
    this.#flushing = this.#drain().finally(() => {
      this.#flushing = null;
    });
    return this.#flushing;
  }

  async #drain(): Promise<void> {
    do {
      this.#again = false;
      for (const kind of LOG_KINDS) {
        const queue = this.#queues[kind];
        while (queue.length > 0) {
          const batch = queue.splice(0, this.#options.batchSize);
          try {
            await this.sink.insert(kind, batch);
          } catch (err) {
            queue.unshift(...batch);
            this.log.error({ err, kind, rows: batch.length }, 'log batch not written; retrying later');
            return;
          }
        }
      }
      if (this.#dropped > 0) {
        this.log.warn({ dropped: this.#dropped }, 'log rows dropped: the log store fell behind');
        this.#dropped = 0;
      }
    } while (this.#again || (this.#closed && this.queued > 0));
  }

  /** Stops the timer and writes what is queued (graceful shutdown). */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.flush();
    // A failed final batch is retried once.
    if (this.queued > 0) await this.flush();
  }
}
