import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

// Access and refresh tokens are JWTs signed with HS512. Claim names follow BladeX's tokens.

export interface SessionClaims {
  tenant_id: string;
  user_id: string;
  account: string;
  user_name: string;
  real_name: string;
  nick_name: string;
  dept_id: string;
  post_id: string;
  role_id: string;
  role_name: string;
  client_id: string;
  /** Sign-in session: the same in an access token and the refresh token issued with it. */
  sid: string;
}

export interface VerifiedToken extends SessionClaims {
  jti: string;
  exp: number;
  iat: number;
  /** Issued at, in milliseconds: revocations are compared at this precision (tokens before it lack it). */
  iat_ms?: number;
  token_type: 'access' | 'refresh';
}

const ISSUER = 'cabinet-console';
const VERIFIED_CACHE_SIZE = 10_000;

/** A JWT's signature: what follows its last dot (the whole string when it has none). */
const signatureOf = (token: string) => token.slice(token.lastIndexOf('.') + 1);

export class TokenSigner {
  // A KeyObject made once: handing jose raw bytes would import the key again on every request.
  private readonly key: KeyObject;

  constructor(secret: Uint8Array) {
    this.key = createSecretKey(Buffer.from(secret));
  }

  async sign(
    claims: SessionClaims,
    type: 'access' | 'refresh',
    ttlSeconds: number,
  ): Promise<{ token: string; jti: string; exp: number }> {
    const jti = randomUUID();
    const nowMs = Date.now();
    const now = Math.floor(nowMs / 1000);
    const exp = now + ttlSeconds;
    const token = await new SignJWT({ ...claims, token_type: type, iat_ms: nowMs })
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setJti(jti)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, jti, exp };
  }

  // Verifying a signature goes through WebCrypto's thread pool (≈0.2 ms): a token verified once is
  // remembered until it expires, so a session's later requests skip it. This is the guard's one
  // cache (docs/decisions/0035-the-guard-as-plain-async-rules.md). Only genuine tokens enter.
  // Remembered by its signature (86 characters) and compared whole: a token arrives as a new string
  // on every request, and a Map hashes a new string's every character (a token is several hundred)
  // before it can look it up (docs/benchmarks.md, "Where the server spends its extra time").
  private readonly verified = new Map<string, { token: string; claims: VerifiedToken }>();

  /** verify's answer for a token verified before, without waiting; undefined when it must be verified. */
  verifiedNow(token: string, type: 'access' | 'refresh'): VerifiedToken | null | undefined {
    const known = this.verified.get(signatureOf(token));
    if (known?.token !== token) return undefined;
    return known.claims.exp > Math.floor(Date.now() / 1000) && known.claims.token_type === type
      ? known.claims
      : null;
  }

  /** The claims of a genuine, unexpired token of the type; null for anything else. */
  async verify(token: string, type: 'access' | 'refresh'): Promise<VerifiedToken | null> {
    const known = this.verifiedNow(token, type);
    if (known !== undefined) return known;
    let claims: VerifiedToken;
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS512'] });
      claims = payload as unknown as VerifiedToken;
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
    if (typeof claims.jti !== 'string') return null;
    if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
    if (claims.token_type === 'access') this.verified.set(signatureOf(token), { token, claims });
    return claims.token_type === type ? claims : null;
  }
}
