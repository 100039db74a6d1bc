import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { failure } from '../envelope.js';
import { ApiError } from '../errors.js';
import type { MessageKey } from '../i18n.js';
import type { Cache } from '../cache/index.js';
import { sessionTokenAllowed, type AccountState, type AccountStates } from './account-states.js';
import type { Permissions } from './permissions.js';
import { addRouteHook } from '../route-hooks.js';
import {
  isAdministrator,
  isPlatformAdmin,
  type Access,
  type ButtonRequirement,
  type Principal,
} from './principal.js';
import type { TokenSigner, VerifiedToken } from './tokens.js';

// The one guard (security S3, S4, S8): every /api route declares its access level and this hook
// enforces it. Handlers never check who is calling; they read req.actor.

export interface ClientRecord {
  clientId: string;
  clientSecret: string;
  status: number;
  grantTypes: string[];
  accessTokenValidity: number;
  refreshTokenValidity: number;
}

export interface GuardDependencies {
  /** The client's record (the caller's cached copy, or read). */
  findClient(clientId: string): Promise<ClientRecord | undefined>;
  accounts: AccountStates;
  signer: TokenSigner;
  cache: Cache;
  permissions: Permissions;
}

/** What an API route declares about who may call it, as the guard enforces it. */
export interface RouteRule {
  method: string;
  url: string;
  config: Pick<RouteConfig, 'access' | 'button' | 'menu' | 'everyone' | 'ownWithoutMenu'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its access rule, in the order registered (tests, documentation). */
    readonly routeRules: readonly RouteRule[];
  }
  interface FastifyRequest {
    /** The client of the Basic header, once checked. */
    client: ClientRecord | null;
    /** The caller lacks the route's menu and may read only their own items (`ownWithoutMenu`). */
    ownOnly: boolean;
  }
}

/** The client id and secret of an `Authorization: Basic base64(id:secret)` header; null if none. */
function basicCredentials(req: FastifyRequest): { clientId: string; secret: Buffer } | null {
  const header = req.headers.authorization;
  if (!header || !/^basic /i.test(header)) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { clientId: decoded.toString('utf8', 0, colon), secret: decoded.subarray(colon + 1) };
}

/** The client of the Basic header, if known, enabled and its secret matches. */
async function authenticateClient(
  req: FastifyRequest,
  deps: GuardDependencies,
): Promise<ClientRecord | null> {
  const credentials = basicCredentials(req);
  if (!credentials) return null;
  const client = await deps.findClient(credentials.clientId);
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
function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers['blade-auth'];
  if (typeof header !== 'string' || !/^bearer\s/i.test(header)) return null;
  return header.slice(7).trim() || null;
}

/** A sign-in session ended by logout: every token it issued is refused (sessions.ts). */
export const revokedSessionKey = (sid: string) => `auth:revoked-session:${sid}`;

/**
 * The caller of the Blade-Auth token: a genuine token of this client, of a session not ended, of a
 * user in good standing who has not invalidated it since (S8).
 */
async function authenticateUser(
  req: FastifyRequest,
  client: ClientRecord,
  deps: GuardDependencies,
): Promise<Principal | null> {
  const token = bearerToken(req);
  if (!token) return null;
  const claims = await deps.signer.verify(token, 'access');
  if (!claims || claims.client_id !== client.clientId) return null;
  if (await deps.cache.get(revokedSessionKey(claims.sid))) return null;
  const state = await deps.accounts.get(claims.tenant_id, claims.user_id);
  // A token issued before the user's last invalidation may yet be saved by its session's renewal.
  if (!(await sessionTokenAllowed(deps.cache, state, claims))) return null;
  return principalFrom(claims, state);
}

/** The caller of a genuine, allowed token, with the roles of it the user still holds. */
function principalFrom(claims: VerifiedToken, state: AccountState | undefined): Principal {
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
  };
}

function refuse(reply: FastifyReply, req: FastifyRequest, code: 401 | 403, key: MessageKey): FastifyReply {
  return reply
    .code(code)
    .type('application/json; charset=utf-8')
    .send(failure(code, req.t(key)));
}

/** A route's config: its access level and buttons, and its url. */
type RouteConfig = FastifyRequest['routeOptions']['config'];

/** Whether the caller holds one of these permission codes. */
async function holdsAny(codes: readonly string[], principal: Principal, deps: GuardDependencies) {
  for (const code of codes) if (await deps.permissions.hasCode(principal, code)) return true;
  return false;
}

/** The codes of a route's button: one, or either of a create-or-update submit, or any of a list. */
const buttonCodes = (button: ButtonRequirement): readonly string[] =>
  typeof button === 'string' ? [button] : 'anyOf' in button ? button.anyOf : [button.create, button.update];

/** Why the guard refuses a request: the status and the message it answers. */
interface Refusal {
  code: 401 | 403;
  key: MessageKey;
}

const refused = (code: 401 | 403, key: MessageKey): Refusal => ({ code, key });

/**
 * The access rules of a route that is not open, in order; req.client and req.actor are set on the
 * way. Undefined lets the request through.
 */
