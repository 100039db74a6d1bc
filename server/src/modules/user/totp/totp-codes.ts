import { createHash, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '@console/contract';
import * as OTPAuth from 'otpauth';

// The codes of a TOTP second factor (RFC 6238 as authenticator apps use it: SHA-1, 6 digits, 30 s),
// computed by otpauth (maintained, MIT, one small dependency; it also writes the otpauth:// address
// the QR code holds). Pure functions of their inputs, the clock included, so tests fix the time.

const PERIOD_SECONDS = 30;
/** A code of the step before or after the server's is accepted too (clocks drift, people type slowly). */
const WINDOW = 1;

const totpOf = (secret: string, label = '', issuer = '') =>
  new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

/** A new secret (160 bits, base32) and the address an authenticator app reads from the QR code. */
export function newSecret(account: string, issuer: string): { secret: string; uri: string } {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, account, issuer).toString() };
}

/** The time step of an instant (ms since the epoch). */
export const stepOf = (now: number) => Math.floor(now / 1000 / PERIOD_SECONDS);

/** The code of the secret at an instant (tests, and nothing else, compute codes). */
export const codeAt = (secret: string, now: number) => totpOf(secret).generate({ timestamp: now });

/**
 * The time step `code` belongs to, if it is the secret's code of the step at `now` or of one step
 * either side and that step is later than `lastStep` (a code works once); undefined otherwise.
 */
export function matchedStep(secret: string, code: string, now: number, lastStep: number): number | undefined {
  if (!TOTP_CODE_PATTERN.test(code)) return undefined;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return undefined;
  const step = stepOf(now) + delta;
  return step > lastStep ? step : undefined;
}

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** New recovery codes (60 random bits each, as `abcd-efgh-ijkl`). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const letters = [...randomBytes(12)].map((byte) => RECOVERY_ALPHABET[byte % 32]!).join('');
    return `${letters.slice(0, 4)}-${letters.slice(4, 8)}-${letters.slice(8)}`;
  });
}

/** How a recovery code is kept: its SHA-256 (the codes are random, so no slow hash is needed). */
export const recoveryDigest = (code: string) =>
  createHash('sha256').update(code.trim().toLowerCase()).digest('hex');

export const isRecoveryCode = (code: string) => RECOVERY_CODE_PATTERN.test(code.trim().toLowerCase());
