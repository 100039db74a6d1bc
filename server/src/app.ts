import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Cache } from './core/cache/index.js';
import type { Config } from './core/config.js';
import { ok } from './core/envelope.js';
import { installErrorHandling, installRequestContext, requestId } from './core/http.js';
import type { Store } from './core/repository/store.js';
import { ANNOTATION_KEYWORDS } from './core/schema.js';
import { installSecurityHeaders } from './core/security-headers.js';
import { installConsole } from './core/web.js';
import { AccountStates } from './core/auth/account-states.js';
import { installGuard, type ClientRecord } from './core/auth/guard.js';
import { TokenSigner } from './core/auth/tokens.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { accountStateLoader, AuthService } from './modules/auth/auth.service.js';
import { Captchas } from './modules/auth/captcha.js';
import { Sessions } from './modules/auth/sessions.js';
import { OAuth2Provider } from './modules/auth/social-provider.js';
import { SignInLimits } from './modules/auth/sign-in-limits.js';
import { ClientRepository } from './modules/system/client/client.repository.js';
import { paramRoutes } from './modules/system/param/param.routes.js';
import { ParamService } from './modules/system/param/param.service.js';
import { userRoutes } from './modules/user/user.routes.js';

export interface AppDependencies {
  config: Pick<Config, 'logLevel' | 'webDist' | 'socialProviders'> & Partial<Pick<Config, 'trustProxy'>>;
  store: Store;
  cache: Cache;
  /** The token-signing key (core/auth/jwt-secret.ts). */
  jwtSecret: Uint8Array;
  /** Answers when the database answers (/api/ready). */
  ping(): Promise<void>;
}

const CLIENT_CACHE_MS = 60_000;

/** Clients change rarely and are read on every call: a minute's local copy is enough. */
function cachedClients(clients: ClientRepository): (clientId: string) => Promise<ClientRecord | undefined> {
  const entries = new Map<string, { client: ClientRecord | undefined; until: number }>();
  return async (clientId) => {
    const hit = entries.get(clientId);
    if (hit && hit.until > Date.now()) return hit.client;
    const client = await clients.findCredentials(clientId);
    if (entries.size > 1000) entries.clear();
    entries.set(clientId, { client, until: Date.now() + CLIENT_CACHE_MS });
    return client;
  };
}

/** Lets ajv accept the schema annotations that word validation messages (core/schema.ts). */
function addAnnotationKeywords(ajv: { addKeyword(keyword: string): unknown }) {
  for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword(keyword);
  return ajv;
}

/** A hop count as the function Fastify's types accept: trust the nearest n proxies. */
function trustProxyOption(
  setting: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** Builds the HTTP application from its modules. No I/O happens here: main.ts opens everything. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: deps.config.logLevel },
    genReqId: requestId,
    trustProxy: trustProxyOption(deps.config.trustProxy ?? false),
    bodyLimit: 1024 * 1024,
    // Keep-alive sockets must not hold a graceful shutdown open.
    forceCloseConnections: 'idle',
    ajv: {
      // verbose: errors carry the failing schema, whose annotations word the 400 messages;
      // allErrors: the message can name the first bad field in form order.
      customOptions: { verbose: true, allErrors: true },
      plugins: [addAnnotationKeywords as never],
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  installRequestContext(app);
  installErrorHandling(app);
  installSecurityHeaders(app);

  const signer = new TokenSigner(deps.jwtSecret);
  const accounts = new AccountStates(deps.cache, accountStateLoader(deps.store));
  const captchas = new Captchas(deps.cache);
  const limits = new SignInLimits(deps.cache);
  const auth = new AuthService({
    store: deps.store,
    signer,
    accounts,
    captchas,
    limits,
    sessions: new Sessions(deps.cache),
    providers: new Map(
      deps.config.socialProviders.map((settings) => [settings.source, new OAuth2Provider(settings)]),
    ),
    cache: deps.cache,
  });
  await accounts.start();
  app.addHook('onClose', () => accounts.stop());
  installGuard(app, {
    findClient: cachedClients(new ClientRepository(deps.store)),
    accounts,
    signer,
    cache: deps.cache,
  });

  app.get('/api/health', { config: { access: 'open' } }, async (req) => ok({ status: 'UP' }, req.t('ok')));
  app.get('/api/ready', { config: { access: 'open' } }, async (req, reply) => {
    try {
      await deps.ping();
      return ok({ status: 'READY' }, req.t('ok'));
    } catch (err) {
      req.log.warn({ err }, 'database not ready');
      return reply.code(503).send({ code: 503, success: false, data: null, msg: req.t('error.unavailable') });
    }
  });

  await app.register(authRoutes, {
    prefix: '/api/blade-auth/oauth',
    auth,
    limits,
    captchas,
    accounts,
    cache: deps.cache,
  });
  await app.register(userRoutes, { prefix: '/api/blade-user', auth });
  await app.register(paramRoutes, {
    prefix: '/api/blade-system/param',
    params: new ParamService(deps.store),
  });

  await installConsole(app, deps.config.webDist);
  return app;
}
