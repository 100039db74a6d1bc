import type { Cache } from '../../core/cache/index.js';
import type { SignInLockRepository } from './sign-in-lock.repository.js';

// Password guessing limits (security S7; docs/decisions/0013-sign-in-defences.md). Failed sign-ins
// lock for a while, with growing delays, per account and per client address, independently:
//
// - an account, after 5 failures within a day of each other, for 1 minute; each further failure
//   (once the lock has expired) doubles it, up to an hour. Kept in the database
//   (blade_sign_in_lock): a lock survives restarts and `npm run unlock` clears it whatever cache
//   the server uses. A correct password is refused while the lock is in force; a successful
//   sign-in, user/unlock or the command line forget the failures.
// - an address, after 20 failures within an hour of the first, for 1 minute, doubling in the
//   same way. Kept in the shared cache (Redis when several processes share the work).
//
// A lock only stops new sign-ins: it never ends or refuses a live session (the guard does not
// look at it), so nobody can sign an administrator out by guessing their password.

export interface LockoutPolicy {
  /** Failures of one account before its first lock. */
  accountFailures: number;
  /** An account's failures are forgotten this long after its last one (ms). */
  accountForgetMs: number;
  /** Failures from one address before its first lock. */
  addressFailures: number;
  /** An address's failures are forgotten this long after its first one (ms). */
  addressForgetMs: number;
  /** The first lock (ms); each further failure doubles it. */
  firstLockMs: number;
  /** The longest lock (ms). */
  maxLockMs: number;
  /** The clock the locks are set and read by (tests move it instead of waiting). */
  now: () => number;
}

export const DEFAULT_LOCKOUT_POLICY: LockoutPolicy = {
  accountFailures: 5,
  accountForgetMs: 24 * 3600_000,
  addressFailures: 20,
  addressForgetMs: 3600_000,
  firstLockMs: 60_000,
  maxLockMs: 3600_000,
  now: () => Date.now(),
};

/** Captcha images per address per window: plenty for people, a brake on scripts (S11). */
export const CAPTCHA_LIMIT = 60;
const CAPTCHA_WINDOW_SECONDS = 10 * 60;

const addressKey = (ip: string) => `auth:fail:ip:${ip}`;
const addressLockKey = (ip: string) => `auth:lock:ip:${ip}`;

/** How long a lock lasts after `failures` failures where `limit` is the first that locks (ms). */
export function lockDuration(policy: LockoutPolicy, failures: number, limit: number): number {
  if (failures < limit) return 0;
  const doublings = Math.min(failures - limit, 40);
  return Math.min(policy.firstLockMs * 2 ** doublings, policy.maxLockMs);
}

export class SignInLimits {
  readonly policy: LockoutPolicy;

  constructor(
    private readonly cache: Cache,
    private readonly locks: SignInLockRepository,
    policy: Partial<LockoutPolicy> = {},
  ) {
    this.policy = { ...DEFAULT_LOCKOUT_POLICY, ...policy };
  }

  /** Milliseconds until the account may try again; 0 when it is not locked. */
  async accountWait(userId: string): Promise<number> {
    const until = (await this.locks.state(userId))?.lockedUntil ?? null;
    return until === null ? 0 : Math.max(0, until - this.policy.now());
  }

  /** Counts a failure of the account; answers how long it is now locked (ms), 0 when it is not. */
  async recordAccountFailure(tenantId: string, userId: string): Promise<number> {
    const now = this.policy.now();
    const failures = await this.locks.countFailure(
      tenantId,
      userId,
      new Date(now),
      new Date(now - this.policy.accountForgetMs),
    );
    const duration = lockDuration(this.policy, failures, this.policy.accountFailures);
    if (duration > 0) await this.locks.lockUntil(userId, new Date(now + duration));
    return duration;
  }

  /** The accounts among these that are locked now, with when each lock ends (the user pages). */
  async accountLocks(tenantId: string, userIds: readonly string[]): Promise<Map<string, Date>> {
    const until = await this.locks.lockedAfter(tenantId, userIds, new Date(this.policy.now()));
    return new Map([...until].map(([userId, ms]) => [userId, new Date(ms)]));
  }

  /** Forgets the failures and lifts the locks of these accounts (sign-in, user/unlock). */
  async clearAccounts(tenantId: string, userIds: readonly string[]): Promise<number> {
    return this.locks.clear(tenantId, userIds);
  }

  /** Milliseconds until the address may try again; 0 when it is not locked. */
  async addressWait(ip: string): Promise<number> {
    const until = Number(await this.cache.get(addressLockKey(ip)));
    return Number.isFinite(until) && until > 0 ? Math.max(0, until - this.policy.now()) : 0;
  }

  /** Counts a failure from the address; answers how long it is now locked (ms), 0 when it is not. */
  async recordAddressFailure(ip: string): Promise<number> {
    const failures = await this.cache.increment(
      addressKey(ip),
      Math.ceil(this.policy.addressForgetMs / 1000),
    );
    const duration = lockDuration(this.policy, failures, this.policy.addressFailures);
    if (duration > 0) {
      await this.cache.set(
        addressLockKey(ip),
        String(this.policy.now() + duration),
        Math.ceil(duration / 1000) + 1,
      );
    }
    return duration;
  }

  /** Counts a captcha request; false once the address has asked for too many. */
  async captchaAllowed(ip: string): Promise<boolean> {
    return (await this.cache.increment(`auth:captcha:ip:${ip}`, CAPTCHA_WINDOW_SECONDS)) <= CAPTCHA_LIMIT;
  }

  /**
   * Counts a public read of a tenant's password policy (the registration form), limited as the
   * captcha is; false once the address has asked for too many.
   */
  async policyReadAllowed(ip: string): Promise<boolean> {
    return (await this.cache.increment(`auth:policy:ip:${ip}`, CAPTCHA_WINDOW_SECONDS)) <= CAPTCHA_LIMIT;
  }
}

/** A wait in whole minutes for the messages, at least one. */
export const waitMinutes = (ms: number) => String(Math.max(1, Math.ceil(ms / 60_000)));
