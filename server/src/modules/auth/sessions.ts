import type { Cache } from '../../core/cache/index.js';
import { renewedSessionKey } from '../../core/auth/account-states.js';
import { revokedSessionKey } from '../../core/auth/guard.js';
import type { RevokedReason } from '../../core/auth/access-rules.js';

// A sign-in session holds the id of its one valid refresh token. Refreshing swaps it (rotation);
// presenting an older refresh token ends the session (a stolen, replayed token is detected).
// Logout ends the session: its refresh token and every access token it issued stop working in every
// process at once (not only the access token presented to log out).

const sessionKey = (sid: string) => `auth:session:${sid}`;

export class Sessions {
  constructor(private readonly cache: Cache) {}

  async start(sid: string, refreshJti: string, ttlSeconds: number): Promise<void> {
    await this.cache.set(sessionKey(sid), refreshJti, ttlSeconds);
  }

  /** Moves the session to a new refresh token; false (and the session ends) if jti is not current. */
  async rotate(sid: string, jti: string, nextJti: string, ttlSeconds: number): Promise<boolean> {
    const current = await this.cache.take(sessionKey(sid));
    if (current !== jti) return false;
    await this.cache.set(sessionKey(sid), nextJti, ttlSeconds);
    return true;
  }

  /**
   * Keeps a session working after its user's earlier tokens were invalidated at `at` (the session
   * that changed the password): its tokens count as issued then, for as long as it can live.
   */
  async renew(sid: string, at: Date, ttlSeconds: number): Promise<void> {
    await this.cache.set(renewedSessionKey(sid), String(at.getTime()), ttlSeconds);
  }

  /**
   * Ends the session, saying why; `ttlSeconds`: how long its access tokens can live (the client's
   * validity).
   */
  async end(sid: string, ttlSeconds: number, reason: RevokedReason = 'signedOut'): Promise<void> {
    await this.cache.set(revokedSessionKey(sid), reason, Math.max(1, ttlSeconds));
    await this.cache.delete(sessionKey(sid));
  }
}
