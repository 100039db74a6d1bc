import { describe, expect, it } from 'vitest';
import {
  renewedSessionKey,
  sessionTokenAllowed,
  stateAllowsToken,
  type AccountState,
} from '../../src/core/auth/account-states.js';
import { MemoryCache } from '../../src/core/cache/memory-cache.js';

const state = (overrides: Partial<AccountState> = {}): AccountState => ({
  userStatus: 1,
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
    await cache.set(renewedSessionKey('a'), String(changedAt));
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

  it('never saves a disabled, missing or expired account', async () => {
    const cache = new MemoryCache();
    await cache.set(renewedSessionKey('a'), String(changedAt));
    const token = { iat: before, sid: 'a' };
    expect(await sessionTokenAllowed(cache, undefined, token)).toBe(false);
    // (A sign-in lock is not a state of the account here: it never ends sessions, decision 0013.)
    expect(
      await sessionTokenAllowed(cache, state({ tokenValidAfter: changedAt, tenantExpiresAt: 1 }), token),
    ).toBe(false);
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

describe('stateAllowsToken', () => {
  const changedAt = 1_700_000_000_500; // ms

  it('compares in milliseconds: a token of the same second, issued before the change, is refused', () => {
    const changed = state({ tokenValidAfter: changedAt });
    expect(stateAllowsToken(changed, changedAt - 1)).toBe(false);
    expect(stateAllowsToken(changed, changedAt)).toBe(false);
    expect(stateAllowsToken(changed, changedAt + 1)).toBe(true);
  });

  it('counts a token without milliseconds from the start of its second (the safe side)', async () => {
    const cache = new MemoryCache();
    const changed = state({ tokenValidAfter: changedAt });
    const sameSecond = { iat: Math.floor(changedAt / 1000), sid: 'x' };
    expect(await sessionTokenAllowed(cache, changed, sameSecond)).toBe(false);
    expect(await sessionTokenAllowed(cache, changed, { ...sameSecond, iat_ms: changedAt + 20 })).toBe(true);
    await cache.close();
  });
});
