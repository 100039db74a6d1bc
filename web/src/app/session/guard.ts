import { website } from '../../config/website';

export const LOGIN_PATH = '/login';
/** The forced password change (pages/password-change): nothing else opens until it is done. */
export const PASSWORD_CHANGE_PATH = '/password-change';
/** The forced second-factor setup (pages/second-factor): after the password change, likewise. */
export const SECOND_FACTOR_SETUP_PATH = '/second-factor-setup';
/** The sign-in page's query parameter naming the console address to open once signed in. */
export const REDIRECT_PARAM = 'redirect';

/** What the navigation guard knows when a route is about to show. */
export interface GuardInput {
  path: string;
  /** The address's query (`?a=b` or empty): on /login it may name where to go once signed in. */
  search?: string;
  /** The access-token cookie exists: the browser session signed in. */
  signedIn: boolean;
  /** The stored access token; undefined or empty is the "empty token" case. */
  token: string | undefined;
  locked: boolean;
  /**
   * The session's password must be changed first (a generated, reset or initial one: the token
   * response's password_change_required): the server answers nothing else until it is.
   */
  passwordChange?: boolean;
  /**
   * A second factor the tenant or a role requires must be set up first (the token response's
   * second_factor_setup_required): the server answers nothing else until it is.
   */
  secondFactorSetup?: boolean;
  /** false for the routes marked as open without a session (/login, /lock, error pages). */
  needsAuth: boolean;
}

export type GuardDecision =
  | { action: 'show' }
  /** `logout`: end the local session before going on. */
  | { action: 'redirect'; to: string; logout?: true };

// Any origin will do: only addresses that keep it are paths of this console.
const PROBE_ORIGIN = 'http://console.invalid';

/**
 * The console address a `redirect` parameter names, or undefined when it names none: it must be an
 * absolute path of this console (`/system/param/index?x=1`), never another site (`https://…`,
 * `//host`, `/\host`, `javascript:`), never the sign-in page itself. Answers the path, query and hash
 * as the URL parser normalises them.
 */
export function safeRedirect(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return undefined;
  // Backslashes count as slashes to browsers (`/\evil.com`); control characters are dropped by them.
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname === LOGIN_PATH) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The sign-in page's address that leads back to `path` (with its query) once signed in; plain
 * /login for the home page, which is where a sign-in leads anyway.
 */
export function loginPath(path: string, search = ''): string {
  const back = safeRedirect(`${path}${search}`);
  if (!back || path === '/' || path === website.homePath) return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: back }).toString()}`;
}

/** Where a sign-in that started at /login with `search` goes: its redirect if valid, else `/`. */
export function afterSignIn(search = ''): string {
  return safeRedirect(new URLSearchParams(search).get(REDIRECT_PARAM)) ?? '/';
}

/** The navigation guard of spec §2, rule by rule and in its order. */
export function decideNavigation({
  path,
  search = '',
  signedIn,
  token,
  locked,
  passwordChange = false,
  secondFactorSetup = false,
  needsAuth,
}: GuardInput): GuardDecision {
  if (signedIn) {
    if (locked && path !== website.lockPage) return { action: 'redirect', to: website.lockPage };
    if (path === LOGIN_PATH) return { action: 'redirect', to: afterSignIn(search) };
    if (!token) {
      return { action: 'redirect', to: needsAuth ? loginPath(path, search) : LOGIN_PATH, logout: true };
    }
    if (passwordChange && path !== PASSWORD_CHANGE_PATH)
      return { action: 'redirect', to: PASSWORD_CHANGE_PATH };
    if (!passwordChange && secondFactorSetup && path !== SECOND_FACTOR_SETUP_PATH)
      return { action: 'redirect', to: SECOND_FACTOR_SETUP_PATH };
    return { action: 'show' };
  }
  return needsAuth ? { action: 'redirect', to: loginPath(path, search) } : { action: 'show' };
}
