import { website } from '../../config/website';

export const LOGIN_PATH = '/login';

/** What the navigation guard knows when a route is about to show. */
export interface GuardInput {
  path: string;
  /** The access-token cookie exists: the browser session signed in. */
  signedIn: boolean;
  /** The stored access token; undefined or empty is the "empty token" case. */
  token: string | undefined;
  locked: boolean;
  /** false for the routes marked as open without a session (/login, /lock, error pages). */
  needsAuth: boolean;
}

export type GuardDecision =
  | { action: 'show' }
  /** `logout`: end the local session before going on. */
  | { action: 'redirect'; to: string; logout?: true };

/** The navigation guard of spec §2, rule by rule and in its order. */
export function decideNavigation({ path, signedIn, token, locked, needsAuth }: GuardInput): GuardDecision {
  if (signedIn) {
    if (locked && path !== website.lockPage) return { action: 'redirect', to: website.lockPage };
    if (path === LOGIN_PATH) return { action: 'redirect', to: '/' };
    if (!token) return { action: 'redirect', to: LOGIN_PATH, logout: true };
    return { action: 'show' };
  }
  return needsAuth ? { action: 'redirect', to: LOGIN_PATH } : { action: 'show' };
}
