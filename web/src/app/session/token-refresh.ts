import { isTransportFailure } from '../../api/request';
import { website } from '../../config/website';
import { endSessionKeepingDrafts, refreshSession } from './session-actions';
import { tokenDatetime } from './session-store';

/** How often the token's age is checked (spec §9). */
export const REFRESH_CHECK_MS = 10_000;

export interface RefreshSchedule {
  /** Token age in seconds that calls for a refresh. */
  tokenTime: number;
  /** When the current token was stored (ms); undefined without a session. */
  tokenDatetime: () => number | undefined;
  refresh: () => Promise<void>;
  onFailure: (error: unknown) => void;
  now?: () => number;
}

export function isRefreshDue(tokenTime: number, datetime: number | undefined, now: number): boolean {
  return datetime !== undefined && (now - datetime) / 1000 >= tokenTime;
}

/**
 * Checks every 10 s and refreshes once the token is tokenTime seconds old. One refresh at a time: a
 * refresh token is good once, so a second call while the first is pending would end the session.
 * Answers the function that stops the checks.
 */
export function scheduleTokenRefresh(schedule: RefreshSchedule): () => void {
  const now = schedule.now ?? Date.now;
  let pending = false;
  const check = () => {
    if (pending || !isRefreshDue(schedule.tokenTime, schedule.tokenDatetime(), now())) return;
    pending = true;
    schedule
      .refresh()
      .catch(schedule.onFailure)
      .finally(() => {
        pending = false;
      });
  };
  const timer = setInterval(check, REFRESH_CHECK_MS);
  return () => clearInterval(timer);
}

/**
 * The console's schedule: refreshes the stored session. When the server refuses the refresh, the
 * session is over (what was being typed is kept: drafts.ts) and the guard leads to /login; when no
 * answer came (network, timeout), the next check tries again while the access token may still be
 * good.
 */
export function startSessionRefresh(): () => void {
  const refreshIfStillDue = async () => {
    // Another tab may have refreshed since the check: the stored token's datetime tells.
    if (isRefreshDue(website.tokenTime, tokenDatetime(), Date.now())) await refreshSession();
  };
  return scheduleTokenRefresh({
    tokenTime: website.tokenTime,
    tokenDatetime,
    refresh: () => acrossTabs(`${website.storagePrefix}token-refresh`, refreshIfStillDue),
    onFailure: (error) => {
      if (!isTransportFailure(error)) endSessionKeepingDrafts();
    },
  });
}

/** Runs `task` while no other tab of this console runs one under the same name (Web Locks, where available). */
async function acrossTabs(name: string, task: () => Promise<void>): Promise<void> {
  if ('locks' in navigator) await navigator.locks.request(name, task);
  else await task();
}
