// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The store reads storage when it is created, so each test loads a fresh copy after arranging storage.
async function loadSession() {
  vi.resetModules();
  return import('./session-store');
}

const storeToken = (content: unknown) =>
  localStorage.setItem('saber-token', JSON.stringify({ content, datetime: Date.now() }));

beforeEach(() => localStorage.clear());

describe('session store', () => {
  it('starts from the token stored as { content, datetime } under the prefix', async () => {
    storeToken('access-token');
    const { getToken, useSession } = await loadSession();
    expect(getToken()).toBe('access-token');
    expect(useSession.getState().token).toBe('access-token');
  });

  it.each([
    ['nothing stored', undefined],
    ['an empty token', ''],
    ['a token that is not text', 42],
  ])('has no session with %s', async (_case, content) => {
    if (content !== undefined) storeToken(content);
    const { getToken } = await loadSession();
    expect(getToken()).toBeUndefined();
  });

  it('has no session when the stored value is not JSON', async () => {
    localStorage.setItem('saber-token', 'not json');
    const { getToken } = await loadSession();
    expect(getToken()).toBeUndefined();
  });

  it('logoutLocal forgets the token in memory and in storage', async () => {
    storeToken('access-token');
    const { getToken, logoutLocal } = await loadSession();
    logoutLocal();
    expect(getToken()).toBeUndefined();
    expect(localStorage.getItem('saber-token')).toBeNull();
  });
});
