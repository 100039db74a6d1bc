import type { Cache } from '../../core/cache/index.js';

// Password guessing limits (security S7): five failures lock an account until an administrator
// unlocks it; failures from one address are limited whatever accounts they try.

export const ACCOUNT_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 20;
/** Captcha images per address per window: plenty for people, a brake on scripts (S11). */
export const CAPTCHA_LIMIT = 60;
const CAPTCHA_WINDOW_SECONDS = 10 * 60;
const ACCOUNT_WINDOW_SECONDS = 24 * 3600;
const ADDRESS_WINDOW_SECONDS = 15 * 60;

const accountKey = (tenantId: string, account: string) =>
  `auth:fail:account:${tenantId}:${account.toLowerCase()}`;
const addressKey = (ip: string) => `auth:fail:ip:${ip}`;

export class SignInLimits {
  constructor(private readonly cache: Cache) {}

  async addressBlocked(ip: string): Promise<boolean> {
    return Number((await this.cache.get(addressKey(ip))) ?? 0) >= ADDRESS_FAILURE_LIMIT;
  }

  async recordAddressFailure(ip: string): Promise<void> {
    await this.cache.increment(addressKey(ip), ADDRESS_WINDOW_SECONDS);
  }

  /** Counts a wrong password; answers true when this failure reaches the lock limit. */
  async recordAccountFailure(tenantId: string, account: string): Promise<boolean> {
    return (
      (await this.cache.increment(accountKey(tenantId, account), ACCOUNT_WINDOW_SECONDS)) >=
      ACCOUNT_FAILURE_LIMIT
    );
  }

  /** Counts a captcha request; false once the address has asked for too many. */
  async captchaAllowed(ip: string): Promise<boolean> {
    return (await this.cache.increment(`auth:captcha:ip:${ip}`, CAPTCHA_WINDOW_SECONDS)) <= CAPTCHA_LIMIT;
  }

  async clearAccount(tenantId: string, account: string): Promise<void> {
    await this.cache.delete(accountKey(tenantId, account));
  }
}
