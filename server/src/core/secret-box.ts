import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Secrets at rest (OSS and SMS secret keys; security S5, S6): AES-256-GCM under a key derived
// (HKDF-SHA256) from DATA_KEY or from a key generated once into DATA_DIR/data-key, as the
// token-signing key is (core/auth/jwt-secret.ts). Stored form: `v1:` + base64url(iv ‖ tag ‖ data).

const PREFIX = 'v1:';

export class SecretBox {
  readonly #key: Buffer;

  constructor(material: Uint8Array) {
    this.#key = Buffer.from(hkdfSync('sha256', material, 'console', 'secrets-at-rest/v1', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
  }

  /** The plain text; throws when the value was not sealed with this key. */
  open(sealed: string): string {
    if (!sealed.startsWith(PREFIX)) throw new Error('not a sealed secret');
    const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