async function refusal(
  req: FastifyRequest,
  route: RouteConfig,
  access: Access,
  deps: GuardDependencies,
): Promise<Refusal | undefined> {
  // public: a known client.
  const client = await authenticateClient(req, deps);
  if (!client) return refused(401, 'auth.clientInvalid');
  req.client = client;
  if (access === 'public') return undefined;

  // user: a signed-in user, who changes a generated, reset or seeded password first (issue 44).
  const principal = await authenticateUser(req, client, deps);
  if (!principal) return refused(401, 'error.unauthorized');
  req.actor = principal;
  if (principal.passwordChangeRequired && !route.passwordChange)
    return refused(403, 'auth.passwordChangeRequired');

  // administrator; platform administrator.
  if (access === 'administrator' && !isAdministrator(principal)) return refused(403, 'error.forbidden');
  if (access === 'platform-admin' && !isPlatformAdmin(principal)) return refused(403, 'error.forbidden');

  // Buttons: a submit that both creates and updates needs either here, and the one its body asks
  // for once the body is read (bodyButtons below).
  if (route.button !== undefined && !(await holdsAny(buttonCodes(route.button), principal, deps)))
    return refused(403, 'error.noButton');

  // API scopes: a rule covering the route lets only the roles granted it through.
  const { method } = req;
  if (!(await deps.permissions.apiAllowed(principal, method, route.url)))
    return refused(403, 'error.apiScope');

  // Menus (S16): a user route without a button needs one of its menus, or an API scope granted to
  // the caller covering it, unless every user may call it; or it answers the caller's own items.
  if (access !== 'user' || route.button !== undefined || route.everyone !== undefined) return undefined;
  const menus = route.menu === undefined ? [] : typeof route.menu === 'string' ? [route.menu] : route.menu;
  if (
    (await holdsAny(menus, principal, deps)) ||
    (await deps.permissions.apiScopeGranted(principal, method, route.url))
  )
    return undefined;
  if (!route.ownWithoutMenu) return refused(403, 'error.noMenu');
  req.ownOnly = true;
  return undefined;
}

export function installGuard(app: FastifyInstance, deps: GuardDependencies): void {
  app.decorateRequest('client', null);
  app.decorateRequest('ownOnly', false);
  app.addHook('onRequest', async (req, reply) => {
    // Only API routes are guarded: unknown paths answer 404 (or the console) whoever asks, and the
    // console's files (the static wildcard route) are public. A 404's config has no url.
    // (req.routeOptions builds a new object at every read: read once.)
    const route = req.routeOptions.config;
    const url: string | undefined = route.url;
    if (url === undefined || !url.startsWith('/api/')) return;
    // open: anything, no client either.
    const access = route.access ?? 'user';
    if (access === 'open') return;
    const refusing = await refusal(req, route, access, deps);
    if (refusing) return refuse(reply, req, refusing.code, refusing.key);
  });

  // The buttons a body asks for (a submit that creates or updates, a further button of the body):
  // a preHandler only on the routes that have such buttons, so that no other request runs it.
  const bodyButtons = async (req: FastifyRequest, reply: FastifyReply) => {
    const { button, bodyButton } = req.routeOptions.config;
    const codes: string[] = [];
    if (button !== undefined && typeof button !== 'string' && 'create' in button) {
      const id = (req.body as { id?: unknown } | undefined)?.id;
      codes.push(id ? button.update : button.create);
    }
    const further = bodyButton?.(req.body);
    if (further) codes.push(further);
    for (const code of codes)
      if (!(await deps.permissions.hasCode(principalOf(req), code)))
        return refuse(reply, req, 403, 'error.noButton');
  };
  const rules: RouteRule[] = [];
  app.decorate('routeRules', rules);
  app.addHook('onRoute', (route) => {
    requireReadRule(route);
    if (route.url.startsWith('/api/'))
      for (const method of [route.method].flat())
        rules.push({ method, url: route.url, config: { ...route.config } });
    const button = route.config?.button;
    if (
      (button !== undefined && typeof button !== 'string' && 'create' in button) ||
      route.config?.bodyButton
    )
      addRouteHook(route, 'preHandler', bodyButtons, 'first');
  });
}

/**
 * Every API route of access `user` says who may call it: a button, a menu, or why every signed-in
 * user may (security S16). A route that says none of these is a mistake found at start, so a new
 * route cannot be open to every user by omission.
 */
function requireReadRule(route: RouteOptions): void {
  const config = route.config;
  if (!route.url.startsWith('/api/') || (config?.access ?? 'user') !== 'user') return;
  if (config?.button !== undefined || config?.menu !== undefined || config?.everyone !== undefined) return;
  const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
  throw new Error(
    `${methods} ${route.url}: declare config.menu, config.button or config.everyone (security S16)`,
  );
}

/** The principal of a route whose access level guarantees a signed-in user. */
export function principalOf(req: FastifyRequest): Principal {
  const actor = req.actor as Principal;
  if (!actor.jti) throw new Error('principalOf on a route without a signed-in user');
  return actor;
}

/**
 * The user a route of `ownWithoutMenu` reads for: the one asked for (none: the caller), or, for a
 * caller without the route's menu, only the caller (security S16).
 */
export function readableUserId(req: FastifyRequest, userId: string | undefined): string | undefined {
  if (!req.ownOnly || !userId || userId === principalOf(req).userId) return userId;
  throw new ApiError(403, 'error.noMenu');
}
