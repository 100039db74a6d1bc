import { createHash, timingSafeEqual } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import { failure } from '../envelope.js';
import { ApiError } from '../errors.js';
import type { MessageKey } from '../i18n.js';
import type { Cache } from '../cache/index.js';
import {
  sessionTokenAllowed,
  stateAllowsToken,
  tokenIssuedAtMs,
  accountKey,
  type AccountState,
  type AccountStates,
} from './account-states.js';
import type { Permissions } from './permissions.js';
import { addRouteHook } from '../route-hooks.js';
import { isAdministrator, isPlatformAdmin, type MenuRequirement, type Principal } from './principal.js';
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

/** A value at hand, or a promise of it when it must be read first. */
type Soon<T> = T | Promise<T>;

/**
 * next(value) at once when the value is at hand, else once it has come. Nearly every request finds
 * all the guard needs in memory (clients, verified tokens, account states, grants): it is then
 * decided without a promise or a turn of the microtask queue, which cost more than the checks
 * themselves (docs/benchmarks.md, "Where the server spends its extra time").
 */
function then<T, R>(value: Soon<T>, next: (value: T) => Soon<R>): Soon<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** What a synchronous peek answers, or else what the asynchronous read gives (undefined: unknown). */
const nowOr = <T>(now: T | undefined, later: () => Promise<T>): Soon<T> =>
  now !== undefined ? now : later();

export interface GuardDependencies {
  /** The client's record: at hand when cached, else a promise. */
  findClient(clientId: string): Soon<ClientRecord | undefined>;
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

const digest = (s: string) => createHash('sha256').update(s).digest();

// The secrets are compared through their SHA-256 digests (timingSafeEqual needs equal lengths), and
// hashing both on every request was about 14 % of the server's CPU on a light route
// (docs/benchmarks.md, "Where the server spends its extra time"). Both digests are remembered
// instead: a Basic header's (decoded once) and a stored secret's. The client's record is still read
// and compared on every request, so a new secret or a disabled client takes effect at once. Each
// memo holds at most REMEMBERED entries and starts afresh when full: headers nobody sends twice
// cost what they cost before.
const REMEMBERED = 1_000;
const basicHeaders = new Map<string, { clientId: string; secretDigest: Buffer } | null>();
const storedSecretDigests = new Map<string, Buffer>();

function remembered<V>(memo: Map<string, V>, key: string, compute: () => V): V {
  if (memo.has(key)) return memo.get(key) as V;
  const value = compute();
  if (memo.size >= REMEMBERED) memo.clear();
  memo.set(key, value);
  return value;
}

/** The client id and the secret's digest of a `Basic base64(id:secret)` header; null if malformed. */
const basicCredentials = (header: string) =>
  remembered(basicHeaders, header, () => {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0) return null;
    return { clientId: decoded.slice(0, colon), secretDigest: digest(decoded.slice(colon + 1)) };
  });

/** The client named by `Authorization: Basic base64(id:secret)`, if known, enabled and matching. */
function authenticateClient(req: FastifyRequest, deps: GuardDependencies): Soon<ClientRecord | null> {
  const header = req.headers.authorization;
  if (!header || !/^basic /i.test(header)) return null;
  const credentials = basicCredentials(header);
  if (!credentials) return null;
  return then(deps.findClient(credentials.clientId), (client) => {
    if (!client || client.status !== 1) return null;
    const stored = remembered(storedSecretDigests, client.clientSecret, () => digest(client.clientSecret));
    return timingSafeEqual(credentials.secretDigest, stored) ? client : null;
  });
}

const BEARER = /^bearer\s+(\S+)$/i;
/** A printable ASCII character other than a space (NaN, past the end, is not). */
const isVisibleAscii = (code: number) => code > 32 && code < 127;

/** The bearer token of the Blade-Auth header (the contract's). */
function bearerToken(req: FastifyRequest): string | null {
  const raw = req.headers['blade-auth'];
  if (typeof raw !== 'string') return null;
  // The usual `bearer <token>` without running the pattern over the token's hundreds of characters:
  // a token with a blank further in goes on, and fails verification as any other non-token does.
  // (Node.js trims a header's value.)
  if (
    raw.charCodeAt(6) === 32 &&
    isVisibleAscii(raw.charCodeAt(7)) &&
    (raw.startsWith('bearer') || raw.startsWith('Bearer'))
  )
    return raw.slice(7);
  return BEARER.exec(raw.trim())?.[1] ?? null;
}

/** A sign-in session ended by logout: every token it issued is refused (sessions.ts). */
export const revokedSessionKey = (sid: string) => `auth:revoked-session:${sid}`;

