import type { SessionEndReason } from '@console/contract';
import type { Cache } from '../cache/index.js';

/** What the guard must know about a token's user and tenant on every request. */
export interface AccountState {
  userStatus: number;
  /** Tokens issued before this instant (ms) no longer count: password change, forced sign-out. */
  tokenValidAfter: number | null;
  tenantStatus: number;
  tenantExpiresAt: number | null;
  /**
   * The roles the user holds now: blade_user.role_id read against blade_role, so a removed role is
   * not held. Tokens count only those of their roles, and authority (administrator or not) is
   * decided from these records, never from a token's joined role names (security S12).
   */
  roles?: readonly HeldRole[];
  /** The password must be changed first: only the routes marked `firstStep` answer (guard). */
  passwordChangeRequired?: boolean;
  /** A required second factor must be set up first: only the routes marked `firstStep` answer. */
  secondFactorSetupRequired?: boolean;
  /** The tenant's idle timeout in ms (0 or absent: none): a session idle longer ends (`idleTooLong`). */
  idleTimeoutMs?: number;
}

/** A role record a user holds: its id and its alias as stored (compared exactly, never split). */
export interface HeldRole {
  id: string;
  alias: string;
}

/** When a token was issued, in milliseconds: its `iat_ms` claim, or the start of its `iat` second. */
export function tokenIssuedAtMs(token: { iat: number; iat_ms?: number }): number {
  return typeof token.iat_ms === 'number' && Number.isFinite(token.iat_ms) ? token.iat_ms : token.iat * 1000;
}

/**
 * An active user of an enabled, unexpired tenant (whenever its tokens were issued). A sign-in lock
 * (failed passwords, decision 0013) is not a condition: failures by others never end a session.
 */
export function inGoodStanding(state: AccountState | undefined, now: number): state is AccountState {
  if (!state || state.userStatus !== 1 || state.tenantStatus !== 1) return false;
  return state.tenantExpiresAt === null || state.tenantExpiresAt > now;
}

/**
 * Whether a token issued at `issuedAtMs` may still be used: a user in good standing, and the token
 * issued after the user's tokens were last invalidated. Compared in milliseconds, the precision
 * both are recorded with: a token of the same second as a password change is not let through
 * (a token carrying only whole seconds counts from the start of its second, the safe side).
 */
export function stateAllowsToken(
  state: AccountState | undefined,
  issuedAtMs: number,
  now = Date.now(),
): boolean {
  if (!inGoodStanding(state, now)) return false;
  return state.tokenValidAfter === null || issuedAtMs > state.tokenValidAfter;
}

/**
 * Why a token refused by the rules above (not by logout) no longer counts, as its user is told: the
 * user was disabled or removed, the tenant was disabled or expired, or the user's tokens were
 * invalidated (a password changed or reset).
 */
export function refusalReason(
  state: AccountState | undefined,
  now = Date.now(),
): Exclude<SessionEndReason, 'signedOut'> {
  if (!state || state.userStatus !== 1) return 'disabled';
  if (!inGoodStanding(state, now)) return 'tenant';
  return 'credentials';
}

/**
 * The sign-in session that changed its user's password stays signed in (the console carries on),
 * while every other token issued before the change stops working (S8). The session is marked
 * here, in the shared cache (the instant of the change, in ms), for as long as it can live.
 */
export const renewedSessionKey = (sid: string) => `auth:session-renewed:${sid}`;

/**
 * stateAllowsToken for a token of a session, counting the session's renewal as the shared cache
 * holds it (`renewal`: the value at renewedSessionKey, null when none).
 */
export function allowedWithRenewal(
  state: AccountState | undefined,
  token: { iat: number; iat_ms?: number },
  renewal: string | null,
  now = Date.now(),
): boolean {
  if (stateAllowsToken(state, tokenIssuedAtMs(token), now)) return true;
  // Only a token older than the user's invalidation can be saved by a renewal, and only by the
  // renewal of that very invalidation (a later reset by an administrator is not undone by it).
  if (!inGoodStanding(state, now) || state.tokenValidAfter === null) return false;
  const renewedAt = Number(renewal);
  return Number.isInteger(renewedAt) && renewedAt > 0 && renewedAt >= state.tokenValidAfter;
}

/** allowedWithRenewal, reading the session's renewal only when the token needs it. */
export async function sessionTokenAllowed(
  cache: Cache,
  state: AccountState | undefined,
  token: { iat: number; iat_ms?: number; sid: string },
  now = Date.now(),
): Promise<boolean> {
  if (stateAllowsToken(state, tokenIssuedAtMs(token), now)) return true;
  return allowedWithRenewal(state, token, await cache.get(renewedSessionKey(token.sid)), now);
}

