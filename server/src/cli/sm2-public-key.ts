import { ConfigError, loadConfig } from '../core/config.js';
import { serverSm2KeyPair } from '../core/auth/sm2-key.js';

// `npm run sm2-public-key`: prints the server's SM2 public key, the value a SpringBlade console
// (Saber) needs as `auth.publicKey` in src/config/website.js to encrypt passwords for
// /api/blade-auth/token (docs/operations.md). It reads DATA_DIR as the server does
// (core/config.ts), or SM2_PRIVATE_KEY when set; when the key file is not there yet it is created,
// as the first start would.
// The key is public: printing it discloses nothing. Exit codes: 0 done, 2 bad configuration.

try {
  const config = loadConfig();
  process.stdout.write(`${serverSm2KeyPair(config).publicKey}\n`);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`Invalid configuration: ${error.message}\n`);
  process.exit(2);
}
