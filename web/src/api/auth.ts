import {
  HEADER_CAPTCHA_CODE,
  HEADER_CAPTCHA_KEY,
  HEADER_DEPT,
  HEADER_ROLE,
  HEADER_TENANT,
  SECOND_FACTOR_GRANT,
  UNLINKED_USER_ID,
  type TokenResponse,
} from '@console/contract';
import { website } from '../config/website';
import { i18n } from '../i18n';
import { md5 } from '../utils/md5';
import { get, post, RequestError } from './request';

const BASE = '/api/blade-auth/oauth';

/** The token call's answer (contract.md, "Sign-in"). */
export type OAuthToken = TokenResponse;

export interface Captcha {
  key: string;
  /** A data: URL of the image. */
  image: string;
}

/** A department and role to sign in or refresh as; sent only in switch mode (spec §6). */
export interface DeptRole {
  deptId?: string;
  roleId?: string;
}

export interface PasswordLogin extends DeptRole {
  tenantId: string;
  username: string;
  /** As typed: the call sends only its MD5 digest, so no caller can send the plain text by mistake. */
  password: string;
  /** Present in captcha mode: grant `captcha` instead of `password`. */
  captcha?: { key: string; code: string };
}

export function fetchCaptcha(): Promise<Captcha> {
  return get<Captcha>(`${BASE}/captcha`, undefined, { raw: true, authToken: false, quiet: true });
}

/** Signs in with account and password; failures reject quietly, for the sign-in page to show. */
export async function loginByUsername(login: PasswordLogin): Promise<OAuthToken> {
  const headers: Record<string, string> = { [HEADER_TENANT]: login.tenantId, ...deptRoleHeaders(login) };
  if (login.captcha) {
    headers[HEADER_CAPTCHA_KEY] = login.captcha.key;
    headers[HEADER_CAPTCHA_CODE] = login.captcha.code;
  }
  const params = {
    tenantId: login.tenantId,
    username: login.username,
    password: md5(login.password),
    grant_type: login.captcha ? 'captcha' : 'password',
    scope: 'all',
    type: 'account',
  };
  return checkedToken(await postToken(params, headers));
}

/**
 * The second step of a sign-in with a second factor: the challenge the password step answered
 * (`secondFactorChallenge`) and the authenticator's code, or a recovery code.
 */
export async function loginBySecondFactor(
  tenantId: string,
  challenge: string,
  code: string,
): Promise<OAuthToken> {
  const params = { grant_type: SECOND_FACTOR_GRANT, challenge, code: code.trim(), scope: 'all' };
  return checkedToken(await postToken(params, { [HEADER_TENANT]: tenantId }));
}

/** The challenge of a password step refused for want of a second factor's code; undefined otherwise. */
export function secondFactorChallenge(failure: unknown): string | undefined {
  if (!(failure instanceof RequestError) || failure.body.second_factor !== 'totp') return undefined;
  return typeof failure.body.challenge === 'string' ? failure.body.challenge : undefined;
}

export interface SocialLogin {
  tenantId: string;
  /** The provider, e.g. `github`; with the code and state it sent back to the console. */
  source: string;
  code: string;
  state: string;
}

/** The token call: not signed in yet, its own error display, the bare body back. */
function postToken(params: Record<string, string>, headers: Record<string, string>): Promise<unknown> {
  return post<unknown>(`${BASE}/token`, undefined, {
    params,
    headers,
    raw: true,
    authToken: false,
    quiet: true,
  });
}

/**
 * Finishes a third-party sign-in. An identity without a local user answers 200 without tokens and
 * with user_id "-1" (BladeX's convention; see `isUnlinked`): no session, but the registration dialog.
 */
export async function loginBySocial(login: SocialLogin): Promise<OAuthToken> {
  const params = { ...login, grant_type: 'social', scope: 'all' };
  const headers = { [HEADER_TENANT]: login.tenantId };
  const body = (await postToken(params, headers)) as OAuthToken;
  return isUnlinked(body) ? body : checkedToken(body);
}

/** A third-party identity that no local user owns yet: it may ask for an account (register-guest). */
export function isUnlinked(token: Partial<OAuthToken>): boolean {
  return token.user_id === UNLINKED_USER_ID && Boolean(token.oauth_id);
}

/** Trades the refresh token (good once) for a new pair; in switch mode, possibly for another dept and role. */
export async function refreshToken(token: string, tenantId: string, as: DeptRole = {}): Promise<OAuthToken> {
  const params = { grant_type: 'refresh_token', refresh_token: token, scope: 'all', tenantId };
  const headers = { [HEADER_TENANT]: tenantId, ...deptRoleHeaders(as) };
  return checkedToken(await postToken(params, headers));
}

/** Revokes the current token on the server. */
export function logout(): Promise<unknown> {
  return get<unknown>(`${BASE}/logout`, undefined, { quiet: true });
}

/** Empties the server's caches (administrators; the console's "clear cache"). */
export function clearCache(): Promise<unknown> {
  return get<unknown>(`${BASE}/clear-cache`);
}

export interface GuestRegistration {
  tenantId: string;
  name: string;
  account: string;
  /** As typed; sent as its MD5 digest like the sign-in password. */
  password: string;
}

/** Asks for a local account for a third-party sign-in; an administrator approves it. Sent as query parameters, as BladeX does. */
export function registerGuest(registration: GuestRegistration, oauthId: string): Promise<unknown> {
  const params = { ...registration, password: md5(registration.password), oauthId };
  return post<unknown>('/api/blade-user/register-guest', undefined, { params, quiet: true });
}

function deptRoleHeaders({ deptId, roleId }: DeptRole): Record<string, string> {
  if (!website.switchMode) return {};
  const headers: Record<string, string> = {};
  if (deptId) headers[HEADER_DEPT] = deptId;
  if (roleId) headers[HEADER_ROLE] = roleId;
  return headers;
}

/** A 200 without an access token is no session (BladeX consoles check error_description the same way). */
function checkedToken(body: unknown): OAuthToken {
  const token = body as Partial<OAuthToken> & { error_description?: unknown };
  if (typeof token.access_token === 'string' && token.access_token !== '') return token as OAuthToken;
  const description = typeof token.error_description === 'string' ? token.error_description : undefined;
  throw new RequestError(description ?? i18n.t('request.unknownError'), 400, description);
}
