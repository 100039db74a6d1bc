import {
  isUnlinked,
  loginBySecondFactor,
  loginBySocial,
  loginByUsername,
  logout as revokeToken,
  refreshToken,
  type DeptRole,
  type OAuthToken,
  type PasswordLogin,
  type SocialLogin,
} from '../../api/auth';
import { website } from '../../config/website';
import { prefetchMenus } from '../menu/menu-prefetch';
import { discardDrafts, dropDraftsOfOthers, keepDrafts } from './drafts';
import { getRefreshToken, logoutLocal, replaceSession, startSession, useSession } from './session-store';

// What the pages call: each step talks to the server, then updates the session.

/** Signs in; rejects with the server's reason (a RequestError) and leaves no session on failure. */
export async function login(credentials: PasswordLogin): Promise<void> {
  startSession(await loginByUsername(credentials));
  dropDraftsOfOthers();
  prefetchMenus(useSession.getState());
}

/** The second step of a sign-in with a second factor (the password step answered `challenge`). */
export async function loginWithSecondFactor(
  tenantId: string,
  challenge: string,
  code: string,
): Promise<void> {
  startSession(await loginBySecondFactor(tenantId, challenge, code));
  dropDraftsOfOthers();
  prefetchMenus(useSession.getState());
}

/**
 * Finishes a third-party sign-in. Answers the identity when no local user owns it yet (no session
 * then: the caller offers registration), undefined once signed in.
 */
export async function loginWithProvider(login: SocialLogin): Promise<OAuthToken | undefined> {
  const answer = await loginBySocial(login);
  if (isUnlinked(answer)) return answer;
  startSession(answer);
  dropDraftsOfOthers();
  prefetchMenus(useSession.getState());
  return undefined;
}

/**
 * Trades the refresh token for a new pair and the user it describes. `as` picks another department
 * and role (switch mode); without it the current ones are kept.
 */
export async function refreshSession(as?: DeptRole): Promise<void> {
  const token = getRefreshToken();
  if (!token) throw new Error('no refresh token is stored');
  const user = useSession.getState().userInfo;
  const current: DeptRole = { deptId: user?.dept_id, roleId: user?.role_id };
  replaceSession(await refreshToken(token, user?.tenant_id ?? website.tenantId, as ?? current));
}

/**
 * The session ended without the user logging out (a call answered 401, the refresh refused): what
 * was being typed is kept for them (drafts.ts) while they are still known, then the session ends
 * here. The caller leads to sign-in.
 */
export function endSessionKeepingDrafts(): void {
  keepDrafts();
  logoutLocal();
}

/**
 * Revokes the token on the server, then ends the local session even if the server could not be told.
 * Logging out keeps nothing typed for later: the drafts are discarded last, after whatever a 401 on
 * the way out kept.
 */
export async function signOut(): Promise<void> {
  try {
    await revokeToken();
  } catch {
    // An expired token (401), an unreachable server: nothing more to revoke from here.
  }
  logoutLocal();
  discardDrafts();
}
