import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshToken } from '../../api/auth';
import { RequestError, TransportError } from '../../api/request';
import { tokenAnswer } from '../../test/fixtures';
import { registerDraft, takeDraft } from './drafts';
import { getRefreshToken, getToken, logoutLocal, startSession, tokenDatetime } from './session-store';
import { REFRESH_CHECK_MS, scheduleTokenRefresh, startSessionRefresh } from './token-refresh';
import type * as AuthModule from '../../api/auth';

vi.mock('../../api/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthModule>()),
  refreshToken: vi.fn(),
}));

const TOKEN_TIME = 3000;
const T0 = Date.parse('2025-01-02T03:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(refreshToken).mockReset();
  logoutLocal();
});

/** A schedule over a token stored at T0 whose refresh waits until the test settles it. */
function arrange() {
  let datetime: number | undefined = T0;
  const pending: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  const refresh = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        pending.push({
          resolve: () => {
            datetime = Date.now(); // the new token's datetime
            resolve();
          },
          reject,
        });
      }),
  );
  const onFailure = vi.fn();
  const stop = scheduleTokenRefresh({
    tokenTime: TOKEN_TIME,
    tokenDatetime: () => datetime,
    refresh,
    onFailure,
  });
  return { refresh, onFailure, stop, pending, signOut: () => (datetime = undefined) };
}

describe('the refresh schedule', () => {
  it('checks every 10 s and refreshes nothing before the token is tokenTime seconds old', async () => {
    const { refresh, stop } = arrange();
    await vi.advanceTimersByTimeAsync(TOKEN_TIME * 1000 - 1);
    expect(refresh).not.toHaveBeenCalled();
    stop();
  });

  it('refreshes once at the first check at or after tokenTime', async () => {
    const { refresh, pending, stop } = arrange();
    await vi.advanceTimersByTimeAsync(TOKEN_TIME * 1000); // 300 checks; the last one finds the token due
    expect(refresh).toHaveBeenCalledTimes(1);
    pending[0]!.resolve();
    // The new token is young again.
    await vi.advanceTimersByTimeAsync(REFRESH_CHECK_MS * 10);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(TOKEN_TIME * 1000);
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
  });

  it('starts no second refresh while one is pending', async () => {
    const { refresh, pending, stop } = arrange();
    await vi.advanceTimersByTimeAsync(TOKEN_TIME * 1000);
    await vi.advanceTimersByTimeAsync(REFRESH_CHECK_MS * 20);
    expect(refresh).toHaveBeenCalledTimes(1);
    pending[0]!.resolve();
    await vi.advanceTimersByTimeAsync(REFRESH_CHECK_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
  });

  it('reports a failed refresh, then may try again at a later check', async () => {
    const { refresh, onFailure, pending, stop } = arrange();
    await vi.advanceTimersByTimeAsync(TOKEN_TIME * 1000);
    const failure = new Error('refused');
    pending[0]!.reject(failure);
    await vi.advanceTimersByTimeAsync(0);
    expect(onFailure).toHaveBeenCalledWith(failure);
    await vi.advanceTimersByTimeAsync(REFRESH_CHECK_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
  });

  it('does nothing without a session, and nothing once stopped', async () => {
    const signedOut = arrange();
    signedOut.signOut();
    await vi.advanceTimersByTimeAsync(TOKEN_TIME * 2000);
    expect(signedOut.refresh).not.toHaveBeenCalled();
    signedOut.stop();

    const stopped = arrange();
    stopped.stop();
    await vi.advanceTimersByTimeAsync(TOKEN_TIME * 2000);
    expect(stopped.refresh).not.toHaveBeenCalled();
  });
});

describe('the console’s session refresh', () => {
  it('trades the stored refresh token for a new pair once the token is due', async () => {
    startSession(tokenAnswer());
    vi.mocked(refreshToken).mockResolvedValue(
      tokenAnswer({ access_token: 'access-2', refresh_token: 'refresh-2' }),
    );
    const stop = startSessionRefresh();

    await vi.advanceTimersByTimeAsync(TOKEN_TIME * 1000);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    // The current dept and role go along (they become headers in switch mode only).
    expect(refreshToken).toHaveBeenCalledWith('refresh-1', '000000', {
      deptId: '1123598813738675201',
      roleId: '1123598816738675201',
    });
    expect(getToken()).toBe('access-2');
    expect(getRefreshToken()).toBe('refresh-2');
    expect(tokenDatetime()).toBe(T0 + TOKEN_TIME * 1000);
    stop();
  });

  it('logs out when the server refuses the refresh, keeping what was being typed', async () => {
    startSession(tokenAnswer());
    const unregister = registerDraft('/system/param/index|param|search', () => ({ paramName: '超时' }));
    vi.mocked(refreshToken).mockRejectedValue(
      new RequestError('refresh token expired', 400, 'refresh token expired'),
    );
    const stop = startSessionRefresh();
    await vi.advanceTimersByTimeAsync(TOKEN_TIME * 1000);
    expect(getToken()).toBeUndefined();
    expect(document.cookie).toBe('');
    stop();
    unregister();
    startSession(tokenAnswer());
    expect(takeDraft('/system/param/index|param|search')).toEqual({ paramName: '超时' });
  });

  it('keeps the session when no answer came, and tries again at the next check', async () => {
    startSession(tokenAnswer());
    vi.mocked(refreshToken)
      .mockRejectedValueOnce(new TransportError('no answer within 10000 ms', 'TIMEOUT'))
      .mockResolvedValueOnce(tokenAnswer({ access_token: 'access-2' }));
    const stop = startSessionRefresh();
    await vi.advanceTimersByTimeAsync(TOKEN_TIME * 1000);
    expect(getToken()).toBe('access-1');
    await vi.advanceTimersByTimeAsync(REFRESH_CHECK_MS);
    expect(refreshToken).toHaveBeenCalledTimes(2);
    expect(getToken()).toBe('access-2');
    stop();
  });
});
