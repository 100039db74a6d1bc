import type { RequestRates } from '@console/contract';

// The answers of this process, counted as they finish (monitor.plugin.ts's onResponse hook): per
// second for the last minute and per minute for the last hour, in two rings of 60 slots. A slot
// holds the second (or minute) it counts, so a slot of an earlier turn of the ring is seen as empty:
// nothing has to sweep them, and recording an answer is a few array writes.

const SLOTS = 60;

/** One ring: slot i counts the unit `stamp[i]` (a second or a minute since the epoch). */
class Ring {
  readonly #stamp = new Float64Array(SLOTS).fill(-1);
  readonly #requests = new Uint32Array(SLOTS);
  readonly #errors = new Uint32Array(SLOTS);

  add(unit: number, error: boolean): void {
    const slot = unit % SLOTS;
    if (this.#stamp[slot] !== unit) {
      this.#stamp[slot] = unit;
      this.#requests[slot] = 0;
      this.#errors[slot] = 0;
    }
    this.#requests[slot]! += 1;
    if (error) this.#errors[slot]! += 1;
  }

  /** The counts of `unit`, or zeros when its slot holds another. */
  at(unit: number): { requests: number; errors: number } {
    const slot = unit % SLOTS;
    return this.#stamp[slot] === unit
      ? { requests: this.#requests[slot]!, errors: this.#errors[slot]! }
      : { requests: 0, errors: 0 };
  }

  /** The sums over the last 60 units up to `unit`. */
  sum(unit: number): { requests: number; errors: number } {
    let requests = 0;
    let errors = 0;
    for (let back = 0; back < SLOTS; back++) {
      const counts = this.at(unit - back);
      requests += counts.requests;
      errors += counts.errors;
    }
    return { requests, errors };
  }
}

export class RequestCounts {
  readonly #seconds = new Ring();
  readonly #minutes = new Ring();
  #total = 0;
  #totalErrors = 0;

  constructor(
    /** When counting began (ms): a process up for less than the window is not rated over all of it. */
    private readonly startedAt: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** An answer finished with this status; a 5xx is an error. */
  record(statusCode: number): void {
    const error = statusCode >= 500;
    const at = this.now();
    this.#seconds.add(Math.floor(at / 1000), error);
    this.#minutes.add(Math.floor(at / 60_000), error);
    this.#total += 1;
    if (error) this.#totalErrors += 1;
  }

  /** Every answer since the process started, and the 5xx among them (Prometheus counters). */
  get totals(): { requests: number; errors: number } {
    return { requests: this.#total, errors: this.#totalErrors };
  }

  lastMinute(): RequestRates {
    const at = this.now();
    return this.#rates(this.#seconds.sum(Math.floor(at / 1000)), 60, at);
  }

  lastHour(): RequestRates {
    const at = this.now();
    return this.#rates(this.#minutes.sum(Math.floor(at / 60_000)), 3600, at);
  }

  /** The last 60 minutes, oldest first: each minute's start (ms) and counts. */
  minutes(): Array<{ at: number; requests: number; errors: number }> {
    const current = Math.floor(this.now() / 60_000);
    return Array.from({ length: SLOTS }, (_, i) => {
      const minute = current - (SLOTS - 1) + i;
      return { at: minute * 60_000, ...this.#minutes.at(minute) };
    });
  }

  #rates(counts: { requests: number; errors: number }, windowSeconds: number, at: number): RequestRates {
    const seconds = Math.min(windowSeconds, Math.max(1, (at - this.startedAt) / 1000));
    return {
      ...counts,
      perSecond: counts.requests / seconds,
      errorRate: counts.requests > 0 ? counts.errors / counts.requests : 0,
    };
  }
}
