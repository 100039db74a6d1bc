import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The token-signing key (security S1): JWT_SECRET when given, else one generated on first start
// into DATA_DIR and kept there. There is no default key in the code.

const FILE = 'jwt-secret';

export function loadJwtSecret(configured: string | null, dataDir: string): Uint8Array {
  return loadSecret(configured, dataDir, FILE);
}

/** A configured secret, or one generated once into DATA_DIR/<fileName> (mode 0600) and kept. */
export function loadSecret(configured: string | null, dataDir: string, fileName: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, fileName);
  try {
    return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx': of two processes starting at once on one DATA_DIR, the second reads the first's key.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return new TextEncoder().encode(secret);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
  }
}
