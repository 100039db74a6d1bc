import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import { failure } from '../envelope.js';
import { ApiError } from '../errors.js';
import type { MessageKey } from '../i18n.js';
import type { Cache } from '../cache/index.js';
import type { SessionEndReason } from '@console/contract';
import {
  idleTooLong,
  lastActivityKey,
  refusalReason,
  sessionTokenAllowed,
  type AccountState,
  type AccountStates,
} from './account-states.js';
import type { Permissions } from './permissions.js';
import { addRouteHook } from '../route-hooks.js';
import type { Access, Principal } from './principal.js';
import type { TokenSigner, VerifiedToken } from './tokens.js';
import {
  basicCredentials,
  bearerToken,
  genuineClient,
  principalFrom,
  refused,
  revokedReason,
  revokedSessionKey,
  tokenOfClient,
  userRefusal,
  type ClientRecord,
  type Refusal,
  type RouteConfig,
} from './access-rules.js';
import { FAST_PATH, HELD_BACK, refusalFromMemory } from './guard-fast-path.js';

export { revokedSessionKey, type ClientRecord } from './access-rules.js';

// The one guard (security S3, S4, S8): every /api route declares its access level and this hook
// enforces it. Handlers never check who is calling; they read req.actor. It gathers what the rules
// need to know (the client, the caller, what the caller holds) and applies the rules of
// access-rules.ts to it; its fast path (guard-fast-path.ts) decides from what is in memory.

export interface GuardDependencies {
  /** The clients: the caller's cached copy (peek: only if held), or read. */
  clients: {
    find(clientId: string): Promise<ClientRecord | undefined>;
    peek(clientId: string): { client: ClientRecord | undefined } | undefined;
  };
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
  /** The route's schemas as declared (tests compare the API's document with them). */
  schema?: FastifySchema;
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

function refuse(reply: FastifyReply, req: FastifyRequest, code: 401 | 403, key: MessageKey): FastifyReply {
  return reply
    .code(code)
    .type('application/json; charset=utf-8')
    .send(failure(code, req.t(key)));
}

/** The client of the Basic header, if known, enabled and its secret matches. */
async function authenticateClient(
  req: FastifyRequest,
  deps: GuardDependencies,
): Promise<ClientRecord | null> {
  const credentials = basicCredentials(req);
  if (!credentials) return null;
  return genuineClient(credentials, await deps.clients.find(credentials.clientId));
}

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
  if (!tokenOfClient(claims, client)) return null;
  const session = await sessionOf(deps, claims);
  return session.ended ? null : principalFrom(claims, session.state);
}

/**
 * Whether a genuine token's session still lets it in, and if not why: ended (logout, 强退, a newer
 * sign-in), refused by its user's and tenant's state (S8), or idle longer than its tenant allows. The guard asks on each request; an open event stream asks
 * again when its user's authority changes (core/events/event-hub.ts).
 */
export async function sessionOf(
  deps: Pick<GuardDependencies, 'cache' | 'accounts'>,
  claims: VerifiedToken,
): Promise<{ ended: SessionEndReason | null; state: AccountState | undefined }> {
  const revoked = await deps.cache.get(revokedSessionKey(claims.sid));
  if (revoked) return { ended: revokedReason(revoked), state: undefined };
  const state = await deps.accounts.get(claims.tenant_id, claims.user_id);
  // A token issued before the user's last invalidation may yet be saved by its session's renewal.
  if (!(await sessionTokenAllowed(deps.cache, state, claims))) return { ended: refusalReason(state), state };
  // The tenant's idle timeout: read only where the tenant has one.
  if (state?.idleTimeoutMs && idleTooLong(state, await deps.cache.get(lastActivityKey(claims.sid))))
    return { ended: 'idle', state };
  return { ended: null, state };
}

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

  // user: a signed-in user; then what they hold (access-rules.ts).
  const principal = await authenticateUser(req, client, deps);
  if (!principal) return refused(401, 'error.unauthorized');
  req.actor = principal;
  return userRefusal(req, route, access, principal, await deps.permissions.rightsOf(principal));
}

/**
 * For what outlives its request (an event stream): a function that asks again, whenever called,
 * whether the session of the request's token still lets it in (sessionOf), and if not why. The
 * request has passed the guard as a signed-in user.
 */
export function sessionWatcher(deps: Pick<GuardDependencies, 'cache' | 'accounts' | 'signer'>) {
  return async (req: FastifyRequest): Promise<() => Promise<SessionEndReason | null>> => {
    const claims = await deps.signer.verify(bearerToken(req) ?? '', 'access');
    if (!claims) throw new ApiError(401, 'error.unauthorized');
    return async () => (await sessionOf(deps, claims)).ended;
  };
}

/** `fastPath`: try the fast path first (guard-fast-path.ts); by default as the server runs. */
export function installGuard(app: FastifyInstance, deps: GuardDependencies, fastPath = FAST_PATH): void {
  app.decorateRequest('client', null);
  app.decorateRequest('ownOnly', false);
  app.addHook('onRequest', (req, reply, done) => {
    // Only API routes are guarded: unknown paths answer 404 (or the console) whoever asks, and the
    // console's files (the static wildcard route) are public. A 404's config has no url.
    // (req.routeOptions builds a new object at every read: read once.)
    const route = req.routeOptions.config;
    const url: string | undefined = route.url;
    if (url === undefined || !url.startsWith('/api/')) return done();
    // open: anything, no client either.
    const access = route.access ?? 'user';
    if (access === 'open') return done();
    const answer = (refusing: Refusal | undefined) =>
      refusing ? void refuse(reply, req, refusing.code, refusing.key) : done();
    const fromMemory = fastPath ? refusalFromMemory(req, route, access, deps) : HELD_BACK;
    if (fromMemory !== HELD_BACK) return answer(fromMemory);
    refusal(req, route, access, deps).then(answer, done);
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
    const further = bodyButton?.(req.body, req.query);
    if (further) codes.push(further);
    const rights = await deps.permissions.rightsOf(principalOf(req));
    if (!codes.every(rights.holds)) return refuse(reply, req, 403, 'error.noButton');
  };
  const rules: RouteRule[] = [];
  app.decorate('routeRules', rules);
  app.addHook('onRoute', (route) => {
    requireReadRule(route);
    if (route.url.startsWith('/api/'))
      for (const method of [route.method].flat())
        rules.push({ method, url: route.url, config: { ...route.config }, schema: route.schema });
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
