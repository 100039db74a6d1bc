import type { Cache } from '../../core/cache/index.js';
import {
  ACTIVITY_MARK_MS,
  lastActivityKey,
  renewedSessionKey,
  type AccountStates,
} from '../../core/auth/account-states.js';
import type { RevokedReason } from '../../core/auth/access-rules.js';
import { revokedSessionKey } from '../../core/auth/guard.js';
import type { OnlineSessionRepository, SessionStart } from '../system/online/online-session.repository.js';

// A sign-in session holds the id of its one valid refresh token. Refreshing swaps it (rotation);
// presenting an older refresh token ends the session (a stolen, replayed token is detected).
// Ending a session (logout, 强退, a newer sign-in under the single-session policy) stops its refresh
// token and every access token it issued in every process at once, and tells its open pages why.
//
// The shared cache decides whether a session may still be used; blade_online_session lists the
// sessions for the online users page (docs/decisions/0040-online-sessions-and-the-login-log.md): a
// row is written when a session begins and removed when it ends, and a session's last activity (a
// request of its own, not a token refresh nor a background request) is written in batches. For the
// tenants' idle timeout the last activity is also marked in the shared cache (lastActivityKey), at
// most every ACTIVITY_MARK_MS per session and process.

const sessionKey = (sid: string) => `auth:session:${sid}`;

/** How often the sessions active since the last write are written down. */
export const ACTIVITY_WRITE_MS = 30_000;

/** How long a session's activity mark is kept: past it, a session with an idle timeout counts as idle. */
const ACTIVITY_MARK_TTL_SECONDS = 30 * 24 * 3600;

/** At most this many sessions' marks remembered per process (then forgotten, and marked again). */
const MARKS_HELD = 100_000;

/** Who a session is, as the online users page shows it; the times are taken when it begins. */
export type SessionHolder = Omit<SessionStart, 'sessionId' | 'loginTime' | 'expireTime'>;

export class Sessions {
  /** Sessions with a request of their own since the last write. */
  readonly #active = new Set<string>();
  /** When this process last marked each session's activity in the shared cache (ms). */
  readonly #marked = new Map<string, number>();
  #timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly cache: Cache,
    private readonly online: OnlineSessionRepository,
    private readonly accounts: AccountStates,
  ) {}

  async start(sid: string, refreshJti: string, ttlSeconds: number, holder: SessionHolder): Promise<void> {
    await this.cache.set(sessionKey(sid), refreshJti, ttlSeconds);
    await this.#mark(sid, Date.now());
    const now = new Date();
    await this.online.insert({
      ...holder,
      sessionId: sid,
      loginTime: now,
      expireTime: new Date(now.getTime() + ttlSeconds * 1000),
    });
  }

  /** Moves the session to a new refresh token; false (and the session ends) if jti is not current. */
  async rotate(sid: string, jti: string, nextJti: string, ttlSeconds: number): Promise<boolean> {
    const current = await this.cache.take(sessionKey(sid));
    if (current !== jti) {
      await this.online.remove([sid]);
      return false;
    }
    await this.cache.set(sessionKey(sid), nextJti, ttlSeconds);
    await this.online.extend(sid, new Date(Date.now() + ttlSeconds * 1000));
    return true;
  }

  /** The account's sessions that still live (single-session policy). */
  async liveOf(tenantId: string, userId: string): Promise<string[]> {
    const listed = await this.online.sessionsOf(tenantId, userId, new Date());
    const live: string[] = [];
    for (const sid of listed) if (await this.live(sid)) live.push(sid);
    return live;
  }

  /** Whether the session can still be refreshed (its refresh token is current, in the shared cache). */
  async live(sid: string): Promise<boolean> {
    return (await this.cache.get(sessionKey(sid))) !== null;
  }

  /**
   * Keeps a session working after its user's earlier tokens were invalidated at `at` (the session
   * that changed the password): its tokens count as issued then, for as long as it can live.
   */
  async renew(sid: string, at: Date, ttlSeconds: number): Promise<void> {
    await this.cache.set(renewedSessionKey(sid), String(at.getTime()), ttlSeconds);
  }

  /**
   * Ends the sessions, saying why; `ttlSeconds`: how long their access tokens can live. Their open
   * event streams, in every process, are told the reason.
   */
  async end(sids: readonly string[], ttlSeconds: number, reason: RevokedReason): Promise<void> {
    for (const sid of sids) {
      await this.cache.set(revokedSessionKey(sid), reason, Math.max(1, ttlSeconds));
      await this.cache.delete(sessionKey(sid));
    }
    await this.online.remove(sids);
    for (const sid of sids) {
      this.#active.delete(sid);
      this.#marked.delete(sid);
      await this.accounts.invalidate({ sessionId: sid });
    }
  }

  /**
   * The session made a request of its own: its last activity is marked in the shared cache (unless
   * this process did so within ACTIVITY_MARK_MS) and written with the next batch.
   */
  active(sid: string): void {
    const now = Date.now();
    if (now - (this.#marked.get(sid) ?? 0) >= ACTIVITY_MARK_MS)
      // A mark that fails (the cache away) is tried again at the next request.
      void this.#mark(sid, now).catch(() => this.#marked.delete(sid));
    this.#active.add(sid);
    // A write that fails (the database away) loses only that batch's "last activity".
    this.#timer ??= setTimeout(
      () => void this.writeActivity().catch(() => undefined),
      ACTIVITY_WRITE_MS,
    ).unref();
  }

  async #mark(sid: string, now: number): Promise<void> {
    if (this.#marked.size >= MARKS_HELD) this.#marked.clear();
    this.#marked.set(sid, now);
    await this.cache.set(lastActivityKey(sid), String(now), ACTIVITY_MARK_TTL_SECONDS);
  }

  /** Writes the last activity of the sessions active since the last write (at the latest on close). */
  async writeActivity(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#active.size === 0) return;
    const sids = [...this.#active];
    this.#active.clear();
    await this.online.touch(sids, new Date());
  }
}