function authenticateUser(
  req: FastifyRequest,
  client: ClientRecord,
  deps: GuardDependencies,
): Soon<Principal | null> {
  const token = bearerToken(req);
  if (!token) return null;
  const verified = nowOr(deps.signer.verifiedNow(token, 'access'), () => deps.signer.verify(token, 'access'));
  return then(verified, (claims) => {
    if (!claims || claims.client_id !== client.clientId) return null;
    const facts = factsOf(claims);
    return then(
      nowOr(deps.cache.peek?.(facts.revokedKey), () => deps.cache.get(facts.revokedKey)),
      (revoked) => {
        if (revoked) return null;
        const held = deps.accounts.peek(facts.accountKey);
        const state = held ? held.state : deps.accounts.get(claims.tenant_id, claims.user_id);
        return then(state, (state) =>
          // A token issued before the user's last invalidation may yet be saved by its session's
          // renewal, which only the shared cache knows.
          then(
            stateAllowsToken(state, tokenIssuedAtMs(claims)) ||
              sessionTokenAllowed(deps.cache, state, claims),
            (allowed) => (allowed ? rememberedPrincipal(facts, claims, state) : null),
          ),
        );
      },
    );
  });
}

/**
 * What the guard works out once per verified token (the signer keeps one claims object per token):
 * the keys it looks up, built once (a key built per request is a new string, hashed afresh by every
 * lookup), and the principal, kept while the account state it was built from is still the one
 * held: a new state (roles changed, reloaded) builds it again. The principal is frozen, as every
 * request of the token shares it.
 */
interface TokenFacts {
  readonly revokedKey: string;
  readonly accountKey: string;
  built: { state: AccountState | undefined; principal: Principal } | null;
}

const tokenFacts = new WeakMap<VerifiedToken, TokenFacts>();

function factsOf(claims: VerifiedToken): TokenFacts {
  let facts = tokenFacts.get(claims);
  if (facts === undefined) {
    facts = {
      revokedKey: revokedSessionKey(claims.sid),
      accountKey: accountKey(claims.tenant_id, claims.user_id),
      built: null,
    };
    tokenFacts.set(claims, facts);
  }
  return facts;
}

function rememberedPrincipal(
  facts: TokenFacts,
  claims: VerifiedToken,
  state: AccountState | undefined,
): Principal {
  if (facts.built !== null && facts.built.state === state) return facts.built.principal;
  const principal = principalFrom(claims, state);
  Object.freeze(principal.roleIds);
  Object.freeze(principal.roleAliases);
  facts.built = { state, principal: Object.freeze(principal) };
  return principal;
}

