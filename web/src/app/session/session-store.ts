import { create } from 'zustand';
import type { OAuthToken } from '../../api/auth';
import { readCookie, removeCookie, writeCookie } from '../../utils/cookie';
import { clearPermissions } from '../menu/permission-store';
import { readEntry, readStore, removeStore, storageKey, writeStore } from '../storage';
import { resetTabs } from '../tabs/tabs-store';
import { clearLock } from './lock-store';

// A session is kept twice, as BladeX consoles keep it (spec §4, §9):
// - cookies `saber-access-token` and `saber-refresh-token`, which end with the browser session: their
//   presence is what "signed in" means to the navigation guard;
// - localStorage `saber-token` and `saber-refreshToken` as `{ content, datetime }`: the values the
//   console uses, and the token's age for the refresh timer. A cookie without a stored token is the
//   guard's "empty token" case.
// The server reads neither cookie: the token travels in the Blade-Auth header, so cookies add no CSRF risk.
export const ACCESS_TOKEN_COOKIE = 'saber-access-token';
export const REFRESH_TOKEN_COOKIE = 'saber-refresh-token';
const TOKEN_STORE = 'token';
const REFRESH_TOKEN_STORE = 'refreshToken';
const USER_INFO_STORE = 'userInfo';

/** The signed-in user as the token call describes them; the tokens themselves are kept apart, once. */
export type UserInfo = Omit<OAuthToken, 'access_token' | 'refresh_token'>;

export interface SessionState {
  /** The access token sent as `Blade-Auth: bearer <token>`; undefined when signed out. */
  token: string | undefined;
  userInfo: UserInfo | undefined;
}

/** The access-token cookie exists: this browser session signed in (the guard's "logged in"). */
export const hasSessionCookie = (): boolean => Boolean(readCookie(ACCESS_TOKEN_COOKIE));

function readText(name: string): string | undefined {
  const text = readStore(name);
  // An empty token is no session (spec §2, navigation guard).
  return typeof text === 'string' && text !== '' ? text : undefined;
}

function readUserInfo(): UserInfo | undefined {
  const info = readStore(USER_INFO_STORE);
  return typeof info === 'object' && info !== null ? (info as UserInfo) : undefined;
}

/**
 * The session as stored. Without the cookie, the browser session that signed in has ended and what
 * localStorage still holds is stale: it is neither sent nor refreshed.
 */
function readState(): SessionState {
  if (!hasSessionCookie()) return { token: undefined, userInfo: undefined };
  return { token: readText(TOKEN_STORE), userInfo: readUserInfo() };
}

export const useSession = create<SessionState>()(readState);

/** The name to show for a user: real name, else nickname, else user name, else account. */
export function displayName(user: UserInfo | undefined): string {
  return user?.real_name || user?.nick_name || user?.user_name || user?.account || '';
}

export const getToken = (): string | undefined => useSession.getState().token;

export const getRefreshToken = (): string | undefined => readText(REFRESH_TOKEN_STORE);

/** When the current token was stored (ms since the epoch); undefined without one. */
export function tokenDatetime(): number | undefined {
  return getToken() === undefined ? undefined : readEntry(TOKEN_STORE)?.datetime;
}

/** Keeps a new token pair and the user it describes (a refresh, or a switch of dept and role). */
export function replaceSession(token: OAuthToken): void {
  const { access_token, refresh_token, ...userInfo } = token;
  // SameSite=Lax keeps the cookies off cross-site sub-requests; Secure whenever the page is HTTPS.
  const cookieOptions = { path: '/', sameSite: 'Lax', secure: location.protocol === 'https:' } as const;
  writeCookie(ACCESS_TOKEN_COOKIE, access_token, cookieOptions);
  writeCookie(REFRESH_TOKEN_COOKIE, refresh_token, cookieOptions);
  writeStore(TOKEN_STORE, access_token);
  writeStore(REFRESH_TOKEN_STORE, refresh_token);
  writeStore(USER_INFO_STORE, userInfo);
  useSession.setState({ token: access_token, userInfo });
}

/** Shows the user's own changes (name, avatar: personal info) at once; the next token agrees with them. */
export function updateUserInfo(changes: Partial<UserInfo>): void {
  const current = useSession.getState().userInfo;
  if (!current) return;
  const userInfo = { ...current, ...changes };
  writeStore(USER_INFO_STORE, userInfo);
  useSession.setState({ userInfo });
}

const logoutListeners = new Set<() => void>();

/**
 * Runs `listener` whenever the session ends locally: state kept for the signed-in user (the server
 * state cache) registers itself here when it is first loaded, so the sign-in page need not load it.
 */
export function onLocalLogout(listener: () => void): () => void {
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
}

/** A fresh sign-in: the new session, no lock, and the home tab alone (spec §4). */
export function startSession(token: OAuthToken): void {
  replaceSession(token);
  clearLock();
  resetTabs();
}

/**
 * Ends the session in this browser only (the server is not told): tokens, user, the user's server
 * state (menus, permissions and whatever else is cached), tabs and lock.
 */
export function logoutLocal(): void {
  removeCookie(ACCESS_TOKEN_COOKIE);
  removeCookie(REFRESH_TOKEN_COOKIE);
  for (const name of [TOKEN_STORE, REFRESH_TOKEN_STORE, USER_INFO_STORE]) removeStore(name);
  useSession.setState({ token: undefined, userInfo: undefined });
  for (const listener of logoutListeners) listener();
  clearPermissions();
  resetTabs();
  clearLock();
}

/**
 * Follows sign-in, refresh and sign-out in the browser's other tabs, so that every tab sends the
 * current token and shows the current user. Answers the function that stops following.
 */
export function followOtherTabs(): () => void {
  const watched = new Set([storageKey(TOKEN_STORE), storageKey(USER_INFO_STORE)]);
  const onStorage = (event: StorageEvent) => {
    // key null: the other tab cleared all of localStorage.
    if (event.storageArea === localStorage && (event.key === null || watched.has(event.key))) {
      useSession.setState(readState());
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
