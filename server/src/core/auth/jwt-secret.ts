import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { keptFile } from '../kept-file.js';

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
  const secret = keptFile(file, () => `${randomBytes(48).toString('base64url')}\n`);
  return new TextEncoder().encode(secret.trim());
}

/**
 * With REDIS_URL set the process is one of several behind a balancer, and a secret generated into
 * its own DATA_DIR would differ from the others' (tokens signed by one refused by the next, sealed
 * secrets unreadable): names the variables that are neither set nor already kept in DATA_DIR
 * (a DATA_DIR shared by every process keeps one set). Empty when nothing would be generated.
 */
export function secretsToShare(config: {
  redisUrl: string | null;
  jwtSecret: string | null;
  dataKey: string | null;
  dataDir: string;
}): string[] {
  if (!config.redisUrl) return [];
  const kept = (fileName: string) => existsSync(path.join(config.dataDir, fileName));
  const missing: string[] = [];
  if (!config.jwtSecret && !kept(FILE)) missing.push('JWT_SECRET');
  if (!config.dataKey && !kept('data-key')) missing.push('DATA_KEY');
  return missing;
}
