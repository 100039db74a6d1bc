import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenAnswer } from '../../test/fixtures';

// The stores read storage when they are created, so each test loads fresh copies after arranging storage.
async function load() {
  vi.resetModules();
  const session = await import('./session-store');
  const lock = await import('./lock-store');
  const tabs = await import('../tabs/tabs-store');
  const { queryClient } = await import('../query-client');
  return { ...session, ...lock, ...tabs, queryClient };
}

/** A session left by an earlier page: the token in localStorage and the cookie. */
const storeToken = (content: unknown) => {
  localStorage.setItem('saber-token', JSON.stringify({ content, datetime: Date.now() }));
  document.cookie = 'saber-access-token=x; path=/';
};

const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  for (const name of ['saber-access-token', 'saber-refresh-token']) {
    document.cookie = `${name}=; path=/; max-age=0`;
  }
});

describe('session store', () => {
  it('starts from the token stored as { content, datetime } under the prefix', async () => {
    storeToken('access-token');
    const { getToken, useSession } = await load();
    expect(getToken()).toBe('access-token');
    expect(useSession.getState().token).toBe('access-token');
  });

  it.each([
    ['nothing stored', undefined],
    ['an empty token', ''],
    ['a token that is not text', 42],
  ])('has no session with %s', async (_case, content) => {
    if (content !== undefined) storeToken(content);
    const { getToken } = await load();
    expect(getToken()).toBeUndefined();
  });

  it('ignores a token left in localStorage by a browser session that has ended (no cookie)', async () => {
    storeToken('stale');
    document.cookie = 'saber-access-token=; path=/; max-age=0';
    const { getToken, tokenDatetime, useSession } = await load();
    expect(getToken()).toBeUndefined();
    expect(tokenDatetime()).toBeUndefined(); // so nothing refreshes it either
    expect(useSession.getState().userInfo).toBeUndefined();
  });

  it('has no session when the stored value is not JSON', async () => {
    storeToken('x');
    localStorage.setItem('saber-token', 'not json');
    const { getToken } = await load();
    expect(getToken()).toBeUndefined();
  });

  it('keeps a sign-in in both cookies and in localStorage with the datetime; the user without the tokens', async () => {
    vi.useFakeTimers({ now: new Date('2025-01-02T03:04:05Z'), toFake: ['Date'] });
    try {
      const { startSession, useSession, getRefreshToken, tokenDatetime, hasSessionCookie } = await load();
      startSession(tokenAnswer());

      expect(document.cookie.split('; ').sort()).toEqual([
        'saber-access-token=access-1',
        'saber-refresh-token=refresh-1',
      ]);
      expect(hasSessionCookie()).toBe(true);
      const datetime = Date.parse('2025-01-02T03:04:05Z');
      expect(stored('saber-token')).toEqual({ content: 'access-1', datetime });
      expect(stored('saber-refreshToken')).toEqual({ content: 'refresh-1', datetime });
      expect(tokenDatetime()).toBe(datetime);
      expect(getRefreshToken()).toBe('refresh-1');

      const { userInfo } = useSession.getState();
      expect(userInfo).toMatchObject({
        user_id: '1123598821738675201',
        real_name: '管理员',
        tenant_id: '000000',
      });
      expect(userInfo).not.toHaveProperty('access_token');
      expect(userInfo).not.toHaveProperty('refresh_token');
      expect(stored('saber-userInfo')).toMatchObject({ content: userInfo });
    } finally {
      vi.useRealTimers();
    }
  });

  it('clears the lock and resets the tabs on sign-in', async () => {
    const { startSession, setLockPassword, lockScreen, useLockState, useTabs, HOME_TAB } = await load();
    setLockPassword('secret');
    lockScreen();
    useTabs.setState({ tabs: [HOME_TAB, { ...HOME_TAB, label: 'lock.title', path: '/elsewhere' }] });

    startSession(tokenAnswer());
    expect(useLockState.getState()).toEqual({ locked: false, passwordHash: undefined });
    expect(sessionStorage.length).toBe(0);
    expect(useTabs.getState().tabs).toEqual([HOME_TAB]);
  });

  it('replaces tokens and user on a refresh, leaving lock and tabs alone', async () => {
    const { startSession, replaceSession, useSession, getRefreshToken, lockScreen, useLockState } =
      await load();
    startSession(tokenAnswer());
    lockScreen();
    replaceSession(tokenAnswer({ access_token: 'access-2', refresh_token: 'refresh-2', role_id: 'r2' }));
    expect(useSession.getState()).toMatchObject({ token: 'access-2', userInfo: { role_id: 'r2' } });
    expect(getRefreshToken()).toBe('refresh-2');
    expect(document.cookie).toContain('saber-access-token=access-2');
    expect(useLockState.getState().locked).toBe(true);
  });

  it('logoutLocal forgets tokens, user, cached server state, tabs and lock', async () => {
    const loaded = await load();
    loaded.startSession(tokenAnswer());
    loaded.queryClient.setQueryData(['menu'], ['a menu of this user']);
    loaded.useTabs.setState({
      tabs: [loaded.HOME_TAB, { ...loaded.HOME_TAB, label: 'lock.title', path: '/elsewhere' }],
    });
    loaded.setLockPassword('secret');
    loaded.lockScreen();

    loaded.logoutLocal();
    expect(loaded.getToken()).toBeUndefined();
    expect(loaded.useSession.getState().userInfo).toBeUndefined();
    expect(loaded.getRefreshToken()).toBeUndefined();
    expect(loaded.hasSessionCookie()).toBe(false);
    expect(document.cookie).toBe('');
    for (const key of ['saber-token', 'saber-refreshToken', 'saber-userInfo']) {
      expect(localStorage.getItem(key), key).toBeNull();
    }
    expect(loaded.queryClient.getQueryData(['menu'])).toBeUndefined();
    expect(loaded.useTabs.getState().tabs).toEqual([loaded.HOME_TAB]);
    expect(loaded.useLockState.getState().locked).toBe(false);
    expect(sessionStorage.length).toBe(0);
  });

  it('follows a sign-in and a sign-out made in another tab', async () => {
    const { followOtherTabs, useSession } = await load();
    const stop = followOtherTabs();
    const fromOtherTab = (key: string, value: string | null) => {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
    };

    // Cookies are shared between tabs; localStorage changes arrive as events.
    document.cookie = 'saber-access-token=from-other-tab; path=/';
    fromOtherTab('saber-userInfo', JSON.stringify({ content: { real_name: '其他用户' }, datetime: 1 }));
    fromOtherTab('saber-token', JSON.stringify({ content: 'from-other-tab', datetime: 1 }));
    expect(useSession.getState()).toEqual({ token: 'from-other-tab', userInfo: { real_name: '其他用户' } });

    document.cookie = 'saber-access-token=; path=/; max-age=0';
    fromOtherTab('saber-token', null);
    expect(useSession.getState().token).toBeUndefined();
    document.cookie = 'saber-access-token=again; path=/';

    stop();
    fromOtherTab('saber-token', JSON.stringify({ content: 'ignored', datetime: 1 }));
    expect(useSession.getState().token).toBeUndefined();
  });

  it('names the user by real name, nickname, user name or account, in that order', async () => {
    const { displayName } = await load();
    const user = tokenAnswer();
    expect(displayName(user)).toBe('管理员');
    expect(displayName({ ...user, real_name: '' })).toBe('admin');
    expect(displayName({ ...user, real_name: '', nick_name: '', user_name: '', account: 'acc' })).toBe('acc');
    expect(displayName(undefined)).toBe('');
  });
});