/** The caller of a genuine, allowed token, with the roles of it the user still holds. */
function principalFrom(claims: VerifiedToken, state: AccountState | undefined): Principal {
  // The token names the role ids it was issued for (switch mode: one of them); only those the user
  // still holds, of roles that still exist, count — taking a role away or removing it takes effect
  // at once. Aliases come from the role records, never from the token's joined role names: an
  // alias is compared whole, so no alias can make its holder an administrator (security S12).
  // A user holds a handful of roles: a scan costs less than building a map on every request.
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

/** The guard's answer for a request: on, or refused with this status and message. */
type Verdict = 'pass' | { code: 401 | 403; key: MessageKey };

/** Whether the caller holds the route's button permission (either, for a create-or-update submit). */
function buttonHeld(
  button: RouteConfig['button'],
  principal: Principal,
  deps: GuardDependencies,
): Soon<boolean> {
  if (button === undefined) return true;
  const codes =
    typeof button === 'string' ? [button] : 'anyOf' in button ? button.anyOf : [button.create, button.update];
  const heldFrom = (i: number): Soon<boolean> =>
    i >= codes.length
      ? false
      : then(
          nowOr(deps.permissions.hasCodeNow(principal, codes[i]!), () =>
            deps.permissions.hasCode(principal, codes[i]!),
          ),
          (held) => held || heldFrom(i + 1),
        );
  return heldFrom(0);
}

/**
 * Whether the caller may call a route that needs one of these menus (security S16): they hold one
 * of them, or an API scope granted to their roles covers the route.
 */
function menuHeld(
  menu: MenuRequirement | undefined,
  principal: Principal,
  method: string,
  url: string,
  deps: GuardDependencies,
): Soon<boolean> {
  const codes: readonly string[] = menu === undefined ? [] : typeof menu === 'string' ? [menu] : menu;
  const heldFrom = (i: number): Soon<boolean> =>
    i >= codes.length
      ? deps.permissions.apiScopeGranted(principal, method, url)
      : then(
          nowOr(deps.permissions.hasCodeNow(principal, codes[i]!), () =>
            deps.permissions.hasCode(principal, codes[i]!),
          ),
          (held) => held || heldFrom(i + 1),
        );
  return heldFrom(0);
}

/** The checks of an access level other than 'open', in order; req.client and req.actor set on the way. */
function verdictOf(
  req: FastifyRequest,
  route: RouteConfig,
  access: string,
  deps: GuardDependencies,
): Soon<Verdict> {
  return then(authenticateClient(req, deps), (client) => {
    if (!client) return { code: 401, key: 'auth.clientInvalid' };
    req.client = client;
    if (access === 'public') return 'pass';
    return then(authenticateUser(req, client, deps), (principal): Soon<Verdict> => {
      if (!principal) return { code: 401, key: 'error.unauthorized' };
      req.actor = principal;
      // A generated, reset or seeded password is changed before anything else is done (issue 44).
      if (principal.passwordChangeRequired && !route.passwordChange)
        return { code: 403, key: 'auth.passwordChangeRequired' };
      if (access === 'platform-admin' && !isPlatformAdmin(principal))
        return { code: 403, key: 'error.forbidden' };
      if (access === 'administrator' && !isAdministrator(principal))
        return { code: 403, key: 'error.forbidden' };
      // Button permissions: a submit that both creates and updates needs either here, and the one
      // its body asks for once the body is read (preHandler below).
      return then(buttonHeld(route.button, principal, deps), (held): Soon<Verdict> => {
        if (!held) return { code: 403, key: 'error.noButton' };
        const { method } = req;
        const url = route.url;
        const allowed = nowOr(deps.permissions.apiAllowedNow(principal, method, url), () =>
          deps.permissions.apiAllowed(principal, method, url),
        );
        return then(allowed, (ok): Soon<Verdict> => {
          if (!ok) return { code: 403, key: 'error.apiScope' };
          // A route that needs no button needs a menu, unless every user may call it (S16).
          if (access !== 'user' || route.button !== undefined || route.everyone !== undefined) return 'pass';
          return then(menuHeld(route.menu, principal, method, url, deps), (held): Verdict => {
            if (held) return 'pass';
            if (!route.ownWithoutMenu) return { code: 403, key: 'error.noMenu' };
            req.ownOnly = true;
            return 'pass';
          });
        });
      });
    });
  });
}

export function installGuard(app: FastifyInstance, deps: GuardDependencies): void {
  app.decorateRequest('client', null);
  app.decorateRequest('ownOnly', false);
  // A callback hook, decided at once when all it needs is in memory (see `then`). Refusing answers
  // without calling done; a throw or a rejection (the shared cache unreachable: 503) is the hook's
  // error.
  app.addHook('onRequest', (req, reply, done) => {
    // Only API routes are guarded: unknown paths answer 404 (or the console) whoever asks, and the
    // console's files (the static wildcard route) are public.
    // (req.routeOptions builds a new object at every read: read once.)
    const route = req.routeOptions.config;
    // (No route: a 404, whose config has no url.)
    const url: string | undefined = route.url;
    if (url === undefined || !url.startsWith('/api/')) return done();
    const access = route.access ?? 'user';
    if (access === 'open') return done();
    const answer = (verdict: Verdict) =>
      verdict === 'pass' ? done() : void refuse(reply, req, verdict.code, verdict.key);
    const verdict = verdictOf(req, route, access, deps);
    if (verdict instanceof Promise) verdict.then(answer, (error: unknown) => done(error as Error));
    else answer(verdict);
  });

  // The buttons a body asks for: a preHandler only on the routes that have such buttons (a submit
  // that creates or updates, a further button of the body), so that no other request runs it.
  // Refusing answers without calling done.
  const bodyButtons: preHandlerHookHandler = (req, reply, done) => {
    const { button, bodyButton } = req.routeOptions.config;
    const codes: string[] = [];
    if (button !== undefined && typeof button !== 'string' && 'create' in button) {
      const id = (req.body as { id?: unknown } | undefined)?.id;
      codes.push(id ? button.update : button.create);
    }
    const further = bodyButton?.(req.body);
    if (further) codes.push(further);
    if (codes.length === 0) return done();
    void (async () => {
      for (const code of codes)
        if (!(await deps.permissions.hasCode(principalOf(req), code))) {
          refuse(reply, req, 403, 'error.noButton');
          return;
        }
      done();
    })().catch((error: unknown) => done(error as Error));
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
