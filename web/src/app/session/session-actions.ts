import {
  isUnlinked,
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
import { getRefreshToken, logoutLocal, replaceSession, startSession, useSession } from './session-store';

// What the pages call: each step talks to the server, then updates the session.

/** Signs in; rejects with the server's reason (a RequestError) and leaves no session on failure. */
export async function login(credentials: PasswordLogin): Promise<void> {
  startSession(await loginByUsername(credentials));
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

/** Revokes the token on the server, then ends the local session even if the server could not be told. */
export async function signOut(): Promise<void> {
  try {
    await revokeToken();
  } catch {
    // An expired token (401), an unreachable server: nothing more to revoke from here.
  }
  logoutLocal();
}
