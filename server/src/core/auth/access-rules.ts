import type { SessionEndReason } from '@console/contract';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { MessageKey } from '../i18n.js';
import type { AccountState } from './account-states.js';
import type { Rights } from './permissions.js';
import {
  isAdministrator,
  isPlatformAdmin,
  type Access,
  type ButtonRequirement,
  type Principal,
} from './principal.js';
import type { VerifiedToken } from './tokens.js';

// The guard's rules over what it has found out about a request (security S3, S4, S8, S16): who the
// client is, who the caller is, and what the caller may do. Deciding takes no waiting; the guard
// (guard.ts) gathers the facts, and its fast path (guard-fast-path.ts) decides from those in memory.

export interface ClientRecord {
  clientId: string;
  clientSecret: string;
  status: number;
  grantTypes: string[];
  accessTokenValidity: number;
  refreshTokenValidity: number;
}

/** A route's config: its access level and buttons, and its url. */
export type RouteConfig = FastifyRequest['routeOptions']['config'];

/** Why the guard refuses a request: the status and the message it answers. */
export interface Refusal {
  code: 401 | 403;
  key: MessageKey;
}

export const refused = (code: 401 | 403, key: MessageKey): Refusal => ({ code, key });

/**
 * A sign-in session ended (logout, 强退, a newer sign-in): every token it issued is refused
 * (sessions.ts). The value says why (`revokedReason`).
 */
export const revokedSessionKey = (sid: string) => `auth:revoked-session:${sid}`;

/** How an ended session may have ended, as its revocation records it. */
export type RevokedReason = Extract<SessionEndReason, 'signedOut' | 'kicked' | 'replaced' | 'idle'>;

/** Why the session of a revocation ended: its value, or signed out for one written before reasons. */
export function revokedReason(value: string): RevokedReason {
  return value === 'kicked' || value === 'replaced' || value === 'idle' ? value : 'signedOut';
}

/** The client id and secret of an `Authorization: Basic base64(id:secret)` header; null if none. */
export function basicCredentials(req: FastifyRequest): { clientId: string; secret: Buffer } | null {
  const header = req.headers.authorization;
  if (!header || !/^basic /i.test(header)) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { clientId: decoded.toString('utf8', 0, colon), secret: decoded.subarray(colon + 1) };
}

/** The client of the credentials if it is known, enabled and its secret matches. */
export function genuineClient(
  credentials: { secret: Buffer },
  client: ClientRecord | undefined,
): ClientRecord | null {
  if (!client || client.status !== 1) return null;
  // Compared in a time that tells nothing of where they differ; only a length that differs answers
  // sooner (timingSafeEqual needs equal lengths), and a length is not worth hashing for on every
  // request (docs/decisions/0035-the-guard-as-plain-async-rules.md).
  const stored = Buffer.from(client.clientSecret, 'utf8');
  return credentials.secret.length === stored.length && timingSafeEqual(credentials.secret, stored)
    ? client
    : null;
}

/** The token of the contract's `Blade-Auth: bearer <token>` header (the scheme in any case). */
export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers['blade-auth'];
  if (typeof header !== 'string' || !/^bearer\s/i.test(header)) return null;
  return header.slice(7).trim() || null;
}

/** Whether the verified token may speak for a caller of this client: issued to this very client. */
export const tokenOfClient = (claims: VerifiedToken | null, client: ClientRecord): claims is VerifiedToken =>
  claims !== null && claims.client_id === client.clientId;

/** The caller of a genuine, allowed token, with the roles of it the user still holds. */
export function principalFrom(claims: VerifiedToken, state: AccountState | undefined): Principal {
  // The token names the role ids it was issued for (switch mode: one of them); only those the user
  // still holds, of roles that still exist, count — taking a role away or removing it takes effect
  // at once. Aliases come from the role records, never from the token's joined role names: an
  // alias is compared whole, so no alias can make its holder an administrator (security S12).
  const held = state?.roles ?? [];
  const roleIds: string[] = [];
  const roleAliases: string[] = [];
  for (const id of claims.role_id ? claims.role_id.split(',') : []) {
    const role = held.find((r) => r.id === id);
    if (!role) continue;
    roleIds.push(id);
    if (role.alias) roleAliases.push(role.alias);
  }
  return {
    tenantId: claims.tenant_id,
    userId: claims.user_id,
    deptId: claims.dept_id || null,
    account: claims.account,
    roleIds,
    roleAliases,
    clientId: claims.client_id,
    jti: claims.jti,
    expiresAt: claims.exp,
    sessionId: claims.sid,
    ...(state?.passwordChangeRequired ? { passwordChangeRequired: true } : {}),
    ...(state?.secondFactorSetupRequired ? { secondFactorSetupRequired: true } : {}),
  };
}

/** The codes of a route's button: one, or either of a create-or-update submit, or any of a list. */
export const buttonCodes = (button: ButtonRequirement): readonly string[] =>
  typeof button === 'string' ? [button] : 'anyOf' in button ? button.anyOf : [button.create, button.update];

/** The codes of a route's menus: one or any of a list. */
const menuCodes = (menu: RouteConfig['menu']): readonly string[] =>
  menu === undefined ? [] : typeof menu === 'string' ? [menu] : menu;

/**
 * The rules for a signed-in caller, in order, decided from what they hold. Undefined lets the
 * request through; `req.ownOnly` is set for a caller who may read only their own items.
 */
export function userRefusal(
  req: FastifyRequest,
  route: RouteConfig,
  access: Access,
  principal: Principal,
  rights: Rights,
): Refusal | undefined {
  // A generated, reset or seeded password is changed first (issue 44).
  if (principal.passwordChangeRequired && !route.firstStep)
    return refused(403, 'auth.passwordChangeRequired');
  // Then a second factor the tenant or a role requires is set up (issue 48).
  if (principal.secondFactorSetupRequired && !route.firstStep)
    return refused(403, 'auth.secondFactorSetupRequired');

  // administrator; platform administrator.
  if (access === 'administrator' && !isAdministrator(principal)) return refused(403, 'error.forbidden');
  if (access === 'platform-admin' && !isPlatformAdmin(principal)) return refused(403, 'error.forbidden');

  // Buttons: a submit that both creates and updates needs either here, and the one its body asks
  // for once the body is read (the guard's bodyButtons).
  if (route.button !== undefined && !buttonCodes(route.button).some(rights.holds))
    return refused(403, 'error.noButton');

  // API scopes: a rule covering the route lets only the roles granted it through.
  const { method } = req;
  if (!rights.apiAllowed(method, route.url)) return refused(403, 'error.apiScope');

  // Menus (S16): a user route without a button needs one of its menus, or an API scope granted to
  // the caller covering it, unless every user may call it; or it answers the caller's own items.
  if (access !== 'user' || route.button !== undefined || route.everyone !== undefined) return undefined;
  if (menuCodes(route.menu).some(rights.holds) || rights.apiScopeGranted(method, route.url)) return undefined;
  if (!route.ownWithoutMenu) return refused(403, 'error.noMenu');
  req.ownOnly = true;
  return undefined;
}
