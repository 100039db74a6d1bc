// Snowflake-style 64-bit ids: 41 bits of milliseconds since EPOCH, 10 bits of worker, 12 bits of
// sequence. They sort by creation time, need no database round trip, and stay unique across
// processes as long as each process has its own worker id (WORKER_ID; docs/decisions/0002).
// On the wire they are strings: JavaScript numbers cannot hold 64 bits.

const EPOCH = 1_288_834_974_657n; // Twitter's epoch, as BladeX's MyBatis-Plus generator uses
const WORKER_BITS = 10n;
const SEQUENCE_BITS = 12n;
const MAX_SEQUENCE = (1n << SEQUENCE_BITS) - 1n;

export class IdGenerator {
  private lastMillis = -1n;
  private sequence = 0n;
  private readonly worker: bigint;

  constructor(workerId: number) {
    if (!Number.isInteger(workerId) || workerId < 0 || workerId >= 1 << Number(WORKER_BITS)) {
      throw new RangeError(`worker id must be an integer from 0 to 1023, got ${workerId}`);
    }
    this.worker = BigInt(workerId);
  }

  next(): string {
    let now = BigInt(Date.now());
    // A clock that steps back must not produce a duplicate: keep counting on the last millisecond.
    if (now < this.lastMillis) now = this.lastMillis;
    if (now === this.lastMillis) {
      this.sequence = (this.sequence + 1n) & MAX_SEQUENCE;
      if (this.sequence === 0n) {
        // 4096 ids in one millisecond: borrow the next millisecond.
        now = this.lastMillis + 1n;
      }
    } else {
      this.sequence = 0n;
    }
    this.lastMillis = now;
    const id =
      ((now - EPOCH) << (WORKER_BITS + SEQUENCE_BITS)) | (this.worker << SEQUENCE_BITS) | this.sequence;
    return id.toString();
  }
}

// The id pattern of the schemas is the contract's (packages/contract/src/schema.ts).
export { decimalAtMostPattern, MAX_ID } from '@console/contract/schema';

/** True for a decimal string that fits a signed 64-bit id (and is positive). */
export function isId(value: string): boolean {
  return /^[1-9]\d{0,18}$/.test(value) && BigInt(value) <= 9_223_372_036_854_775_807n;
}

/** Parses "1,2,3" as sent by remove calls; null when any part is not an id. */
export function parseIdList(raw: string): string[] | null {
  const parts = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (parts.length === 0 || !parts.every(isId)) return null;
  return [...new Set(parts)];
}
