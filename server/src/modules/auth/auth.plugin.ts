import { BACKGROUND_HEADER } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { AccountStates } from '../../core/auth/account-states.js';
import type { Principal } from '../../core/auth/principal.js';
import { LOGOUT_PREFIXES } from '../../core/auth/route-aliases.js';
import { generateSm2KeyPair, type Sm2KeyPair } from '../../core/auth/sm2-key.js';
import { TokenSigner } from '../../core/auth/tokens.js';
import type { Cache } from '../../core/cache/index.js';
import type { SocialProviderSettings } from '../../core/config.js';
import type { Store } from '../../core/repository/store.js';
import { unscoped } from '../../core/repository/unscoped.js';
import type { LogWriter } from '../log/log-writer.js';
import { recordLocalLogs } from '../log/request-logs.js';
import { authRoutes, logoutRoutes } from './auth.routes.js';
import { accountStateLoader, AuthService, type AuthEvents } from './auth.service.js';
import { Captchas } from './captcha.js';
import type { SecretBox } from '../../core/secret-box.js';
import type { RecordEvent } from '../log/usual-events.js';
import { OnlineSessionRepository } from '../system/online/online-session.repository.js';
import { SecondFactor } from '../user/totp/second-factor.js';
import { Sessions } from './sessions.js';
import { OAuth2Provider } from './social-provider.js';
import { SignInLimits, type LockoutPolicy } from './sign-in-limits.js';
import { SignInLockRepository } from './sign-in-lock.repository.js';
import { springBladeAuthRoutes } from './springblade-auth.routes.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Not the person's own activity (the event stream): the session's last activity is not moved
     * by it (the online users page).
     */
    background?: boolean;
  }
}

export interface SignInDependencies {
  store: Store;
  cache: Cache;
  /** The token-signing key (core/auth/jwt-secret.ts). */
  jwtSecret: Uint8Array;
  socialProviders: readonly SocialProviderSettings[];
  /** Sign-in lockout limits and clock (default: sign-in-limits.ts; tests shorten or move them). */
  signInLockout?: Partial<LockoutPolicy>;
  /** Where each sign-in attempt and logout is recorded (the login log). */
  events?: AuthEvents;
  /** Seals the users' second-factor secrets at rest (DATA_KEY). */
  secrets: SecretBox;
  /** The usual log (an administrator's reset of a second factor). */
  record: RecordEvent;
}

/** Signing in and the state the guard checks on each request, shared with the user and system areas. */
export interface SignIn {
  signer: TokenSigner;
  accounts: AccountStates;
  captchas: Captchas;
  limits: SignInLimits;
  sessions: Sessions;
  auth: AuthService;
  secondFactor: SecondFactor;
}

/** Builds signing in (its attempts and sign-outs go to `events`) and starts the account states. */
export async function startSignIn(app: FastifyInstance, deps: SignInDependencies): Promise<SignIn> {
  const { store, cache } = deps;
  const signer = new TokenSigner(deps.jwtSecret);
  // The account states say whether a second factor must be set up first; confirming one changes them.
  const secondFactor: SecondFactor = new SecondFactor({
    store,
    secrets: deps.secrets,
    accounts: { invalidate: (change) => accounts.invalidate(change) },
    record: deps.record,
  });
  const accounts = new AccountStates(cache, accountStateLoader(store, secondFactor));
  const captchas = new Captchas(cache);
  const limits = new SignInLimits(cache, new SignInLockRepository(unscoped(store)), deps.signInLockout);
  const sessions = new Sessions(cache, new OnlineSessionRepository(store), accounts);
  // A session's own requests are its activity: not the token refresh (no session calls it), nor a
  // background request (a route's, or one the console marks: a page's periodic refresh).
  app.addHook('onResponse', (req, _reply, done) => {
    const sessionId = (req.actor as Partial<Principal>).sessionId;
    if (sessionId && req.headers[BACKGROUND_HEADER] === undefined && !req.routeOptions.config.background)
      sessions.active(sessionId);
    done();
  });
  app.addHook('onClose', () => sessions.writeActivity().catch(() => undefined));
  const auth = new AuthService({
    store,
    signer,
    accounts,
    captchas,
    limits,
    sessions,
    providers: new Map(
      deps.socialProviders.map((settings) => [settings.source, new OAuth2Provider(settings)]),
    ),
    cache,
    events: deps.events,
    secondFactor,
  });
  await accounts.start();
  app.addHook('onClose', () => accounts.stop());
  return { signer, accounts, captchas, limits, sessions, auth, secondFactor };
}

export interface AuthDependencies {
  signIn: SignIn;
  store: Store;
  cache: Cache;
  logWriter: LogWriter;
  /**
   * The SM2 key pair that reads the SpringBlade console's passwords (DATA_DIR/sm2-key.json, loaded
   * by main.ts; core/auth/sm2-key.ts). Default: a pair of this app alone, kept in memory.
   */
  sm2?: Sm2KeyPair;
  /** Empties the caches an administrator may ask to clear (dictionaries, permissions). */
  clearCaches(): Promise<void>;
}

/** The sign-in area's routes (spec §7, "Auth"): token, captcha and logout, in both dialects. */
export async function registerAuth(app: FastifyInstance, deps: AuthDependencies): Promise<void> {
  const { auth, limits, captchas, accounts } = deps.signIn;
  await app.register(authRoutes, {
    prefix: '/api/blade-auth/oauth',
    auth,
    limits,
    captchas,
    accounts,
    cache: deps.cache,
    clearCaches: deps.clearCaches,
  });
  // One set of handlers under both dialects' paths (issue 20; core/auth/route-aliases.ts).
  for (const prefix of LOGOUT_PREFIXES)
    await app.register(logoutRoutes, {
      prefix,
      auth,
      storeLocalLogs: (req, entries) => recordLocalLogs(deps.logWriter, req, entries, deps.store.timeZone),
    });
  // SpringBlade's token and captcha (issue 20): the same AuthService, its own answer shape.
  await app.register(springBladeAuthRoutes, {
    prefix: '/api/blade-auth',
    auth,
    limits,
    captchas,
    sm2: deps.sm2 ?? generateSm2KeyPair(),
  });
}