/**
 * When a session last made a request of its own (ms since the epoch), in the shared cache: written
 * when it begins and then at most every ACTIVITY_MARK_MS per process (modules/auth/sessions.ts).
 */
export const lastActivityKey = (sid: string) => `auth:session-activity:${sid}`;

/** How often a process marks a session's activity in the shared cache, at most. */
export const ACTIVITY_MARK_MS = 15_000;

/**
 * Whether a session last active at `lastActivity` (lastActivityKey's value; null: none kept) has been
 * idle longer than its tenant allows. A mark can be ACTIVITY_MARK_MS behind the session's last
 * request: that much is allowed on top, so nobody is signed out early.
 */
export function idleTooLong(state: AccountState, lastActivity: string | null, now = Date.now()): boolean {
  if (!state.idleTimeoutMs) return false;
  const at = Number(lastActivity);
  return !(at > 0) || now - at > state.idleTimeoutMs + ACTIVITY_MARK_MS;
}

export type AccountStateLoader = (tenantId: string, userId: string) => Promise<AccountState | undefined>;

/**
 * What changed about whose authority: a user's, a tenant's, one sign-in session's (logout), or
 * everyone's. Open event streams are checked again on each (core/events/event-hub.ts).
 */
export type AccountChange = { userId: string } | { tenantId: string } | { sessionId: string } | 'all';

const CHANNEL = 'auth:invalidate';
const TTL_MS = 30_000;

/** A user's key among the states held. */
const accountKey = (tenantId: string, userId: string) => `${tenantId}/${userId}`;

/**
 * A short-lived per-process cache of account states, so the guard costs no query on most
 * requests. A change (user disabled, password changed, tenant disabled) is announced
 * through the shared cache and drops the entry in every process at once.
 */
export class AccountStates {
  readonly #entries = new Map<string, { state: AccountState | undefined; until: number }>();
  readonly #listeners = new Set<(change: AccountChange) => void>();
  #unsubscribe: (() => Promise<void>) | null = null;

  constructor(
    private readonly cache: Cache,
    private readonly load: AccountStateLoader,
  ) {}

  async start(): Promise<void> {
    this.#unsubscribe = await this.cache.subscribe(CHANNEL, (message) => {
      this.#drop(message);
      const change = changeOf(message);
      if (change) for (const listener of this.#listeners) listener(change);
    });
  }

  /**
   * Calls `listener` in every process once a change announced by any process has arrived (after
   * the states held for it were dropped). Answers the function that stops it.
   */
  onChange(listener: (change: AccountChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async stop(): Promise<void> {
    await this.#unsubscribe?.();
  }

  #drop(message: string): void {
    if (message === '*') return this.#entries.clear();
    const [kind, id] = message.split(':', 2);
    for (const key of this.#entries.keys()) {
      const [tenantId, userId] = key.split('/');
      if ((kind === 'user' && userId === id) || (kind === 'tenant' && tenantId === id))
        this.#entries.delete(key);
    }
  }

  /** The state held for the user if still fresh, without waiting; undefined when it must be read. */
  peek(tenantId: string, userId: string): { state: AccountState | undefined } | undefined {
    const hit = this.#entries.get(accountKey(tenantId, userId));
    return hit && hit.until > Date.now() ? hit : undefined;
  }

  async get(tenantId: string, userId: string): Promise<AccountState | undefined> {
    const hit = this.peek(tenantId, userId);
    if (hit) return hit.state;
    const key = accountKey(tenantId, userId);
    const state = await this.load(tenantId, userId);
    if (this.#entries.size > 100_000) this.#entries.clear();
    this.#entries.set(key, { state, until: Date.now() + TTL_MS });
    return state;
  }

  /**
   * Announces a change to every process: `user:<id>`, `tenant:<tenantId>`, `session:<sid>` (a
   * session ended; no state is held per session) or everything.
   */
  async invalidate(target: AccountChange): Promise<void> {
    const message =
      target === 'all'
        ? '*'
        : 'userId' in target
          ? `user:${target.userId}`
          : 'tenantId' in target
            ? `tenant:${target.tenantId}`
            : `session:${target.sessionId}`;
    this.#drop(message);
    await this.cache.publish(CHANNEL, message);
  }
}

/** The change a message on the channel announces; '*' (also: the cache was away) is everyone's. */
function changeOf(message: string): AccountChange | undefined {
  if (message === '*') return 'all';
  const [kind, id] = message.split(':', 2);
  if (!id) return undefined;
  if (kind === 'user') return { userId: id };
  if (kind === 'tenant') return { tenantId: id };
  if (kind === 'session') return { sessionId: id };
  return undefined;
}
