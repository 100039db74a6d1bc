import { describe, expect, it } from 'vitest';
import {
  renewedSessionKey,
  sessionTokenAllowed,
  type AccountState,
} from '../../src/core/auth/account-states.js';
import { MemoryCache } from '../../src/core/cache/memory-cache.js';

const state = (overrides: Partial<AccountState> = {}): AccountState => ({
  userStatus: 1,
  locked: false,
  tokenValidAfter: null,
  tenantStatus: 1,
  tenantExpiresAt: null,
  ...overrides,
});

describe('sessionTokenAllowed', () => {
  const changedAt = 1_700_000_000_500; // ms: the password change
  const before = 1_699_999_000; // s: a token issued before it

  it('refuses tokens issued before the invalidation, unless their session was renewed after it', async () => {
    const cache = new MemoryCache();
    const changed = state({ tokenValidAfter: changedAt });
    expect(await sessionTokenAllowed(cache, changed, { iat: before, sid: 'a' })).toBe(false);
    await cache.set(renewedSessionKey('a'), String(Math.ceil(changedAt / 1000)));
    expect(await sessionTokenAllowed(cache, changed, { iat: before, sid: 'a' })).toBe(true);
    expect(await sessionTokenAllowed(cache, changed, { iat: before, sid: 'b' })).toBe(false);
    // A later invalidation (another change, a forced sign-out) outlives the renewal.
    expect(
      await sessionTokenAllowed(cache, state({ tokenValidAfter: changedAt + 5_000 }), {
        iat: before,
        sid: 'a',
      }),
    ).toBe(false);
    await cache.close();
  });

  it('never saves a disabled, locked or missing account', async () => {
    const cache = new MemoryCache();
    await cache.set(renewedSessionKey('a'), String(Math.ceil(changedAt / 1000)));
    const token = { iat: before, sid: 'a' };
    expect(await sessionTokenAllowed(cache, undefined, token)).toBe(false);
    expect(await sessionTokenAllowed(cache, state({ tokenValidAfter: changedAt, locked: true }), token)).toBe(
      false,
    );
    expect(
      await sessionTokenAllowed(cache, state({ tokenValidAfter: changedAt, userStatus: 0 }), token),
    ).toBe(false);
    expect(
      await sessionTokenAllowed(cache, state({ tokenValidAfter: changedAt, tenantStatus: 0 }), token),
    ).toBe(false);
    expect(await sessionTokenAllowed(cache, state(), token)).toBe(true);
    await cache.close();
  });
});
