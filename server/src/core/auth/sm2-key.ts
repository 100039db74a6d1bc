import { createHash } from 'node:crypto';
import path from 'node:path';
import { sm2 } from 'sm-crypto-v2';
import { keptFile } from '../kept-file.js';

// The SM2 key pair of the SpringBlade sign-in dialect (issue 20): the open-source BladeX console
// (Saber) encrypts the typed password with SM2 under the public key of its website.js before it
// posts it to /api/blade-auth/token. The pair is this server's own, generated on first start into
// DATA_DIR (mode 0600) and kept there; there is no default or published key in the code (the
// published BladeX key pair is how CVE-2021-44910 came about). The public key is not secret: the
// server logs it at start and `npm run sm2-public-key` prints it (docs/operations.md).

export const SM2_KEY_FILE = 'sm2-key.json';

export interface Sm2KeyPair {
  /** 04-prefixed uncompressed point, 130 hex digits: what goes into Saber's website.js. */
  publicKey: string;
  /** 64 hex digits; never leaves DATA_DIR. */
  privateKey: string;
}

const PRIVATE_KEY = /^[0-9a-f]{64}$/;

/** A fresh pair, in memory only (tests, or an app built without DATA_DIR's pair). */
export function generateSm2KeyPair(): Sm2KeyPair {
  const { publicKey, privateKey } = sm2.generateKeyPairHex();
  return { publicKey, privateKey };
}

/** The pair of a private key (SM2_PRIVATE_KEY): the public key derived from it. */
export function sm2KeyPairOf(privateKey: string): Sm2KeyPair {
  const key = privateKey.toLowerCase();
  return { privateKey: key, publicKey: sm2.getPublicKeyFromPrivateKey(key) };
}

function parseKeyFile(file: string, text: string): Sm2KeyPair {
  let privateKey: unknown;
  try {
    privateKey = (JSON.parse(text) as { privateKey?: unknown }).privateKey;
  } catch {
    privateKey = undefined;
  }
  if (typeof privateKey !== 'string' || !PRIVATE_KEY.test(privateKey.toLowerCase())) {
    throw new Error(`${file} is not an SM2 key file (expected {"privateKey": "<64 hex digits>"})`);
  }
  // The public key is always derived from the private one: an edited publicKey cannot mislead.
  return sm2KeyPairOf(privateKey);
}

/**
 * The pair kept in DATA_DIR/sm2-key.json, generated there (mode 0600) on first call. Of two
 * processes starting at once on one DATA_DIR, the second reads the first's pair.
 */
export function loadSm2KeyPair(dataDir: string): Sm2KeyPair {
  const file = path.join(dataDir, SM2_KEY_FILE);
  return parseKeyFile(
    file,
    keptFile(file, () => `${JSON.stringify(generateSm2KeyPair(), null, 2)}\n`),
  );
}

/** The server's pair: SM2_PRIVATE_KEY's when set (one for every process), else DATA_DIR's. */
export function serverSm2KeyPair(config: { sm2PrivateKey: string | null; dataDir: string }): Sm2KeyPair {
  return config.sm2PrivateKey ? sm2KeyPairOf(config.sm2PrivateKey) : loadSm2KeyPair(config.dataDir);
}

/** SM2 ciphertext as hex: C1 (64 bytes, with or without its 04 prefix), C3 (32 bytes), C2. */
const CIPHERTEXT = /^(?:[0-9a-f]{2}){97,}$/i;
/** sm-crypto's cipher modes: 0 is C1C2C3 (what Saber's sm2.js asks for), 1 is C1C3C2. */
const CIPHER_MODES = [0, 1] as const;

/**
 * The text Saber encrypted (`sm2.doEncrypt(password, publicKey, 0)` of sm-crypto), or null when
 * the ciphertext is not one for this key pair: malformed, another key, or tampered with (the SM3
 * check of C3 fails). As SpringBlade's TokenUtil.decryptPassword, a ciphertext with the 04 prefix
 * that some tools add is read too, and so is the C1C3C2 order.
 */
export function decryptSm2(pair: Sm2KeyPair, ciphertext: string): string | null {
  const text = ciphertext.trim();
  if (!CIPHERTEXT.test(text)) return null;
  const forms = text.slice(0, 2) === '04' ? [text, text.slice(2)] : [text];
  for (const form of forms) {
    for (const mode of CIPHER_MODES) {
      try {
        const plain = sm2.doDecrypt(form, pair.privateKey, mode, { output: 'string' });
        if (plain !== '') return plain;
      } catch {
        // Not a point on the curve in this reading: try the next.
      }
    }
  }
  return null;
}

/**
 * The password of the SpringBlade dialect as the spec's endpoint receives it (contract.md: the
 * lower-case hex MD5 of what the person typed), or null when it cannot be decrypted.
 */
export function sm2PasswordDigest(pair: Sm2KeyPair, ciphertext: string): string | null {
  const plain = decryptSm2(pair, ciphertext);
  return plain === null ? null : createHash('md5').update(plain, 'utf8').digest('hex');
}
