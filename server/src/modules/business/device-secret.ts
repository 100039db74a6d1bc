import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// A machine's device secret: 32 random bytes, shown once (when the machine is created or the secret
// rotated) and stored as its sha256. A secret of that entropy cannot be guessed from its hash, so a
// fast hash is enough, and a heartbeat every few seconds from each machine costs no key stretching.

export function newDeviceSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashDeviceSecret(secret) };
}

export function hashDeviceSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Compares in constant time; a machine without a secret matches nothing. */
export function deviceSecretMatches(secret: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(hashDeviceSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
