/**
 * Lookups of a per-process cache since the process started: answered from what it held (hits) or
 * read anew (misses). The permissions and the dictionaries keep them; 缓存监控 shows their rate.
 */
export class HitCounts {
  #hits = 0;
  #misses = 0;

  count(hit: boolean): void {
    if (hit) this.#hits += 1;
    else this.#misses += 1;
  }

  get hits(): number {
    return this.#hits;
  }

  get misses(): number {
    return this.#misses;
  }
}
