import type { FastifyRequest } from 'fastify';
import type { Access } from './principal.js';
import {
  allowedWithRenewal,
  renewedSessionKey,
  stateAllowsToken,
  tokenIssuedAtMs,
  type AccountStates,
} from './account-states.js';
import {
  basicCredentials,
  bearerToken,
  genuineClient,
  principalFrom,
  refused,
  revokedSessionKey,
  tokenOfClient,
  userRefusal,
  type ClientRecord,
  type Refusal,
  type RouteConfig,
} from './access-rules.js';
import type { Cache } from '../cache/index.js';
import type { Permissions } from './permissions.js';
import type { TokenSigner } from './tokens.js';

// The guard's fast path (issue 46; docs/decisions/0036-the-guard-fast-path.md). Nearly every request
// comes from a client, a session, an account and a set of roles this process has seen in the last
// seconds: every fact the rules need is in memory. Deciding such a request without a promise saved
// about a tenth of the CPU of a fixed-cost route (SQLite detail, an A/B of whole builds,
// docs/benchmarks.md). It applies the same rules (access-rules.ts) to the same facts, read without
// waiting; whenever a fact is not in memory it answers HELD_BACK and the plain rules (guard.ts)
// decide. `FAST_PATH = false` turns it off, for a benchmark; guard-fast-path.test.ts asks every rule
// both ways.

/** Whether the guard tries the fast path first. */
export const FAST_PATH = true;

/** What the fast path cannot decide: a fact is not in memory. */
export const HELD_BACK = Symbol('held back');

/** The guard's facts as held in this process's memory (each undefined when it must be read). */
export interface HeldFacts {
  clients: { peek(clientId: string): { client: ClientRecord | undefined } | undefined };
  accounts: Pick<AccountStates, 'peek'>;
  signer: Pick<TokenSigner, 'verifiedNow'>;
  cache: Pick<Cache, 'peek'>;
  permissions: Pick<Permissions, 'rightsNow'>;
}

/** A Basic header checked against a client record, and what it came to. */
interface CheckedHeader {
  clientId: string;
  record: ClientRecord | undefined;
  client: ClientRecord | null;
}

/**
 * Basic headers checked (the console sends the same one on every request): decoding one and
 * comparing its secret cost about a third of the fast path. A header's answer holds only for the
 * client record it was checked against: a changed client is a new record (client-cache.ts).
 */
const checkedHeaders = new Map<string, CheckedHeader>();
const CHECKED_HEADERS_HELD = 1000;

/** The client of the Basic header as genuineClient finds it, from memory; HELD_BACK if not held. */
function clientFromMemory(
  req: FastifyRequest,
  clients: HeldFacts['clients'],
): ClientRecord | null | typeof HELD_BACK {
  const header = req.headers.authorization;
  const checked = header === undefined ? undefined : checkedHeaders.get(header);
  const known = checked && clients.peek(checked.clientId);
  if (known && known.client === checked.record) return checked.client;
  const credentials = basicCredentials(req);
  if (!credentials || header === undefined) return null;
  const held = clients.peek(credentials.clientId);
  if (!held) return HELD_BACK;
  const client = genuineClient(credentials, held.client);
  if (checkedHeaders.size >= CHECKED_HEADERS_HELD) checkedHeaders.clear();
  checkedHeaders.set(header, { clientId: credentials.clientId, record: held.client, client });
  return client;
}

/**
 * The guard's answer for a route that is not open, from the facts in memory, as guard.ts's
 * `refusal` would give it; HELD_BACK when a fact must be read first. Sets req.client and req.actor
 * as the plain rules do.
 */
export function refusalFromMemory(
  req: FastifyRequest,
  route: RouteConfig,
  access: Access,
  held: HeldFacts,
): Refusal | undefined | typeof HELD_BACK {
  // public: a known client.
  const client = clientFromMemory(req, held.clients);
  if (client === HELD_BACK) return HELD_BACK;
  if (!client) return refused(401, 'auth.clientInvalid');
  req.client = client;
  if (access === 'public') return undefined;

  // user: a signed-in user, of a session not ended, in good standing.
  const token = bearerToken(req);
  if (!token) return refused(401, 'error.unauthorized');
  const claims = held.signer.verifiedNow(token, 'access');
  if (claims === undefined) return HELD_BACK;
  if (!tokenOfClient(claims, client)) return refused(401, 'error.unauthorized');
  const revoked = held.cache.peek?.(revokedSessionKey(claims.sid));
  if (revoked === undefined) return HELD_BACK;
  if (revoked) return refused(401, 'error.unauthorized');
  const account = held.accounts.peek(claims.tenant_id, claims.user_id);
  if (!account) return HELD_BACK;
  // A token issued before the user's last invalidation may yet be saved by its session's renewal
  // (a password changed at the first sign-in: the session carries on with its token).
  if (!stateAllowsToken(account.state, tokenIssuedAtMs(claims))) {
    const renewal = held.cache.peek?.(renewedSessionKey(claims.sid));
    if (renewal === undefined) return HELD_BACK;
    if (!allowedWithRenewal(account.state, claims, renewal)) return refused(401, 'error.unauthorized');
  }
  // A tenant with an idle timeout: the session's last activity is in the shared cache.
  if (account.state?.idleTimeoutMs) return HELD_BACK;
  const principal = principalFrom(claims, account.state);
  const rights = held.permissions.rightsNow(principal);
  if (!rights) return HELD_BACK;
  req.actor = principal;
  return userRefusal(req, route, access, principal, rights);
}
